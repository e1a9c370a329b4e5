/**
 * The record of what a debtor agreed to with a payment (payment_authorizations): the texts of the
 * content version they were shown (`shown`, content/shown.ts), and its number.
 */
import type { FastifyRequest } from 'fastify';
import { formatCents } from '../../domain/money';
import { authorizationTexts, payerName } from '../../domain/payment-authorization';
import { interpolate } from '../../engine/form/messages';
import { localize } from '../../engine/i18n/split';
import { variantConfig } from '../../domain/payment-journey';
import { perConfig } from '../content/per-config';
import type { PublishedContent } from '../content/store';
import { languageOf } from '../http/errors';
import type { AccountState } from './account-state';
import { fundingName } from './funding';
import { loadPaymentJourney } from './journey';
import { authorizationOf, type PaymentServices } from './services';
import type { DebtorName, Plan, SubmitBody } from './submit-checks';
import type { FundingMethodRow } from './tables';

const journeyOf = perConfig(loadPaymentJourney);

/** What the debtor agreed to, in the words and the language they were shown. */
export function authorizationRecord(
  services: PaymentServices,
  request: FastifyRequest,
  input: {
    body: SubmitBody;
    debtor: DebtorName;
    account: AccountState['account'];
    funding: FundingMethodRow;
    plan: Plan;
    confirmation: string;
    sessionId: string;
    agreedAt: string;
    /** The content version whose texts the debtor was shown. */
    shown: PublishedContent;
  },
) {
  const { body, debtor, account, funding, plan, shown } = input;
  const language = languageOf(request);
  // The variant's confirmation line as that version's journey words it (the rules checked are
  // the version served now's).
  const config = variantConfig(journeyOf(shown.config), plan.variant) ?? plan.config;
  const authorization = authorizationOf(shown.config);
  const client = services.clients.forClient(account.client_id);
  const payments = plan.entries.map((e) => ({ date: e.date, cents: e.cents }));
  const total = payments.reduce((sum, p) => sum + p.cents, 0);
  const name =
    payerName({
      firstName: typeof body.firstName === 'string' ? body.firstName : null,
      lastName: typeof body.lastName === 'string' ? body.lastName : null,
      businessName: typeof body.businessName === 'string' ? body.businessName : null,
    }) || payerName({ firstName: debtor.first_name, lastName: debtor.last_name });
  const method = fundingName(request, funding);
  const texts = authorizationTexts(authorization.content, language, {
    name,
    agency: authorization.agency,
    creditor: account.creditor_name ?? '',
    accountNumber: account.account_number,
    method,
    phone: account.support_phone ?? client.supportPhone ?? '',
    action: interpolate(localize(config.confirm, language), {
      amount: formatCents(
        config.schedule === 'single' ? (payments[0]?.cents ?? 0) : total,
        language,
      ),
    }),
    payments,
  });
  return {
    debtor_id: account.debtor_id,
    account_id: account.id,
    confirmation: input.confirmation,
    session_id: input.sessionId,
    language,
    content_version: texts.version,
    published_version: shown.version,
    recurring: texts.recurring ? 1 : 0,
    agreement_text: texts.agreement,
    esign_text: texts.eSign,
    authorization_text: texts.authorization,
    payer_name: name,
    method_name: method,
    schedule: JSON.stringify(payments),
    total_cents: total,
    agreed_at: input.agreedAt,
  };
}
