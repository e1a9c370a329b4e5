/**
 * E-mail consent (issue 43, Reg F 1006.6(d)(3)-(4)): an address is written to only when the debtor
 * gave it with the portal's statement that it will be used to write about the debt. The statement
 * is the hint of the "Send me emails" box of flows/forms/communication-preferences.json (en, es);
 * saving the preferences with that box ticked records the address, the statement's version (the
 * first 12 hex digits of the SHA-256 of both its languages: a new wording is a new version), the
 * language it was shown in and the time. Ticking the box again also lifts an earlier opt-out of
 * that address: the debtor asked for e-mail anew.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { PortalConfig } from '../../config';
import type { Database } from '../../db/types';

/** The statement's words and version in the content served; null when the form has none. */
export function consentStatement(
  config: PortalConfig,
): { en: string; es: string; version: string } | null {
  const form = config.forms?.['communication-preferences'] as
    { fields?: { emails?: { hint?: { en?: string; es?: string } } } } | undefined;
  const hint = form?.fields?.emails?.hint;
  if (!hint?.en || !hint.es) return null;
  const version = createHash('sha256').update(`${hint.en}\n${hint.es}`).digest('hex').slice(0, 12);
  return { en: hint.en, es: hint.es, version };
}

export async function recordEmailConsent(
  trx: Transaction<Database>,
  config: PortalConfig,
  consent: { debtorId: number; address: string; language: 'en' | 'es'; stamp: string },
): Promise<boolean> {
  const statement = consentStatement(config);
  // No statement shown, no consent (fail closed).
  if (!statement) return false;
  const address = consent.address.trim().toLowerCase();
  await trx
    .insertInto('email_consents')
    .values({
      debtor_id: consent.debtorId,
      address,
      source: 'portal',
      text_version: statement.version,
      language: consent.language,
      given_at: consent.stamp,
    })
    .onConflict((oc) =>
      oc.columns(['debtor_id', 'address']).doUpdateSet({
        source: 'portal',
        text_version: statement.version,
        language: consent.language,
        given_at: consent.stamp,
      }),
    )
    .execute();
  await trx.deleteFrom('email_opt_outs').where('email', '=', address).execute();
  return true;
}
