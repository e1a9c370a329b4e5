/**
 * The agency's events of a debtor's own details (issue 42): contact details and communication
 * preferences belong to the debtor, not to one account, so each is recorded once per account of
 * the debtor (each account's client hears of it), with the details as they are after the change.
 * Each is the last write of its change's transaction (record.ts).
 */
import type { Transaction } from 'kysely';
import type { DebtorPreferencesChanged } from '@/generated/types/events/debtor-preferences-changed';
import type { Database } from '../db/types';
import { forEach, recordEvents, subjectsOf } from './record';

/** The contact fields of the agency's event, by column. */
const CONTACT_FIELDS: Record<string, string> = {
  address_line1: 'addressLine1',
  address_line2: 'addressLine2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  email: 'email',
  phones: 'phones',
};

/**
 * The agency's `debtor.contact_changed` events (one per account of the debtor) with the details
 * as they are now: the last write of the change's transaction (events/record.ts).
 */
export async function recordContactChange(
  trx: Transaction<Database>,
  debtorId: number,
  stamp: string,
  changed: readonly string[],
  phonesAdded: { phoneNumber: string; type: string }[],
): Promise<void> {
  const now = await trx
    .selectFrom('debtors')
    .select(['address_line1', 'address_line2', 'city', 'state', 'zip', 'email'])
    .where('id', '=', debtorId)
    .executeTakeFirstOrThrow();
  const data = {
    fields: changed.map((field) => CONTACT_FIELDS[field] ?? field),
    address: {
      line1: now.address_line1,
      line2: now.address_line2,
      city: now.city,
      state: now.state,
      zip: now.zip,
    },
    email: now.email,
    phonesAdded,
  };
  const subjects = await subjectsOf(trx, debtorId);
  await recordEvents(trx, forEach(subjects, 'debtor.contact_changed', stamp, data));
}

/** The `debtor.preferences_changed` events (one per account of the debtor). */
export async function recordPreferenceChange(
  trx: Transaction<Database>,
  debtorId: number,
  stamp: string,
  data: Omit<DebtorPreferencesChanged, 'preferred'> & { preferred: string | null },
): Promise<void> {
  const preferred = (['email', 'SMS', 'letter'] as const).find((c) => c === data.preferred) ?? null;
  const subjects = await subjectsOf(trx, debtorId);
  await recordEvents(
    trx,
    forEach(subjects, 'debtor.preferences_changed', stamp, { ...data, preferred }),
  );
}
