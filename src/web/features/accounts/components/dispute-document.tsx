import { useSyncExternalStore } from 'react';
import {
  Button,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { dropDocument, keptDocument, subscribeToDocuments } from '@/web/lib/documents';

/**
 * After a dispute on this account, its PDF confirmation (the SubmitDispute answer) offered for
 * download until the user dismisses it or signs out. Nothing when there is none.
 */
export function DisputeDocument({ accountNumber }: { accountNumber: string }) {
  const { t } = useTranslation();
  const scope = `dispute:${accountNumber}`;
  const document = useSyncExternalStore(subscribeToDocuments, () => keptDocument(scope));
  if (!document) return null;
  return (
    <MessageBar intent="success" layout="multiline" data-testid="dispute-document">
      <MessageBarBody>
        <MessageBarTitle>{t('dispute.document.title')}</MessageBarTitle>{' '}
        {t('dispute.document.body', { confirmation: document.confirmation ?? '' })}{' '}
        <Link href={document.url} download={document.fileName}>
          {t('dispute.document.download')}
        </Link>
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="secondary" size="small" onClick={() => dropDocument(scope)}>
          {t('dispute.document.dismiss')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
