/**
 * Everything SubmitPayment's checks read before its rules run, asked at once (one Promise.all):
 * the account, the funding method, the debtor's name, and by the account's number and debtor
 * (reads.ts `byNumber`, a subquery for the account's id) the account's submissions in flight past
 * their lease, its arrangements, the dedupe key's submission and the letter option the body names.
 * On PostgreSQL the reads of one turn of the event loop leave together, in one round trip
 * (db/pipelined-reads.ts); on SQLite each is a synchronous call of a few µs. Nothing is checked
 * here: submit-checks.ts checks what was read in the order the answers have always had.
 */
import type { AccessClaims } from '../auth/tokens';
import type { PortalContext } from '../context';
import type { AccountRow, ArrangementRow } from '../db/types';
import { toCents } from '../money';
import { usableFundingRows } from './funding';
import { paymentReads } from './reads';
import type { FundingMethodRow, PaymentSubmissionRow } from './tables';
import type { DebtorName, SubmitBody } from './submit-types';

/** A letter option's rows (reads.ts byNumber.letterOption): one per payment of its schedule. */
export type LetterOptionRows = Awaited<
  ReturnType<ReturnType<typeof paymentReads>['byNumber']['letterOption']>
>;

/** What a payment's checks read, as read (nothing checked yet). */
export interface SubmissionReads {
  /** The debtor's account by number: the token's own, viewable or not (checked afterwards). */
  accounts: AccountRow[];
  /** The usable funding method of the body's id, if the token may use it. */
  fundings: FundingMethodRow[];
  debtors: DebtorName[];
  /** The account's submissions in flight whose lease has passed, settled before the rules. */
  expired: PaymentSubmissionRow[];
  arrangements: ArrangementRow[];
  /**
   * Whether the dedupe key of the body's first day and amount is taken, and that key's part after
   * the account's id (`dedupeSuffix`); undefined without a first payment.
   */
  dedupe: { suffix: string; taken: boolean } | undefined;
  /** The body's letter option (undefined when it names no letter and option). */
  letterOption: LetterOptionRows | undefined;
}

/**
 * What follows the account's id in the dedupe key of a request (its first day and cents, as the
 * reserve writes the key), or undefined without a first payment.
 */
export function dedupeSuffix(body: SubmitBody): string | undefined {
  const first = body.schedule[0];
  return first && `|${first.date}|${toCents(first.amount) ?? -1}`;
}

/** The reads above, for the account `number` (normalized, the token's own: ownAccountNumber). */
export async function readSubmission(
  ctx: PortalContext,
  auth: AccessClaims,
  number: string,
  body: SubmitBody,
): Promise<SubmissionReads> {
  const reads = paymentReads(ctx.db);
  const { byNumber } = reads;
  const { debtorId } = auth;
  const suffix = dedupeSuffix(body);
  const { letterId, letterOptionId } = body;
  const asksLetter = letterId !== undefined && letterOptionId !== undefined;
  const [accounts, fundings, debtors, expired, arrangements, taken, letterOption] =
    await Promise.all([
      reads.account(number, debtorId),
      usableFundingRows(ctx, auth, body.fundingId),
      reads.debtorName(debtorId),
      byNumber.expiredSubmissions(number, debtorId, ctx.now().toISOString()),
      byNumber.arrangements(number, debtorId),
      suffix === undefined
        ? undefined
        : byNumber.submissionByDedupeSuffix(number, debtorId, suffix),
      asksLetter ? byNumber.letterOption(number, debtorId, letterId, letterOptionId) : undefined,
    ]);
  return {
    accounts,
    fundings,
    debtors,
    expired,
    arrangements,
    dedupe: suffix === undefined ? undefined : { suffix, taken: (taken?.length ?? 0) > 0 },
    letterOption,
  };
}
