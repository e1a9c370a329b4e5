/**
 * One record of a streamed import (schemas/import-record.schema.json): checked on its own with
 * the per-record schema, which shares the definitions of schemas/import.schema.json, then with
 * what a schema cannot say (the checks of a whole file, import-checks.ts, run on a file of this
 * one debtor; real days and whole cents of a delta). A record either passes as a typed debtor or
 * delta, or is rejected with its reasons.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../ajv';
import { resolveDay } from '../dates';
import { toCents } from '../money';
import type { Debtor } from '../../generated/types/import';
import type { Delta, ImportRecord } from '../../generated/types/import-record';
import { checkRecords, describe, type Checker, type ImportOptions } from './import-checks';

const schemasDir = path.resolve(import.meta.dirname, '../../../schemas');

/** A record that passed every check. */
export type CheckedRecord =
  { kind: 'debtor'; debtor: Debtor; check: Checker } | { kind: 'delta'; delta: Delta };

export type RecordOutcome = { ok: true; record: CheckedRecord } | { ok: false; reasons: string[] };

const validators = new Map<'json' | 'csv', ValidateFunction>();

/**
 * The per-record validator. `csv`: values arrive as text and are coerced to the schema's types
 * (`"12.50"` to a number, `"true"` to a boolean), as ajv's coerceTypes does.
 */
function recordValidator(source: 'json' | 'csv'): ValidateFunction {
  const known = validators.get(source);
  if (known) return known;
  const read = (file: string) =>
    JSON.parse(readFileSync(path.join(schemasDir, file), 'utf8')) as object;
  const ajv = createAjv({ discriminator: true, coerceTypes: source === 'csv' });
  ajv.addSchema(read('import.schema.json'));
  const validate = ajv.compile(read('import-record.schema.json'));
  validators.set(source, validate);
  return validate;
}

/** The reasons of a validation, each `JSON pointer: reason`. */
function reasonsOf(validate: ValidateFunction): string[] {
  const reasons = (validate.errors ?? [])
    // `if`'s own error repeats what the chosen branch says.
    .filter((error) => error.keyword !== 'if')
    .map((error) =>
      error.keyword === 'discriminator'
        ? { path: '/kind', reason: 'is not balance, payment, status, hold, dispute or returned' }
        : describe(error),
    )
    .map((problem) => `${problem.path}: ${problem.reason}`);
  return [...new Set(reasons)];
}

/** Money and days of a delta that the schema cannot check (whole cents, real days). */
function checkDelta(delta: Delta, today: string): string[] {
  const reasons: string[] = [];
  const money = (value: number | undefined, name: string) => {
    if (value !== undefined && toCents(Math.abs(value)) === null) {
      reasons.push(`/${name}: has more than 2 decimals`);
    }
  };
  const day = (value: string | undefined, name: string) => {
    if (value !== undefined && resolveDay(value, today) === null) {
      reasons.push(`/${name}: is not a valid day: ${value}`);
    }
  };
  switch (delta.kind) {
    case 'balance':
      for (const name of [
        'balance',
        'totalPaid',
        'outstandingBalance',
        'settlementBalance',
        'minimumPaymentDue',
      ] as const) {
        money(delta[name], name);
      }
      day(delta.date, 'date');
      break;
    case 'payment':
      money(delta.amount, 'amount');
      day(delta.date, 'date');
      break;
    case 'status':
    case 'dispute':
      day(delta.date, 'date');
      break;
    case 'hold':
      break;
    case 'returned':
      day(delta.date, 'date');
      if ((delta.confirmationCode === undefined) === (delta.ref === undefined)) {
        reasons.push('/: names the payment by exactly one of confirmationCode and ref');
      }
      break;
  }
  return reasons;
}

/**
 * Checks one record. `options.clientIds` should be given (read once per import): a record whose
 * account names another client is rejected.
 */
export function checkRecord(
  value: unknown,
  source: 'json' | 'csv',
  options: ImportOptions,
): RecordOutcome {
  const validate = recordValidator(source);
  if (!validate(value)) return { ok: false, reasons: reasonsOf(validate) };
  const record = value as ImportRecord;
  if ('kind' in record) {
    const reasons = checkDelta(record, options.today);
    return reasons.length > 0
      ? { ok: false, reasons }
      : { ok: true, record: { kind: 'delta', delta: record } };
  }
  const check = checkRecords({ debtors: [record] }, options);
  if (check.problems.length > 0) {
    return {
      ok: false,
      reasons: check.problems.map(
        (p) => `${p.path.replace(/^\/debtors\/0/, '') || '/'}: ${p.reason}`,
      ),
    };
  }
  return { ok: true, record: { kind: 'debtor', debtor: record, check } };
}

/**
 * A CSV row as a record: each column names a property, nested by dots, a number naming an item
 * of a list (`accounts.0.balance`, `phones.1.phoneNumber`); an empty cell is left out. Throws on
 * a column name that cannot be a path (the whole file is refused before any row).
 */
export function recordOfRow(columns: readonly string[][], row: readonly string[]): unknown {
  const record: Record<string, unknown> = {};
  columns.forEach((segments, i) => {
    const cell = row[i];
    if (cell === undefined || cell === '') return;
    let node: Record<string, unknown> | unknown[] = record;
    segments.forEach((segment, depth) => {
      const last = depth === segments.length - 1;
      const key: string | number = /^\d+$/.test(segment) ? Number(segment) : segment;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[key] = cell;
        return;
      }
      const nextIsIndex = /^\d+$/.test(segments[depth + 1] ?? '');
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  });
  return compact(record);
}

/** Lists without the holes of empty cells (`phones.1.phoneNumber` given, `phones.0` empty). */
function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.filter((item) => item !== undefined).map(compact);
  if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      (node as Record<string, unknown>)[key] = compact(value);
    }
  }
  return node;
}

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

/** A CSV header's columns as paths (`accounts.0.balance` -> ['accounts', '0', 'balance']). */
export function columnPaths(header: readonly string[]): string[][] {
  return header.map((name) => {
    const segments = name.trim().split('.');
    if (segments.some((s) => !/^[A-Za-z0-9_]+$/.test(s) || FORBIDDEN.has(s))) {
      throw new Error(`column "${name}" is not a property path (names and item numbers, dotted)`);
    }
    return segments;
  });
}
