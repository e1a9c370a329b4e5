import {
  Badge,
  Body1,
  Subtitle2,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { formatCents, formatUsd, toCents } from '@/domain/money';
import { amountFacts, variantConfig, type VariantConfig } from '@/domain/payment-journey';
import type { OptionVariant } from '@/domain/payment-options';
import { optionMoney, suggestedOption, type OptionMoney } from '@/domain/suggested-option';
import { interpolate } from '@/engine/form/messages';
import { localize } from '@/engine/i18n/split';
import { useAccountOptions } from '@/web/api/account-options';
import { usePaymentSettings } from '@/web/api/payment-settings';
import { ButtonLink } from '@/web/components/button-link';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { InfoList } from '@/web/components/info-list';
import { PageHeader } from '@/web/components/page-header';
import { Panel } from '@/web/components/panel';
import { QueryError } from '@/web/components/query-error';
import { RouterLink } from '@/web/components/router-link';
import { useLanguage } from '@/web/hooks/use-language';
import { isApiError } from '@/web/lib/api';
import { useQuery } from '@/web/lib/query-client';
import { accountRules, agencyToday } from '@/web/utils/account-rules';
import { formatDate } from '@/web/utils/format-date';
import { plansQuery } from '@/web/api/payment-plans';
import { paymentJourney } from '@/web/lib/config';

type PlanKind = NonNullable<VariantConfig['plans']>;

const useStyles = makeStyles({
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(280px, 100%), 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  card: {
    height: '100%',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXL,
    gap: tokens.spacingVerticalM,
    border: `${tokens.strokeWidthThin} solid transparent`,
  },
  suggested: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
  },
  mark: { alignSelf: 'flex-start' },
  title: { margin: 0 },
  description: { margin: 0, color: tokens.colorNeutralForeground2 },
  headline: {
    margin: 0,
    // A plan whose last payment differs says so at length: it wraps on a phone.
    fontSize: tokens.fontSizeBase600,
    lineHeight: tokens.lineHeightBase600,
    fontWeight: tokens.fontWeightSemibold,
  },
  nowrap: { whiteSpace: 'nowrap' },
  why: { margin: 0, fontWeight: tokens.fontWeightSemibold },
  action: { marginTop: 'auto', alignSelf: 'flex-start', minHeight: '44px' },
});

/**
 * The payment option picker: one card per option the rules offer, each saying what it means in
 * money (the amount, or the monthly amount × payments; the total; the savings; the deadline), with
 * the option flows/rules/suggested-option.json suggests marked. A missing or closed account goes
 * home; an account without options goes to its details.
 */
export default function PaymentOptionsPage() {
  const styles = useStyles();
  const { t } = useTranslation();
  const language = useLanguage();
  const { accountNumber = '' } = useParams();
  const { detailed, options } = useAccountOptions(accountNumber);
  const settings = usePaymentSettings(accountNumber);
  const journey = paymentJourney();
  // Each offered variant as flows/journeys/payment.json declares it.
  const configs = new Map<OptionVariant, VariantConfig>(
    (options ?? []).flatMap((variant) => {
      const config = variantConfig(journey, variant);
      return config ? [[variant, config] as const] : [];
    }),
  );
  /** The offered variants whose plans are of a kind (the variant's `plans`). */
  const withPlans = (kind: PlanKind) =>
    [...configs].filter(([, config]) => config.schedule === 'plan' && config.plans === kind);
  // The plans the wizard offers, so a plan card shows the plan the wizard starts with.
  const paymentPlans = useQuery({
    ...plansQuery(accountNumber, 'payment'),
    enabled: withPlans('payment').length > 0,
  });
  const settlementPlans = useQuery({
    ...plansQuery(accountNumber, 'settlement'),
    enabled: withPlans('settlement').length > 0,
  });

  if (isApiError(detailed.error, 404)) return <Navigate to="/" replace />;
  if (detailed.isError) return <QueryError />;
  if (!detailed.data || !options) return <DelayedSpinner />;
  const { account } = detailed.data;
  if (account.isClosed) return <Navigate to="/" replace />;
  const base = `/accounts/${encodeURIComponent(account.accountNumber)}`;
  if (options.length === 0) return <Navigate to={base} replace />;
  const rules = accountRules();
  const today = agencyToday();
  const facts = settings.data
    ? amountFacts({
        account: detailed.data.account,
        arrangements: detailed.data.arrangements,
        settings: settings.data,
        today,
        scheduleRules: rules.scheduleStatus,
      })
    : undefined;
  const plansOf = { payment: paymentPlans.data, settlement: settlementPlans.data };
  const money = new Map<OptionVariant, OptionMoney | null>(
    [...configs].map(([variant, config]) => [
      variant,
      optionMoney({
        config,
        facts,
        plans: config.schedule === 'plan' ? plansOf[config.plans ?? 'payment'] : undefined,
        balance: toCents(account.balance),
        today,
      }),
    ]),
  );
  /** What the first offered variant with plans of a kind offers (a plan's money), if any. */
  const planMoney = (kind: PlanKind) =>
    withPlans(kind)
      .map(([variant]) => money.get(variant))
      .find((value) => value?.kind === 'plan');
  const settlement = planMoney('settlement');
  const payment = planMoney('payment');
  const suggestion = {
    options: [...options],
    balance: account.balance,
    settlementSavings: settlement?.kind === 'plan' ? settlement.savings / 100 : 0,
    longestPlanPayments: payment?.kind === 'plan' ? payment.maxPayments : 0,
  };
  const suggested = suggestedOption(suggestion, rules.suggestedOption);
  const why = suggested ? rules.suggestedOption.outcomes[suggested] : undefined;
  const cents = (value: number) => formatCents(value, language);
  const day = (value: string) => formatDate(value, language);

  const moneyItems = (value: OptionMoney) =>
    value.kind === 'single'
      ? [
          {
            label: t('payment-options.money.total'),
            value: value.editable ? t('payment-options.money.yourChoice') : cents(value.total),
            testId: 'option-total',
          },
          {
            label: t('payment-options.money.savings'),
            value: cents(value.savings),
            testId: 'option-savings',
          },
          {
            label: t('payment-options.money.payBy'),
            value: day(value.deadline),
            testId: 'option-deadline',
          },
        ]
      : [
          {
            label: t('payment-options.money.total'),
            value: cents(value.total),
            testId: 'option-total',
          },
          {
            label: t('payment-options.money.savings'),
            value: cents(value.savings),
            testId: 'option-savings',
          },
          {
            label: t('payment-options.money.lastPayment'),
            value: day(value.deadline),
            testId: 'option-deadline',
          },
        ];

  return (
    <div className={styles.layout}>
      <RouterLink to={base}>
        {t('payment-options.back', { accountNumber: account.accountNumber })}
      </RouterLink>
      <PageHeader
        title={t('payment-options.title')}
        description={t('payment-options.intro', {
          accountNumber: account.accountNumber,
          balance: formatUsd(account.balance, language),
        })}
      />
      <ul className={styles.list} aria-label={t('payment-options.listLabel')}>
        {options.map((variant) => {
          const label =
            localize(rules.paymentOptions.outcomes[variant]?.label, language) ?? variant;
          const headingId = `payment-option-${variant}`;
          const value = money.get(variant) ?? null;
          const isSuggested = variant === suggested;
          return (
            <li
              key={variant}
              data-testid="payment-option"
              data-variant={variant}
              data-suggested={isSuggested}
            >
              <Panel
                className={mergeClasses(styles.card, isSuggested && styles.suggested)}
                role="group"
                aria-labelledby={headingId}
              >
                {isSuggested && why && (
                  <Badge
                    className={styles.mark}
                    appearance="filled"
                    color="brand"
                    data-testid="suggested-mark"
                  >
                    {localize(why.label, language)}
                  </Badge>
                )}
                <Subtitle2 as="h2" id={headingId} className={styles.title}>
                  {label}
                </Subtitle2>
                {value === null ? (
                  <Body1 as="p" className={styles.description}>
                    {t('payment-options.money.unknown')}
                  </Body1>
                ) : (
                  <div>
                    <Body1>
                      {value.kind === 'plan' && value.payments > 1
                        ? t('payment-options.money.monthly')
                        : t('payment-options.money.onePayment')}
                    </Body1>
                    <p className={styles.headline} data-testid="option-amount">
                      {value.kind === 'plan'
                        ? value.payments > 1
                          ? value.lastPayment !== undefined
                            ? t('payment-options.money.perPaymentLast', {
                                amount: cents(value.perPayment),
                                count: value.payments - 1,
                                last: cents(value.lastPayment),
                              })
                            : t('payment-options.money.perPayment', {
                                amount: cents(value.perPayment),
                                count: value.payments,
                              })
                          : cents(value.perPayment)
                        : value.editable
                          ? t('payment-options.money.fromAmount', {
                              amount: cents(value.min ?? value.amount),
                            })
                          : cents(value.amount)}
                    </p>
                    {value.kind === 'plan' && value.plans > 1 && (
                      <Body1 className={styles.description}>
                        {t('payment-options.money.planRange', {
                          min: value.minPayments,
                          max: value.maxPayments,
                        })}
                      </Body1>
                    )}
                  </div>
                )}
                {value && <InfoList items={moneyItems(value)} />}
                <Body1 as="p" className={styles.description}>
                  {localize(configs.get(variant)?.description, language)}
                </Body1>
                {isSuggested && why?.text && (
                  <Body1 as="p" className={styles.why} data-testid="suggested-why">
                    {interpolate(localize(why.text, language), {
                      settlementSavings: formatUsd(suggestion.settlementSavings, language),
                      balance: formatUsd(suggestion.balance, language),
                    })}
                  </Body1>
                )}
                <ButtonLink
                  className={styles.action}
                  appearance={isSuggested || !suggested ? 'primary' : 'secondary'}
                  to={`${base}/payment/${variant}`}
                  aria-label={t('payment-options.chooseFor', { option: label })}
                >
                  {t('payment-options.choose')}
                </ButtonLink>
              </Panel>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
