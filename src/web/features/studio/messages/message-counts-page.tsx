/**
 * Message counts (issue 43, item 4), at /studio/messages/counts (approvers and admins): per message
 * and client, for the messages made in the days chosen (default: the last 30), how many were made,
 * sent, delivered, bounced, not sent, followed by an opt-out, and clicked through to a payment
 * within 7 days (src/server/studio/messages-records.ts says how each is counted).
 */
import { useState, type FormEvent } from 'react';
import { Body1, Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { DataTable, type Column } from '@/web/components/data-table';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { formatLongDay } from '@/domain/dates';
import { LoadState, StudioError, StudioHeading } from '../components/parts';
import { readsActivity, useStudioSession } from '../hooks/use-studio-session';
import { useMessageCounts, type StudioMessageCounts } from './api';
import { MessageParts, MessagesRefused } from './message-parts';
import { useKindName } from './messages-page';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
type Row = StudioMessageCounts['rows'][number];
const NUMBERS = [
  'made',
  'sent',
  'delivered',
  'bounced',
  'skipped',
  'optedOut',
  'clickedToPayment',
] as const;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
  },
  field: { minWidth: '10em' },
  wrap: { whiteSpace: 'normal', overflowWrap: 'anywhere', display: 'block', minWidth: '8em' },
});

export function MessageCountsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { role } = useStudioSession();
  const [search, setSearch] = useSearchParams();
  const rawFrom = search.get('from') ?? '';
  const rawTo = search.get('to') ?? '';
  const range = {
    ...(DAY.test(rawFrom) && { from: rawFrom }),
    ...(DAY.test(rawTo) && { to: rawTo }),
  };
  const counts = useMessageCounts(range);
  const kindName = useKindName();
  const [from, setFrom] = useState(range.from ?? '');
  const [to, setTo] = useState(range.to ?? '');
  const [error, setError] = useState<string | null>(null);
  if (!readsActivity(role)) return <MessagesRefused />;
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (from && to && to < from) {
      setError('studio-messages.counts.badRange');
      return;
    }
    setError(null);
    const next = new URLSearchParams();
    if (DAY.test(from)) next.set('from', from);
    if (DAY.test(to)) next.set('to', to);
    setSearch(next);
  };
  const columns: Column<Row>[] = [
    {
      key: 'kind',
      header: t('studio-messages.counts.kind'),
      cell: (row) => <span className={styles.wrap}>{kindName(row)}</span>,
    },
    {
      key: 'client',
      header: t('studio-messages.counts.client'),
      cell: (row) => row.clientCode ?? t('studio-messages.counts.noClient'),
    },
    ...NUMBERS.map((name): Column<Row> => ({
      key: name,
      header: t(`studio-messages.counts.${name}`),
      cell: (row) => <span data-count={name}>{row[name]}</span>,
    })),
  ];
  return (
    <div className={styles.page}>
      <StudioHeading
        title={t('studio-messages.counts.title')}
        description={t('studio-messages.counts.description')}
      />
      <MessageParts />
      <Panel>
        <form className={styles.form} onSubmit={apply}>
          <Field label={t('studio-messages.counts.from')} className={styles.field}>
            <Input type="date" value={from} onChange={(_e, d) => setFrom(d.value)} />
          </Field>
          <Field label={t('studio-messages.counts.to')} className={styles.field}>
            <Input type="date" value={to} onChange={(_e, d) => setTo(d.value)} />
          </Field>
          <Button appearance="primary" type="submit">
            {t('studio-messages.counts.show')}
          </Button>
          <StudioError textKey={error} />
        </form>
      </Panel>
      <LoadState
        pending={counts.isPending}
        error={counts.error}
        onRetry={() => void counts.refetch()}
      />
      {counts.data && (
        <>
          <Body1 as="p">
            {t('studio-messages.counts.range', {
              from: formatLongDay(counts.data.from, language),
              to: formatLongDay(counts.data.to, language),
            })}
          </Body1>
          {counts.data.rows.length === 0 ? (
            <Body1 as="p">{t('studio-messages.counts.none')}</Body1>
          ) : (
            <DataTable
              label={t('studio-messages.counts.table')}
              columns={columns}
              rows={counts.data.rows}
              rowKey={(row) => `${row.kind}|${row.clientCode ?? ''}`}
              testId="studio-message-counts"
            />
          )}
        </>
      )}
    </div>
  );
}
