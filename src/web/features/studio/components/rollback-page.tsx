/**
 * Rolling back (approvers): publishes an earlier version's files as a new version, with a
 * required comment. Says which version is restored and which one it replaces.
 */
import { useState } from 'react';
import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { Panel } from '@/web/components/panel';
import { RouterLink } from '@/web/components/router-link';
import { studioCall } from '../api/client';
import { invalidateStudio, useVersions } from '../api/queries';
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
    studioCall('POST', `/versions/${version}/rollback`, { body: { comment } })
      .then(async () => {
        await invalidateStudio();
        navigate('/studio/history');
      })
      .catch((caught: unknown) => {
        setError(errorKey(caught));
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
