/**
 * The Activity screen (issue 42, item 4; approvers and admins): the events the portal wrote,
 * newest first. Filters (event type by its name for people, from and to day, account number) are
 * an engine form (flows/forms/studio-activity-filter.json) and live in the address with the page's
 * cursor, so a reload or a shared link shows the same events. Each row has the time in the staff
 * member's language, the type's name, the account, a summary of the data and the whole data
 * behind a Show button. Older pages follow by cursor (GET /studio/api/events?before=).
 */
import { useMemo, useState } from 'react';
import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as filterModule from '@/generated/validators/studio-activity-filter';
import { DataTable, type Column } from '@/web/components/data-table';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { useEvents, type ActivityEvent, type EventFilters, type EventType } from '../api/activity';
import { readsActivity, useStudioSession } from '../hooks/use-studio-session';
import { EVENT_TYPES, summaryFacts } from '../utils/event-summary';
import { formatWhen } from '../utils/format';
import { ActivityParts, ActivityRefused } from './activity-parts';
import { LoadState, StudioHeading, studioFlow } from './parts';

const FORM = 'studio-activity-filter';
const filterForm = loadPrecompiled(filterModule);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACCOUNT = /^[A-Za-z0-9][A-Za-z0-9.-]{0,39}$/;
const CURSOR = /^[1-9][0-9]{0,14}$/;

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
  facts: {
    whiteSpace: 'normal',
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
    minWidth: '12em',
  },
  detail: {
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    margin: `${tokens.spacingVerticalXS} 0 0`,
    minWidth: '12em',
  },
});

/** The filters and page the address names (anything malformed is left out). */
function filtersOf(search: URLSearchParams): EventFilters {
  const type = search.get('type') ?? '';
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const account = search.get('account') ?? '';
  const before = search.get('before') ?? '';
  return {
    ...((EVENT_TYPES as readonly string[]).includes(type) && { type: type as EventType }),
    ...(DAY.test(from) && { from }),
    ...(DAY.test(to) && { to }),
    ...(ACCOUNT.test(account) && { account }),
    ...(CURSOR.test(before) && { before }),
  };
}

function queryOf(filters: EventFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  return query;
}

/** The whole data of an event, behind a button that says whose it is. */
function EventDetail({
  event,
  label,
}: {
  event: ActivityEvent;
  label: { type: string; when: string };
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = `studio-event-${event.cursor}`;
  return (
    <div>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={id}
        aria-label={
          open ? t('studio.activity.hideLabel', label) : t('studio.activity.showLabel', label)
        }
        onClick={() => setOpen((was) => !was)}
      >
        {open ? t('studio.activity.hide') : t('studio.activity.show')}
      </Button>
      <pre id={id} hidden={!open} className={styles.detail} data-testid="studio-event-data">
        {JSON.stringify(event.data, null, 2)}
      </pre>
    </div>
  );
}

function ActivityEvents() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersOf(search), [search]);
  const events = useEvents(filters);
  const flow = studioFlow(FORM);
  const timeZone = portalConfig().calendar?.timeZone;
  const typeName = (type: string) =>
    t(`studio.activity.types.${type.replace(/\./g, '_')}`, { defaultValue: type });
  const yesNo = (value: boolean) => t(value ? 'studio.activity.yes' : 'studio.activity.no');
  const context = {
    types: [
      { value: '', label: t('studio.activity.anyType') },
      ...EVENT_TYPES.map((type) => ({ value: type, label: typeName(type) })),
    ],
  };
  const { before, ...chosen } = filters;
  const formData = {
    type: chosen.type ?? '',
    ...(chosen.from && { from: chosen.from }),
    ...(chosen.to && { to: chosen.to }),
    account: chosen.account ?? '',
  };
  const rows = events.data?.events ?? [];
  const when = (row: ActivityEvent) => formatWhen(row.occurredAt, language, timeZone);
  const columns: Column<ActivityEvent>[] = [
    { key: 'at', header: t('studio.activity.at'), cell: when },
    {
      key: 'type',
      header: t('studio.activity.type'),
      cell: (row) => <span className={styles.wrap}>{typeName(row.type)}</span>,
    },
    {
      key: 'account',
      header: t('studio.activity.account'),
      cell: (row) => row.accountNumber ?? t('studio.activity.noAccount'),
    },
    {
      key: 'summary',
      header: t('studio.activity.summary'),
      isEmpty: (row) => summaryFacts(row.data, language, yesNo).length === 0,
      cell: (row) => (
        <span className={styles.facts}>
          {summaryFacts(row.data, language, yesNo).map((fact) => (
            <span key={fact.name}>
              {t(`studio.activity.facts.${fact.name}`, { detail: fact.detail })}
            </span>
          ))}
        </span>
      ),
    },
    {
      key: 'detail',
      header: t('studio.activity.detail'),
      cell: (row) => (
        <EventDetail event={row} label={{ type: typeName(row.type), when: when(row) }} />
      ),
    },
  ];
  return (
    <>
      <Panel className={styles.filters}>
        <SchemaForm
          id={FORM}
          flow={flow}
          schema={filterForm.schema}
          validator={filterForm.validator}
          formData={formData}
          context={context}
          busy={events.isFetching}
          onSubmit={(form) => {
            const next = filtersOf(
              new URLSearchParams(
                Object.entries(form).map(([name, value]) => [name, String(value ?? '')]),
              ),
            );
            // New filters start again from the newest events.
            setSearch(queryOf({ ...next, before: undefined }), { replace: true });
          }}
        />
      </Panel>
      {search.size > 0 && (
        <div className={styles.actions}>
          <Button appearance="secondary" onClick={() => setSearch({}, { replace: true })}>
            {t('studio.activity.clear')}
          </Button>
        </div>
      )}
      <LoadState
        pending={events.isPending}
        error={events.error}
        onRetry={() => void events.refetch()}
      />
      {events.data &&
        (rows.length === 0 ? (
          <Body1 as="p">{t('studio.activity.empty')}</Body1>
        ) : (
          <>
            <Body1 as="p" role="status">
              {before ? `${t('studio.activity.olderPage')} ` : ''}
              {t('studio.activity.shown', { count: rows.length })}
            </Body1>
            <DataTable
              label={t('studio.activity.table')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              testId="studio-events-table"
            />
          </>
        ))}
      <div className={styles.actions}>
        {before && (
          <Button onClick={() => setSearch(queryOf(chosen))}>{t('studio.activity.newest')}</Button>
        )}
        {events.data?.next && (
          <Button
            onClick={() => {
              setSearch(queryOf({ ...chosen, before: events.data?.next ?? undefined }));
              window.scrollTo({ top: 0 });
            }}
          >
            {t('studio.activity.older')}
          </Button>
        )}
      </div>
    </>
  );
}

export function ActivityPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const { role } = useStudioSession();
  if (!readsActivity(role)) return <ActivityRefused />;
  return (
    <div className={styles.page}>
      <StudioHeading
        title={t('studio.activity.title')}
        description={t('studio.activity.description')}
      />
      <ActivityParts />
      <ActivityEvents />
    </div>
  );
}
