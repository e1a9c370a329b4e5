/**
 * Ownership checks shared by the account-scoped routes: an account that is not the token debtor's,
 * or a closed account past its viewable date, is answered 404 exactly like a missing one.
 */
import type { PortalContext } from '../context';
import type { AccountRow } from '../db/types';
import { ApiError } from '../http/errors';
import { isViewable, mapDebtor } from './mappers';

export const normalizeAccountNumber = (value: string): string => value.trim().toUpperCase();

/** The documented format of an account number (the `accountNumber` pattern of the schemas). */
export const ACCOUNT_NUMBER = /^[A-Za-z]{1,6}[0-9]\.[0-9]{1,12}$/;

/** True when `value` is an account number in the documented format (surrounding spaces aside). */
export const isAccountNumber = (value: unknown): value is string =>
  typeof value === 'string' && ACCOUNT_NUMBER.test(value.trim());

export async function ownedAccount(
  ctx: PortalContext,
  debtorId: number,
  accountNumber: string,
): Promise<AccountRow> {
  // A value that is not an account number names no account: no lookup is made with it.
  if (!isAccountNumber(accountNumber)) throw new ApiError(404, 'accountNotFound');
  const account = await ctx.db
    .selectFrom('accounts')
    .selectAll()
    .where('account_number', '=', normalizeAccountNumber(accountNumber))
    .where('debtor_id', '=', debtorId)
    .executeTakeFirst();
  if (!account || !isViewable(account, ctx.today())) throw new ApiError(404, 'accountNotFound');
  return account;
}

/** Refuses actions that are hidden for closed and end-of-process accounts (409). */
export function assertActionable(account: AccountRow): void {
  if (account.is_closed || account.is_eop) throw new ApiError(409, 'accountClosed');
}

export async function loadDebtor(ctx: PortalContext, debtorId: number) {
  const debtor = await ctx.db
    .selectFrom('debtors')
    .selectAll()
    .where('id', '=', debtorId)
    .executeTakeFirst();
  if (!debtor) throw new ApiError(401, 'unauthorized');
  const phones = await ctx.db
    .selectFrom('debtor_phones')
    .select(['phone_number', 'type'])
    .where('debtor_id', '=', debtorId)
    .orderBy('id')
    .execute();
  return { row: debtor, api: mapDebtor(debtor, phones) };
}

/** The name a person or business goes by, for confirmations. */
export function displayName(debtor: {
  first_name: string | null;
  last_name: string;
  business_name: string | null;
}): string {
  if (debtor.business_name && !debtor.first_name) return debtor.business_name;
  return [debtor.first_name, debtor.last_name].filter(Boolean).join(' ');
}
