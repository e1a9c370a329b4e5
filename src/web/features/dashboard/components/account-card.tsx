import { Badge, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { maskClientAccount } from '../../../../domain/masking';
import { formatUsd } from '../../../../domain/money';
import { progressState } from '../../../../domain/progress';
import type { AccountOverview } from '../../../api/accounts-overview';
import { ButtonLink } from '../../../components/button-link';
import { InfoList } from '../../../components/info-list';
import { Panel } from '../../../components/panel';
import { RouterLink } from '../../../components/router-link';
import { useLanguage } from '../../../hooks/use-language';
import { ProgressRing } from './progress-ring';

const useStyles = makeStyles({
  card: {
    height: '100%',
    boxSizing: 'border-box',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  title: { margin: 0 },
  balance: {
    fontSize: tokens.fontSizeHero700,
    lineHeight: tokens.lineHeightHero700,
    fontWeight: tokens.fontWeightSemibold,
  },
  muted: { color: tokens.colorNeutralForeground2 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  sectionHeading: {
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
  },
  ringSlot: { minHeight: '96px' },
  footer: {
    marginTop: 'auto',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
  },
});

/**
 * One account on the dashboard, drawn from the overview alone: the server sends the payment
 * options offered, the pending payments and the paid-off percent with each account, so a card
 * makes no request of its own.
 */
export function AccountCard({ account }: { account: AccountOverview }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const accountNumber = account.accountNumber;
  const showsPayment = account.paymentOptions.length > 0;
  const percent = account.paidOffPercent;
  const pending = account.pendingPaymentsTotal;
  const money = (dollars: number) => formatUsd(dollars, language);
  const encoded = encodeURIComponent(accountNumber);

  const balanceItems = [
    { label: t('account.fields.totalPaid'), value: money(account.totalPaid), testId: 'total-paid' },
    account.minimumPaymentDue && {
      label: t('dashboard.card.minimumPaymentDue'),
      value: money(account.minimumPaymentDue),
      testId: 'minimum-payment-due',
    },
    pending > 0 && {
      label: t('dashboard.card.pendingPayments'),
      value: money(pending),
      testId: 'pending-payments',
    },
  ].filter((item) => !!item);
  const creditorItems = [
    { label: t('account.fields.creditor'), value: account.creditorName ?? '' },
    account.originalCreditorName && {
      label: t('account.fields.originalCreditor'),
      value: account.originalCreditorName,
    },
    account.clientAccount && {
      label: t('account.fields.clientAccount'),
      value: maskClientAccount(account.clientAccount),
      testId: 'client-account',
    },
  ].filter((item) => !!item);

  const headingId = `account-${encoded}-heading`;
  return (
    <Panel className={styles.card} data-testid="account-card" data-account={accountNumber}>
      <div className={styles.header}>
        <Subtitle2 as="h3" id={headingId} className={styles.title}>
          {t('account.fields.accountNumber')}: {accountNumber}
        </Subtitle2>
        {account.isClosed && (
          <Badge appearance="tint" color="informative">
            {t('dashboard.card.closed')}
          </Badge>
        )}
        {account.isEop && (
          <Badge appearance="tint" color="warning">
            {t('dashboard.card.endOfProcess')}
          </Badge>
        )}
      </div>
      <div className={styles.section}>
        <h4 className={styles.sectionHeading}>{t('dashboard.card.balanceDetails')}</h4>
        <div>
          <div className={styles.muted}>{t('account.fields.balance')}</div>
          <div className={styles.balance} data-testid="account-balance">
            {money(account.balance)}
          </div>
          <Caption1 className={styles.muted} data-testid="remaining-of-original">
            {t('dashboard.card.remainingOfOriginal', {
              remaining: money(account.balance),
              original: money(account.originalBalance),
            })}
          </Caption1>
        </div>
        <InfoList items={balanceItems} />
      </div>
      <div className={styles.section}>
        <h4 className={styles.sectionHeading}>{t('dashboard.card.creditorInformation')}</h4>
        <InfoList items={creditorItems} />
      </div>
      {!account.isClosed && !account.isEop && !account.isPco && (
        <div className={styles.ringSlot}>
          {percent !== null && <ProgressRing percent={percent} state={progressState(percent)} />}
        </div>
      )}
      <div className={styles.footer}>
        {showsPayment && (
          <ButtonLink
            appearance="primary"
            to={`/accounts/${encoded}/paymentOptions`}
            aria-label={t('dashboard.makePaymentFor', { accountNumber })}
            data-testid="make-payment"
          >
            {t('dashboard.makePayment')}
          </ButtonLink>
        )}
        <RouterLink
          to={`/accounts/${encoded}`}
          aria-label={t('dashboard.viewDetailsFor', { accountNumber })}
        >
          {t('dashboard.viewDetails')}
        </RouterLink>
      </div>
    </Panel>
  );
}
