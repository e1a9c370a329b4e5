/**
 * What SubmitPayment checks before it reserves a payment, once, in one order, over what
 * submit-reads.ts read at once: the account (404), the content version shown (422), a letter
 * session's own letter (403, 404), the funding method (404), the request's stage fields as the
 * browser checked them (400); then the account's submissions left in flight by a process that
 * died are settled, and every rule of the variant, amount, days, funding method, plan and letter
 * option runs (submit-rules.ts: a Refusal with one error code, answered 200 with `success: false`).
 */
import type { FastifyRequest } from 'fastify';
import { variantConfig } from '../../domain/payment-journey';
import { methodFacts, payerFacts } from '../../domain/payment-facts';
import { interpolate } from '../../engine/form/messages';
import type { AccessClaims } from '../auth/tokens';
import { shownContent } from '../content/shown';
import type { PublishedContent } from '../content/store';
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { ApiError } from '../http/errors';
import { accountState, viewableAccount, type AccountState } from './account-state';
import { stageFieldErrors } from './journey';
import { paymentReads } from './reads';
import { settleSubmission } from './recovery';
import type { PaymentServices } from './services';
import { checkRules } from './submit-rules';
import type { SubmissionReads } from './submit-reads';
import type { DebtorName, Plan, SubmitBody } from './submit-types';
import type { FundingMethodRow } from './tables';

export type { DebtorName, Entry, Plan, SubmitBody, SubmitResult } from './submit-types';
export { Refusal, SUBMIT_ERRORS, type SubmitError } from './submit-rules';

/** A submission that passed every check: what it pays, and what it is paid from and for. */
export interface CheckedSubmission {
  account: AccountRow;
  shown: PublishedContent;
  funding: FundingMethodRow;
  debtor: DebtorName;
  state: AccountState;
  plan: Plan;
}

/**
 * Every check of a submission, in the order its answers have always had (above); throws ApiError
 * (404, 422, 403, 400), or Refusal with the first failing rule's code.
 */
export async function checkSubmission(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  auth: AccessClaims,
  body: SubmitBody,
  read: SubmissionReads,
): Promise<CheckedSubmission> {
  const account = viewableAccount(ctx, read.accounts);
  const shown = await shownContent(ctx, body.contentVersion, auth.sid);
  checkLetterSession(services, auth, body);
  const [funding] = read.fundings;
  if (!funding) throw new ApiError(404, 'fundingNotFound');
  const [debtor] = read.debtors;
  if (!debtor) throw new Error(`debtor ${auth.debtorId} of a live session is missing`);
  checkStageFields(ctx, services, request, body, debtor, funding);
  // A payment of this account left in flight by a process that died is settled first, so what
  // counts as taken (a duplicate) is what really is: what it changed is then read again.
  let state: AccountState;
  let dedupe: { key: string; taken: boolean } | undefined;
  if (read.expired.length > 0) {
    for (const row of read.expired) await settleSubmission(ctx, services, row);
    state = await accountState(ctx, services, account);
  } else {
    state = await accountState(ctx, services, account, read.arrangements);
    if (read.dedupe) {
      dedupe = { key: `${account.id}${read.dedupe.suffix}`, taken: read.dedupe.taken };
    }
  }
  const plan = await checkRules(ctx.today(), services, body, state, funding, {
    dedupe,
    readDedupe: async (key) => (await paymentReads(ctx.db).submissionByDedupeKey(key)).length > 0,
    letterOption: read.letterOption,
  });
  return { account, shown, funding, debtor, state, plan };
}

/** A letter session pays only its letter: a variant paid with a letter's option. */
function checkLetterSession(services: PaymentServices, auth: AccessClaims, body: SubmitBody): void {
  if (auth.role !== 'letter') return;
  const asked = body.paymentVariant ? variantConfig(services.journey, body.paymentVariant) : null;
  if (body.type !== 'LET' || (asked !== null && asked?.schedule !== 'letter')) {
    throw new ApiError(403, 'forbidden');
  }
  if (body.letterId !== auth.letterId) throw new ApiError(404, 'letterNotFound');
}

/**
 * The request's fields against the forms of the journey's stages (contact details, payment
 * method, disclosures), as the browser checked them: 400 with the fields' errors otherwise. A
 * request of the spec's shape has one flag for every disclosure; it stands for the e-sign consent
 * when that is not sent on its own.
 */
function checkStageFields(
  ctx: PortalContext,
  services: PaymentServices,
  request: FastifyRequest,
  body: SubmitBody,
  debtor: DebtorName,
  funding: FundingMethodRow,
): void {
  const translate = services.translator(request);
  const errors = stageFieldErrors({
    journey: services.journey,
    flows: ctx.config.forms,
    body: { eSignConsent: body.authorizationDisclosuresAccepted, ...body },
    facts: {
      payer: payerFacts({
        firstName: debtor.first_name,
        lastName: debtor.last_name,
        businessName: debtor.business_name,
        addressLine1: null,
        addressLine2: null,
        city: null,
        state: null,
        zip: null,
        phone: null,
      }),
      // Whose method it is was checked (404 otherwise); whether it may pay is a refusal below.
      methods: methodFacts([{ id: funding.id, name: '', isExpired: false }], (key) =>
        interpolate(translate.text(key) ?? key, {}),
      ),
    },
    translate,
    today: ctx.today(),
  });
  if (errors.length > 0) throw new ApiError(400, 'invalidRequest', { errors });
}
