import type { Debtor } from '../../../../domain/types';

/** Drops null and undefined values: the form's schema has no nulls. */
function present(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== null && value !== undefined),
  );
}

/**
 * The contact-information form's data for a debtor: a debtor without a first name is a business
 * (spec §3); the phones on file come first (they show read-only), new ones are added after them.
 */
export function contactFormData(debtor: Debtor): Record<string, unknown> {
  return present({
    isBusiness: !debtor.firstName?.trim(),
    firstName: debtor.firstName?.trim() || null,
    lastName: debtor.lastName,
    businessName: debtor.businessName,
    addressLine1: debtor.addressLine1,
    addressLine2: debtor.addressLine2,
    city: debtor.city,
    state: debtor.state,
    zip: debtor.zip,
    email: debtor.email,
    phones: debtor.phones.map((phone) => phone.phoneNumber),
  });
}

/** Communication preferences are offered only when the debtor allows e-mail or text messages. */
export function offersPreferences(debtor: Debtor): boolean {
  return debtor.allowEmail || debtor.allowSms;
}

/** The communication-preferences form's data: what is enabled now and which channels are allowed. */
export function preferencesFormData(debtor: Debtor): Record<string, unknown> {
  const enabled = (type: 'email' | 'SMS' | 'letter') =>
    debtor.communicationPrefs.find((pref) => pref.type === type)?.enabled === true;
  return present({
    allowEmail: debtor.allowEmail,
    allowSms: debtor.allowSms,
    emails: debtor.allowEmail && enabled('email'),
    texts: debtor.allowSms && enabled('SMS'),
    letters: enabled('letter'),
    emailAddress: debtor.allowEmail ? debtor.email : null,
  });
}
