/**
 * Writing events (issue 42, item 1): `recordEvent(trx, event)` writes one event in the caller's
 * transaction, so the change and its event commit together or not at all (a transactional
 * outbox). Call it as the LAST write of the transaction: it takes the row lock of the feed's
 * cursor counter (`event_cursors`), which every other event-writing transaction then waits for
 * until this one commits. That wait is what keeps the feed whole: cursors are handed out one by
 * one in commit order with no gaps (a rolled-back transaction gives its numbers back), so a reader
 * that saw cursor c has seen every event below c (docs/architecture.md, "Events out"). Taking the
 * lock last keeps the serialized stretch short and means a transaction holding it never waits for
 * another lock (no deadlock).
 *
 * The data of each type is checked against its schema (schemas/events/) before it is written; a
 * mismatch throws and undoes the change with it (fail closed: no change without its event).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { CompiledQuery, Kysely, QueryResult, Transaction } from 'kysely';
import { createAjv } from '../ajv';
import { perDatabase, precompileStatement, type ArgumentKind } from '../db/database';
import type { Database, Db } from '../db/types';
import { randomHex } from '../random-hex';
import { EVENT_TYPES, schemaNameOf, type EventData, type EventType } from './types';

/** Whom an event is about: the account and its client, and the debtor's external key. */
export interface EventSubject {
  accountNumber: string | null;
  clientId: string | null;
  debtorKey: string | null;
}

export interface NewEvent<T extends EventType = EventType> {
  type: T;
  /** ISO time of the change (the same stamp the change's rows carry). */
  at: string;
  subject: EventSubject;
  data: EventData[T];
}

/** One of any type (a list of events of several types). */
export type AnyNewEvent = { [T in EventType]: NewEvent<T> }[EventType];

const eventsDir = path.resolve(import.meta.dirname, '../../../schemas/events');

let validators: Map<string, ValidateFunction> | undefined;

/** Each type's data schema, compiled once; a type without a schema stops the first write. */
function validatorOf(type: string): ValidateFunction {
  if (!validators) {
    const ajv = createAjv();
    const loaded = new Map<string, ValidateFunction>();
    for (const file of readdirSync(eventsDir).filter((f) => f.endsWith('.schema.json'))) {
      const schema = JSON.parse(readFileSync(path.join(eventsDir, file), 'utf8')) as object;
      loaded.set(file.replace('.schema.json', ''), ajv.compile(schema));
    }
    for (const known of EVENT_TYPES) {
      if (!loaded.has(schemaNameOf(known))) throw new Error(`schemas/events: no schema ${known}`);
    }
    validators = loaded;
  }
  const validate = validators.get(schemaNameOf(type));
  if (!validate) throw new Error(`Unknown event type ${type}`);
  return validate;
}

/** The data as it will be written, or an Error naming what breaks its schema. */
export function checkEventData(type: EventType, data: unknown): void {
  const validate = validatorOf(type);
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new Error(`Event ${type} does not match its schema: ${problems.join('; ')}`);
  }
}

/**
 * Writes `events` (any number, in order) in the transaction `trx`; answers their cursors. Refuses
 * to run outside a transaction: an event written apart from its change could outlive it.
 */
export async function recordEvents(
  trx: Transaction<Database> | Kysely<Database>,
  events: readonly AnyNewEvent[],
): Promise<number[]> {
  if (events.length === 0) return [];
  if (!trx.isTransaction) throw new Error('recordEvent runs inside the transaction of its change');
  for (const event of events) checkEventData(event.type, event.data);
  // The counter row's lock is held to the commit: the next transaction's cursors wait for ours.
  const counter = await takeCursors(trx, events.length).executeTakeFirstOrThrow();
  const last = Number(counter.value);
  const first = last - events.length + 1;
  await trx.insertInto('events').values(eventRows(events, first)).execute();
  return events.map((_event, i) => first + i);
}

/**
 * The same writes as steps of `transactionSteps` (db/database.ts), for the payment paths that
 * run their transaction as compiled statements: `const cursors = yield* recordEventSteps(db, [...])`
 * as the transaction's last steps. `db` only compiles; the caller's transaction runs them.
 */
export function* recordEventSteps(
  db: Db,
  events: readonly AnyNewEvent[],
): Generator<CompiledQuery<unknown>, number[], QueryResult<unknown>> {
  if (events.length === 0) return [];
  for (const event of events) checkEventData(event.type, event.data);
  const statements = eventStatements(db);
  const counter = yield statements.take(events.length);
  const row = counter.rows[0] as { value: number | string } | undefined;
  if (!row) throw new Error('event_cursors has no row');
  const first = Number(row.value) - events.length + 1;
  const rows = eventRows(events, first);
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
    const chunk = rows.slice(at, at + ROWS_PER_INSERT);
    yield statements.insert(chunk.length)(...chunk.flatMap(eventRowValues));
  }
  return events.map((_event, i) => first + i);
}

/** An event row's columns, in the order of EVENT_ROW_KINDS. */
type EventRowValues = [
  number,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string,
];
const EVENT_ROW_KINDS = [
  'integer', // cursor
  'text', // id
  'text', // type
  'text', // created_at
  'nullable text', // client_id
  'nullable text', // account_number
  'nullable text', // debtor_key
  'text', // data
] as const satisfies readonly ArgumentKind[];
/** Rows per precompiled insert (a precompiled statement takes at most 100 arguments). */
const ROWS_PER_INSERT = 12;

const eventRowValues = (row: ReturnType<typeof eventRows>[number]): EventRowValues => [
  row.cursor,
  row.id,
  row.type,
  row.created_at,
  row.client_id,
  row.account_number,
  row.debtor_key,
  row.data,
];

/**
 * The two statements of `recordEventSteps`, compiled once per database (as payments/writes.ts
 * does SubmitPayment's): taking cursors, and an insert of 1 to ROWS_PER_INSERT events, one
 * compiled statement per row count, made on first use.
 */
const eventStatements = perDatabase((db: Db) => {
  const take = precompileStatement(['integer'], (count) => takeCursors(db, count));
  const inserts = new Map<number, (...values: unknown[]) => CompiledQuery<unknown>>();
  const insert = (rows: number) => {
    let statement = inserts.get(rows);
    if (!statement) {
      const kinds: ArgumentKind[] = Array.from({ length: rows }, () => [...EVENT_ROW_KINDS]).flat();
      // The argument list's length is the row count, known only here: typed as the values of
      // EVENT_ROW_KINDS repeated (eventRowValues gives them in that order).
      const compiled = precompileStatement(kinds, (...values) =>
        db.insertInto('events').values(
          Array.from({ length: rows }, (_row, r) => {
            const v = values.slice(r * EVENT_ROW_KINDS.length) as unknown as EventRowValues;
            return {
              cursor: v[0],
              id: v[1],
              type: v[2],
              created_at: v[3],
              client_id: v[4],
              account_number: v[5],
              debtor_key: v[6],
              data: v[7],
            };
          }),
        ),
      );
      statement = (...values: unknown[]) =>
        compiled(...(values as Parameters<typeof compiled>)) as CompiledQuery<unknown>;
      inserts.set(rows, statement);
    }
    return statement;
  };
  return { take: (count: number) => take(count) as CompiledQuery<unknown>, insert };
});

/** Writes one event in the transaction of its change (see recordEvents); answers its cursor. */
export async function recordEvent<T extends EventType>(
  trx: Transaction<Database> | Kysely<Database>,
  event: NewEvent<T>,
): Promise<number> {
  const [cursor] = await recordEvents(trx, [event as unknown as AnyNewEvent]);
  return cursor ?? 0;
}

/**
 * The subjects of a debtor's events: one per account of the debtor (a debtor-wide change, such
 * as a new address, reaches each account's client). A debtor
 * without accounts still gets one subject, with no account.
 */
export async function subjectsOf(
  trx: Transaction<Database> | Kysely<Database>,
  debtorId: number,
): Promise<EventSubject[]> {
  const rows = await trx
    .selectFrom('debtors')
    .leftJoin('accounts', 'accounts.debtor_id', 'debtors.id')
    .select(['debtors.external_key', 'accounts.account_number', 'accounts.client_id'])
    .where('debtors.id', '=', debtorId)
    .orderBy('accounts.account_number')
    .execute();
  return rows.map((row) => ({
    accountNumber: row.account_number ?? null,
    clientId: row.client_id ?? null,
    debtorKey: row.external_key,
  }));
}

/** The subject of an account's event (throws when the account is gone: no event, no change). */
export async function accountSubject(
  trx: Transaction<Database> | Kysely<Database>,
  accountId: number,
): Promise<EventSubject> {
  const row = await trx
    .selectFrom('accounts')
    .innerJoin('debtors', 'debtors.id', 'accounts.debtor_id')
    .select(['debtors.external_key', 'accounts.account_number', 'accounts.client_id'])
    .where('accounts.id', '=', accountId)
    .executeTakeFirstOrThrow();
  return {
    accountNumber: row.account_number,
    clientId: row.client_id,
    debtorKey: row.external_key,
  };
}

/** One event per subject, all of one type and data. */
export function forEach<T extends EventType>(
  subjects: readonly EventSubject[],
  type: T,
  at: string,
  data: EventData[T],
): AnyNewEvent[] {
  return subjects.map((subject) => ({ type, at, subject, data }) as unknown as AnyNewEvent);
}

/** Takes `count` cursors from the counter row (its lock is held to the commit). */
function takeCursors(db: Kysely<Database>, count: number) {
  return db
    .updateTable('event_cursors')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('name', '=', 'events')
    .returning('value');
}

/** The rows of events whose cursors start at `first`. */
function eventRows(events: readonly AnyNewEvent[], first: number) {
  return events.map((event, i) => ({ cursor: first + i, ...eventRow(event) }));
}

/** An event's row but for its cursor. */
function eventRow(event: AnyNewEvent) {
  return {
    id: `evt_${randomHex(12)}`,
    type: event.type,
    created_at: event.at,
    client_id: event.subject.clientId,
    account_number: event.subject.accountNumber,
    debtor_key: event.subject.debtorKey,
    data: JSON.stringify(event.data),
  };
}

/**
 * The rows of `events` (checked against their schemas) as JSON, without cursors: for a statement
 * that takes the cursors from the counter row itself, as its last write (payments/writes.ts
 * `acceptedAtOnce`). Each row's `data` is the JSON text the column holds.
 */
export function uncursoredEventRows(events: readonly AnyNewEvent[]): string {
  for (const event of events) checkEventData(event.type, event.data);
  return JSON.stringify(events.map(eventRow));
}
