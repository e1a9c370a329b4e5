/**
 * Delta records of a streamed import (schemas/import-record.schema.json `delta`), written in the
 * batch's transaction: each changes one account, found by its number, and only when what it says
 * differs from what the account holds (a conditional UPDATE, an INSERT that does nothing on its
 * key), so the same file again changes 0 rows and says so.
 */
import type { ExpressionBuilder, Transaction, Updateable } from 'kysely';
import { addDays, resolveDay } from '../dates';
import type { Delta, Hold } from '../../generated/types/import-record';
import { writeReturn } from './import-returns';
import type { AccountsTable, Database } from './types';

/** The holds an account can carry, in the order `accounts.holds` lists them. */
export const HOLDS: readonly Hold[] = ['attorney', 'bankruptcy', 'cease-communication', 'deceased'];

/** `accounts.holds` as a list ('' is none). */
export function holdsOf(column: string): Hold[] {
  return column === '' ? [] : (column.split(',') as Hold[]);
}

/** A closed account is listed for this many days after the day it closed. */
const CLOSED_LISTED_DAYS = 45;

export interface DeltaLine {
  line: number;
  delta: Delta;
}

export interface DeltaOutcome {
  changed: number;
  unchanged: number;
  rejects: { line: number; reasons: string[] }[];
}

interface AccountRef {
  id: number;
  holds: string;
}

type AccountUpdate = Partial<
  Pick<
    Updateable<AccountsTable>,
    | 'balance_cents'
    | 'total_paid_cents'
    | 'outstanding_balance_cents'
    | 'settlement_balance_cents'
    | 'minimum_payment_due_cents'
    | 'last_update_date'
    | 'last_viewable_date'
    | 'is_closed'
    | 'status_code'
    | 'holds'
    | 'dispute_status'
    | 'dispute_status_date'
  >
>;

const cents = (dollars: number): number => Math.round(dollars * 100);

/** The account columns a delta sets (a payment is not one: it adds a transaction). */
function accountUpdate(
  delta: Exclude<Delta, { kind: 'payment' | 'returned' }>,
  today: string,
  holds: string,
) {
  const day = (value: string | undefined) =>
    value === undefined ? today : (resolveDay(value, today) ?? today);
  const set: AccountUpdate = {};
  switch (delta.kind) {
    case 'balance':
      set.balance_cents = cents(delta.balance);
      if (delta.totalPaid !== undefined) set.total_paid_cents = cents(delta.totalPaid);
      if (delta.outstandingBalance !== undefined) {
        set.outstanding_balance_cents = cents(delta.outstandingBalance);
      }
      if (delta.settlementBalance !== undefined) {
        set.settlement_balance_cents = cents(delta.settlementBalance);
      }
      if (delta.minimumPaymentDue !== undefined) {
        set.minimum_payment_due_cents = cents(delta.minimumPaymentDue);
      }
      set.last_update_date = day(delta.date);
      break;
    case 'status': {
      const on = day(delta.date);
      set.last_update_date = on;
      if (delta.action === 'reopen') {
        set.is_closed = 0;
        set.status_code = delta.statusCode ?? 'ACT';
        set.last_viewable_date = null;
      } else {
        set.is_closed = 1;
        set.status_code = delta.statusCode ?? (delta.action === 'close' ? 'CLS' : 'RCL');
        // A recalled account goes back to the client: listed no more from its day on.
        set.last_viewable_date =
          delta.action === 'close' ? addDays(on, CLOSED_LISTED_DAYS) : addDays(on, -1);
      }
      break;
    }
    case 'hold': {
      const next = new Set(holdsOf(holds));
      if (delta.action === 'set') next.add(delta.hold);
      else next.delete(delta.hold);
      set.holds = HOLDS.filter((hold) => next.has(hold)).join(',');
      break;
    }
    case 'dispute':
      set.dispute_status = delta.status;
      set.dispute_status_date = day(delta.date);
      break;
  }
  return set;
}

/** Some column differs from the value it would be set to (null-safe on both databases). */
function differs(set: AccountUpdate) {
  return (eb: ExpressionBuilder<Database, 'accounts'>) =>
    eb.or(
      Object.entries(set).map(([column, value]) =>
        eb(column as keyof AccountUpdate, 'is distinct from', value as never),
      ),
    );
}

/** The accounts the deltas name, by number (in chunks, below every database's parameter limit). */
async function accountsOf(
  trx: Transaction<Database>,
  numbers: readonly string[],
): Promise<Map<string, AccountRef>> {
  const found = new Map<string, AccountRef>();
  for (let i = 0; i < numbers.length; i += 500) {
    const rows = await trx
      .selectFrom('accounts')
      .select(['id', 'account_number', 'holds'])
      .where('account_number', 'in', numbers.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.account_number, { id: row.id, holds: row.holds });
  }
  return found;
}

/** Writes a batch's deltas in order; a delta naming no account is rejected. */
export async function writeDeltas(
  trx: Transaction<Database>,
  lines: readonly DeltaLine[],
  today: string,
  stamp: string,
): Promise<DeltaOutcome> {
  const outcome: DeltaOutcome = { changed: 0, unchanged: 0, rejects: [] };
  if (lines.length === 0) return outcome;
  const accounts = await accountsOf(trx, [...new Set(lines.map((l) => l.delta.accountNumber))]);
  for (const { line, delta } of lines) {
    const account = accounts.get(delta.accountNumber);
    if (!account) {
      outcome.rejects.push({
        line,
        reasons: [`/accountNumber: names no account (${delta.accountNumber})`],
      });
      continue;
    }
    let changed: bigint;
    if (delta.kind === 'returned') {
      const returned = await writeReturn(trx, account.id, delta, today, stamp);
      if (typeof returned === 'object') {
        outcome.rejects.push({ line, reasons: [returned.reason] });
        continue;
      }
      changed = returned === 'changed' ? 1n : 0n;
    } else if (delta.kind === 'payment') {
      const result = await trx
        .insertInto('transactions')
        .values({
          account_id: account.id,
          external_ref: delta.ref,
          received_date: resolveDay(delta.date, today) ?? today,
          amount_cents: cents(delta.amount),
          type: delta.type ?? 'Phone',
          auto_or_manual: 'Manual',
          source: delta.source ?? null,
          confirmation_code: delta.confirmationCode ?? null,
          is_pending: 0,
          total_payment_cents: null,
        })
        .onConflict((oc) =>
          oc
            .columns(['account_id', 'external_ref'])
            .where('external_ref', 'is not', null)
            .doNothing(),
        )
        .executeTakeFirst();
      changed = result.numInsertedOrUpdatedRows ?? 0n;
    } else {
      const set = accountUpdate(delta, today, account.holds);
      const result = await trx
        .updateTable('accounts')
        .set(set)
        .where('id', '=', account.id)
        .where(differs(set))
        .executeTakeFirst();
      changed = result.numUpdatedRows;
      if (set.holds !== undefined) account.holds = set.holds;
    }
    if (changed > 0n) outcome.changed += 1;
    else outcome.unchanged += 1;
  }
  return outcome;
}
