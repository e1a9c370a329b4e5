/**
 * The roles waiting for a second admin (issue 39): each approver or administrator role asked for,
 * by whom, with Approve and Withdraw. The admin who asked sees that another admin approves it
 * (the server refuses it too: 403); any admin may withdraw a request.
 */
import { useState } from 'react';
import { Body1, Button, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/web/components/data-table';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { isApiError } from '@/web/lib/api';
import { studioCall } from '../api/client';
import { invalidateStudio, useStaffGrants } from '../api/queries';
import type { StaffGrant } from '../api/types';
import { useStudioSession } from '../hooks/use-studio-session';
import { formatWhen } from '../utils/format';
import { LoadState, StudioError, errorKey } from './parts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  wrap: { whiteSpace: 'normal', overflowWrap: 'anywhere', display: 'block', minWidth: '8em' },
});

export function StaffGrants() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { staff: me } = useStudioSession();
  const grants = useStaffGrants();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const timeZone = portalConfig().calendar?.timeZone;
  const role = (grant: StaffGrant) => t(`studio.roles.${grant.role}`);

  const decide = (grant: StaffGrant, action: 'approve' | 'cancel') => {
    setBusy(true);
    setError(null);
    setDone(null);
    studioCall('POST', `/staff/grants/${grant.id}/${action}`, { body: {} })
      .then(async () => {
        await invalidateStudio();
        const name = grant.staff.name;
        setDone(
          action === 'approve'
            ? t('studio.staff.approved', { name, role: role(grant) })
            : t('studio.staff.withdrawn', { name }),
        );
      })
      .catch((caught: unknown) =>
        setError(isApiError(caught, 403) ? 'studio.staff.grantOwn' : errorKey(caught)),
      )
      .finally(() => setBusy(false));
  };

  const columns: Column<StaffGrant>[] = [
    {
      key: 'member',
      header: t('studio.staff.name'),
      cell: (row) => (
        <span className={styles.wrap}>
          {row.staff.name}
          <br />
          {row.staff.email}
        </span>
      ),
    },
    { key: 'role', header: t('studio.staff.grantRole'), cell: (row) => role(row) },
    {
      key: 'current',
      header: t('studio.staff.grantCurrent'),
      cell: (row) =>
        row.currentRole ? t(`studio.roles.${row.currentRole}`) : t('studio.staff.noRole'),
    },
    {
      key: 'by',
      header: t('studio.staff.grantBy'),
      cell: (row) => (
        <span className={styles.wrap}>
          {row.requestedBy.name}
          <br />
          {formatWhen(row.requestedAt, language, timeZone)}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('studio.staff.grantActions'),
      cell: (row) => (
        <span className={styles.actions}>
          {row.requestedBy.id === me.id || row.staff.id === me.id ? (
            <Body1>{t('studio.staff.ownGrant')}</Body1>
          ) : (
            <Button
              size="small"
              appearance="primary"
              disabled={busy}
              aria-label={t('studio.staff.approveLabel', {
                name: row.staff.name,
                role: role(row),
              })}
              onClick={() => decide(row, 'approve')}
            >
              {t('studio.staff.approve')}
            </Button>
          )}
          <Button
            size="small"
            disabled={busy}
            aria-label={t('studio.staff.withdrawLabel', { name: row.staff.name })}
            onClick={() => decide(row, 'cancel')}
          >
            {t('studio.staff.withdraw')}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <section aria-labelledby="studio-staff-grants" className={styles.section}>
      <Title2 as="h2" id="studio-staff-grants" className={styles.heading}>
        {t('studio.staff.grantsTitle')}
      </Title2>
      <Body1 as="p">{t('studio.staff.grantsDescription')}</Body1>
      <div role="status">{done && <Body1 as="p">{done}</Body1>}</div>
      <StudioError textKey={error} id="studio-grants-error" />
      <LoadState
        pending={grants.isPending}
        error={grants.error}
        onRetry={() => void grants.refetch()}
      />
      {grants.data && grants.data.length === 0 && (
        <Body1 as="p">{t('studio.staff.grantsNone')}</Body1>
      )}
      {grants.data && grants.data.length > 0 && (
        <DataTable
          label={t('studio.staff.grantsTable')}
          columns={columns}
          rows={grants.data}
          rowKey={(row) => row.id}
          testId="studio-grants-table"
        />
      )}
    </section>
  );
}
