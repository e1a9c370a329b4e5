/**
 * From what the payment page loaded to the journey's PaymentData, or to where the spec's guards
 * send the debtor instead: home for a closed or end-of-process account, the option picker for a
 * variant the account does not offer (or a plan variant without plans), the letter's options for
 * an option that can no longer be paid.
 */
import type { Language } from '@/engine/i18n/split';
import { amountFacts, planChoices } from '@/domain/payment-journey';
import type { PaymentJourneyFile, VariantConfig } from '@/domain/payment-journey';
import type { PaymentVariant } from '@/domain/payment-options';
import type { ApiPaymentPlan } from '@/domain/payment-journey';
import type { AccountDetailed } from '@/web/api/account-detailed';
import type { FundingMethod } from '@/web/api/funding-methods';
import type { Letter } from '@/web/api/letter';
import type { PaymentSettings } from '@/web/api/payment-settings';
import { agencyInfo, authorizationContent } from '@/web/lib/content';
import { accountRules } from '@/web/utils/account-rules';
import { letterOptionViews } from '@/web/utils/letter-option-state';
import type { PaymentData, Translate } from './payment-model';

export interface LoadedPayment {
  variant: PaymentVariant;
  config: VariantConfig;
  journey: PaymentJourneyFile;
  today: string;
  language: Language;
  accountNumber: string;
  /** Account users only. */
  detailed: AccountDetailed | undefined;
  settings: PaymentSettings | undefined;
  methods: FundingMethod[];
  plans: ApiPaymentPlan[] | undefined;
  letter: Letter | undefined;
  optionId: number | undefined;
}

export type BuiltPayment = { kind: 'redirect'; to: string } | { kind: 'ready'; data: PaymentData };

/**
 * `settling`: an attempt of this journey is still waiting for its answer. The account may already
 * show the payment (so the variant may no longer be offered); the journey must be shown anyway, to
 * ask the server what happened to the attempt.
 */
export function buildPaymentData(
  loaded: LoadedPayment,
  _t: Translate,
  settling = false,
): BuiltPayment {
  const { variant, config, detailed, letter, settings } = loaded;
  const base = `/accounts/${encodeURIComponent(loaded.accountNumber)}`;
  if (!settings) return { kind: 'redirect', to: '/' };
  const account = detailed?.account;
  if (account && (account.isClosed || account.isEop)) return { kind: 'redirect', to: '/' };

  let letterOption;
  if (config.schedule === 'letter') {
    const view = letter
      ? letterOptionViews(letter.options, loaded.today).find(
          (v) => v.option.letterOptionId === loaded.optionId,
        )
      : undefined;
    if (!letter || !view || (view.disabled && !settling)) {
      return {
        kind: 'redirect',
        to: letter
          ? `/letter-option/${encodeURIComponent(loaded.accountNumber)}/${letter.letterId}`
          : '/',
      };
    }
    letterOption = view.option;
  } else if (
    !detailed ||
    (!settling && !(detailed.paymentOptions as readonly string[]).includes(variant))
  ) {
    return { kind: 'redirect', to: `${base}/paymentOptions` };
  }

  const plans =
    config.schedule === 'plan'
      ? planChoices(loaded.plans ?? [], config.plans ?? 'payment')
      : undefined;
  if (plans && plans.length === 0 && !settling) {
    return { kind: 'redirect', to: `${base}/paymentOptions` };
  }

  const debtor = detailed?.debtor;
  const payer = debtor
    ? {
        firstName: debtor.firstName,
        lastName: debtor.lastName,
        businessName: debtor.businessName,
        addressLine1: debtor.addressLine1,
        addressLine2: debtor.addressLine2,
        city: debtor.city,
        state: debtor.state,
        zip: debtor.zip,
        phone: debtor.phones[0]?.phoneNumber ?? null,
      }
    : {
        firstName: letter?.payer?.firstName ?? null,
        lastName: letter?.payer?.lastName ?? '',
        businessName: letter?.payer?.businessName ?? null,
        addressLine1: letter?.payer?.addressLine1 ?? null,
        addressLine2: letter?.payer?.addressLine2 ?? null,
        city: letter?.payer?.city ?? null,
        state: letter?.payer?.state ?? null,
        zip: letter?.payer?.zip ?? null,
        phone: null,
      };

  return {
    kind: 'ready',
    data: {
      variant,
      config,
      journey: loaded.journey,
      today: loaded.today,
      language: loaded.language,
      accountNumber: account?.accountNumber ?? letter?.accountNumber ?? loaded.accountNumber,
      creditor: account?.creditorName ?? letter?.creditorName ?? '',
      payer,
      settings,
      facts:
        config.schedule === 'single' && detailed
          ? amountFacts({
              account: detailed.account,
              arrangements: detailed.arrangements,
              settings,
              today: loaded.today,
              scheduleRules: accountRules().scheduleStatus,
            })
          : undefined,
      plans,
      letterOption,
      methods: loaded.methods,
      agency: agencyInfo().name,
      authorization: authorizationContent(),
    },
  };
}
