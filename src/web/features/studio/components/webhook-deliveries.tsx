/**
 * One webhook endpoint's delivery log (issue 42, item 4): each delivery's event, status and every
 * attempt (when, the receiver's HTTP status or why there was none, how long), newest first, older
 * pages by cursor. An admin asks for a delivery again (Redeliver): it is queued at once and the
 * log shows its new attempts; the server writes it to the audit log.
 */
import { useState } from 'react';
import { Body1, Button, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/web/components/data-table';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import {
  useDeliveries,
  type Redelivered,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../api/activity';
import { studioCall } from '../api/client';
import { invalidateStudio } from '../api/queries';
import { formatWhen } from '../utils/format';
import { LoadState, StudioError, errorKey } from './parts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0, overflowWrap: 'anywhere' },
  wrap: { whiteSpace: 'normal', overflowWrap: 'anywhere', display: 'block', minWidth: '8em' },
  attempts: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, whiteSpace: 'normal' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

export function WebhookDeliveries({
  endpoint,
  canRedeliver,
}: {
  endpoint: WebhookEndpoint;
  canRedeliver: boolean;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const timeZone = portalConfig().calendar?.timeZone;
  const [before, setBefore] = useState<string | undefined>(undefined);
  const deliveries = useDeliveries(endpoint.id, before);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const when = (iso: string) => formatWhen(iso, language, timeZone);
  const typeName = (type: string) =>
    t(`studio.activity.types.${type.replace(/\./g, '_')}`, { defaultValue: type });

  const redeliver = (row: WebhookDelivery) => {
    setBusy(true);
    setError(null);
    setDone(null);
    studioCall<Redelivered>('POST', `/webhooks/deliveries/${row.id}/redeliver`, { body: {} })
      .then(async () => {
        await invalidateStudio();
        setDone(t('studio.activity.deliveries.redelivered', { id: row.eventId }));
      })
      .catch((caught: unknown) => setError(errorKey(caught)))
      .finally(() => setBusy(false));
  };

  const columns: Column<WebhookDelivery>[] = [
    {
      key: 'event',
      header: t('studio.activity.deliveries.event'),
      cell: (row) => (
        <span className={styles.wrap}>
          {typeName(row.eventType)}
          <br />
          {row.accountNumber ?? t('studio.activity.noAccount')}
          <br />
          <code>{row.eventId}</code>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('studio.activity.deliveries.status'),
      cell: (row) => (
        <span className={styles.wrap}>
          {t(`studio.activity.deliveries.statuses.${row.status}`)}
          {row.nextAttemptAt && (
            <>
              <br />
              {t('studio.activity.deliveries.nextAttempt', { when: when(row.nextAttemptAt) })}
            </>
          )}
        </span>
      ),
    },
    {
      key: 'attempts',
      header: t('studio.activity.deliveries.attempts'),
      cell: (row) =>
        row.attempts.length === 0 ? (
          t('studio.activity.deliveries.noAttempts')
        ) : (
          <ol className={styles.attempts}>
            {row.attempts.map((attempt, index) => (
              <li key={index}>
                {attempt.httpStatus !== null
                  ? t('studio.activity.deliveries.attemptStatus', {
                      when: when(attempt.at),
                      status: attempt.httpStatus,
                      detail: attempt.durationMs,
                    })
                  : t('studio.activity.deliveries.attemptError', {
                      when: when(attempt.at),
                      message: attempt.error ?? '',
                      detail: attempt.durationMs,
                    })}
              </li>
            ))}
          </ol>
        ),
    },
    ...(canRedeliver
      ? [
          {
            key: 'redeliver',
            header: t('studio.activity.webhooks.actions'),
            cell: (row: WebhookDelivery) => (
              <Button
                size="small"
                disabled={busy}
                aria-label={t('studio.activity.deliveries.redeliverLabel', {
                  type: typeName(row.eventType),
                  id: row.eventId,
                })}
                onClick={() => redeliver(row)}
              >
                {t('studio.activity.deliveries.redeliver')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  const rows = deliveries.data?.deliveries ?? [];
  return (
    <section
      aria-labelledby="studio-deliveries-title"
      className={styles.section}
      data-testid="studio-deliveries"
    >
      <Title2 as="h2" id="studio-deliveries-title" className={styles.heading} tabIndex={-1}>
        {t('studio.activity.deliveries.title', { address: endpoint.url })}
      </Title2>
      <div role="status">{done && <Body1 as="p">{done}</Body1>}</div>
      <StudioError textKey={error} id="studio-deliveries-error" />
      <LoadState
        pending={deliveries.isPending}
        error={deliveries.error}
        onRetry={() => void deliveries.refetch()}
      />
      {deliveries.data &&
        (rows.length === 0 ? (
          <Body1 as="p">{t('studio.activity.deliveries.empty')}</Body1>
        ) : (
          <DataTable
            label={t('studio.activity.deliveries.table')}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            testId="studio-deliveries-table"
          />
        ))}
      <div className={styles.actions}>
        {before && (
          <Button onClick={() => setBefore(undefined)}>{t('studio.activity.newest')}</Button>
        )}
        {deliveries.data?.next && (
          <Button onClick={() => setBefore(deliveries.data?.next ?? undefined)}>
            {t('studio.activity.deliveries.older')}
          </Button>
        )}
      </div>
    </section>
  );
}
