/**
 * Stopping e-mail to an address (Reg F 1006.6(e)): the one write behind Guest/OptOut/{email} and
 * the one-click opt-out of every message (unsubscribe.ts). The address goes into email_opt_outs
 * (lower-cased), every debtor with it gets e-mail turned off, and a new opt-out reaches the agency
 * once per account of each debtor with the address (`debtor.email_opted_out`, the transaction's
 * last write, events/record.ts). Answers whether the opt-out is new.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { forEach, recordEvents, type EventSubject } from '../../events/record';

export async function optOutEmail(
  trx: Transaction<Database>,
  address: string,
  stamp: string,
): Promise<boolean> {
  const email = address.trim().toLowerCase();
  const inserted = await trx
    .insertInto('email_opt_outs')
    .values({ email, created_at: stamp })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  await trx
    .updateTable('debtors')
    .set({ pref_email: 0, updated_at: stamp })
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .execute();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  const rows = await trx
    .selectFrom('debtors')
    .innerJoin('accounts', 'accounts.debtor_id', 'debtors.id')
    .select(['debtors.external_key', 'accounts.account_number', 'accounts.client_id'])
    .where((eb) => eb(eb.fn('lower', ['debtors.email']), '=', email))
    .orderBy('accounts.account_number')
    .execute();
  const subjects = rows.map((row): EventSubject => ({
    accountNumber: row.account_number,
    clientId: row.client_id,
    debtorKey: row.external_key,
  }));
  await recordEvents(trx, forEach(subjects, 'debtor.email_opted_out', stamp, { email }));
  return true;
}
