import { Badge, Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { maskClientAccount } from '../../../../domain/masking';
import { formatUsd } from '../../../../domain/money';
import type { Account } from '../../../../domain/types';
import { useAccountDetailed } from '../../../api/account-detailed';
import { usePlansExist } from '../../../api/plans-exist';
import { ButtonLink } from '../../../components/button-link';
import { InfoList } from '../../../components/info-list';
import { Panel } from '../../../components/panel';
import { RouterLink } from '../../../components/router-link';
import { useLanguage } from '../../../hooks/use-language';
import { accountRules, agencyToday } from '../../../utils/account-rules';
import {
  accountProgress,
  offeredOptions,
  offersAnyOption,
  pendingPaymentsTotal,
} from '../../../utils/account-view';
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
 * One account on the dashboard. The overview draws the card at once; the account's details
 * (fetched for every card in parallel, and cached for its details page) decide the ring,
 * pending payments and whether 'Make a payment' is offered.
 */
export function AccountCard({ account }: { account: Account }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const accountNumber = account.accountNumber;
  const detailed = useAccountDetailed(accountNumber);
  const rules = accountRules();
  const today = agencyToday();
  const anyOption = detailed.data ? offersAnyOption(detailed.data, today, rules) : false;
  // Only when plans alone decide whether anything is offered.
  const plans = usePlansExist(accountNumber, anyOption === null);
  const showsPayment =
    anyOption === true ||
    (anyOption === null &&
      !plans.isPending &&
      offeredOptions(detailed.data!, today, rules, plans).length > 0);
  const progress = detailed.data ? accountProgress(detailed.data) : null;
  const pending = detailed.data ? pendingPaymentsTotal(detailed.data.transactions) : 0;
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
        <div className={styles.ringSlot}>{progress && <ProgressRing {...progress} />}</div>
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
