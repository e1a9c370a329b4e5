import { Caption1, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { maskClientAccount } from '@/domain/masking';
import { formatUsd } from '@/domain/money';
import { progressState } from '@/domain/progress';
import { accountStateFacts, urgentState } from '@/domain/account-state';
import { activeArrangement } from '@/domain/schedule-status';
import type { AccountOverview } from '@/web/api/accounts-overview';
import { AccountBadges, UrgentNotice } from '@/web/components/account-state';
import { ButtonLink } from '@/web/components/button-link';
import { InfoList } from '@/web/components/info-list';
import { PageOffers } from '@/web/components/page-offers';
import { Panel } from '@/web/components/panel';
import { RouterLink } from '@/web/components/router-link';
import { useLanguage } from '@/web/hooks/use-language';
import { accountRules, agencyToday } from '@/web/utils/account-rules';
import { supportPhone } from '@/web/utils/support-phone';
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
  nowrap: { whiteSpace: 'nowrap' },
  balance: {
    whiteSpace: 'nowrap',
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
  makePayment: { minHeight: '44px' },
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
  const rules = accountRules();
  const facts = accountStateFacts({
    account,
    options: account.paymentOptions,
    today: agencyToday(),
    scheduleRules: rules.scheduleStatus,
  });
  const urgent = urgentState(facts, rules.urgentState);
  const phone = supportPhone(account.supportPhoneNumber, null, t('account.defaultSupportPhone'));
  // The plan shown, from the overview's summary: the urgent notice offers its changes (flows/pages
  // `offer` place urgent) when it can be changed online, else the number to call.
  const arrangement =
    account.isClosed || account.isEop || account.planModifiableOnline === null
      ? null
      : activeArrangement(account);
  // One primary action per card: the urgent state's, else Make a payment. Comparing the options
  // is what Make a payment does, so that action is left to it.
  const urgentAction = urgent.outcome.action;
  const urgentHasAction =
    urgentAction !== undefined &&
    urgentAction.kind !== 'payment-options' &&
    (urgentAction.kind !== 'pay' ||
      (account.paymentOptions as readonly string[]).includes(urgentAction.variant ?? ''));

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
          {t('account.fields.accountNumber')}:{' '}
          <span className={styles.nowrap}>{accountNumber}</span>
        </Subtitle2>
        <AccountBadges facts={facts} rules={rules.accountBadges} />
      </div>
      <UrgentNotice
        accountNumber={accountNumber}
        state={urgent}
        facts={facts}
        phone={phone}
        headingLevel="h4"
        accountHeadingId={headingId}
        compact
        handlers={{
          setPaymentMethodHref: `/accounts/${encoded}`,
          externalPaymentUrl: account.externalPaymentUrl,
        }}
      >
        {arrangement && (
          <PageOffers
            place="urgent"
            accountNumber={accountNumber}
            facts={{ account, arrangement, urgentState: urgent.id }}
            modifiable={account.planModifiableOnline === true}
            phone={phone}
          />
        )}
      </UrgentNotice>
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
            className={styles.makePayment}
            appearance={urgentHasAction ? 'secondary' : 'primary'}
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
