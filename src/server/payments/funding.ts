/** Funding methods as the API shows them (spec section 3 "Funding method"), and their checks. */
import type { FastifyRequest } from 'fastify';
import type { FundingMethod } from '../../generated/types/api/funding-method';
import type { AccessClaims } from '../auth/tokens';
import type { ClientSettings } from '../clients/settings';
import type { PortalContext } from '../context';
import { ApiError, languageOf } from '../http/errors';
import { BRAND_NAMES, type CardBrand } from './cards';
import { paymentReads, usableFundingOf } from './reads';
import type { FundingMethodRow } from './tables';

/** A funding method as the API shows it; the server always sends every field. */
export interface FundingRecord extends Required<FundingMethod> {
  brand: CardBrand | null;
}

export function isExpired(row: Pick<FundingMethodRow, 'expiration'>, today: string): boolean {
  return row.expiration !== null && row.expiration < today;
}

/** 'Visa ****1111', 'Checking ****6789' (bank words in the caller's language). */
export function fundingName(request: FastifyRequest, row: FundingMethodRow): string {
  const lang = languageOf(request);
  const catalog = request.server.catalog;
  let label: string;
  if (row.type === 'bank') {
    label = catalog.message(
      row.bank_account_type === 'savings' ? 'fundingSavings' : 'fundingChecking',
      lang,
    );
  } else {
    label = row.brand ? BRAND_NAMES[row.brand as CardBrand] : catalog.message('fundingCard', lang);
  }
  return `${label} ****${row.last4}`;
}

export function mapFunding(
  request: FastifyRequest,
  row: FundingMethodRow,
  today: string,
): FundingRecord {
  return {
    id: row.id,
    name: fundingName(request, row),
    type: row.type === 'bank' ? 'bank' : 'card',
    accountNumberMask: `****${row.last4}`,
    expiration: row.expiration,
    isExpired: isExpired(row, today),
    brand: (row.brand as CardBrand | null) ?? null,
    cardType: row.type === 'card' ? (row.card_kind === 'debit' ? 'debit' : 'credit') : null,
    bankAccountType:
      row.type === 'bank' ? (row.bank_account_type === 'savings' ? 'savings' : 'checking') : null,
  };
}

/** Whether the client lets this method pay (cards without a known kind count as credit). */
export function fundingAllowed(row: FundingMethodRow, client: ClientSettings): boolean {
  if (row.type === 'bank') return client.payment.allowBankAccount;
  return row.card_kind === 'debit' ? client.payment.allowDebitCard : client.payment.allowCreditCard;
}

/**
 * The live funding methods a token may use: the debtor's; for a letter token (a weaker sign-in)
 * only the methods added in that same session, so an offer code never reveals or charges the
 * debtor's saved methods.
 */
export function usableFunding(ctx: PortalContext, auth: AccessClaims) {
  return usableFundingOf(ctx.db, auth.debtorId, auth.role === 'letter' ? auth.sid : undefined);
}

/** One usable funding method; another debtor's (or a deleted) id is 404 like a missing one. */
export async function ownFunding(
  ctx: PortalContext,
  auth: AccessClaims,
  fundingId: number,
): Promise<FundingMethodRow> {
  const [row] = await usableFundingRows(ctx, auth, fundingId);
  if (!row) throw new ApiError(404, 'fundingNotFound');
  return row;
}

/** ownFunding's read: the method's row, or none. */
export function usableFundingRows(
  ctx: PortalContext,
  auth: AccessClaims,
  fundingId: number,
): Promise<FundingMethodRow[]> {
  const reads = paymentReads(ctx.db);
  return auth.role === 'letter'
    ? reads.letterFunding(auth.debtorId, auth.sid, fundingId)
    : reads.funding(auth.debtorId, fundingId);
}
