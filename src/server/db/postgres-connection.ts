/**
 * The PostgreSQL side of the portal database (db/database.ts opens it when a database URL is
 * given): Kysely on a pg Pool, whose connections run the precompiled queries' texts as prepared
 * statements, and the pipelined connections of the precompiled reads (db/pipelined-reads.ts).
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PipelinedReads } from './pipelined-reads';
import type { Database, Db } from './types';

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

/** The prepared statement name of a precompiled query's SQL text, given on first use. */
export function statementName(sql: string): string {
  let name = preparedNames.get(sql);
  if (name === undefined) {
    name = `portal_statement_${preparedNames.size + 1}`;
    preparedNames.set(sql, name);
  }
  return name;
}

/** The prepared statement name of a SQL text if it is a precompiled query's (else undefined). */
export function preparedName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

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

/** Opens the pool (connections are made on first use) as Kysely's database. */
export function openPostgres(databaseUrl: string): { db: Db; destroy: () => Promise<void> } {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
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
    destroy: async () => {
      await reads.end();
      await db.destroy();
    },
  };
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

/** The PostgreSQL pool behind a Kysely instance that openDatabase made (undefined otherwise). */
export function postgresPoolOf(db: Db): pg.Pool | undefined {
  return poolOf.get(db);
}

/** The pipelined reads of a Kysely instance that openDatabase made (undefined otherwise). */
export function pipelinedReadsOf(db: Db): PipelinedReads | undefined {
  return readsOf.get(db);
}
