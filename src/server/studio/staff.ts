/**
 * Staff accounts (issue 24): made by `npm run staff:add` (the first admin) or by an admin in the
 * studio. Emails are kept in lower case; the TOTP secret is made here, stored encrypted and
 * given back once as an otpauth:// URI.
 */
import type { Db, StaffRole } from '../db/types';
import { hashPassword, passwordProblem, type PasswordProblem } from './passwords';
import { encryptSecret, newTotpSecret, totpUri } from './totp';

export const STAFF_ROLES: readonly StaffRole[] = ['editor', 'approver', 'client_manager', 'admin'];

export const isStaffRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

export type CreateStaffResult =
  | { ok: true; id: number; email: string; otpauthUri: string }
  | { ok: false; problem: PasswordProblem | 'emailTaken' };

export async function createStaff(
  db: Db,
  totpKey: Buffer,
  staff: NewStaff,
  now: Date,
): Promise<CreateStaffResult> {
  const problem = passwordProblem(staff.password);
  if (problem) return { ok: false, problem };
  const email = normalizeEmail(staff.email);
  const taken = await db
    .selectFrom('staff_accounts')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (taken) return { ok: false, problem: 'emailTaken' };
  const secret = newTotpSecret();
  const row = await db
    .insertInto('staff_accounts')
    .values({
      email,
      display_name: staff.name.trim(),
      role: staff.role,
      password_hash: await hashPassword(staff.password),
      totp_secret: encryptSecret(totpKey, secret),
      totp_last_step: null,
      created_at: now.toISOString(),
      disabled_at: null,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return { ok: false, problem: 'emailTaken' };
  return { ok: true, id: row.id, email, otpauthUri: totpUri(secret, email) };
}
