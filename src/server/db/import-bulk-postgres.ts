/**
 * The bulk path of a streamed import on PostgreSQL (import-bulk.ts): each table's rows of the
 * batch go by `COPY … FROM STDIN` (pg-copy-streams, text format) into a staging table of the
 * session (temporary, emptied at each commit), then one `INSERT … SELECT … ON CONFLICT` merges it
 * into its table, looking parents up by natural key. A batch none of whose debtors or accounts
 * the database holds (a first load) is copied straight into the tables instead (`firstLoad`).
 * Whatever the merges come to write, the first load must write too: the import-stream suite's
 * first-load test compares the two. It runs on the connection the batch's transaction holds
 * (import-connection.ts gives the import a connection of its own for this).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { timed } from './import-profile';
import { BULK_COLUMNS, type BulkRows, type BulkWriter, type Row } from './import-bulk';

type Table = keyof BulkRows;

/** Where each staging table's columns come from (typed as its target's; no rows are read). */
const SOURCES: Record<Table, { from: string; parents: Record<string, string> }> = {
  debtors: { from: 'debtors x', parents: {} },
  phones: { from: 'debtor_phones x, debtors d', parents: { debtor_key: 'd.external_key' } },
  accounts: { from: 'accounts x, debtors d', parents: { debtor_key: 'd.external_key' } },
  arrangements: {
    from: 'arrangements x, accounts a',
    parents: { account_number: 'a.account_number' },
  },
  payments: {
    from: 'arrangement_payments x, arrangements r, accounts a',
    parents: { account_number: 'a.account_number', arrangement_ref: 'r.external_ref' },
  },
  transactions: {
    from: 'transactions x, accounts a',
    parents: { account_number: 'a.account_number' },
  },
};

function stagingSource(table: Table): string {
  const { from, parents } = SOURCES[table];
  const columns = BULK_COLUMNS[table].map((c) => (parents[c] ? `${parents[c]} as ${c}` : `x.${c}`));
  return `select ${columns.join(', ')} from ${from}`;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format (`\N` is null). */
function copyValue(value: string | number | null): string {
  if (value === null) return '\\N';
  return typeof value === 'number'
    ? String(value)
    : value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!);
}

const staging = (table: Table) => `import_stage_${table}`;
const setExcluded = (columns: readonly string[]) =>
  columns.map((c) => `${c} = excluded.${c}`).join(', ');
const not =
  (...names: string[]) =>
  (c: string) =>
    !names.includes(c);

/** The merges, in order: parents first, each row's parent found by its natural key. */
function merges(columns: Record<Table, string[]>): string[] {
  const debtor = columns.debtors;
  const account = columns.accounts.filter(not('debtor_key', 'account_number'));
  const plan = columns.arrangements.filter(not('account_number', 'external_ref'));
  const pay = columns.payments.filter(not('account_number', 'arrangement_ref', 'pay_date'));
  const tx = columns.transactions.filter(not('account_number'));
  const sd = staging('debtors');
  const sa = staging('accounts');
  const sr = staging('arrangements');
  const sp = staging('payments');
  const list = (names: string[], alias: string) => names.map((n) => `${alias}.${n}`).join(', ');
  return [
    `insert into debtors (${debtor.join(', ')}, created_at) select ${list(debtor, 's')}, $1 from ${sd} s
     on conflict (external_key) do update set ${setExcluded(debtor.filter(not('external_key')))}`,
    `delete from debtor_phones p using ${sd} s join debtors d on d.external_key = s.external_key
     where p.debtor_id = d.id`,
    `insert into debtor_phones (debtor_id, phone_number, type, created_at)
     select d.id, s.phone_number, s.type, $1 from ${staging('phones')} s
     join debtors d on d.external_key = s.debtor_key`,
    `update funding_methods f set deleted_at = $1 from ${sd} s join debtors d on d.external_key = s.external_key
     where f.debtor_id = d.id and f.external_ref is not null and f.deleted_at is null`,
    `insert into accounts (debtor_id, account_number, ${account.join(', ')}, created_at)
     select d.id, s.account_number, ${list(account, 's')}, $1 from ${sa} s
     join debtors d on d.external_key = s.debtor_key
     on conflict (account_number) do update set debtor_id = excluded.debtor_id, ${setExcluded(account)}`,
    `delete from transactions t using ${sa} s join accounts a on a.account_number = s.account_number
     where t.account_id = a.id`,
    `insert into arrangements (account_id, external_ref, ${plan.join(', ')})
     select a.id, s.external_ref, ${list(plan, 's')} from ${sr} s
     join accounts a on a.account_number = s.account_number
     on conflict (account_id, external_ref) do update set ${setExcluded(plan)}`,
    `delete from arrangement_payments p using ${sr} s
     join accounts a on a.account_number = s.account_number
     join arrangements r on r.account_id = a.id and r.external_ref = s.external_ref
     where p.arrangement_id = r.id and not exists (select 1 from ${sp} n
       where n.account_number = s.account_number and n.arrangement_ref = s.external_ref
       and n.pay_date = p.pay_date)`,
    `insert into arrangement_payments (arrangement_id, pay_date, ${pay.join(', ')}, created)
     select r.id, s.pay_date, ${list(pay, 's')}, $1 from ${sp} s
     join accounts a on a.account_number = s.account_number
     join arrangements r on r.account_id = a.id and r.external_ref = s.arrangement_ref
     on conflict (arrangement_id, pay_date) do update set ${setExcluded(pay)}`,
    `insert into transactions (account_id, ${tx.join(', ')})
     select a.id, ${list(tx, 's')} from ${staging('transactions')} s
     join accounts a on a.account_number = s.account_number`,
  ];
}

const TABLES: readonly Table[] = [
  'debtors',
  'phones',
  'accounts',
  'arrangements',
  'payments',
  'transactions',
];

/** Indexes on the staging tables' natural keys, for the merges' lookups of one another. */
const STAGING_INDEXES: Partial<Record<Table, string>> = {
  debtors: 'external_key',
  accounts: 'account_number',
  arrangements: 'account_number, external_ref',
  payments: 'account_number, arrangement_ref, pay_date',
};

/**
 * The merges' plans: a batch's few thousand staging rows are looked up by index in the big
 * tables, never by a scan of them. The planner would otherwise hash-join a scan of every debtor,
 * account, plan, phone and transaction into each batch's merges while an import grows them (their
 * statistics are those from before the import until it ends): 80,000 rows scanned a statement
 * at 100,000 accounts, growing with every batch (an import of 1,000,000 took 30 minutes).
 */
const PLAN =
  'set local enable_seqscan = off; set local enable_hashjoin = off; set local enable_mergejoin = off';

/** Batches written by each path in this process (for the tests, and IMPORT_PROFILE's phases). */
export const postgresBatchPaths = { firstLoad: 0, merge: 0 };

export function postgresBulkWriter(client: pg.Client): BulkWriter {
  const statements = merges(BULK_COLUMNS);
  const stage = TABLES.flatMap((table) => {
    const index = STAGING_INDEXES[table];
    return [
      `create temp table if not exists ${staging(table)} on commit delete rows as
       ${stagingSource(table)} with no data`,
      ...(index
        ? [`create index if not exists ${staging(table)}_key on ${staging(table)} (${index})`]
        : []),
    ];
  });
  const copy = async (table: string, names: readonly string[], text: string, phase: string) => {
    const stream = client.query(copyFrom(`copy ${table} (${names.join(', ')}) from stdin`));
    await timed(phase, () => pipeline(Readable.from([text]), stream));
  };
  return async (_trx, rows, stamp) => {
    if (rows.debtors.length === 0) return;
    await timed('pg plan', () => client.query(PLAN));
    if (await timed('pg fresh check', () => isFresh(client, rows))) {
      postgresBatchPaths.firstLoad += 1;
      return firstLoad(client, rows, stamp, copy);
    }
    postgresBatchPaths.merge += 1;
    // The staging tables live as long as the session (made again after a rolled-back batch).
    await timed('pg stage create', () => client.query(stage.join(';\n')));
    for (const table of TABLES) {
      const list: Row[] = rows[table];
      if (list.length === 0) continue;
      const names = BULK_COLUMNS[table];
      let text = '';
      for (const row of list) text += `${names.map((n) => copyValue(row[n] ?? null)).join('\t')}\n`;
      await copy(staging(table), names, text, `pg copy ${table}`);
    }
    for (const [i, statement] of statements.entries()) {
      await timed(`pg merge ${i} ${statement.slice(0, 40).replace(/\s+/g, ' ')}`, () =>
        client.query(statement, statement.includes('$1') ? [stamp] : []),
      );
    }
  };
}

type Copy = (table: string, names: readonly string[], text: string, phase: string) => Promise<void>;

/** Whether the database holds none of the batch's debtor keys and account numbers. */
async function isFresh(client: pg.Client, rows: BulkRows): Promise<boolean> {
  const result = await client.query<{ found: boolean }>(
    `select exists (select 1 from debtors where external_key = any($1::text[]))
       or exists (select 1 from accounts where account_number = any($2::text[])) as found`,
    [rows.debtors.map((r) => r.external_key), rows.accounts.map((r) => r.account_number)],
  );
  return result.rows[0]?.found === false;
}

/** One line of COPY's text format. */
const line = (values: readonly (string | number | null | undefined)[]) =>
  `${values.map((v) => copyValue(v ?? null)).join('\t')}\n`;

/**
 * A batch none of whose debtors or accounts the database holds (a first load, or a new client's
 * accounts): its rows are copied straight into their tables, with ids taken from the tables'
 * sequences here, so no staging table, no merge and no lookup by natural key. What it writes is
 * what the merges would: with no debtor or account already there, every upsert is an insert and
 * every delete of the lists they replace finds nothing. The tables' constraints (unique keys,
 * checks, foreign keys) are checked as for any insert; a row they refuse fails the batch, which
 * is then written record by record (import-stream.ts), as on the merge path.
 */
async function firstLoad(
  client: pg.Client,
  rows: BulkRows,
  stamp: string,
  copy: Copy,
): Promise<void> {
  const ids = await timed('pg ids', () =>
    client.query<{ d: string[]; a: string[]; r: string[] }>(
      `select array(select nextval(pg_get_serial_sequence('debtors', 'id')) from generate_series(1, $1)) d,
        array(select nextval(pg_get_serial_sequence('accounts', 'id')) from generate_series(1, $2)) a,
        array(select nextval(pg_get_serial_sequence('arrangements', 'id')) from generate_series(1, $3)) r`,
      [rows.debtors.length, rows.accounts.length, rows.arrangements.length],
    ),
  );
  const { d, a, r } = ids.rows[0]!;
  const debtorIds = new Map<unknown, string>();
  const accountIds = new Map<unknown, string>();
  const planIds = new Map<string, string>();
  const planKey = (account: unknown, ref: unknown) => `${String(account)}\u0000${String(ref)}`;

  const debtorNames = BULK_COLUMNS.debtors;
  let text = '';
  rows.debtors.forEach((row, i) => {
    debtorIds.set(row.external_key, d[i]!);
    text += line([d[i], ...debtorNames.map((n) => row[n]), stamp]);
  });
  await copy('debtors', ['id', ...debtorNames, 'created_at'], text, 'pg first copy debtors');

  text = '';
  for (const row of rows.phones) {
    text += line([debtorIds.get(row.debtor_key), row.phone_number, row.type, stamp]);
  }
  if (text) {
    const names = ['debtor_id', 'phone_number', 'type', 'created_at'];
    await copy('debtor_phones', names, text, 'pg first copy phones');
  }

  const accountNames = BULK_COLUMNS.accounts.filter(not('debtor_key'));
  text = '';
  rows.accounts.forEach((row, i) => {
    accountIds.set(row.account_number, a[i]!);
    text += line([a[i], debtorIds.get(row.debtor_key), ...accountNames.map((n) => row[n]), stamp]);
  });
  const accountColumns = ['id', 'debtor_id', ...accountNames, 'created_at'];
  await copy('accounts', accountColumns, text, 'pg first copy accounts');

  const planNames = BULK_COLUMNS.arrangements.filter(not('account_number'));
  text = '';
  rows.arrangements.forEach((row, i) => {
    planIds.set(planKey(row.account_number, row.external_ref), r[i]!);
    text += line([r[i], accountIds.get(row.account_number), ...planNames.map((n) => row[n])]);
  });
  if (text) {
    const names = ['id', 'account_id', ...planNames];
    await copy('arrangements', names, text, 'pg first copy arrangements');
  }

  const payNames = BULK_COLUMNS.payments.filter(not('account_number', 'arrangement_ref'));
  text = '';
  for (const row of rows.payments) {
    const plan = planIds.get(planKey(row.account_number, row.arrangement_ref));
    text += line([plan, ...payNames.map((n) => row[n]), stamp]);
  }
  if (text) {
    const names = ['arrangement_id', ...payNames, 'created'];
    await copy('arrangement_payments', names, text, 'pg first copy payments');
  }

  const txNames = BULK_COLUMNS.transactions.filter(not('account_number'));
  text = '';
  for (const row of rows.transactions) {
    text += line([accountIds.get(row.account_number), ...txNames.map((n) => row[n])]);
  }
  if (text) {
    const names = ['account_id', ...txNames];
    await copy('transactions', names, text, 'pg first copy transactions');
  }
}
