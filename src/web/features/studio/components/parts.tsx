/** Small parts every studio screen uses: its heading, an error alert, a load's states. */
import { useEffect, type ReactNode } from 'react';
import { Body1, Button, Title1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/web/lib/api';
import { portalConfig } from '@/web/lib/config';
import { DelayedSpinner } from '@/web/components/delayed-spinner';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalXL,
  },
  title: {
    margin: 0,
    overflowWrap: 'anywhere',
    ':focus': { outline: 'none' },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  description: { margin: 0, color: tokens.colorNeutralForeground2 },
  error: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorPaletteRedBorder1}`,
    backgroundColor: tokens.colorPaletteRedBackground1,
    color: tokens.colorNeutralForeground1,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
});

/** The screen's h1 (focused after a navigation: studio-shell.tsx) and the tab's title. */
export function StudioHeading({ title, description }: { title: string; description?: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const appName = t('studio.appName');
  useEffect(() => {
    document.title = `${title} · ${appName}`;
  }, [title, appName]);
  return (
    <div className={styles.header}>
      <Title1 as="h1" className={styles.title} tabIndex={-1}>
        {title}
      </Title1>
      {description && (
        <Body1 as="p" className={styles.description}>
          {description}
        </Body1>
      )}
    </div>
  );
}

/** The text key of a refused or failed call, by its status (a 401 has gone to the sign-in). */
export function errorKey(error: unknown): string {
  if (!isApiError(error)) return 'studio.errors.network';
  if (error.status === 403) return 'studio.errors.forbidden';
  if (error.status === 404) return 'studio.errors.notFound';
  if (error.status === 409) return 'studio.errors.conflict';
  if (error.status === 422) return 'studio.errors.hasProblems';
  if (error.status === 400) return 'studio.errors.invalid';
  return 'studio.errors.generic';
}

/** An error, announced when it appears (role alert); the element stays so the next one is heard. */
export function StudioError({
  textKey,
  id,
  onRetry,
}: {
  textKey: string | null;
  id?: string;
  onRetry?: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <div id={id} role="alert">
      {textKey && (
        <div className={styles.error} data-testid="studio-error">
          <span>{t(textKey)}</span>
          {onRetry && (
            <Button size="small" onClick={onRetry}>
              {t('studio.errors.retry')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** A load's state: a (delayed) spinner while pending, the error with Try again if it failed. */
export function LoadState({
  pending,
  error,
  onRetry,
}: {
  pending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  if (error) return <StudioError textKey={errorKey(error)} onRetry={onRetry} />;
  if (pending) return <DelayedSpinner />;
  return null;
}

/** A studio form's flow (flows/forms/<id>.json); a missing one is a broken release. */
export function studioFlow(id: string) {
  const flow = portalConfig().forms[id];
  if (!flow) throw new Error(`flows/forms/${id}.json is missing`);
  return flow;
}

/**
 * A submit refused for texts whose Spanish needs review (409, each text an error of keyword
 * `spanishNeedsReview`): how many; 0 for any other answer.
 */
export function spanishToReview(error: unknown): number {
  if (!isApiError(error, 409)) return 0;
  const { errors } = (error.body ?? {}) as { errors?: unknown };
  if (!Array.isArray(errors)) return 0;
  return errors.filter(
    (entry: unknown) =>
      typeof entry === 'object' &&
      entry !== null &&
      (entry as { keyword?: unknown }).keyword === 'spanishNeedsReview',
  ).length;
}
