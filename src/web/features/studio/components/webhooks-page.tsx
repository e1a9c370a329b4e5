/**
 * The webhooks part of the Activity screen (issue 42, item 4), at /studio/activity/webhooks:
 * approvers and admins see the endpoints (address, what for, client, enabled, delivery counts,
 * when the secret was rotated) and each one's delivery log (webhook-deliveries.tsx). Admins add an
 * endpoint (the engine form flows/forms/studio-webhook-create.json), rotate its secret after a
 * confirmation, disable and enable it, and redeliver. A new or rotated secret is shown ONCE, with
 * a Copy button and a warning: the server never shows it again. Every change is audited by the
 * server.
 */
import { useState } from 'react';
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SchemaForm } from '@/engine/form/SchemaForm';
import { loadPrecompiled } from '@/engine/form/precompiled';
import * as createModule from '@/generated/validators/studio-webhook-create';
import { ConfirmDialog } from '@/web/components/confirm-dialog';
import { DataTable, type Column } from '@/web/components/data-table';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { isApiError } from '@/web/lib/api';
import {
  useWebhooks,
  type WebhookEndpoint,
  type WebhookEndpointAnswer,
  type WebhookSecret,
} from '../api/activity';
import { studioCall } from '../api/client';
import { invalidateStudio } from '../api/queries';
import { managesWebhooks, readsActivity, useStudioSession } from '../hooks/use-studio-session';
import { formatWhen } from '../utils/format';
import { ActivityParts, ActivityRefused } from './activity-parts';
import { CopyField } from './copy-field';
import { LoadState, StudioError, StudioHeading, errorKey, studioFlow } from './parts';
import { WebhookDeliveries } from './webhook-deliveries';

const FORM = 'studio-webhook-create';
const createForm = loadPrecompiled(createModule);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: { maxWidth: '640px' },
  heading: { margin: 0 },
  wrap: { whiteSpace: 'normal', overflowWrap: 'anywhere', display: 'block', minWidth: '8em' },
  secret: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** A new secret, shown once, with what to do with it. */
function NewSecret({ made, onDone }: { made: WebhookSecret; onDone: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="studio-webhook-secret">
      <MessageBarBody className={styles.secret}>
        <MessageBarTitle>
          {t('studio.activity.webhooks.secretTitle', { address: made.endpoint.url })}
        </MessageBarTitle>
        <Body1 as="p">{t('studio.activity.webhooks.secretOnce')}</Body1>
        <CopyField
          label={t('studio.activity.webhooks.secret')}
          value={made.secret}
          copyLabel={t('studio.activity.webhooks.copySecret')}
          testId="studio-webhook-secret-value"
        />
        <div>
          <Button appearance="primary" onClick={onDone}>
            {t('studio.activity.webhooks.done')}
          </Button>
        </div>
      </MessageBarBody>
    </MessageBar>
  );
}

function NewEndpoint({ onCreated }: { onCreated: (made: WebhookSecret) => void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new form after each endpoint, so nothing typed stays in it.
  const [round, setRound] = useState(0);
  const create = (data: Record<string, unknown>) => {
    const { clientCode, ...rest } = data;
    const body = typeof clientCode === 'string' && clientCode !== '' ? data : rest;
    setBusy(true);
    setError(null);
    studioCall<WebhookSecret>('POST', '/webhooks', { body })
      .then(async (made) => {
        await invalidateStudio();
        setBusy(false);
        setRound((n) => n + 1);
        onCreated(made);
      })
      .catch((caught: unknown) => {
        const refused = isApiError(caught) && (caught.status === 400 || caught.status === 422);
        setError(refused ? 'studio.activity.webhooks.invalid' : errorKey(caught));
        setBusy(false);
      });
  };
  return (
    <section aria-labelledby="studio-webhook-add" className={styles.section}>
      <Title2 as="h2" id="studio-webhook-add" className={styles.heading}>
        {t('studio.activity.webhooks.add')}
      </Title2>
      <Panel className={styles.form}>
        <SchemaForm
          key={round}
          id={FORM}
          flow={studioFlow(FORM)}
          schema={createForm.schema}
          validator={createForm.validator}
          busy={busy}
          onSubmit={create}
        >
          <StudioError textKey={error} id="studio-webhook-create-error" />
        </SchemaForm>
      </Panel>
    </section>
  );
}

export function WebhooksPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { role } = useStudioSession();
  const webhooks = useWebhooks();
  const [made, setMade] = useState<WebhookSecret | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!readsActivity(role)) return <ActivityRefused />;
  const admin = managesWebhooks(role);
  const timeZone = portalConfig().calendar?.timeZone;
  const when = (iso: string) => formatWhen(iso, language, timeZone);

  const rotate = (endpoint: WebhookEndpoint) => {
    setBusy(true);
    setError(null);
    setDone(null);
    studioCall<WebhookSecret>('POST', `/webhooks/${endpoint.id}/rotate`, { body: {} })
      .then(async (answer) => {
        await invalidateStudio();
        setMade(answer);
        window.scrollTo({ top: 0 });
      })
      .catch((caught: unknown) => setError(errorKey(caught)))
      .finally(() => {
        setBusy(false);
        setRotating(null);
      });
  };

  const toggle = (endpoint: WebhookEndpoint) => {
    const action = endpoint.enabled ? 'disable' : 'enable';
    setError(null);
    setDone(null);
    studioCall<WebhookEndpointAnswer>('POST', `/webhooks/${endpoint.id}/${action}`, { body: {} })
      .then(async () => {
        await invalidateStudio();
        const key = endpoint.enabled ? 'disabledDone' : 'enabledDone';
        setDone(t(`studio.activity.webhooks.${key}`, { address: endpoint.url }));
      })
      .catch((caught: unknown) => setError(errorKey(caught)));
  };

  const columns: Column<WebhookEndpoint>[] = [
    {
      key: 'url',
      header: t('studio.activity.webhooks.url'),
      cell: (row) => (
        <span className={styles.wrap}>
          <code>{row.url}</code>
          <br />
          {row.description}
        </span>
      ),
    },
    {
      key: 'client',
      header: t('studio.activity.webhooks.client'),
      cell: (row) => row.clientCode ?? t('studio.activity.webhooks.allClients'),
    },
    {
      key: 'status',
      header: t('studio.activity.webhooks.status'),
      cell: (row) => (
        <span className={styles.wrap}>
          {t(`studio.activity.webhooks.${row.enabled ? 'enabled' : 'disabled'}`)}
          <br />
          {t('studio.activity.webhooks.created')} {when(row.createdAt)}
          {row.secretRotatedAt && (
            <>
              <br />
              {t('studio.activity.webhooks.rotatedOn', { when: when(row.secretRotatedAt) })}
            </>
          )}
          {row.previousSecretExpiresAt && (
            <>
              <br />
              {t('studio.activity.webhooks.previousUntil', {
                when: when(row.previousSecretExpiresAt),
              })}
            </>
          )}
        </span>
      ),
    },
    {
      key: 'counts',
      header: t('studio.activity.webhooks.counts'),
      cell: (row) => (
        <span className={styles.wrap}>
          {t('studio.activity.webhooks.countPending', { detail: row.counts.pending })}
          <br />
          {t('studio.activity.webhooks.countDelivered', { detail: row.counts.delivered })}
          <br />
          {t('studio.activity.webhooks.countFailed', { detail: row.counts.failed })}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('studio.activity.webhooks.actions'),
      cell: (row) => (
        <span className={styles.actions}>
          <Button
            size="small"
            appearance={shown === row.id ? 'primary' : 'secondary'}
            aria-pressed={shown === row.id}
            aria-label={t('studio.activity.webhooks.showDeliveriesLabel', { address: row.url })}
            onClick={() => setShown((was) => (was === row.id ? null : row.id))}
          >
            {t('studio.activity.webhooks.showDeliveries')}
          </Button>
          {admin && (
            <>
              <Button
                size="small"
                aria-label={t('studio.activity.webhooks.rotateLabel', { address: row.url })}
                onClick={() => setRotating(row)}
              >
                {t('studio.activity.webhooks.rotate')}
              </Button>
              <Button
                size="small"
                aria-label={t(
                  `studio.activity.webhooks.${row.enabled ? 'disableLabel' : 'enableLabel'}`,
                  { address: row.url },
                )}
                onClick={() => toggle(row)}
              >
                {t(`studio.activity.webhooks.${row.enabled ? 'disable' : 'enable'}`)}
              </Button>
            </>
          )}
        </span>
      ),
    },
  ];
  const endpoints = webhooks.data?.endpoints ?? [];
  const selected = endpoints.find((endpoint) => endpoint.id === shown);
  return (
    <div className={styles.page}>
      <StudioHeading
        title={t('studio.activity.webhooks.title')}
        description={t('studio.activity.webhooks.description')}
      />
      <ActivityParts />
      {made && <NewSecret made={made} onDone={() => setMade(null)} />}
      <div role="status">{done && <Body1 as="p">{done}</Body1>}</div>
      <StudioError textKey={error} id="studio-webhooks-error" />
      <LoadState
        pending={webhooks.isPending}
        error={webhooks.error}
        onRetry={() => void webhooks.refetch()}
      />
      {webhooks.data &&
        (endpoints.length === 0 ? (
          <Body1 as="p">{t('studio.activity.webhooks.empty')}</Body1>
        ) : (
          <DataTable
            label={t('studio.activity.webhooks.table')}
            columns={columns}
            rows={endpoints}
            rowKey={(row) => row.id}
            testId="studio-webhooks-table"
          />
        ))}
      {selected && <WebhookDeliveries endpoint={selected} canRedeliver={admin} />}
      {admin && (
        <NewEndpoint
          onCreated={(answer) => {
            setDone(null);
            setMade(answer);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
      <ConfirmDialog
        open={rotating !== null}
        testId="studio-webhook-rotate"
        titleKey="studio.activity.webhooks.rotateTitle"
        body={rotating ? t('studio.activity.webhooks.rotateBody', { address: rotating.url }) : ''}
        cancelKey="studio.activity.webhooks.cancel"
        actionKey="studio.activity.webhooks.rotate"
        busy={busy}
        onConfirm={() => rotating && rotate(rotating)}
        onCancel={() => setRotating(null)}
      />
    </div>
  );
}
