/**
 * Adding a phone number to a debtor (Debtor/AddPhoneNumber, Debtor/ChangeDebtorDetails): the
 * number once per debtor, and the addition recorded (debtor_phone_additions).
 */
import type { Kysely, Transaction } from 'kysely';
import type { PortalContext } from '../context';
import type { Database } from '../db/types';

export async function addPhone(
  ctx: PortalContext,
  db: Transaction<Database> | Kysely<Database>,
  debtorId: number,
  phoneNumber: string,
  type: string,
): Promise<'added' | 'exists'> {
  const stamp = ctx.now().toISOString();
  const result = await db
    .insertInto('debtor_phones')
    .values({ debtor_id: debtorId, phone_number: phoneNumber, type, created_at: stamp })
    .onConflict((oc) => oc.columns(['debtor_id', 'phone_number']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return 'exists';
  await db
    .insertInto('debtor_phone_additions')
    .values({ debtor_id: debtorId, phone_number: phoneNumber, type, created_at: stamp })
    .execute();
  return 'added';
}
