/**
 * Precompiled queries: a read or a statement compiled once by Kysely and then run with new
 * argument values, without Kysely's builder and compiler per request; and the ways they run
 * without Kysely's connection provider and driver per statement (SQLite: straight on the
 * connection when no transaction is open; PostgreSQL: reads on the pipelined connections,
 * db/pipelined-reads.ts, statements on the pool as prepared statements).
 */
import type SqliteDatabase from 'better-sqlite3';
import { createQueryId, type Compilable, type CompiledQuery, type QueryResult } from 'kysely';
import type pg from 'pg';
import { sentAsIs } from './pipelined-reads';
import {
  pipelinedReadsOf,
  postgresPoolOf,
  preparedName,
  statementName,
} from './postgres-connection';
import {
  direct,
  runOnConnection,
  sqliteConnectionOf,
  walSyncOfConnection,
} from './sqlite-connection';
import type { Db } from './types';

/** Rows as objects from column names and rows as arrays (one shape for every row: cheap for V8). */
function rowsOf<R>(names: readonly string[], raw: readonly unknown[][]): R[] {
  const rows: R[] = [];
  for (const values of raw) {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i += 1) row[names[i] as string] = values[i];
    rows.push(row as R);
  }
  return rows;
}

/**
 * A statement's rows as objects, as `statement.all` gives them (a property per column, in column
 * order), made in JavaScript from the raw rows (arrays). better-sqlite3 makes each row object in
 * C++ through V8's API, with a new key string and a property set for every column of every row:
 * for Account/Detailed's one row of seven columns that was a fifth of the driver's work (measured
 * with callgrind: 19,000 instructions a read, 13,000 of them the keys and property sets). Made
 * here, every row of a statement has the same shape and V8's inline caches make it cheaply.
 */
function rowReader<R>(statement: SqliteDatabase.Statement): (parameters: unknown[]) => R[] {
  if (!statement.reader) return (parameters) => statement.all(parameters) as R[];
  const names = statement.columns().map((column) => column.name);
  statement.raw(true);
  return (parameters) => rowsOf<R>(names, statement.all(parameters) as unknown[][]);
}

/** The kind of each argument of a precompiled query, by position ('nullable …': may be null). */
export type ArgumentKind = 'text' | 'integer' | 'nullable text' | 'nullable integer';
export type ArgumentsOf<K extends readonly ArgumentKind[]> = {
  [I in keyof K]: K[I] extends 'text'
    ? string
    : K[I] extends 'integer'
      ? number
      : K[I] extends 'nullable text'
        ? string | null
        : number | null;
};

const TEXT_MARK = '\u0000precompiled-argument-';
const INTEGER_BASE = Number.MIN_SAFE_INTEGER;
const MAX_ARGUMENTS = 100;

/** A query compiled once with stand-ins, and its parameters made from argument values. */
interface Precompiled<K extends readonly ArgumentKind[], R> {
  compiled: CompiledQuery<R>;
  parameters: (args: ArgumentsOf<K>) => unknown[];
  /** The statement's name on PostgreSQL's connections (prepareHotReads). */
  name: string;
}

/**
 * Compiles `build`'s query once, with stand-ins for the arguments where the values go, and
 * finds each argument's parameter. Every argument must be a parameter of the query.
 */
function compileOnce<const K extends readonly ArgumentKind[], R>(
  kinds: K,
  build: (...args: ArgumentsOf<K>) => Compilable<R>,
): Precompiled<K, R> {
  if (kinds.length > MAX_ARGUMENTS) throw new Error('precompile: too many arguments');
  const standIns = kinds.map((kind, i) =>
    kind === 'text' || kind === 'nullable text' ? `${TEXT_MARK}${i}` : INTEGER_BASE + i,
  ) as unknown as ArgumentsOf<K>;
  const compiled = build(...standIns).compile();
  // Each parameter is either argument i or a constant written into the query.
  const slots = compiled.parameters.map((value): { arg: number } | { value: unknown } => {
    if (typeof value === 'string' && value.startsWith(TEXT_MARK)) {
      return { arg: Number(value.slice(TEXT_MARK.length)) };
    }
    if (
      typeof value === 'number' &&
      value >= INTEGER_BASE &&
      value < INTEGER_BASE + MAX_ARGUMENTS
    ) {
      return { arg: value - INTEGER_BASE };
    }
    return { value };
  });
  kinds.forEach((_kind, i) => {
    if (!slots.some((slot) => 'arg' in slot && slot.arg === i)) {
      throw new Error(`precompile: argument ${i} is not a parameter of ${compiled.sql}`);
    }
  });
  // A prepared statement on PostgreSQL (prepareHotReads); one name per text, whatever the database.
  const name = statementName(compiled.sql);
  return {
    compiled,
    parameters: (args) => slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value)),
    name,
  };
}

/**
 * A read compiled once and then run with new argument values: the same SQL and parameters as
 * building it on every call, without Kysely's builder and compiler per request (a hot read then
 * costs about what its statement costs). On PostgreSQL it is a prepared statement of each
 * connection (prepareHotReads); on SQLite the statement cache keeps it prepared. `build` receives
 * stand-ins for the arguments and writes the query with them where the values go; the arity is
 * fixed (no lists of varying length).
 *
 *   const findDebtor = precompile(db, ['integer'], (id) =>
 *     db.selectFrom('debtors').selectAll().where('id', '=', id));
 *   const rows = await findDebtor(7);
 */
export function precompile<const K extends readonly ArgumentKind[], R>(
  db: Db,
  kinds: K,
  build: (...args: ArgumentsOf<K>) => Compilable<R>,
): (...args: ArgumentsOf<K>) => Promise<R[]> {
  const { compiled, parameters: parametersOf, name } = compileOnce(kinds, build);
  const sqlite = sqliteConnectionOf(db);
  const pipelined = pipelinedReadsOf(db);
  let read: ((parameters: unknown[]) => R[]) | undefined;
  return async (...args: ArgumentsOf<K>): Promise<R[]> => {
    const parameters = parametersOf(args);
    if (sqlite && !sqlite.inTransaction) {
      read ??= rowReader<R>(sqlite.prepare(compiled.sql));
      return read(parameters);
    }
    if (pipelined && sentAsIs(parameters)) {
      const result = await pipelined.query({ name, text: compiled.sql, values: parameters });
      return rowsOf<R>(result.names, result.rows);
    }
    const result = await db.executeQuery<R>({
      query: compiled.query,
      queryId: createQueryId(),
      sql: compiled.sql,
      parameters,
    });
    return result.rows;
  };
}

/**
 * A statement (a write) compiled once, as `precompile` does a read, and bound to new argument
 * values on each call: the result is Kysely's compiled query, run with `executeQuery` of the
 * database or of a transaction, exactly as Kysely runs a query it has built (SQLite: the
 * connection's turn, the group commit's mark of a write and its wait for the sync; PostgreSQL:
 * the pool or the transaction's connection, as a prepared statement). Only the building and
 * compiling per call are skipped. Compiled with the dialect of the database `build` uses: run it
 * on that database (or its transactions) only.
 *
 *   const rename = precompileStatement(db, ['text', 'integer'], (name, id) =>
 *     db.updateTable('debtors').set({ first_name: name }).where('id', '=', id));
 *   await trx.executeQuery(rename('Ana', 7));
 */
export function precompileStatement<const K extends readonly ArgumentKind[], R>(
  kinds: K,
  build: (...args: ArgumentsOf<K>) => Compilable<R>,
): (...args: ArgumentsOf<K>) => CompiledQuery<R> {
  const { compiled, parameters } = compileOnce(kinds, build);
  return (...args: ArgumentsOf<K>): CompiledQuery<R> => ({
    query: compiled.query,
    queryId: createQueryId(),
    sql: compiled.sql,
    parameters: parameters(args),
  });
}

/**
 * What `make` builds for a database (its precompiled queries), made on first use and kept as long
 * as the database.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

/**
 * Runs a compiled query (a precompiled statement's) exactly as `db.executeQuery` would, without
 * Kysely's connection provider, driver and their promise turns per statement on SQLite: when no
 * transaction is open on the connection, no other query can be under way either (better-sqlite3
 * is synchronous; see `sqliteConnectionOf`), so the statement runs at once, and a write then waits for the
 * group commit's sync exactly as it would through the driver (db/group-commit.ts: resolved only
 * once an fsync that started after it has finished). On PostgreSQL a precompiled statement runs
 * on the pool with pg's `pool.query`, as a prepared statement. While a transaction is open, on an
 * instance not made by openDatabase (a transaction's, `withPlugin`'s) and for a statement not
 * precompiled it goes through Kysely.
 */
export async function execute<R>(db: Db, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite) {
    // PostgreSQL: a precompiled statement straight on the pool (pg's pool.query: a free
    // connection, the named statement, the connection released), as Kysely's driver runs it but
    // without its connection provider and executor per statement. Its own statement: it commits
    // alone, before it is answered.
    const pool = postgresPoolOf(db);
    const name = pool && preparedName(query.sql);
    if (!pool || name === undefined) return db.executeQuery(query);
    const { command, rowCount, rows } = await pool.query<R & pg.QueryResultRow>({
      name,
      text: query.sql,
      values: [...query.parameters],
    });
    const changed = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE';
    return { rows, ...(changed && { numAffectedRows: BigInt(rowCount ?? 0) }) };
  }
  if (sqlite.inTransaction) return db.executeQuery(query);
  const wal = walSyncOfConnection(sqlite);
  const before = wal?.writes;
  const result = runOnConnection(sqlite, wal, query);
  if (wal && wal.writes !== before) await wal.settled();
  return result;
}

/** The first row a compiled query (a precompiled statement's) gives, run as Kysely runs it. */
export async function firstRow<R>(db: Db, query: CompiledQuery<R>): Promise<R | undefined> {
  return (await execute(db, query)).rows[0];
}

/**
 * The statements of one transaction, as a generator that yields each compiled query and receives
 * its result (so that a later statement may use an earlier one's rows). Throwing inside it rolls
 * the transaction back.
 */
export type TransactionSteps<T> = Generator<CompiledQuery<unknown>, T, QueryResult<unknown>>;

/**
 * Runs `steps` in one transaction, as `db.transaction().execute` would with each statement run by
 * `trx.executeQuery`. On SQLite, when no transaction is open on the connection (see `execute`),
 * the whole transaction runs at once, from BEGIN to COMMIT, in one synchronous call (no other
 * query can come between its statements, as Kysely's connection mutex would ensure), and the
 * caller then waits for the group commit's sync as the driver's release would. Otherwise through
 * Kysely's transaction.
 */
export async function transactionSteps<T>(db: Db, steps: () => TransactionSteps<T>): Promise<T> {
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite || sqlite.inTransaction) {
    return db.transaction().execute(async (trx) => {
      const run = steps();
      let step = run.next();
      while (!step.done) step = run.next(await trx.executeQuery(step.value));
      return step.value;
    });
  }
  const wal = walSyncOfConnection(sqlite);
  const before = wal?.writes;
  try {
    return direct(sqlite).transaction(() => {
      const run = steps();
      let step = run.next();
      while (!step.done) step = run.next(runOnConnection(sqlite, wal, step.value));
      return step.value;
    }) as T;
  } finally {
    // A transaction that wrote, or began to and was rolled back, waits as the driver's release
    // waits (at worst for one sync too many).
    if (wal && wal.writes !== before) await wal.settled();
  }
}
