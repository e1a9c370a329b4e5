/**
 * A draft's checks at the top of the editor (the error summary pattern): how many there are, and
 * each as a link: to its field in the open file, to the file it is in, or as text for a file as
 * a whole. Submitting waits until the list is empty.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '@/web/components/router-link';
import type { Check } from '../utils/checks';

const useStyles = makeStyles({
  summary: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThick} solid ${tokens.colorStatusDangerBorder2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorStatusDangerBackground1,
  },
  title: { margin: 0, fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, overflowWrap: 'anywhere' },
  item: { minHeight: '24px', paddingBlock: '2px' },
  link: {
    color: tokens.colorStatusDangerForeground3,
    textDecorationLine: 'underline',
    lineHeight: '24px',
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/** Moves the focus to a field's first control and scrolls it into view. */
function focusField(id: string): boolean {
  const element = document.getElementById(id);
  const control = element?.matches('input, select, textarea, [role="textbox"], button')
    ? element
    : element?.querySelector<HTMLElement>('input, select, textarea, [role="textbox"], button');
  if (!control) return false;
  control.focus();
  control.scrollIntoView({ block: 'center' });
  return true;
}

export function CheckSummary({
  checks,
  openFile,
  placed,
  draftId,
  whereOf,
}: {
  checks: readonly Check[];
  /** Where a check is, for people: the name of its field or file (flows/studio/). */
  whereOf: (check: Check) => string;
  openFile: string | undefined;
  /** Field ids of the open file's fields, by check (placeChecks). */
  placed: ReadonlyMap<Check, string>;
  draftId: number;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  if (checks.length === 0) return null;
  return (
    <div
      className={styles.summary}
      role="group"
      aria-labelledby="studio-checks-title"
      data-testid="studio-checks"
    >
      <p id="studio-checks-title" className={styles.title}>
        {t('studio.editor.checksTitle', { count: checks.length })}
      </p>
      <ul className={styles.list}>
        {checks.map((check, index) => {
          const where = whereOf(check);
          const target = placed.get(check);
          const text = t('studio.editor.checkLine', { where, message: check.message });
          return (
            <li key={`${check.path}${check.pointer}${index}`} className={styles.item}>
              {target ? (
                <a
                  className={styles.link}
                  href={`#${target}`}
                  onClick={(event) => {
                    if (focusField(target)) event.preventDefault();
                  }}
                >
                  {text}
                </a>
              ) : check.path !== openFile ? (
                <RouterLink
                  to={`/studio/drafts/${draftId}?file=${encodeURIComponent(check.path)}`}
                  inline
                >
                  {text}
                </RouterLink>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The field id each check of the open file shows at (see placeChecks' `atField`). */
export function targetsOf(atField: ReadonlyMap<string, Check[]>): Map<Check, string> {
  const out = new Map<Check, string>();
  for (const [id, checks] of atField) for (const check of checks) out.set(check, id);
  return out;
}
