/**
 * My documents' messages (issue 43, item 4): the e-mails and texts sent to the debtor, newest
 * first (of one account under an account's documents), each opened as it was sent
 * (message-page.tsx). Words: flows/texts/document-messages.json.
 */
import { Body1, Button, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/web/components/data-table';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { RouterLink } from '@/web/components/router-link';
import { useLanguage } from '@/web/hooks/use-language';
import { formatDate } from '@/web/utils/format-date';
import { useSentMessages, type SentMessage } from './api';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: `${tokens.spacingVerticalL} 0 0` },
  wrap: { whiteSpace: 'normal', overflowWrap: 'anywhere' },
});

/** The day of a sent message, in the agency's calendar as the documents' dates are. */
export const dayOf = (iso: string) => iso.slice(0, 10);

export function SentMessages({ accountNumber }: { accountNumber?: string }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const messages = useSentMessages();
  const rows = (messages.data ?? []).filter(
    (m) => accountNumber === undefined || m.accountNumber === accountNumber,
  );
  const name = (m: SentMessage) =>
    m.title ? m.title[language === 'es' ? 'es' : 'en'] : t('document-messages.untitled');
  const columns: Column<SentMessage>[] = [
    {
      key: 'date',
      header: t('document-messages.date'),
      cell: (m) => formatDate(dayOf(m.sentAt), language),
    },
    { key: 'kind', header: t('document-messages.kind'), cell: name },
    {
      key: 'channel',
      header: t('document-messages.channel'),
      cell: (m) => t(`document-messages.channels.${m.channel}`),
    },
    {
      key: 'subject',
      header: t('document-messages.subject'),
      cell: (m) => <span className={styles.wrap}>{m.subject ?? ''}</span>,
    },
    {
      key: 'open',
      header: t('document-messages.open'),
      cell: (m) => (
        <RouterLink
          to={`/documents/messages/${m.id}`}
          aria-label={t('document-messages.openLabel', {
            date: formatDate(dayOf(m.sentAt), language),
          })}
          data-testid="message-open"
        >
          {t('document-messages.open')}
        </RouterLink>
      ),
    },
  ];
  let content;
  if (messages.isError)
    content = (
      <div>
        <Body1 as="p" role="alert">
          {t('document-messages.loadError')}
        </Body1>
        <Button onClick={() => void messages.refetch()}>{t('document-messages.retry')}</Button>
      </div>
    );
  else if (!messages.data) content = <DelayedSpinner />;
  else if (rows.length === 0)
    content = (
      <Body1 as="p" data-testid="messages-empty">
        {t('document-messages.none')}
      </Body1>
    );
  else
    content = (
      <DataTable
        label={t('document-messages.table')}
        columns={columns}
        rows={rows}
        rowKey={(m) => m.id}
        testId="sent-messages"
      />
    );
  return (
    <section aria-labelledby="sent-messages-heading" className={styles.section}>
      <Title2 as="h2" id="sent-messages-heading" className={styles.heading}>
        {t('document-messages.heading')}
      </Title2>
      <Body1 as="p">{t('document-messages.description')}</Body1>
      {content}
    </section>
  );
}
