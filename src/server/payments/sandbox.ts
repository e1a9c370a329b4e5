/**
 * The sandbox processor: approves or declines by documented test numbers (README.md next to this
 * file). Its tokens carry the test outcome (`sbx_card_<outcome>_<random>`), never the number. Like
 * a real processor it keeps a ledger of its charges (`sandbox_charges`, in the portal's database
 * for want of its own), keyed by the caller's reference: a charge repeated with the same reference
 * returns the first result instead of charging twice, and `lookup` says truthfully what happened
 * to an attempt. Any other valid number is approved.
 */
import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import { firstRow, perDatabase, precompileStatement } from '../db/database';
import { randomHex } from '../random-hex';
import type { Db } from '../db/types';
import { cardBrand } from './cards';
import {
  PROCESSOR_CODES,
  VOIDED,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProcessor,
  type ProcessorCode,
  type TokenizedMethod,
} from './processor';
import type { SandboxChargesTable } from './tables';

/** Card BIN prefixes (first 6 digits) the sandbox treats as debit cards; all others are credit. */
export const SANDBOX_DEBIT_BINS = ['400005', '520082', '601199'] as const;

type Outcome = 'ok' | 'nsf' | 'limit' | 'notpermitted';

const OUTCOME_CODES: Record<Exclude<Outcome, 'ok'>, ProcessorCode> = {
  nsf: PROCESSOR_CODES.insufficientFunds,
  limit: PROCESSOR_CODES.exceedsWithdrawalLimit,
  notpermitted: PROCESSOR_CODES.notPermittedCardholder,
};

/** Test card numbers that decline (each is Luhn-valid). */
export const SANDBOX_DECLINING_CARDS: Record<string, Exclude<Outcome, 'ok'>> = {
  '4000000000009995': 'nsf',
  '4000000000009987': 'limit',
  '4000000000009979': 'notpermitted',
};

/** Test bank account numbers that decline (any routing number of 9 digits). */
export const SANDBOX_DECLINING_BANKS: Record<string, Exclude<Outcome, 'ok'>> = {
  '9900000001': 'nsf',
  '9900000002': 'limit',
  '9900000003': 'notpermitted',
};

function token(kind: 'card' | 'bank', outcome: Outcome): string {
  return `sbx_${kind}_${outcome}_${randomBytes(12).toString('hex')}`;
}

export class SandboxProcessor implements PaymentProcessor {
  cardInfo(cardNumber: string) {
    const debit = SANDBOX_DEBIT_BINS.some((bin) => cardNumber.startsWith(bin));
    return { brand: cardBrand(cardNumber), kind: debit ? ('debit' as const) : ('credit' as const) };
  }

  tokenizeCard(input: { cardNumber: string; expiration: string }): Promise<TokenizedMethod> {
    const outcome = SANDBOX_DECLINING_CARDS[input.cardNumber] ?? 'ok';
    return Promise.resolve({ token: token('card', outcome), last4: input.cardNumber.slice(-4) });
  }

  tokenizeBank(input: { accountNumber: string }): Promise<TokenizedMethod> {
    const outcome = SANDBOX_DECLINING_BANKS[input.accountNumber] ?? 'ok';
    return Promise.resolve({ token: token('bank', outcome), last4: input.accountNumber.slice(-4) });
  }

  constructor(private readonly db: Db) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const match = /^sbx_(card|bank)_(ok|nsf|limit|notpermitted)_/.exec(request.token);
    const outcome = (match?.[2] ?? 'ok') as Outcome;
    const approved = outcome === 'ok';
    const code = outcome === 'ok' ? null : OUTCOME_CODES[outcome];
    // A reference charged before (a retry, or a concurrent charge recorded first) keeps its first
    // result: the insert then records nothing, and the ledger's row is the answer.
    const recorded = await firstRow(
      this.db,
      ledger(this.db).charge(
        request.reference,
        request.token,
        request.amountCents,
        approved ? 1 : 0,
        code,
        approved ? `sbx_ch_${randomHex(8)}` : null,
        new Date().toISOString(),
      ),
    );
    if (recorded) return resultOf(recorded);
    const known = await this.lookup(request.reference);
    if (!known) throw new Error(`sandbox charge ${request.reference} was not recorded`);
    return known;
  }

  async resolve(reference: string): Promise<ChargeResult> {
    await this.db
      .insertInto('sandbox_charges')
      .values({
        reference,
        token: '',
        amount_cents: 0,
        approved: 0,
        code: VOIDED,
        processor_reference: null,
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .execute();
    const recorded = await this.lookup(reference);
    if (!recorded) throw new Error(`sandbox charge ${reference} was not recorded`);
    return recorded;
  }

  /** The ledger's record of a charge, or null when there is none. */
  async lookup(reference: string): Promise<ChargeResult | null> {
    const row = await this.db
      .selectFrom('sandbox_charges')
      .select(['approved', 'code', 'processor_reference'])
      .where('reference', '=', reference)
      .executeTakeFirst();
    return row ? resultOf(row) : null;
  }
}

/** A ledger row's charge result. */
function resultOf(
  row: Pick<Selectable<SandboxChargesTable>, 'approved' | 'code' | 'processor_reference'>,
): ChargeResult {
  return row.approved
    ? { approved: true, processorReference: row.processor_reference ?? '' }
    : { approved: false, code: row.code ?? 'unknown' };
}

/** The ledger's charge, precompiled (db/database.ts `precompileStatement`). */
const ledger = perDatabase((db: Db) => ({
  /** Records a charge unless its reference has one; its result when recorded now. */
  charge: precompileStatement(
    ['text', 'text', 'integer', 'integer', 'nullable text', 'nullable text', 'text'],
    (reference, token, amountCents, approved, code, processorReference, createdAt) =>
      db
        .insertInto('sandbox_charges')
        .values({
          reference,
          token,
          amount_cents: amountCents,
          approved,
          code,
          processor_reference: processorReference,
          created_at: createdAt,
        })
        .onConflict((oc) => oc.column('reference').doNothing())
        .returning(['approved', 'code', 'processor_reference']),
  ),
}));
