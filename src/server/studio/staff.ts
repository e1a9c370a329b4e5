/**
 * Staff accounts (issue 24): the first admin is made by `npm run staff:add` on the server
 * (createStaff: a password, and a TOTP secret made here, stored encrypted and given back once as
 * an otpauth:// URI to the person at the server). Every other member is invited by an admin in
 * the studio (inviteStaff, issue 39): the account has no password and no TOTP until the member
 * sets both with their invitation (invitations.ts), so the admin never knows either. Emails are
 * kept in lower case.
 */
import type { Db, StaffRole } from '../db/types';
import { hashPassword, passwordProblem, type PasswordProblem } from './passwords';
import { acceptedStep, decryptSecret, encryptSecret, newTotpSecret, totpUri } from './totp';

export const STAFF_ROLES: readonly StaffRole[] = ['editor', 'approver', 'client_manager', 'admin'];

export const isStaffRole = (value: string): value is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(value);

/**
 * The password hash and TOTP secret of an account whose member has not accepted the invitation
 * yet: no password verifies against it (not a `scrypt$` hash), so nobody signs in.
 */
export const NOT_SET = 'invited';

/** The roles an admin alone cannot give: a second admin approves them (staff-routes.ts). */
export const GRANTED_ROLES: ReadonlySet<StaffRole> = new Set(['approver', 'admin']);

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * Whether `code` is a current code of the account's TOTP secret, not used before: its step is
 * then recorded as the account's last (in one conditional UPDATE, so of two requests with one
 * code only one gets it). The sign-in and a member's own credential changes both spend codes here.
 */
export async function spendTotpCode(
  db: Db,
  totpKey: Buffer,
  account: { id: number; totp_secret: string; totp_last_step: number | string | null },
  code: string,
  now: Date,
): Promise<boolean> {
  const lastStep = account.totp_last_step === null ? null : Number(account.totp_last_step);
  const step = acceptedStep(decryptSecret(totpKey, account.totp_secret), code, now, lastStep);
  if (step === null) return false;
  const used = await db
    .updateTable('staff_accounts')
    .set({ totp_last_step: step })
    .where('id', '=', account.id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

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

export interface InvitedStaff {
  email: string;
  name: string;
  role: StaffRole;
}

/**
 * An account for an invited member: no password, no TOTP; a role an admin alone cannot give
 * waits (`role_granted` 0: no role at all) for a second admin. Null when the email is taken.
 */
export async function inviteStaff(
  db: Db,
  staff: InvitedStaff,
  now: Date,
): Promise<{ id: number; email: string } | null> {
  const email = normalizeEmail(staff.email);
  const row = await db
    .insertInto('staff_accounts')
    .values({
      email,
      display_name: staff.name.trim(),
      role: staff.role,
      password_hash: NOT_SET,
      totp_secret: NOT_SET,
      totp_last_step: null,
      created_at: now.toISOString(),
      disabled_at: null,
      role_granted: GRANTED_ROLES.has(staff.role) ? 0 : 1,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? { id: row.id, email } : null;
}
