/**
 * Consent carried by an import record (issue 43): `emailConsent` for the record's e-mail address
 * and `textConsent` on a phone, each with its time, statement version and language, recorded like
 * consent given in the portal (email_consents with source `import`; sms_consents with source
 * `import`). An imported consent never undoes what the debtor did later: it replaces a consent on
 * record only when it is newer, a text consent withdrawn after it stays withdrawn, and an opt-out
 * or a STOP stays in force (the outbox checks those apart from consent). Importing the same file
 * again changes nothing. Records with consent take the record-by-record path (import-bulk.ts
 * isSimpleDebtor).
 */
import type { Transaction } from 'kysely';
import type { Debtor } from '../../generated/types/import';
import '../messages/outbox/tables';
import { toE164 } from '../messages/sms/consent';
import type { Database } from './types';

/** Whether the record carries any consent. */
export function hasImportedConsent(debtor: Debtor): boolean {
  return (
    debtor.emailConsent !== undefined ||
    (debtor.phones ?? []).some((p) => p.textConsent !== undefined)
  );
}

export async function writeImportedConsents(
  trx: Transaction<Database>,
  debtorId: number,
  debtor: Debtor,
): Promise<void> {
  const email = debtor.email?.trim().toLowerCase();
  if (debtor.emailConsent && email) {
    const consent = debtor.emailConsent;
    const givenAt = new Date(consent.givenAt).toISOString();
    const row = {
      source: 'import' as const,
      text_version: consent.statementVersion,
      language: consent.language ?? 'en',
      given_at: givenAt,
    };
    await trx
      .insertInto('email_consents')
      .values({ debtor_id: debtorId, address: email, ...row })
      .onConflict((oc) =>
        oc
          .columns(['debtor_id', 'address'])
          .doUpdateSet(row)
          .where('email_consents.given_at', '<', givenAt),
      )
      .execute();
  }
  for (const phone of debtor.phones ?? []) {
    const consent = phone.textConsent;
    const e164 = consent ? toE164(phone.phoneNumber) : null;
    if (!consent || !e164) continue;
    const givenAt = new Date(consent.givenAt).toISOString();
    const row = {
      consented_at: givenAt,
      statement_version: consent.statementVersion,
      statement_language: consent.language ?? 'en',
      source: 'import',
      withdrawn_at: null,
    };
    await trx
      .insertInto('sms_consents')
      .values({ debtor_id: debtorId, phone_e164: e164, ...row })
      .onConflict((oc) =>
        oc
          .columns(['debtor_id', 'phone_e164'])
          .doUpdateSet(row)
          .where('sms_consents.consented_at', '<', givenAt)
          .where((eb) =>
            eb.or([
              eb('sms_consents.withdrawn_at', 'is', null),
              eb('sms_consents.withdrawn_at', '<', givenAt),
            ]),
          ),
      )
      .execute();
  }
}
