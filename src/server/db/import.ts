/**
 * Imports portal data (schemas/import.schema.json): validates the whole file with ajv, checks
 * what a schema cannot (dates, cents, duplicates), then upserts by natural keys in one transaction.
 * If any record is bad, every problem is reported with its JSON path and nothing is written.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Ajv, ErrorObject } from 'ajv';
import { createAjv } from '../ajv';
import { sql, type Transaction } from 'kysely';
import { hashDateOfBirth, hashSsnLast4, normalizeName, digitsOnly } from '../auth/keys';
import { isValidDay, resolveDay } from '../dates';
import { toCents } from '../money';
import '../payments/tables';
import type {
  Account,
  Arrangement,
  Debtor,
  FundingMethod,
  Import,
} from '../../generated/types/import';
import type { Database, Db } from './types';

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

/** One payment of an arrangement in the file. */
type FilePayment = Arrangement['payments'][number];

const defaultSchemaFile = path.resolve(import.meta.dirname, '../../../schemas/import.schema.json');
let compiled: { file: string; validate: ReturnType<Ajv['compile']> } | undefined;

function validator(schemaFile: string): ReturnType<Ajv['compile']> {
  if (compiled?.file === schemaFile) return compiled.validate;
  const ajv = createAjv();
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8')) as object;
  compiled = { file: schemaFile, validate: ajv.compile(schema) };
  return compiled.validate;
}

function describe(error: ErrorObject): ImportProblem {
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

/** YYYY-MM -> the last day of that month. */
function lastDayOfMonth(month: string): string {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

const BRAND_LABELS: Record<string, string> = {
  visa: 'Visa',
  mc: 'Mastercard',
  amex: 'American Express',
  disc: 'Discover',
};

const flag = (value: boolean | undefined, fallback = false): number =>
  (value ?? fallback) ? 1 : 0;

/** Converts the file into rows, collecting problems instead of throwing. */
class Checker {
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

/** The tables an import writes, whose planner statistics it brings up to date. */
const IMPORTED_TABLES = [
  'debtors',
  'debtor_phones',
  'accounts',
  'arrangements',
  'arrangement_payments',
  'transactions',
  'letters',
  'letter_options',
  'letter_option_payments',
  'funding_methods',
] as const;

export async function importPortalData(
  db: Db,
  data: unknown,
  options: ImportOptions,
): Promise<ImportResult> {
  const validate = validator(options.schemaFile ?? defaultSchemaFile);
  if (!validate(data)) {
    return { ok: false, problems: (validate.errors ?? []).map(describe) };
  }
  const file = data as Import;
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
  if (check.problems.length > 0) return { ok: false, problems: check.problems };

  const counts: ImportCounts = {
    debtors: 0,
    phones: 0,
    accounts: 0,
    arrangements: 0,
    payments: 0,
    transactions: 0,
    letters: 0,
    letterOptions: 0,
    fundingMethods: 0,
  };
  await db.transaction().execute(async (trx) => {
    for (const debtor of file.debtors) {
      await writeDebtor(trx, debtor, check, options, counts);
    }
  });
  // The planner's statistics for the rows just written. Until autovacuum's next analyze (a minute
  // or more later, and only past its thresholds), PostgreSQL plans with default estimates (the
  // account read took its payments from a sequential scan of every scheduled payment, and ran at
  // 15,600 instead of 18,900 a second in pgbench on the benchmark's data). SQLite keeps them too.
  for (const table of IMPORTED_TABLES) {
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
  return { ok: true, counts };
}

async function writeDebtor(
  trx: Transaction<Database>,
  debtor: Debtor,
  check: Checker,
  options: ImportOptions,
  counts: ImportCounts,
): Promise<void> {
  const stamp = options.now.toISOString();
  const key = options.identityHmacKey;
  const prefs = debtor.communicationPrefs ?? {};
  const values = {
    external_key: debtor.key,
    first_name: debtor.firstName ?? null,
    last_name: debtor.lastName,
    business_name: debtor.businessName ?? null,
    last_name_key: normalizeName(debtor.lastName),
    business_name_key: debtor.businessName ? normalizeName(debtor.businessName) : null,
    address_line1: debtor.addressLine1 ?? null,
    address_line2: debtor.addressLine2 ?? null,
    city: debtor.city ?? null,
    state: debtor.state ?? null,
    zip: debtor.zip ?? null,
    email: debtor.email ?? null,
    ssn_last4_hmac: debtor.ssnLast4 ? hashSsnLast4(key, debtor.ssnLast4) : null,
    dob_hmac: debtor.dateOfBirth ? hashDateOfBirth(key, debtor.dateOfBirth) : null,
    require_ssn: flag(debtor.requireSsn),
    allow_sms: flag(debtor.allowSms),
    allow_email: flag(debtor.allowEmail),
    pref_email: flag(prefs.email),
    pref_sms: flag(prefs.sms),
    pref_letter: flag(prefs.letter, true),
    pref_preferred: prefs.preferred ?? null,
    updated_at: stamp,
  };
  const { id: debtorId } = await trx
    .insertInto('debtors')
    .values({ ...values, created_at: stamp })
    .onConflict((oc) => oc.column('external_key').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  counts.debtors += 1;

  const phones = (debtor.phones ?? []).map((p) => ({
    phone_number: digitsOnly(p.phoneNumber),
    type: p.type ?? 'mobile',
  }));
  let stalePhones = trx.deleteFrom('debtor_phones').where('debtor_id', '=', debtorId);
  if (phones.length > 0) {
    stalePhones = stalePhones.where(
      'phone_number',
      'not in',
      phones.map((p) => p.phone_number),
    );
  }
  await stalePhones.execute();
  for (const phone of phones) {
    await trx
      .insertInto('debtor_phones')
      .values({ ...phone, debtor_id: debtorId, created_at: stamp })
      .onConflict((oc) =>
        oc.columns(['debtor_id', 'phone_number']).doUpdateSet({ type: phone.type }),
      )
      .execute();
    counts.phones += 1;
  }

  const funding = await writeFundingMethods(trx, debtorId, debtor.fundingMethods ?? [], stamp);
  counts.fundingMethods += funding.size;

  for (const account of debtor.accounts) {
    await writeAccount(trx, debtorId, account, check, stamp, counts, funding);
  }
}

/**
 * Upserts the debtor's imported funding methods by (debtor, ref); imported methods no longer in
 * the file are marked deleted (methods added online are left alone). Only the processor token,
 * brand, last 4 and expiry are in the file: never a card or bank number.
 */
async function writeFundingMethods(
  trx: Transaction<Database>,
  debtorId: number,
  methods: FundingMethod[],
  stamp: string,
): Promise<Map<string, { id: number; name: string }>> {
  const byRef = new Map<string, { id: number; name: string }>();
  let stale = trx
    .updateTable('funding_methods')
    .set({ deleted_at: stamp })
    .where('debtor_id', '=', debtorId)
    .where('external_ref', 'is not', null)
    .where('deleted_at', 'is', null);
  if (methods.length > 0) {
    stale = stale.where(
      'external_ref',
      'not in',
      methods.map((m) => m.ref),
    );
  }
  await stale.execute();
  for (const method of methods) {
    const values = {
      type: method.type,
      brand: method.type === 'card' ? (method.brand ?? null) : null,
      card_kind: method.type === 'card' ? (method.cardType ?? 'credit') : null,
      last4: method.last4,
      expiration: method.expiration ? lastDayOfMonth(method.expiration) : null,
      holder_first_name: method.holderFirstName ?? null,
      holder_last_name: method.holderLastName ?? null,
      bank_account_type: method.type === 'bank' ? (method.bankAccountType ?? 'checking') : null,
      processor_token: method.token,
      deleted_at: null,
    };
    const { id } = await trx
      .insertInto('funding_methods')
      .values({
        ...values,
        debtor_id: debtorId,
        external_ref: method.ref,
        address_line1: null,
        address_line2: null,
        city: null,
        state: null,
        zip: null,
        created_by_sid: null,
        created_at: stamp,
      })
      .onConflict((oc) => oc.columns(['debtor_id', 'external_ref']).doUpdateSet(values))
      .returning('id')
      .executeTakeFirstOrThrow();
    const label =
      method.type === 'bank'
        ? method.bankAccountType === 'savings'
          ? 'Savings'
          : 'Checking'
        : (BRAND_LABELS[method.brand ?? ''] ?? 'Card');
    byRef.set(method.ref, { id, name: `${label} ****${method.last4}` });
  }
  return byRef;
}

async function writeAccount(
  trx: Transaction<Database>,
  debtorId: number,
  account: Account,
  check: Checker,
  stamp: string,
  counts: ImportCounts,
  funding: Map<string, { id: number; name: string }>,
): Promise<void> {
  const c = (v: number | undefined) => check.cents(v, '');
  const d = (v: string | undefined) => check.day(v, '');
  const values = {
    debtor_id: debtorId,
    client_id: account.clientId ?? null,
    client_account: account.clientAccount ?? null,
    creditor_name: account.creditorName ?? null,
    creditor_name_comment: account.creditorNameComment ?? null,
    original_creditor_name: account.originalCreditorName ?? null,
    merchant_name: account.merchantName ?? null,
    balance_cents: check.cents(account.balance, ''),
    original_balance_cents: check.cents(account.originalBalance, ''),
    total_paid_cents: c(account.totalPaid) ?? 0,
    outstanding_balance_cents: c(account.outstandingBalance),
    settlement_balance_cents: c(account.settlementBalance),
    minimum_payment_due_cents: c(account.minimumPaymentDue),
    stabilization_amount_cents: c(account.stabilizationAmount),
    new_balance_cents: c(account.newBalance),
    new_balance_date: d(account.newBalanceDate),
    status_code: account.statusCode,
    is_closed: flag(account.isClosed),
    is_pco: flag(account.isPco),
    is_eop: flag(account.isEop),
    is_interest_bearing: flag(account.isInterestBearing),
    is_payment_pending_post: flag(account.isPaymentPendingPost),
    has_settlement_offers: flag(account.hasSettlementOffers),
    allow_pco_min_pay: flag(account.allowPcoMinPay),
    show_bring_account_current_text: flag(account.showBringAccountCurrentText),
    show_last_workable_disclosure: flag(account.showLastWorkableDisclosure),
    bankruptcy_reported: flag(account.bankruptcyReported),
    end_of_path_notice: flag(account.endOfPathNotice),
    external_payment_url: account.externalPaymentUrl ?? null,
    support_phone: account.supportPhone ? digitsOnly(account.supportPhone) : null,
    date_of_referral: d(account.dateOfReferral),
    date_of_last_pay: d(account.dateOfLastPay),
    last_update_date: d(account.lastUpdateDate),
    last_viewable_date: d(account.lastViewableDate),
    statement_date: d(account.statementDate),
    save_date: d(account.saveDate),
    updated_at: stamp,
  };
  const { id: accountId } = await trx
    .insertInto('accounts')
    .values({ ...values, account_number: account.accountNumber, created_at: stamp })
    .onConflict((oc) => oc.column('account_number').doUpdateSet(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  counts.accounts += 1;

  for (const arr of account.arrangements ?? []) {
    const arrValues = {
      type: arr.type,
      amount_cents: check.cents(arr.amount, ''),
      active: flag(arr.active, true),
      begin_balance_cents: check.cents(arr.beginBalance, ''),
      created: d(arr.created) ?? stamp.slice(0, 10),
      allow_remaining: flag(arr.allowRemaining, true),
      modifiable_online: flag(arr.modifiableOnline, true),
    };
    const { id: arrangementId } = await trx
      .insertInto('arrangements')
      .values({ ...arrValues, account_id: accountId, external_ref: arr.ref })
      .onConflict((oc) => oc.columns(['account_id', 'external_ref']).doUpdateSet(arrValues))
      .returning('id')
      .executeTakeFirstOrThrow();
    counts.arrangements += 1;
    const days = arr.payments.map((p) => check.day(p.date, ''));
    let stale = trx.deleteFrom('arrangement_payments').where('arrangement_id', '=', arrangementId);
    if (days.length > 0) stale = stale.where('pay_date', 'not in', days);
    await stale.execute();
    const fundingOf = (payment: FilePayment) =>
      payment.fundingRef === undefined ? undefined : funding.get(payment.fundingRef);
    for (const payment of arr.payments) {
      const payValues = {
        amount_cents: check.cents(payment.amount, ''),
        status: payment.status,
        is_pending_post: flag(payment.isPendingPost),
        is_electronic: flag(payment.isElectronic, true),
        funding_id: fundingOf(payment)?.id ?? payment.fundingId ?? null,
        paid_with: payment.paidWith ?? fundingOf(payment)?.name ?? null,
        confirmation: payment.confirmation ?? null,
      };
      await trx
        .insertInto('arrangement_payments')
        .values({
          ...payValues,
          arrangement_id: arrangementId,
          pay_date: check.day(payment.date, ''),
          created: stamp,
        })
        .onConflict((oc) => oc.columns(['arrangement_id', 'pay_date']).doUpdateSet(payValues))
        .execute();
      counts.payments += 1;
    }
  }

  await trx.deleteFrom('transactions').where('account_id', '=', accountId).execute();
  for (const tx of account.transactions ?? []) {
    await trx
      .insertInto('transactions')
      .values({
        account_id: accountId,
        received_date: check.day(tx.date, ''),
        amount_cents: Math.round(tx.amount * 100),
        type: tx.type,
        auto_or_manual: tx.autoOrManual ?? null,
        source: tx.source ?? null,
        confirmation_code: tx.confirmationCode ?? null,
        is_pending: flag(tx.isPending),
        total_payment_cents:
          tx.totalPayment === undefined ? null : Math.round(tx.totalPayment * 100),
      })
      .execute();
    counts.transactions += 1;
  }

  for (const letter of account.letters ?? []) {
    const letterValues = {
      account_id: accountId,
      letter_code: `${account.accountNumber}.${letter.letterId}`,
      request_date: check.day(letter.requestDate, ''),
      principal_balance_cents: check.cents(letter.principalBalance, ''),
      is_letter_one: flag(letter.isLetterOne),
    };
    await trx
      .insertInto('letters')
      .values({ ...letterValues, letter_id: letter.letterId })
      .onConflict((oc) => oc.column('letter_id').doUpdateSet(letterValues))
      .execute();
    counts.letters += 1;
    await trx
      .deleteFrom('letter_options')
      .where('letter_id', '=', letter.letterId)
      .where(
        'option_number',
        'not in',
        letter.options.map((o) => o.optionNumber),
      )
      .execute();
    for (const option of letter.options) {
      const optionValues = {
        due_date: check.day(option.dueDate, ''),
        day_of_month_settlement_requirement: option.dayOfMonthSettlementRequirement ?? null,
        settlement_amount_cents: check.cents(option.settlementAmount, ''),
        payment_amount_cents: check.cents(option.paymentAmount, ''),
        discount: option.discount,
        number_of_payments: option.numberOfPayments,
      };
      const { id: optionId } = await trx
        .insertInto('letter_options')
        .values({ ...optionValues, letter_id: letter.letterId, option_number: option.optionNumber })
        .onConflict((oc) => oc.columns(['letter_id', 'option_number']).doUpdateSet(optionValues))
        .returning('id')
        .executeTakeFirstOrThrow();
      counts.letterOptions += 1;
      await trx
        .deleteFrom('letter_option_payments')
        .where('letter_option_id', '=', optionId)
        .execute();
      let seq = 1;
      for (const entry of option.schedule) {
        await trx
          .insertInto('letter_option_payments')
          .values({
            letter_option_id: optionId,
            seq: seq++,
            pay_date: check.day(entry.date, ''),
            amount_cents: check.cents(entry.amount, ''),
          })
          .execute();
      }
    }
  }
}
