import type { FundingMethod } from '@/web/api/funding-methods';

const CARD_BRANDS = ['visa', 'mc', 'amex', 'disc'];

export interface MethodDisplay {
  /** Text key of the method's kind: a card brand, or a bank account type. */
  kindKey: string;
  /** Text key of the card type (credit or debit), if known. */
  detailKey: string | null;
  /** The last 4 digits of the number. */
  last4: string;
  /** Expiry as MM/YYYY, for cards. */
  expiry: string | null;
}

/** How a saved method is shown: 'Visa · Credit card · ending in 1111 · Expires 08/2031'. */
export function methodDisplay(method: FundingMethod): MethodDisplay {
  const last4 = method.accountNumberMask.replace(/\D/g, '').slice(-4);
  if (method.type === 'bank') {
    const account = method.bankAccountType ?? 'other';
    return { kindKey: `funding-methods.bank.${account}`, detailKey: null, last4, expiry: null };
  }
  const brand = method.brand && CARD_BRANDS.includes(method.brand) ? method.brand : 'card';
  const match = /^(\d{4})-(\d{2})/.exec(method.expiration ?? '');
  return {
    kindKey: `funding-methods.brand.${brand}`,
    detailKey: method.cardType ? `funding-methods.cardType.${method.cardType}` : null,
    last4,
    expiry: match ? `${match[2]}/${match[1]}` : null,
  };
}
