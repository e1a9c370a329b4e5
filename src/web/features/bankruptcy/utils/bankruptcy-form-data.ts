import type { Debtor } from '../../../../domain/types';

/**
 * The bankruptcy form's first data: the account, the spec's defaults (chapter 7, not a joint
 * filing) and the contact section filled from the debtor (the first phone on file).
 */
export function bankruptcyFormData(accountNumber: string, debtor: Debtor): Record<string, unknown> {
  const values: Record<string, unknown> = {
    accountNumber,
    chapter: 7,
    jointFile: false,
    address1: debtor.addressLine1,
    address2: debtor.addressLine2,
    city: debtor.city,
    state: debtor.state,
    zip: debtor.zip,
    phoneNumber: debtor.phones[0]?.phoneNumber,
  };
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, value]) => value !== null && value !== undefined && value !== '',
    ),
  );
}
