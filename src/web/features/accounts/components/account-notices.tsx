import type { ReactNode } from 'react';
import {
  Link,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isSettled, lastViewableDate } from '../../../../domain/classification';
import { formatUsd } from '../../../../domain/money';
import { localize } from '../../../../engine/i18n/split';
import type { AccountDetailed } from '../../../api/account-detailed';
import type { PaymentSettings } from '../../../api/payment-settings';
import { useLanguage } from '../../../hooks/use-language';
import { formatDate } from '../../../utils/format-date';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  body: { whiteSpace: 'normal' },
});

interface Notice {
  id: string;
  intent: 'info' | 'warning' | 'error' | 'success';
  title: string;
  body: ReactNode;
}

/** Every notice that applies to the account (spec §2 Account details), most important first. */
export function AccountNotices({
  data,
  settings,
  phone,
  modifiable,
}: {
  data: AccountDetailed;
  settings: PaymentSettings | undefined;
  phone: string;
  /** The shown arrangement may be changed online (false also without an arrangement). */
  modifiable: boolean | null;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { account } = data;
  const notices: Notice[] = [];

  if (account.isClosed) {
    const until = lastViewableDate(account);
    const date = until ? formatDate(until, language) : '';
    notices.push({
      id: 'closed',
      intent: 'info',
      title: t('account.notices.closed.title'),
      body: t(
        isSettled(account) ? 'account.notices.closed.settled' : 'account.notices.closed.other',
        { date },
      ),
    });
  }
  if (account.isEop) {
    notices.push({
      id: 'end-of-process',
      intent: 'warning',
      title: t('account.notices.endOfProcess.title'),
      body: t('account.notices.endOfProcess.body', { phone }),
    });
    const endOfPath = settings?.endOfPathNotice;
    if (endOfPath && account.showEndOfPathNotice !== false) {
      notices.push({
        id: 'end-of-path',
        intent: 'info',
        title: localize(endOfPath.heading, language),
        body: (
          <>
            {localize(endOfPath.text, language)}{' '}
            <Link href={endOfPath.paymentUrl} target="_blank" rel="noopener noreferrer">
              {localize(endOfPath.linkText, language)}
            </Link>
          </>
        ),
      });
    }
  }
  if (account.statementDate && !account.isClosed) {
    notices.push({
      id: 'statement',
      intent: 'info',
      title: t('account.notices.statement.title'),
      body: (
        <>
          {t('account.notices.statement.body', {
            date: formatDate(account.statementDate, language),
          })}
          {account.showBringAccountCurrentText && account.minimumPaymentDue
            ? ` ${t('account.notices.statement.bringCurrent', { amount: formatUsd(account.minimumPaymentDue, language) })}`
            : ''}
        </>
      ),
    });
  }
  if (account.showLastWorkableDisclosure) {
    notices.push({
      id: 'last-workable',
      intent: 'warning',
      title: t('account.notices.lastWorkable.title'),
      body: t('account.notices.lastWorkable.body'),
    });
  }
  if (account.isPaymentPendingPost) {
    notices.push({
      id: 'pending-post',
      intent: 'info',
      title: t('account.notices.pendingPost.title'),
      body: t('account.notices.pendingPost.body'),
    });
  }
  if (modifiable === false && !account.isClosed && !account.isEop) {
    notices.push({
      id: 'not-modifiable',
      intent: 'warning',
      title: t('account.notices.notModifiable.title'),
      body: t('account.notices.notModifiable.body', { phone }),
    });
  }

  if (notices.length === 0) return null;
  return (
    <div className={styles.list}>
      {notices.map((notice) => (
        <MessageBar
          key={notice.id}
          intent={notice.intent}
          layout="multiline"
          data-testid={`notice-${notice.id}`}
        >
          <MessageBarBody className={styles.body}>
            <MessageBarTitle>{notice.title}</MessageBarTitle> {notice.body}
          </MessageBarBody>
        </MessageBar>
      ))}
    </div>
  );
}
