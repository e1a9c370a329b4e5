/**
 * The second pass of an import (import.ts): a checked file's debtors, with their phones, funding
 * methods and accounts (arrangements, payments, transactions, letters), upserted by natural keys.
 */
import type { Transaction } from 'kysely';
import { hashDateOfBirth, hashSsnLast4, normalizeName, digitsOnly } from '../auth/keys';
import '../payments/tables';
import type { Account, Arrangement, Debtor, FundingMethod } from '../../generated/types/import';
import type { Checker, ImportCounts, ImportOptions } from './import-checks';
import { writeImportedConsents } from './import-consents';
import type { Database } from './types';

/** One payment of an arrangement in the file. */
type FilePayment = Arrangement['payments'][number];

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

/** A debtor's columns (the identity factors hashed), as its upsert sets them. */
export function debtorValues(debtor: Debtor, options: ImportOptions) {
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
  return values;
}

export async function writeDebtor(
  trx: Transaction<Database>,
  debtor: Debtor,
  check: Checker,
  options: ImportOptions,
  counts: ImportCounts,
): Promise<void> {
  const stamp = options.now.toISOString();
  const values = debtorValues(debtor, options);
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

  await writeImportedConsents(trx, debtorId, debtor); // issue 43: import-consents.ts
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

/** An account's columns, as its upsert sets them. */
export function accountValues(debtorId: number, account: Account, check: Checker, stamp: string) {
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
  return values;
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
  const d = (v: string | undefined) => check.day(v, '');
  const values = accountValues(debtorId, account, check, stamp);
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
