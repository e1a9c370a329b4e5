/**
 * The bulk path of a streamed import on PostgreSQL (import-bulk.ts): each table's rows of the
 * batch go by `COPY … FROM STDIN` (pg-copy-streams, text format) into a staging table of the
 * session (temporary, emptied at each commit), then one `INSERT … SELECT … ON CONFLICT` merges it
 * into its table, looking parents up by natural key. It runs on the connection the batch's
 * transaction holds (import-connection.ts gives the import a connection of its own for this).
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
  return async (_trx, rows, stamp) => {
    if (rows.debtors.length === 0) return;
    // The staging tables live as long as the session (made again after a rolled-back batch).
    await timed('pg stage create', () => client.query([...stage, PLAN].join(';\n')));
    for (const table of TABLES) {
      const list: Row[] = rows[table];
      if (list.length === 0) continue;
      const names = BULK_COLUMNS[table];
      let text = '';
      for (const row of list) text += `${names.map((n) => copyValue(row[n] ?? null)).join('\t')}\n`;
      const copy = client.query(
        copyFrom(`copy ${staging(table)} (${names.join(', ')}) from stdin`),
      );
      await timed(`pg copy ${table}`, () => pipeline(Readable.from([text]), copy));
    }
    for (const [i, statement] of statements.entries()) {
      await timed(`pg merge ${i} ${statement.slice(0, 40).replace(/\s+/g, ' ')}`, () =>
        client.query(statement, statement.includes('$1') ? [stamp] : []),
      );
    }
  };
}
