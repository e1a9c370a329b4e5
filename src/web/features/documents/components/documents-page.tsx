import { useState } from 'react';
import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { formatUsd } from '@/domain/money';
import { downloadDocument, useDocuments, type DocumentRow } from '@/web/api/documents';
import { DataTable, type Column } from '@/web/components/data-table';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { PageHeader } from '@/web/components/page-header';
import { QueryError } from '@/web/components/query-error';
import { RouterLink } from '@/web/components/router-link';
import { useLanguage } from '@/web/hooks/use-language';
import { saveFile } from '@/web/lib/save-file';
import { formatDate } from '@/web/utils/format-date';
import { SentMessages } from '../messages/sent-messages';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, width: '100%' },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  description: { whiteSpace: 'normal' },
});

/** The description key of a row: a receipt says whether its payment is pending or posted. */
function descriptionKey(row: DocumentRow): string {
  if (row.kind === 'receipt') {
    return `documents.description.${row.status === 'pending' ? 'receiptPending' : 'receiptPosted'}`;
  }
  return `documents.description.${row.kind}`;
}

/**
 * My documents (issue 25): every receipt, authorization, letter and confirmation the debtor has,
 * newest first, each downloaded as a PDF in the page's language. Under an account's address
 * (`/accounts/:accountNumber/documents`) only that account's.
 */
export default function DocumentsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { accountNumber } = useParams();
  const documents = useDocuments(accountNumber);
  const [failed, setFailed] = useState(false);

  const download = async (row: DocumentRow) => {
    setFailed(false);
    try {
      saveFile(await downloadDocument(row.id), `${row.id}.pdf`);
    } catch {
      setFailed(true);
    }
  };

  const kind = (row: DocumentRow) => t(`documents.kinds.${row.kind}`);
  const columns: Column<DocumentRow>[] = [
    {
      key: 'date',
      header: t('documents.columns.date'),
      cell: (row) => formatDate(row.date, language),
    },
    { key: 'kind', header: t('documents.columns.kind'), cell: kind },
    ...(accountNumber
      ? []
      : [
          {
            key: 'account',
            header: t('documents.columns.account'),
            cell: (row: DocumentRow) => row.accountNumber,
          },
        ]),
    {
      key: 'description',
      header: t('documents.columns.description'),
      cell: (row) => (
        <span className={styles.description}>
          {t(descriptionKey(row), {
            amount: row.amount === null ? '' : formatUsd(row.amount, language),
            reference: row.reference ?? '',
          })}
        </span>
      ),
    },
    {
      key: 'download',
      header: t('documents.columns.download'),
      cell: (row) => (
        <Button
          appearance="secondary"
          aria-label={t('documents.downloadLabel', {
            kind: kind(row),
            date: formatDate(row.date, language),
          })}
          onClick={() => void download(row)}
          data-testid="document-download"
        >
          {t('documents.download')}
        </Button>
      ),
    },
  ];

  let content;
  if (documents.isError) content = <QueryError inline />;
  else if (!documents.data) content = <DelayedSpinner />;
  else if (documents.data.length === 0) {
    content = (
      <Body1 as="p" data-testid="documents-empty">
        {t('documents.empty')}
      </Body1>
    );
  } else {
    content = (
      <DataTable
        label={t('documents.tableLabel')}
        columns={columns}
        rows={documents.data}
        rowKey={(row) => row.id}
        testId="documents"
      />
    );
  }

  return (
    <div className={styles.page}>
      {accountNumber && (
        <div className={styles.links}>
          <RouterLink to={`/accounts/${encodeURIComponent(accountNumber)}`}>
            {t('documents.backToAccount', { accountNumber })}
          </RouterLink>
          <RouterLink to="/documents">{t('documents.allDocuments')}</RouterLink>
        </div>
      )}
      <PageHeader
        title={
          accountNumber ? t('documents.titleForAccount', { accountNumber }) : t('documents.title')
        }
        description={t('documents.intro')}
      />
      {failed && (
        <MessageBar intent="error" data-testid="document-download-failed">
          <MessageBarBody>{t('documents.downloadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {content}
      <SentMessages accountNumber={accountNumber} />
    </div>
  );
}
