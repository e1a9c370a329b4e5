/**
 * What an import checks before it writes anything: the file against schemas/import.schema.json
 * (ajv), then what a schema cannot say (real days, whole cents, duplicate keys, references to
 * funding methods and clients). Every problem is collected with its JSON pointer.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Ajv, ErrorObject } from 'ajv';
import { createAjv } from '../ajv';
import { digitsOnly } from '../auth/keys';
import { isValidDay, resolveDay } from '../dates';
import { toCents } from '../money';
import type { Import } from '../../generated/types/import';

export interface ImportProblem {
  /** JSON pointer into the file, e.g. /debtors/0/accounts/1/balance */
  path: string;
  reason: string;
}

export interface ImportCounts {
  debtors: number;
  phones: number;
  accounts: number;
  arrangements: number;
  payments: number;
  transactions: number;
  letters: number;
  letterOptions: number;
  fundingMethods: number;
}

export type ImportResult =
  { ok: true; counts: ImportCounts } | { ok: false; problems: ImportProblem[] };

export interface ImportOptions {
  identityHmacKey: Buffer;
  /** Import day (YYYY-MM-DD) that relative days are resolved against. */
  today: string;
  /** Timestamp for created/updated columns. */
  now: Date;
  schemaFile?: string;
  /**
   * Client ids an account's clientId may name (the file names of flows/clients). Default: the
   * repository's flows/clients folder.
   */
  clientIds?: readonly string[];
}

export const defaultSchemaFile = path.resolve(
  import.meta.dirname,
  '../../../schemas/import.schema.json',
);
let compiled: { file: string; validate: ReturnType<Ajv['compile']> } | undefined;

export function validator(schemaFile: string): ReturnType<Ajv['compile']> {
  if (compiled?.file === schemaFile) return compiled.validate;
  const ajv = createAjv();
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as object;
  compiled = { file: schemaFile, validate: ajv.compile(schema) };
  return compiled.validate;
}

export function describe(error: ErrorObject): ImportProblem {
  const base = error.instancePath || '/';
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty: string }).missingProperty;
    return { path: `${error.instancePath}/${missing}`, reason: 'is required' };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params as { additionalProperty: string }).additionalProperty;
    return { path: `${error.instancePath}/${extra}`, reason: 'is not an allowed property' };
  }
  return { path: base, reason: error.message ?? error.keyword };
}

const defaultClientsDir = path.resolve(import.meta.dirname, '../../../flows/clients');

/** The client ids of the repository's flows/clients folder (file names without .json). */
export function defaultClientIds(dir = defaultClientsDir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -5));
}

/** Converts the file into rows, collecting problems instead of throwing. */
export class Checker {
  readonly problems: ImportProblem[] = [];
  constructor(private readonly today: string) {}

  day(value: string, at: string): string;
  day(value: string | undefined, at: string): string | null;
  day(value: string | undefined, at: string): string | null {
    if (value === undefined) return null;
    const resolved = resolveDay(value, this.today);
    if (resolved === null) this.problems.push({ path: at, reason: `is not a valid day: ${value}` });
    return resolved ?? '1970-01-01';
  }

  cents(value: number, at: string): number;
  cents(value: number | undefined, at: string): number | null;
  cents(value: number | undefined, at: string): number | null {
    if (value === undefined) return null;
    const cents = toCents(value);
    if (cents === null) this.problems.push({ path: at, reason: 'has more than 2 decimals' });
    return cents ?? 0;
  }

  unique(seen: Map<string, string>, key: string, at: string, what: string): void {
    const first = seen.get(key);
    if (first !== undefined) {
      this.problems.push({ path: at, reason: `duplicate ${what} ${key} (first at ${first})` });
    } else {
      seen.set(key, at);
    }
  }
}

/** Every check of a valid file's records (the first pass: nothing is written while one fails). */
export function checkRecords(file: Import, options: ImportOptions): Checker {
  const check = new Checker(options.today);
  const debtorKeys = new Map<string, string>();
  const accountNumbers = new Map<string, string>();
  const letterIds = new Map<string, string>();
  const clientIds = new Set(options.clientIds ?? defaultClientIds());

  // First pass: every check, so all problems are reported before anything is written.
  file.debtors.forEach((debtor, d) => {
    const dp = `/debtors/${d}`;
    check.unique(debtorKeys, debtor.key, `${dp}/key`, 'debtor key');
    if (debtor.dateOfBirth !== undefined && !isValidDay(debtor.dateOfBirth)) {
      check.problems.push({ path: `${dp}/dateOfBirth`, reason: 'is not a valid date' });
    }
    const fundingRefs = new Map<string, string>();
    (debtor.fundingMethods ?? []).forEach((method, f) => {
      const fp = `${dp}/fundingMethods/${f}`;
      check.unique(fundingRefs, method.ref, `${fp}/ref`, 'funding method ref');
      if (method.type === 'card' && method.expiration === undefined) {
        check.problems.push({ path: `${fp}/expiration`, reason: 'is required for a card' });
      }
      if (
        method.type === 'bank' &&
        (method.brand !== undefined || method.expiration !== undefined)
      ) {
        check.problems.push({ path: fp, reason: 'a bank account has no brand or expiration' });
      }
    });
    const phones = new Map<string, string>();
    (debtor.phones ?? []).forEach((phone, p) => {
      const digits = digitsOnly(phone.phoneNumber);
      const at = `${dp}/phones/${p}/phoneNumber`;
      if (digits.length < 10 || digits.length > 15) {
        check.problems.push({ path: at, reason: 'must have 10 to 15 digits' });
      }
      check.unique(phones, digits, at, 'phone number');
    });
    debtor.accounts.forEach((account, a) => {
      const ap = `${dp}/accounts/${a}`;
      check.unique(accountNumbers, account.accountNumber, `${ap}/accountNumber`, 'account number');
      if (account.clientId !== undefined && !clientIds.has(account.clientId)) {
        check.problems.push({
          path: `${ap}/clientId`,
          reason: `names no client settings file (flows/clients/${account.clientId}.json)`,
        });
      }
      for (const field of [
        'balance',
        'originalBalance',
        'totalPaid',
        'outstandingBalance',
        'settlementBalance',
        'minimumPaymentDue',
        'stabilizationAmount',
        'newBalance',
      ] as const) {
        check.cents(account[field], `${ap}/${field}`);
      }
      for (const field of [
        'newBalanceDate',
        'dateOfReferral',
        'dateOfLastPay',
        'lastUpdateDate',
        'lastViewableDate',
        'statementDate',
        'saveDate',
      ] as const) {
        check.day(account[field], `${ap}/${field}`);
      }
      const refs = new Map<string, string>();
      (account.arrangements ?? []).forEach((arr, r) => {
        const rp = `${ap}/arrangements/${r}`;
        check.unique(refs, arr.ref, `${rp}/ref`, 'arrangement ref');
        check.cents(arr.amount, `${rp}/amount`);
        check.cents(arr.beginBalance, `${rp}/beginBalance`);
        check.day(arr.created, `${rp}/created`);
        const days = new Map<string, string>();
        arr.payments.forEach((payment, i) => {
          const pp = `${rp}/payments/${i}`;
          const day = check.day(payment.date, `${pp}/date`);
          check.unique(days, day, `${pp}/date`, 'payment day');
          check.cents(payment.amount, `${pp}/amount`);
          if (payment.fundingRef !== undefined && !fundingRefs.has(payment.fundingRef)) {
            check.problems.push({
              path: `${pp}/fundingRef`,
              reason: `names no funding method of this debtor (${payment.fundingRef})`,
            });
          }
        });
      });
      (account.transactions ?? []).forEach((tx, t) => {
        const tp = `${ap}/transactions/${t}`;
        check.day(tx.date, `${tp}/date`);
        check.cents(Math.abs(tx.amount), `${tp}/amount`);
        if (tx.totalPayment !== undefined) {
          check.cents(Math.abs(tx.totalPayment), `${tp}/totalPayment`);
        }
      });
      (account.letters ?? []).forEach((letter, l) => {
        const lp = `${ap}/letters/${l}`;
        check.unique(letterIds, String(letter.letterId), `${lp}/letterId`, 'letter id');
        check.day(letter.requestDate, `${lp}/requestDate`);
        check.cents(letter.principalBalance, `${lp}/principalBalance`);
        const numbers = new Map<string, string>();
        letter.options.forEach((option, o) => {
          const op = `${lp}/options/${o}`;
          check.unique(numbers, String(option.optionNumber), `${op}/optionNumber`, 'option number');
          check.day(option.dueDate, `${op}/dueDate`);
          check.cents(option.settlementAmount, `${op}/settlementAmount`);
          check.cents(option.paymentAmount, `${op}/paymentAmount`);
          if (option.schedule.length !== option.numberOfPayments) {
            check.problems.push({
              path: `${op}/schedule`,
              reason: `has ${option.schedule.length} payments but numberOfPayments is ${option.numberOfPayments}`,
            });
          }
          option.schedule.forEach((entry, s) => {
            check.day(entry.date, `${op}/schedule/${s}/date`);
            check.cents(entry.amount, `${op}/schedule/${s}/amount`);
          });
        });
      });
    });
  });
  return check;
}
