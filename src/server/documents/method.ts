/**
 * The payment method a receipt names: the saved method's brand (or bank account kind) and last 4
 * digits, in the receipt's language; else the words stored with the payment. Never more than the
 * last 4 digits: any longer run of digits in stored words is cut to its last 4.
 */
import type { FastifyRequest } from 'fastify';
import type { PortalContext } from '../context';
import { languageOf } from '../http/errors';
import { BRAND_NAMES, type CardBrand } from '../payments/cards';

/** Any run of 5 or more digits as '****' and its last 4. */
export const maskLongNumbers = (text: string): string =>
  text.replace(/\d{5,}/g, (digits) => `****${digits.slice(-4)}`);

export async function receiptMethod(
  ctx: PortalContext,
  request: FastifyRequest,
  payment: { funding_id: number | null; paid_with: string | null },
  unknown: string,
): Promise<string> {
  const lang = languageOf(request);
  const catalog = request.server.catalog;
  if (payment.funding_id !== null) {
    const method = await ctx.db
      .selectFrom('funding_methods')
      .select(['type', 'brand', 'bank_account_type', 'last4'])
      .where('id', '=', payment.funding_id)
      .executeTakeFirst();
    if (method) {
      const label =
        method.type === 'bank'
          ? catalog.message(
              method.bank_account_type === 'savings' ? 'fundingSavings' : 'fundingChecking',
              lang,
            )
          : method.brand && method.brand in BRAND_NAMES
            ? BRAND_NAMES[method.brand as CardBrand]
            : catalog.message('fundingCard', lang);
      return `${label} ****${method.last4.slice(-4)}`;
    }
  }
  return payment.paid_with ? maskLongNumbers(payment.paid_with) : unknown;
}
