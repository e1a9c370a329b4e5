/**
 * The precompiled reads of the signed-in account routes (routes/accounts.ts), each one statement:
 * one round trip to the database.
 *
 * A request of Account/Detailed used to make six: the account, its arrangements, their payments,
 * its transactions, the debtor and the debtor's phones. On PostgreSQL each was a network round
 * trip and a pool connection (four at once per request), on SQLite each a pass through Kysely's
 * driver. Now one statement answers with the account's row and, as JSON columns of that row, the
 * rows that hang off it, built by correlated subqueries (SQLite's json_object and
 * json_group_array; PostgreSQL's json_build_array, each row its values in the columns' order, and
 * ARRAY subqueries made JSON). The lists are put in order here, after parsing (`readJson`, with
 * the list's comparator in LIST_ORDER: the same order the separate queries'
 * ORDER BY gave, each a total order ending in the id), not by the aggregates: an ordered
 * aggregate costs SQLite a temporary B-tree per list and row, about a quarter of the statement's
 * time, while sorting a handful of parsed rows costs next to nothing. ListOverview (the debtor's accounts, each with its
 * pending sum, arrangements and payments) and PrimaryDebtorInfo (the debtor with the phones) are
 * one statement each the same way.
 *
 * The account itself is a JSON column too: JSON.parse builds an object of forty properties faster
 * than either driver builds a row of forty columns. Both write the columns the table type
 * declares (SQLite with json_object, PostgreSQL with json_build_array). Each JSON column is a top-level column, never nested in
 * another JSON value (SQLite would have to parse it again with json()).
 *
 * The JSON holds the columns each table type declares (listed once below; the compiler checks each
 * list is complete), with the values as the drivers give them for plain columns: integers as
 * numbers, text as strings, NULL as null. pg parses `json` values itself (the arrays are named in
 * `readJson`); SQLite gives the text of objects.
 */
import { sessionRevokedColumn } from '../auth/guard';
import { PostgresAdapter, sql, type Expression, type RawBuilder } from 'kysely';
import type { PortalContext } from '../context';
import { precompile } from '../db/database';
import type {
  AccountRow,
  ArrangementPaymentRow,
  ArrangementRow,
  Database,
  Db,
  TransactionRow,
} from '../db/types';
import { DEBTOR_VIEW_COLUMNS, type DebtorView } from './mappers';

type Dialect = 'sqlite' | 'postgres';

/** Every column of a row type, as a list: the object literal must name each one, and no other. */
function columnsOf<Row>(all: { [K in keyof Row]-?: true }): readonly (keyof Row & string)[] {
  return Object.keys(all) as (keyof Row & string)[];
}

const ACCOUNT_COLUMNS = columnsOf<AccountRow>({
  id: true,
  account_number: true,
  debtor_id: true,
  client_id: true,
  client_account: true,
  creditor_name: true,
  creditor_name_comment: true,
  original_creditor_name: true,
  merchant_name: true,
  balance_cents: true,
  original_balance_cents: true,
  total_paid_cents: true,
  outstanding_balance_cents: true,
  settlement_balance_cents: true,
  minimum_payment_due_cents: true,
  stabilization_amount_cents: true,
  new_balance_cents: true,
  new_balance_date: true,
  status_code: true,
  is_closed: true,
  is_pco: true,
  is_eop: true,
  is_interest_bearing: true,
  is_payment_pending_post: true,
  has_settlement_offers: true,
  allow_pco_min_pay: true,
  show_bring_account_current_text: true,
  show_last_workable_disclosure: true,
  bankruptcy_reported: true,
  end_of_path_notice: true,
  external_payment_url: true,
  support_phone: true,
  date_of_referral: true,
  date_of_last_pay: true,
  last_update_date: true,
  last_viewable_date: true,
  statement_date: true,
  save_date: true,
  created_at: true,
  updated_at: true,
  holds: true,
  dispute_status: true,
  dispute_status_date: true,
});

const ARRANGEMENT_COLUMNS = columnsOf<ArrangementRow>({
  id: true,
  account_id: true,
  external_ref: true,
  type: true,
  amount_cents: true,
  active: true,
  begin_balance_cents: true,
  created: true,
  allow_remaining: true,
  modifiable_online: true,
  cancelled_at: true,
});

const PAYMENT_COLUMNS = columnsOf<ArrangementPaymentRow>({
  id: true,
  arrangement_id: true,
  pay_date: true,
  amount_cents: true,
  status: true,
  is_pending_post: true,
  is_electronic: true,
  funding_id: true,
  paid_with: true,
  confirmation: true,
  submitted: true,
  approved: true,
  satisfied: true,
  created: true,
});

const TRANSACTION_COLUMNS = columnsOf<TransactionRow>({
  id: true,
  account_id: true,
  received_date: true,
  amount_cents: true,
  type: true,
  auto_or_manual: true,
  source: true,
  confirmation_code: true,
  is_pending: true,
  total_payment_cents: true,
  external_ref: true,
  returned_date: true,
});

export interface PhoneRow {
  id: number;
  phone_number: string;
  type: string;
}
const PHONE_COLUMNS = ['id', 'phone_number', 'type'] as const satisfies readonly (keyof PhoneRow)[];

/**
 * A row's columns as JSON: on SQLite an object (`json_object('key', value, ...)`), on PostgreSQL
 * an array of the values in the columns' order (`json_build_array(value, ...)`), named here after
 * parsing (`rowOf`). PostgreSQL builds each JSON value through a look-up of its type's output for
 * every value of every read (its caches last one execution, and each read is one row), keys
 * included: the arrays are half the bytes and a quarter less of the backend's time for the read.
 */
function jsonColumns(
  dialect: Dialect,
  alias: string,
  columns: readonly string[],
): RawBuilder<unknown> {
  if (dialect === 'postgres') {
    // PostgreSQL takes at most 100 arguments a function (FUNC_MAX_ARGS).
    if (columns.length > 100) throw new Error(`json_build_array: ${alias} has too many columns`);
    return sql`json_build_array(${sql.join(columns.map((column) => sql.ref(`${alias}.${column}`)))})`;
  }
  const pairs = sql.join(
    columns.flatMap((column) => [sql.lit(column), sql.ref(`${alias}.${column}`)]),
  );
  return sql`json_object(${pairs})`;
}

interface RowsOf {
  table: keyof Database & string;
  alias: string;
  columns: readonly string[];
  /** Joined after the table, before `where` (`join ... on ...`). */
  join?: Expression<unknown>;
  where: Expression<unknown>;
}

/**
 * A scalar subquery: the rows as one JSON array, in no particular order (`[]` for none). On
 * PostgreSQL an ARRAY subquery made JSON (`array_to_json(array(select ...))`), not the aggregate
 * `json_agg`: an aggregate's state and expressions are set up anew on every execution, about a
 * fifth of the backend's time for Account/Detailed's read with its four lists.
 */
function jsonRows<Row>(dialect: Dialect, of: RowsOf): RawBuilder<JsonRows<Row>> {
  const object = jsonColumns(dialect, of.alias, of.columns);
  const join = of.join ? sql` ${of.join}` : sql``;
  const from = sql`${sql.table(of.table)} as ${sql.id(of.alias)}${join} where ${of.where}`;
  return dialect === 'postgres'
    ? sql`array_to_json(array(select ${object} from ${from}))`
    : sql`(select json_group_array(${object}) from ${from})`;
}

/** A scalar subquery: the one row as JSON (null when there is none). */
function jsonRow<Row>(dialect: Dialect, of: RowsOf): RawBuilder<JsonRow<Row> | null> {
  const object = jsonColumns(dialect, of.alias, of.columns);
  return sql`(select ${object} from ${sql.table(of.table)} as ${sql.id(of.alias)} where ${of.where})`;
}

declare const rowType: unique symbol;

/**
 * A JSON column of one row: text from SQLite (an object by column name), from pg the parsed
 * array of the values in the columns' order. Read it with `rowOf`.
 */
export type JsonRow<Row> = (string | unknown[]) & { readonly [rowType]?: Row };
/** A JSON column of a list of rows: text from SQLite, from pg an array of rows as `JsonRow`. */
export type JsonRows<Row> = (string | unknown[][]) & { readonly [rowType]?: Row[] };

/** A row as an object, from its values in the columns' order (one shape for every row). */
function named<Row>(columns: readonly string[], values: readonly unknown[]): Row {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i += 1) row[columns[i] as string] = values[i];
  return row as Row;
}

/**
 * A JSON row column as an object by column name. Its shape is the one the statement built (the
 * column lists above), not checked again here.
 */
function rowOf<Row>(value: JsonRow<Row>, columns: readonly string[]): Row {
  return typeof value === 'string' ? (JSON.parse(value) as Row) : named<Row>(columns, value);
}

/** A JSON list column as objects by column name, put in its order (LIST_ORDER). */
function rowsOf<Row>(
  value: JsonRows<Row>,
  columns: readonly string[],
  order: (a: Row, b: Row) => number,
): Row[] {
  const rows =
    typeof value === 'string'
      ? (JSON.parse(value) as Row[])
      : value.map((values) => named<Row>(columns, values));
  return rows.sort(order);
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The order of each JSON list, as the API gives it (each a total order: the id decides last). */
export const LIST_ORDER = {
  /** By id. */
  arrangements: (a: ArrangementRow, b: ArrangementRow) => a.id - b.id,
  /** By pay date, then id. */
  payments: (a: ArrangementPaymentRow, b: ArrangementPaymentRow) =>
    byText(a.pay_date, b.pay_date) || a.id - b.id,
  /** Newest first: by received date, then id, both descending. */
  transactions: (a: TransactionRow, b: TransactionRow) =>
    byText(b.received_date, a.received_date) || b.id - a.id,
  /** By id. */
  phones: (a: PhoneRow, b: PhoneRow) => a.id - b.id,
} as const;

/** The JSON columns of the reads below as objects by column name, lists in their order. */
export const readJson = {
  account: (value: JsonRow<AccountRow>) => rowOf(value, ACCOUNT_COLUMNS),
  /** Null when the account's debtor has no row. */
  debtor: (value: JsonRow<DebtorView> | null) =>
    value === null ? null : rowOf(value, DEBTOR_VIEW_COLUMNS),
  arrangements: (value: JsonRows<ArrangementRow>) =>
    rowsOf(value, ARRANGEMENT_COLUMNS, LIST_ORDER.arrangements),
  payments: (value: JsonRows<ArrangementPaymentRow>) =>
    rowsOf(value, PAYMENT_COLUMNS, LIST_ORDER.payments),
  transactions: (value: JsonRows<TransactionRow>) =>
    rowsOf(value, TRANSACTION_COLUMNS, LIST_ORDER.transactions),
  phones: (value: JsonRows<PhoneRow>) => rowsOf(value, PHONE_COLUMNS, LIST_ORDER.phones),
};

const eq = (left: string, right: string) => sql`${sql.ref(left)} = ${sql.ref(right)}`;

/** The precompiled reads of the account routes, for one database. */
export function accountQueries(ctx: Pick<PortalContext, 'db'>) {
  const db: Db = ctx.db;
  const dialect: Dialect =
    db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

  /** The row of `accounts` (the outer query's), every column. */
  const account = jsonColumns(dialect, 'accounts', ACCOUNT_COLUMNS) as RawBuilder<
    JsonRow<AccountRow>
  >;
  /** The arrangements of that account (LIST_ORDER.arrangements). */
  const arrangements = jsonRows<ArrangementRow>(dialect, {
    table: 'arrangements',
    alias: 'ar',
    columns: ARRANGEMENT_COLUMNS,
    where: eq('ar.account_id', 'accounts.id'),
  });
  /**
   * The payments of those arrangements (LIST_ORDER.payments). A join, not `arrangement_id in
   * (select ...)`: SQLite built the IN list as a temporary table (a B-tree opened, a page
   * allocated and cleared) on every read, a fifth of Account/Detailed's statement (callgrind:
   * 15,000 of 72,000 instructions).
   */
  const payments = jsonRows<ArrangementPaymentRow>(dialect, {
    table: 'arrangement_payments',
    alias: 'ap',
    columns: PAYMENT_COLUMNS,
    join: sql`join ${sql.table('arrangements')} as ${sql.id('aa')} on ${eq('aa.id', 'ap.arrangement_id')}`,
    where: eq('aa.account_id', 'accounts.id'),
  });
  /** The phones of the debtor `debtorColumn` names (LIST_ORDER.phones). */
  const phones = (debtorColumn: string) =>
    jsonRows<PhoneRow>(dialect, {
      table: 'debtor_phones',
      alias: 'ph',
      columns: PHONE_COLUMNS,
      where: eq('ph.debtor_id', debtorColumn),
    });
  /** The account's transactions (LIST_ORDER.transactions). */
  const transactions = jsonRows<TransactionRow>(dialect, {
    table: 'transactions',
    alias: 'tr',
    columns: TRANSACTION_COLUMNS,
    where: eq('tr.account_id', 'accounts.id'),
  });
  /** The columns the API shows (never the identity hashes). */
  const debtor = jsonRow<DebtorView>(dialect, {
    table: 'debtors',
    alias: 'de',
    columns: DEBTOR_VIEW_COLUMNS,
    where: eq('de.id', 'accounts.debtor_id'),
  });
  /** The pending transactions' sum, null for none (PostgreSQL: a bigint, a string through pg). */
  const pendingCents = sql<
    number | string | null
  >`(select sum(${sql.ref('pt.amount_cents')}) from ${sql.table('transactions')} as ${sql.id('pt')} where ${eq('pt.account_id', 'accounts.id')} and ${sql.ref('pt.is_pending')} = 1)`;

  return {
    /**
     * Account/Detailed: the debtor's account by number, with its arrangements, their payments,
     * its transactions, the debtor and the phones (no row when the debtor has no such account).
     */
    detailed: precompile(db, ['text', 'integer', 'text'], (accountNumber, debtorId, sid) =>
      db
        .selectFrom('accounts')
        .select([
          sessionRevokedColumn(sid).as('revoked'),
          account.as('account'),
          arrangements.as('arrangements'),
          payments.as('payments'),
          transactions.as('transactions'),
          debtor.as('debtor'),
          phones('accounts.debtor_id').as('phones'),
        ])
        .where('accounts.account_number', '=', accountNumber)
        .where('accounts.debtor_id', '=', debtorId),
    ),
    /** ListOverview: the debtor's accounts by number, each with pending sum and arrangements. */
    accountsOfDebtor: precompile(db, ['integer', 'text'], (debtorId, sid) =>
      db
        .selectFrom('accounts')
        .select([
          sessionRevokedColumn(sid).as('revoked'),
          account.as('account'),
          pendingCents.as('pending_cents'),
          arrangements.as('arrangements'),
          payments.as('payments'),
        ])
        .where('accounts.debtor_id', '=', debtorId)
        .orderBy('accounts.account_number'),
    ),
    /** PrimaryDebtorInfo: the debtor (the columns the API shows) with the phones. */
    debtor: precompile(db, ['integer', 'text'], (debtorId, sid) =>
      db
        .selectFrom('debtors')
        .select(sessionRevokedColumn(sid).as('revoked'))
        .select(DEBTOR_VIEW_COLUMNS)
        .select(phones('debtors.id').as('phones'))
        .where('debtors.id', '=', debtorId),
    ),
  };
}
