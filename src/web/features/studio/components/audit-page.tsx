/**
 * The audit log (approvers and admins): filters (action, staff member, from and to day) as an
 * engine form, the newest matching entries as a table, and a link to the CSV of the same filters
 * (GET /studio/api/audit.csv: a plain link, the session cookie goes with it). The filters live in
 * the address, so a reload or a shared link shows the same entries. The staff list of the filter
 * is the members the log has named on this screen (approvers may not list staff accounts).
 */
import { useMemo, useRef } from 'react';
import { Body1, Button, Link, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as filterModule from '@/generated/validators/studio-audit-filter';
import { DataTable, type Column } from '@/web/components/data-table';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { STUDIO_API } from '../api/client';
import { useAudit } from '../api/queries';
import type { AuditEntry, AuditFilters } from '../api/types';
import { readsAudit, useStudioSession } from '../hooks/use-studio-session';
import { formatWhen } from '../utils/format';
import { useAuditDetail } from './audit-detail';
import { LoadState, StudioHeading } from './parts';

const FORM = 'studio-audit-filter';
const filterForm = loadPrecompiled(filterModule);

/** The actions the server writes (src/server/studio/audit.ts), in the order a list shows them. */
export const AUDIT_ACTIONS = [
  'sign-in.success',
  'sign-in.failure',
  'sign-in.lockout',
  'sign-out',
  'staff.create',
  'staff.disable',
  'staff.invitation',
  'staff.invitation.accept',
  'staff.role.request',
  'staff.role.change',
  'staff.role.approve',
  'staff.role.cancel',
  'staff.password.change',
  'staff.totp.start',
  'staff.totp.change',
  'staff.credentials.failure',
  'draft.create',
  'draft.update',
  'draft.submit',
  'draft.spanish-confirm',
  'draft.approve',
  'draft.return',
  'content.publish',
  'content.rollback',
  'evidence.view',
  'events.view',
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  filters: { maxWidth: '720px' },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
  },
  wrap: { whiteSpace: 'normal', overflowWrap: 'anywhere', display: 'block', minWidth: '8em' },
});

/** The filters the address names (anything malformed is left out: the server would refuse it). */
function filtersOf(search: URLSearchParams): AuditFilters {
  const action = search.get('action') ?? '';
  const staffId = Number(search.get('staffId'));
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return {
    ...(/^[a-z][a-z.-]{0,63}$/.test(action) && { action }),
    ...(Number.isSafeInteger(staffId) && staffId > 0 && { staffId }),
    ...(DAY.test(from) && { from }),
    ...(DAY.test(to) && { to }),
  };
}

/** The address's query of a set of filters (also the CSV link's). */
function queryOf(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  return query;
}

export function AuditPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { role } = useStudioSession();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersOf(search), [search]);
  const audit = useAudit(filters);
  const detailOf = useAuditDetail();
  // Everyone the log named on this screen, so a filter can pick them again.
  const seen = useRef(new Map<number, string>());
  for (const entry of audit.data ?? []) {
    if (entry.staffId !== null) seen.current.set(entry.staffId, entry.staffEmail ?? '');
  }
  if (!readsAudit(role)) return <Navigate to="/studio" replace />;
  const flow = portalConfig().forms[FORM];
  if (!flow) throw new Error(`flows/forms/${FORM}.json is missing`);
  const timeZone = portalConfig().calendar?.timeZone;
  const actionName = (action: string) =>
    t(`studio.audit.actions.${action.replace(/\./g, '_')}`, { defaultValue: action });
  const context = {
    actions: [
      { value: '', label: t('studio.audit.anyAction') },
      ...AUDIT_ACTIONS.map((action) => ({ value: action, label: actionName(action) })),
    ],
    staff: [
      { value: '', label: t('studio.audit.anyStaff') },
      ...[...seen.current.entries()]
        .sort((a, b) => a[1].localeCompare(b[1]))
        .map(([id, email]) => ({ value: String(id), label: email || `#${id}` })),
    ],
  };
  const formData = {
    action: filters.action ?? '',
    staffId: filters.staffId === undefined ? '' : String(filters.staffId),
    ...(filters.from && { from: filters.from }),
    ...(filters.to && { to: filters.to }),
  };
  const csv = `${STUDIO_API}/audit.csv${queryOf(filters).size > 0 ? `?${queryOf(filters)}` : ''}`;
  const rows = audit.data ?? [];
  const columns: Column<AuditEntry>[] = [
    {
      key: 'at',
      header: t('studio.audit.at'),
      cell: (row) => formatWhen(row.at, language, timeZone),
    },
    {
      key: 'staff',
      header: t('studio.audit.staff'),
      cell: (row) => (
        <span className={styles.wrap}>{row.staffEmail ?? t('studio.audit.nobody')}</span>
      ),
    },
    { key: 'action', header: t('studio.audit.action'), cell: (row) => actionName(row.action) },
    {
      key: 'subject',
      header: t('studio.audit.subject'),
      cell: (row) => <span className={styles.wrap}>{row.subject ?? ''}</span>,
      isEmpty: (row) => !row.subject,
    },
    {
      key: 'detail',
      header: t('studio.audit.detail'),
      cell: (row) => detailOf(row.detail),
      isEmpty: (row) => Object.keys(row.detail).length === 0,
    },
    { key: 'ip', header: t('studio.audit.ip'), cell: (row) => row.ip ?? '' },
  ];
  return (
    <div className={styles.page}>
      <StudioHeading title={t('studio.audit.title')} description={t('studio.audit.description')} />
      <Panel className={styles.filters}>
        <SchemaForm
          id={FORM}
          flow={flow}
          schema={filterForm.schema}
          validator={filterForm.validator}
          formData={formData}
          context={context}
          busy={audit.isFetching}
          onSubmit={(form) => {
            const next = filtersOf(
              new URLSearchParams(
                Object.entries(form).map(([name, value]) => [name, String(value ?? '')]),
              ),
            );
            setSearch(queryOf(next), { replace: true });
          }}
        />
      </Panel>
      <div className={styles.actions}>
        <Link href={csv} download="audit.csv" data-testid="studio-audit-csv">
          {t('studio.audit.download')}
        </Link>
        {search.size > 0 && (
          <Button appearance="secondary" onClick={() => setSearch({}, { replace: true })}>
            {t('studio.audit.clear')}
          </Button>
        )}
      </div>
      <LoadState
        pending={audit.isPending}
        error={audit.error}
        onRetry={() => void audit.refetch()}
      />
      {audit.data &&
        (rows.length === 0 ? (
          <Body1 as="p">{t('studio.audit.empty')}</Body1>
        ) : (
          <>
            <Body1 as="p">{t('studio.audit.shown', { count: rows.length })}</Body1>
            <DataTable
              label={t('studio.audit.table')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              testId="studio-audit-table"
            />
          </>
        ))}
    </div>
  );
}
