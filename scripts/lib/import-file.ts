/**
 * Generates a streamed import file (schemas/import-record.schema.json) of `count` debtor records,
 * one a line, for the import tests and `npm run bench:import`: JSON Lines or CSV (a header of
 * property paths), written as a stream (never held in memory). `bad` names line numbers whose
 * record is made invalid (a balance that is not a number). `rich` records carry what an agency's
 * nightly file does: two phones, a monthly plan of three payments and two transactions.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export interface ImportFileOptions {
  count: number;
  format: 'jsonl' | 'csv';
  /** Letters that start every account number and debtor key (unique per test). */
  prefix: string;
  /** File line numbers (1-based; a CSV's line 1 is its header) of records made invalid. */
  bad?: readonly number[];
  rich?: boolean;
  /** Last name of every debtor (default: the prefix, capitalized). */
  lastName?: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** The record of debtor `i` (1-based), as JSON. */
export function generatedRecord(i: number, options: ImportFileOptions): Record<string, unknown> {
  const { prefix } = options;
  const lastName = options.lastName ?? prefix.charAt(0) + prefix.slice(1).toLowerCase();
  const balance = 100 + (i % 900) + (i % 100) / 100;
  const account: Record<string, unknown> = {
    accountNumber: `${prefix}1.${i}`,
    clientId: 'NWB',
    creditorName: 'Northwind Bank',
    balance,
    originalBalance: balance,
    statusCode: 'ACT',
    dateOfReferral: '2026-01-15',
  };
  if (options.rich) {
    const amount = Math.round((balance / 3) * 100) / 100;
    account.arrangements = [
      {
        ref: 'ppa',
        type: 'PPA',
        amount: Math.round(amount * 300) / 100,
        beginBalance: balance,
        payments: [
          { date: '2026-11-01', amount, status: 'Paid' },
          { date: '2027-01-01', amount, status: 'PostDate' },
          { date: '2027-02-01', amount, status: 'PostDate' },
        ],
      },
    ];
    account.transactions = [
      { date: '2026-10-01', amount: 25, type: 'Check' },
      { date: '2026-11-01', amount, type: 'CreditCard' },
    ];
  }
  return {
    key: `${prefix.toLowerCase()}-${i}`,
    firstName: 'Pat',
    lastName,
    ssnLast4: pad(i % 10_000, 4),
    dateOfBirth: `19${pad(50 + (i % 50), 2)}-0${1 + (i % 9)}-1${i % 10}`,
    phones: options.rich
      ? [
          { phoneNumber: `555${pad(i % 10_000_000, 7)}`, type: 'mobile' },
          { phoneNumber: `556${pad(i % 10_000_000, 7)}`, type: 'home' },
        ]
      : [{ phoneNumber: `555${pad(i % 10_000_000, 7)}` }],
    accounts: [account],
  };
}

/** The CSV columns of a record (property paths) and its cells. */
function flatten(value: unknown, path: string, out: Map<string, string>): void {
  if (Array.isArray(value)) value.forEach((item, i) => flatten(item, `${path}.${i}`, out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value))
      flatten(item, path ? `${path}.${key}` : key, out);
  } else out.set(path, String(value));
}

const cell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

export async function writeImportFile(file: string, options: ImportFileOptions): Promise<void> {
  const out = createWriteStream(file);
  const bad = new Set(options.bad ?? []);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  let columns: string[] | null = null;
  for (let i = 1; i <= options.count; i += 1) {
    const record = generatedRecord(i, options);
    if (options.format === 'jsonl') {
      if (bad.has(i)) (record.accounts as Record<string, unknown>[])[0]!.balance = 'bad';
      await write(`${JSON.stringify(record)}\n`);
      continue;
    }
    const cells = new Map<string, string>();
    flatten(record, '', cells);
    if (columns === null) {
      columns = [...cells.keys()];
      await write(`${columns.join(',')}\n`);
    }
    if (bad.has(i + 1)) cells.set('accounts.0.balance', 'bad');
    await write(`${columns.map((name) => cell(cells.get(name) ?? '')).join(',')}\n`);
  }
  out.end();
  await once(out, 'close');
}
