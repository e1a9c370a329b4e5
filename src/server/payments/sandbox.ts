/**
 * The sandbox processor: approves or declines by documented test numbers (README.md next to this
 * file). Its tokens carry the test outcome (`sbx_card_<outcome>_<random>`), never the number, so
 * it keeps no state and works across server processes. Any other valid number is approved.
 */
import { randomBytes } from 'node:crypto';
import { cardBrand } from './cards';
import {
  PROCESSOR_CODES,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProcessor,
  type ProcessorCode,
  type TokenizedMethod,
} from './processor';

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

  charge(request: ChargeRequest): Promise<ChargeResult> {
    const match = /^sbx_(card|bank)_(ok|nsf|limit|notpermitted)_/.exec(request.token);
    const outcome = (match?.[2] ?? 'ok') as Outcome;
    if (outcome !== 'ok') return Promise.resolve({ approved: false, code: OUTCOME_CODES[outcome] });
    return Promise.resolve({
      approved: true,
      processorReference: `sbx_ch_${randomBytes(8).toString('hex')}`,
    });
  }
}
