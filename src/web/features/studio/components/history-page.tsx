/** Every published version, newest first; an approver may roll back to an earlier one. */
import { useTranslation } from 'react-i18next';
import { useVersions } from '../api/queries';
import { canReview, useStudioSession } from '../hooks/use-studio-session';
import { LoadState, StudioHeading } from './parts';
import { VersionsTable } from './versions-table';

export function HistoryPage() {
  const { t } = useTranslation();
  const versions = useVersions();
  const { role } = useStudioSession();
  return (
    <>
      <StudioHeading
        title={t('studio.history.title')}
        description={t('studio.history.description')}
      />
      <LoadState
        pending={versions.isPending}
        error={versions.error}
        onRetry={() => void versions.refetch()}
      />
      {versions.data && (
        <VersionsTable
          versions={versions.data}
          current={versions.data[0]?.version}
          rollback={canReview(role)}
        />
      )}
    </>
  );
}
