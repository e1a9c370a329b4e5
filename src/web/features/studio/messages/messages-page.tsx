/**
 * The studio's outbox (issue 43, item 4), at /studio/messages (approvers and admins): messages to
 * debtors, newest first, filtered by status and account (kept in the address), each with its time,
 * name, account, channel, masked address, status (and why one was not sent) and subject, opened
 * as evidence at /studio/messages/:id. A message's reference opens it directly.
 */
import { useState, type FormEvent } from 'react';
import {
  Body1,
  Button,
  Field,
  Input,
  Select,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler, useNavigate, useSearchParams } from 'react-router-dom';
import { DataTable, type Column } from '@/web/components/data-table';
import { Panel } from '@/web/components/panel';
import { useLanguage } from '@/web/hooks/use-language';
import { portalConfig } from '@/web/lib/config';
import { LoadState, StudioError, StudioHeading } from '../components/parts';
import { readsActivity, useStudioSession } from '../hooks/use-studio-session';
import { formatWhen } from '../utils/format';
import {
  MESSAGE_STATUSES,
  useMessages,
  type MessageFilters,
  type MessageStatus,
  type MessageSummary,
} from './api';
import { MessageParts, MessagesRefused } from './message-parts';

const ACCOUNT = /^[A-Za-z0-9][A-Za-z0-9.-]{0,39}$/;
export const MESSAGE_ID = /^msg_[0-9a-f]{24}$/;

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalM,
  },
  // At 375 px a field takes the row; the status list never grows past it for its longest option.
  field: { minWidth: 'min(14em, 100%)', flexGrow: 1, maxWidth: '22em' },
  select: { minWidth: 0, maxWidth: '100%' },
  wrap: { whiteSpace: 'normal', overflowWrap: 'anywhere', display: 'block', minWidth: '8em' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** A message's status for people, with why it was not sent. */
export function useStatusText() {
  const { t } = useTranslation();
  const plain = (message: Pick<MessageSummary, 'status' | 'skipReason'>) =>
    message.status === 'skipped' && message.skipReason
      ? `${t('studio-messages.statuses.skipped')}: ${t(`studio-messages.reasons.${message.skipReason}`)}`
      : t(`studio-messages.statuses.${message.status}`);
  // Taken over from a lapsed lease: it may have gone twice.
  return (message: Pick<MessageSummary, 'status' | 'skipReason' | 'inDoubtAt'>) =>
    message.inDoubtAt
      ? t('studio-messages.statuses.inDoubt', { status: plain(message) })
      : plain(message);
}

/** A message's name for people, in the staff member's language. */
export function useKindName() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (message: Pick<MessageSummary, 'title'>) =>
    message.title
      ? message.title[language === 'es' ? 'es' : 'en']
      : t('studio-messages.outbox.unknownKind');
}

function OpenLink({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation();
  const to = `/studio/messages/${id}`;
  const href = useHref(to);
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <a href={href} onClick={onClick} aria-label={label}>
      {t('studio-messages.outbox.open')}
    </a>
  );
}

function Filters({ filters }: { filters: MessageFilters }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const [, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const [status, setStatus] = useState(filters.status ?? '');
  const [account, setAccount] = useState(filters.account ?? '');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (status) next.set('status', status);
    if (account.trim()) next.set('account', account.trim());
    setSearch(next);
  };
  const open = (event: FormEvent) => {
    event.preventDefault();
    const id = reference.trim();
    if (!MESSAGE_ID.test(id)) {
      setError('studio-messages.outbox.badReference');
      return;
    }
    setError(null);
    navigate(`/studio/messages/${id}`);
  };
  return (
    <Panel>
      <form
        className={styles.form}
        onSubmit={apply}
        aria-label={t('studio-messages.outbox.filters')}
      >
        <Field label={t('studio-messages.outbox.status')} className={styles.field}>
          <Select
            value={status}
            onChange={(_e, data) => setStatus(data.value)}
            className={styles.select}
            select={{ className: styles.select }}
            data-testid="studio-messages-status"
          >
            <option value="">{t('studio-messages.statuses.all')}</option>
            {MESSAGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`studio-messages.statuses.${s}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={t('studio-messages.outbox.account')}
          className={styles.field}
          validationMessage={
            account.trim() !== '' && !ACCOUNT.test(account.trim())
              ? t('studio.errors.invalid')
              : undefined
          }
        >
          <Input
            value={account}
            onChange={(_e, data) => setAccount(data.value)}
            data-testid="studio-messages-account"
          />
        </Field>
        <div className={styles.actions}>
          <Button appearance="primary" type="submit">
            {t('studio-messages.outbox.apply')}
          </Button>
          <Button
            onClick={() => {
              setStatus('');
              setAccount('');
              setSearch(new URLSearchParams());
            }}
          >
            {t('studio-messages.outbox.clear')}
          </Button>
        </div>
      </form>
      <form className={styles.form} onSubmit={open} aria-label={t('studio-messages.outbox.lookUp')}>
        <Field label={t('studio-messages.outbox.reference')} className={styles.field}>
          <Input
            value={reference}
            onChange={(_e, data) => setReference(data.value)}
            data-testid="studio-messages-reference"
          />
        </Field>
        <Button type="submit">{t('studio-messages.outbox.open')}</Button>
        <StudioError textKey={error} />
      </form>
    </Panel>
  );
}

export function MessagesPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { role } = useStudioSession();
  const [search, setSearch] = useSearchParams();
  const statusText = useStatusText();
  const kindName = useKindName();
  const rawStatus = search.get('status');
  const rawAccount = search.get('account') ?? '';
  const rawBefore = search.get('before') ?? '';
  const filters: MessageFilters = {
    ...(MESSAGE_STATUSES.includes(rawStatus as MessageStatus) && {
      status: rawStatus as MessageStatus,
    }),
    ...(ACCOUNT.test(rawAccount) && { account: rawAccount }),
    ...(MESSAGE_ID.test(rawBefore) && { before: rawBefore }),
  };
  const messages = useMessages(filters);
  if (!readsActivity(role)) return <MessagesRefused />;
  const timeZone = portalConfig().calendar?.timeZone;
  const when = (iso: string) => formatWhen(iso, language, timeZone);
  const columns: Column<MessageSummary>[] = [
    { key: 'when', header: t('studio-messages.outbox.madeAt'), cell: (m) => when(m.createdAt) },
    {
      key: 'kind',
      header: t('studio-messages.outbox.kind'),
      cell: (m) => <span className={styles.wrap}>{kindName(m)}</span>,
    },
    {
      key: 'account',
      header: t('studio-messages.evidence.account'),
      cell: (m) => m.accountNumber ?? '',
    },
    {
      key: 'channel',
      header: t('studio-messages.outbox.channel'),
      cell: (m) => t(`studio-messages.channels.${m.channel}`),
    },
    { key: 'to', header: t('studio-messages.outbox.to'), cell: (m) => m.maskedAddress ?? '' },
    {
      key: 'status',
      header: t('studio-messages.outbox.state'),
      cell: (m) => <span className={styles.wrap}>{statusText(m)}</span>,
    },
    {
      key: 'subject',
      header: t('studio-messages.outbox.subject'),
      cell: (m) => <span className={styles.wrap}>{m.subject ?? ''}</span>,
    },
    {
      key: 'open',
      header: t('studio-messages.outbox.open'),
      cell: (m) => (
        <OpenLink
          id={m.id}
          label={t('studio-messages.outbox.openLabel', { when: when(m.createdAt) })}
        />
      ),
    },
  ];
  const page = messages.data;
  return (
    <div className={styles.page}>
      <StudioHeading
        title={t('studio-messages.title')}
        description={t('studio-messages.description')}
      />
      <MessageParts />
      <Filters key={`${filters.status ?? ''}|${filters.account ?? ''}`} filters={filters} />
      <LoadState
        pending={messages.isPending}
        error={messages.error}
        onRetry={() => void messages.refetch()}
      />
      {page &&
        (page.messages.length === 0 ? (
          <Body1 as="p">{t('studio-messages.outbox.none')}</Body1>
        ) : (
          <DataTable
            label={t('studio-messages.outbox.table')}
            columns={columns}
            rows={page.messages}
            rowKey={(m) => m.id}
            testId="studio-messages-table"
          />
        ))}
      <div className={styles.actions}>
        {filters.before !== undefined && (
          <Button
            onClick={() => {
              const next = new URLSearchParams(search);
              next.delete('before');
              setSearch(next);
            }}
          >
            {t('studio-messages.outbox.newest')}
          </Button>
        )}
        {page?.next && (
          <Button
            onClick={() => {
              const next = new URLSearchParams(search);
              next.set('before', page.next ?? '');
              setSearch(next);
            }}
          >
            {t('studio-messages.outbox.older')}
          </Button>
        )}
      </div>
    </div>
  );
}
