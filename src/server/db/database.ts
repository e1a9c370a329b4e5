/**
 * Opens the portal database: PostgreSQL (pg Pool) when a database URL is given, otherwise SQLite
 * (better-sqlite3) at DATA_DIR/portal.db with WAL, foreign keys and a busy timeout so several
 * server processes can share one file.
 *
 * SQLite: WAL, synchronous = NORMAL on the one connection, and group commit (db/group-commit.ts):
 * a write through Kysely is answered once the WAL is synced, by an fsync off the main thread that
 * the writes of concurrent requests share (payment writes must survive a power cut); reads
 * never sync. Kysely's
 * SQLite driver prepares every statement anew; compiling the SQL text is most of the cost of a
 * small indexed read, so prepared statements are kept per SQL text (bounded, least recently used
 * dropped). Kysely runs one query at a time on the connection, so a statement is never shared
 * by two queries in flight; one still iterating (a streamed query) is not handed out again.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  createQueryId,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type Compilable,
  type CompiledQuery,
  type QueryResult,
  type SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { DurableSqliteDialect, WalSync, type SyncFile } from './group-commit';
import { PipelinedReads } from './pipelined-reads';
import type { Database, Db } from './types';

export type DialectName = 'sqlite' | 'postgres';

export interface PortalDatabase {
  db: Db;
  dialect: DialectName;
  /** Where the data lives, for the start-up line (never contains a password). */
  location: string;
  destroy(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when set, SQLite is not used. */
  databaseUrl?: string | undefined;
  /** Folder for portal.db (created when missing). */
  dataDir: string;
  /** SQLite: how the WAL file is synced (node's fdatasync; tests hold or count the syncs). */
  syncFile?: SyncFile | undefined;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

/** How long a SQLite statement waits for another process's write lock. */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Prepared statements kept per connection; the portal issues a few hundred distinct queries. */
export const STATEMENT_CACHE_SIZE = 1000;

/**
 * WAL pages between SQLite's automatic checkpoints (its default is 1,000, about 4 MB). A checkpoint
 * copies the latest version of every page in the WAL into the database file and syncs that file.
 * A payment rewrites the same hot pages (the last leaf and the index pages of its tables) in each
 * of its commits, so checkpoints ten times rarer write each such page once where they wrote it
 * about ten times, and sync the database file a tenth as often. bench:api on 2026-12-04, SQLite,
 * 16 concurrent, six pairs taken in turn (1,000 pages, then 10,000 or 30,000): server CPU per
 * payment 1.35/1.27/1.32/1.23/1.11/1.26 ms → 1.13/1.19/1.24/1.17/1.08/1.14 ms, Account/Detailed
 * unchanged within noise, p99 not longer. The WAL file then grows to about 40 MB (it is reused,
 * not truncated, after a checkpoint), and a restart after a crash replays up to that much. Crash
 * safety is SQLite's and unchanged: a checkpoint syncs the WAL before it copies and the database
 * file after.
 */
export const WAL_CHECKPOINT_PAGES = 10_000;

/**
 * A connection's prepared statements by SQL text (better-sqlite3 compiles on every prepare()), the
 * least recently used dropped past `size`. A statement still busy (an iterator not run to its end)
 * is not handed out again: that use gets a fresh one.
 */
export function statementCache(
  sqlite: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
): (sql: string) => SqliteDatabase.Statement {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return (sql) => {
    const cached = statements.get(sql);
    if (cached && !cached.busy) {
      // Most recently used last: Map keeps insertion order.
      statements.delete(sql);
      statements.set(sql, cached);
      return cached;
    }
    const statement = sqlite.prepare(sql);
    if (!cached) {
      if (statements.size >= size) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sql, statement);
    }
    return statement;
  };
}

/** The SQLite connection as Kysely sees it, with prepared statements reused by SQL text. */
export function withStatementCache(
  sqlite: SqliteDatabase.Database,
  size = STATEMENT_CACHE_SIZE,
  wal?: WalSync,
): KyselySqliteDatabase {
  const cached = statementCache(sqlite, size);
  const prepare = wal
    ? (sql: string) => {
        const statement = cached(sql);
        // Handed out to run now: a statement that writes makes its caller wait for the sync.
        if (!statement.readonly) wal.wrote();
        return statement;
      }
    : cached;
  return {
    prepare,
    close: () => {
      sqlite.close();
      wal?.close();
    },
  };
}

/**
 * PostgreSQL connections per server process. A request's reads are one or two short statements
 * (Account/Detailed: the session look-up and one read, each a prepared statement), and a process
 * runs its JavaScript on one core, so a few connections keep PostgreSQL busy; more only queue the
 * same work inside PostgreSQL (more backends on the same cores) instead of in the pool, where
 * waiting is cheaper. About twice the database server's cores (PostgreSQL's own rule of thumb for
 * active connections) suits a small server. Measured with the bench's 16 concurrent
 * Account/Detailed requests on 2 cores: 2 to 8 connections gave the same rate within noise, 8 the
 * best, 16 and 32 less. 8 also leaves room for the short write transactions of sign-ins and
 * payments while reads go on, and lets a dozen server processes share PostgreSQL's default
 * max_connections of 100.
 */
export const POSTGRES_POOL_SIZE = 8;

/**
 * How long a query waits for a pool connection (a free one, or a new one to be made) before it
 * fails. pg waits for ever by default: while PostgreSQL is unreachable (a black-holed address, a
 * stalled restart) requests would hang instead of being answered 503 with Retry-After
 * (db/unavailable.ts). A free connection comes within milliseconds under normal load.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5000;

/** Precompiled queries' SQL texts, each with its prepared statement name on PostgreSQL. */
const preparedNames = new Map<string, string>();

type QueryCall = (...args: unknown[]) => unknown;

/**
 * Kysely's PostgreSQL driver runs every query as `client.query(text, values)`: an unnamed
 * statement, parsed and planned anew each time. For a precompiled query's text this gives it its
 * name, so each connection parses and plans it once and then only binds and executes it (the
 * planning of Account/Detailed's read costs more than running it: about 0.77 ms a call unnamed,
 * 0.25 ms prepared, measured on one connection). The statements live on the connection, so a
 * pooler between the portal and PostgreSQL must keep a client on one server connection (session
 * pooling) or track prepared statements itself (PgBouncer 1.21+, max_prepared_statements).
 */
function prepareHotReads(client: pg.PoolClient): void {
  // pg's query() has many overloads; only the (text, values) call Kysely makes is rewritten.
  const query = client.query.bind(client) as unknown as QueryCall;
  const named: QueryCall = (...args) => {
    const [text, values] = args;
    const name =
      args.length === 2 && typeof text === 'string' && Array.isArray(values)
        ? preparedNames.get(text)
        : undefined;
    return name === undefined ? query(...args) : query({ name, text, values });
  };
  (client as unknown as { query: QueryCall }).query = named;
}

export function openDatabase(options: OpenDatabaseOptions): PortalDatabase {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POSTGRES_POOL_SIZE,
      connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    });
    // A connection the server drops (a PostgreSQL restart, an administrator's terminate) must not
    // crash the process: the pool's listener covers idle clients, this one covers clients held by
    // a query or transaction, whose work then fails on its own and which the pool discards on
    // release (they are no longer queryable).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      prepareHotReads(client);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    poolOf.set(db, pool);
    const reads = new PipelinedReads(pool.options);
    readsOf.set(db, reads);
    return {
      db,
      dialect: 'postgres',
      location: redactUrl(options.databaseUrl),
      destroy: async () => {
        await reads.end();
        await db.destroy();
      },
    };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'portal.db');
  const sqlite = new SqliteDatabase(file);
  const journal: unknown = sqlite.pragma('journal_mode = WAL', { simple: true });
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  let dialect: SqliteDialect;
  if (journal === 'wal') {
    // Commits are synced by group commit (db/group-commit.ts), not by SQLite one by one.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
    const wal = new WalSync(`${file}-wal`, options.syncFile);
    walOf.set(sqlite, wal);
    dialect = new DurableSqliteDialect(
      { database: withStatementCache(sqlite, STATEMENT_CACHE_SIZE, wal) },
      wal,
    );
  } else {
    // A file system without WAL (no shared memory): SQLite syncs every commit itself.
    sqlite.pragma('synchronous = FULL');
    dialect = new SqliteDialect({ database: withStatementCache(sqlite) });
  }
  const db = new Kysely<Database>({ dialect });
  sqliteOf.set(db, sqlite);
  return { db, dialect: 'sqlite', location: file, destroy: () => db.destroy() };
}

/**
 * The SQLite connection behind a Kysely instance that openDatabase made, for precompiled reads.
 * Kysely runs every SQLite query through its driver: a connection mutex (one connection, so a
 * transaction holds it across its awaits), a query id, a few promise turns; about 6 µs a query,
 * a third of the Account/Detailed statement's own time. better-sqlite3 is synchronous, so when no
 * transaction is open on the connection (`inTransaction`) no other query can be under way either,
 * and a precompiled read runs its statement at once, seeing exactly what it would after waiting
 * for the mutex. While a transaction is open it waits its turn through Kysely instead (it must not
 * read another request's uncommitted rows). An instance from `withPlugin` or a transaction is not
 * in this map: it always goes through Kysely (and its plugins).
 */
const sqliteOf = new WeakMap<Db, SqliteDatabase.Database>();

/** The SQLite connection behind a Kysely instance that openDatabase made (undefined otherwise). */
export function sqliteConnectionOf(db: Db): SqliteDatabase.Database | undefined {
  return sqliteOf.get(db);
}

/** Each SQLite connection's group commit (db/group-commit.ts), when in WAL mode. */
const walOf = new WeakMap<SqliteDatabase.Database, WalSync>();

/** The group commit of the SQLite connection behind a Kysely instance (undefined otherwise). */
export function walSyncOf(db: Db): WalSync | undefined {
  const sqlite = sqliteOf.get(db);
  return sqlite && walOf.get(sqlite);
}

/**
 * Resolves once every write this process has handed to the database is on disk (SQLite's group
 * commit); undefined when nothing waits to be synced, and always on PostgreSQL, whose commits are
 * synced before they are answered. Every HTTP answer waits for it (app.ts).
 */
export function writesSettled(db: Db): Promise<void> | undefined {
  return walSyncOf(db)?.settled();
}

/** The PostgreSQL pool behind a Kysely instance that openDatabase made (its settings). */
const poolOf = new WeakMap<Db, pg.Pool>();

/**
 * The pipelined read connections of a Kysely instance that openDatabase made on PostgreSQL, for
 * precompiled reads (db/pipelined-reads.ts). Outside a transaction Kysely runs a query on any free
 * connection of the pool; a precompiled read goes there instead, without Kysely's connection
 * provider, executor and driver per query, and takes the rows as arrays (pg then makes no row
 * objects; they are made here, one shape for every row). Errors are pg's own either way. An
 * instance from `withPlugin` or a transaction is not in this map.
 */
const readsOf = new WeakMap<Db, PipelinedReads>();

/**
 * A connection of its own to the PostgreSQL database behind a Kysely instance that openDatabase
 * made, with the pool's settings but outside the pool (not yet connected): for a LISTEN, which
 * holds its connection for as long as it listens (content/store.ts). Undefined on SQLite.
 */
export function dedicatedPostgresClient(db: Db): pg.Client | undefined {
  const pool = poolOf.get(db);
  return pool ? new pg.Client(pool.options) : undefined;
}

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
  let name = preparedNames.get(compiled.sql);
  if (name === undefined) {
    name = `portal_statement_${preparedNames.size + 1}`;
    preparedNames.set(compiled.sql, name);
  }
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
  const sqlite = sqliteOf.get(db);
  const pipelined = readsOf.get(db);
  let read: ((parameters: unknown[]) => R[]) | undefined;
  return async (...args: ArgumentsOf<K>): Promise<R[]> => {
    const parameters = parametersOf(args);
    if (sqlite && !sqlite.inTransaction) {
      read ??= rowReader<R>(sqlite.prepare(compiled.sql));
      return read(parameters);
    }
    if (pipelined) {
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
 * Statements that run straight on a SQLite connection (`execute`, `transactionSteps`, and
 * db/sqlite-writes.ts), prepared once per SQL text, with the connection's transaction wrapper
 * (better-sqlite3 keeps its BEGIN, COMMIT and ROLLBACK prepared).
 */
interface Direct {
  prepared: (sql: string) => SqliteDatabase.Statement;
  transaction: (run: () => unknown) => unknown;
}

/** Distinct SQL texts run straight per connection (the payment's writes and the unsynced ones). */
const MAX_DIRECT_STATEMENTS = 200;

const directOf = new WeakMap<SqliteDatabase.Database, Direct>();

export function direct(sqlite: SqliteDatabase.Database): Direct {
  let made = directOf.get(sqlite);
  if (!made) {
    made = {
      prepared: statementCache(sqlite, MAX_DIRECT_STATEMENTS),
      transaction: sqlite.transaction((run: () => unknown) => run()),
    };
    directOf.set(sqlite, made);
  }
  return made;
}

/**
 * Runs a compiled query on the SQLite connection at once, as Kysely's SQLite driver runs it: rows
 * when the statement returns any, else the rows changed and the last insert's id. A statement
 * that writes is marked for the group commit first (`wrote`, as the prepare wrapper marks it).
 */
function runOnConnection<R>(
  sqlite: SqliteDatabase.Database,
  wal: WalSync | undefined,
  query: CompiledQuery<R>,
): QueryResult<R> {
  const statement = direct(sqlite).prepared(query.sql);
  if (!statement.readonly) wal?.wrote();
  if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(query.parameters);
  return {
    rows: [],
    numAffectedRows: BigInt(changes),
    insertId: BigInt(lastInsertRowid),
  };
}

/**
 * Runs a compiled query (a precompiled statement's) exactly as `db.executeQuery` would, without
 * Kysely's connection provider, driver and their promise turns per statement on SQLite: when no
 * transaction is open on the connection, no other query can be under way either (better-sqlite3
 * is synchronous; see `sqliteOf`), so the statement runs at once, and a write then waits for the
 * group commit's sync exactly as it would through the driver (db/group-commit.ts: resolved only
 * once an fsync that started after it has finished). On PostgreSQL a precompiled statement runs
 * on the pool with pg's `pool.query`, as a prepared statement. While a transaction is open, on an
 * instance not made by openDatabase (a transaction's, `withPlugin`'s) and for a statement not
 * precompiled it goes through Kysely.
 */
export async function execute<R>(db: Db, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  const sqlite = sqliteOf.get(db);
  if (!sqlite) {
    // PostgreSQL: a precompiled statement straight on the pool (pg's pool.query: a free
    // connection, the named statement, the connection released), as Kysely's driver runs it but
    // without its connection provider and executor per statement. Its own statement: it commits
    // alone, before it is answered.
    const pool = poolOf.get(db);
    const name = pool && preparedNames.get(query.sql);
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
  const wal = walOf.get(sqlite);
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
  const sqlite = sqliteOf.get(db);
  if (!sqlite || sqlite.inTransaction) {
    return db.transaction().execute(async (trx) => {
      const run = steps();
      let step = run.next();
      while (!step.done) step = run.next(await trx.executeQuery(step.value));
      return step.value;
    });
  }
  const wal = walOf.get(sqlite);
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
