/**
 * Rolling back (approvers): makes a submitted draft that restores an earlier version's files over
 * the newest, with a required comment, and goes to its review; another approver approves it
 * (issue 39: four eyes, with the stale guard of any draft). Says which version is restored over
 * which one.
 */
import { useState } from 'react';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Panel } from '@/web/components/panel';
import { RouterLink } from '@/web/components/router-link';
import { isApiError } from '@/web/lib/api';
import { studioCall } from '../api/client';
import { invalidateStudio, useVersions } from '../api/queries';
import type { RollbackStarted } from '../api/types';
import { canReview, useStudioSession } from '../hooks/use-studio-session';
import { CommentForm } from './comment-form';
import { LoadState, StudioError, StudioHeading, errorKey } from './parts';

const useStyles = makeStyles({
  panel: { maxWidth: '720px', gap: tokens.spacingVerticalM },
});

export function RollbackPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const version = Number(useParams().version);
  const versions = useVersions();
  const { role } = useStudioSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!canReview(role)) return <Navigate to="/studio/history" replace />;
  const current = versions.data?.[0]?.version;
  const target = versions.data?.find((entry) => entry.version === version);

  const rollback = (_action: 'rollback', comment: string) => {
    setBusy(true);
    setError(null);
    studioCall<RollbackStarted>('POST', `/versions/${version}/rollback`, {
      body: { comment },
    })
      .then(async ({ draft }) => {
        await invalidateStudio();
        navigate(`/studio/drafts/${draft.id}/review`);
      })
      .catch((caught: unknown) => {
        // 422 without a list: the newest version already has these files.
        const nothing = isApiError(caught, 422) && !(caught.body as { errors?: unknown }).errors;
        setError(nothing ? 'studio.rollback.nothing' : errorKey(caught));
        setBusy(false);
      });
  };

  return (
    <>
      <StudioHeading title={t('studio.rollback.title', { version })} />
      <LoadState
        pending={versions.isPending}
        error={versions.error}
        onRetry={() => void versions.refetch()}
      />
      {versions.data && !target && <StudioError textKey="studio.errors.notFound" />}
      {target && (
        <Panel className={styles.panel}>
          <Body1 as="p">
            {t('studio.rollback.description', {
              version,
              current,
              comment: target.comment,
            })}
          </Body1>
          <CommentForm<'rollback'>
            id="studio-rollback"
            busy={busy}
            onSubmit={rollback}
            actions={[
              {
                action: 'rollback',
                label: t('studio.rollback.confirm', { version }),
                appearance: 'primary',
              },
            ]}
          >
            <StudioError textKey={error} id="studio-rollback-error" />
          </CommentForm>
          <RouterLink to="/studio/history">{t('studio.rollback.cancel')}</RouterLink>
        </Panel>
      )}
    </>
  );
}
