import type { ReactNode } from 'react';
import {
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/domain/money';
import type { DisputeStatus } from '@/generated/types/api/account';
import type { CoveredNotice } from '@/generated/types/meta/rules';
import type { AccountDetailed } from '@/web/api/account-detailed';
import { PhoneSentence } from '@/web/components/phone-sentence';
import { useLanguage } from '@/web/hooks/use-language';
import { formatDate } from '@/web/utils/format-date';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  body: { whiteSpace: 'normal' },
});

/** The sentence of each dispute status (flows/texts/account.json `notices.dispute`). */
const DISPUTE_TEXTS: Record<DisputeStatus['status'], string> = {
  received: 'account.notices.dispute.received',
  'under-review': 'account.notices.dispute.under-review',
  verified: 'account.notices.dispute.verified',
  closed: 'account.notices.dispute.closed',
};

interface Notice {
  id: string;
  intent: 'info' | 'warning' | 'error' | 'success';
  title: string;
  body: ReactNode;
}

/** Every notice that applies to the account (spec §2 Account details), most important first. */
export function AccountNotices({
  data,
  phone,
  modifiable,
  covered,
}: {
  data: AccountDetailed;
  phone: string;
  /** Parts the urgent-state notice above already says (flows/rules/urgent-state.json). */
  covered: readonly CoveredNotice[];
  /** The shown arrangement may be changed online (false also without an arrangement). */
  modifiable: boolean | null;
}) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { account } = data;
  const notices: Notice[] = [];

  // Closed, settled and end-of-process are the account's urgent state (flows/rules/urgent-state.json,
  // shown above these notices): one notice each, never two that disagree.
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
          {account.showBringAccountCurrentText &&
          account.minimumPaymentDue &&
          !covered.includes('bringCurrent')
            ? ` ${t('account.notices.statement.bringCurrent', { amount: formatUsd(account.minimumPaymentDue, language) })}`
            : ''}
        </>
      ),
    });
  }
  // The agency's latest word on the account's dispute (its import files), with its day.
  if (account.dispute) {
    notices.push({
      id: 'dispute',
      intent: account.dispute.status === 'closed' ? 'success' : 'info',
      title: t('account.notices.dispute.title'),
      body: t(DISPUTE_TEXTS[account.dispute.status], {
        date: formatDate(account.dispute.date, language),
      }),
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
      body: <PhoneSentence textKey="account.notices.notModifiable.body" phone={phone} />,
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
