/**
 * The precompiled reads on PostgreSQL (db/precompiled.ts `precompile`), sent in pg's own pipeline
 * mode (`pipeline: true`; pg 8.23 as installed) over a few connections of their own, outside the
 * pool. Only pg's public API: `client.query` with a named statement and `rowMode: 'array'`, and
 * the socket pg is given through its `stream` option.
 *
 * Through the pool each read takes a connection for its whole round trip: the query is written,
 * the backend is woken to run it, the answer is written back and the portal is woken to read it,
 * and only then may the connection carry the next read. On a small machine those wake-ups are
 * the cost: the portal's process and the backends take turns on the same cores, and each switch
 * is paid on both sides. In pipeline mode a connection carries the next read as soon as it is
 * asked for, each followed by its own Sync (so each is its own implicit transaction, and a read
 * that fails fails alone); a backend that is busy finds the next read already waiting and
 * answers it without sleeping, and the portal reads several answers per wake-up.
 *
 * pg writes each message of a read (Bind, Describe, Execute, Sync; a Parse the first time on a
 * connection) with a write of its own. The socket is corked from a turn's first read to the end
 * of that turn of the event loop (setImmediate, its check phase), so the reads asked for in one
 * turn leave in one write per connection: on this VM's loopback a write costs about 40 µs of the
 * process's CPU, as much as the rest of a read's work in the portal.
 *
 * Only short, independent reads come here (precompiled, never inside a transaction: a
 * transaction keeps its own pool connection); a slow read would hold up the reads queued behind
 * it on its connection. Each read goes to the connection with the fewest reads in flight.
 *
 * A connection that breaks (PostgreSQL restarted, a backend terminated) fails the reads it
 * carries with pg's connection errors, which the API answers 503 (db/unavailable.ts), and is
 * replaced on the next read; a connection that cannot be made fails the read that asked for it
 * the same way, after at most the pool's connect timeout.
 */
import net from 'node:net';
import pg from 'pg';

/** A read: its prepared statement's name and text, and the parameters' values. */
export interface PipelinedQuery {
  name: string;
  text: string;
  values: unknown[];
}

/** A read's answer: the columns' names and each row's values in their order. */
export interface ArrayRows {
  names: string[];
  rows: unknown[][];
}

/**
 * The session settings of the read connections. Every read sent here is a lookup by an indexed
 * key (an account by number, a debtor's rows by id, a session by sid), so a sequential scan is
 * never the plan wanted; PostgreSQL picks one anyway for a table of a page or two (the demo
 * data's arrangements, transactions and phones), and each sequential scan asks the kernel for the
 * table's size (an lseek) at every execution: five system calls per Account/Detailed read, the
 * same number of index scans cost none. With `enable_seqscan` off the planner takes the index
 * wherever there is one (a read without one still scans: the setting only prices it last).
 * `plan_cache_mode` generic: each read's statement is planned once per connection, not planned
 * anew with its values for its first five runs (PostgreSQL's default, after which it keeps the
 * generic plan anyway for these key lookups). On an imported database a connection that had
 * planned the Account/Detailed read five times so then spent 375-470 µs of backend CPU a run
 * against 93-115 µs with the generic plan from the start (glibc shrinking and growing the
 * backend's heap every run; docs/architecture.md, issue 42).
 */
const READ_SETTINGS = '-c enable_seqscan=off -c plan_cache_mode=force_generic_plan';

/**
 * Whether every value is sent as it is (a string, number, boolean, bigint or null): pg converts
 * those without fail. pg converts any other value (a Date, an array, an object or its
 * `toPostgres`) while it writes the read, and when that throws it closes the statement on the
 * connection, which it still takes as prepared: the reads behind it would then fail too. A read
 * with such a value is refused here, alone (db/precompiled.ts sends it through the pool).
 */
export function sentAsIs(values: readonly unknown[]): boolean {
  for (const value of values) {
    if (value !== null && typeof value === 'object') return false;
    if (typeof value === 'function' || typeof value === 'symbol') return false;
  }
  return true;
}

/** Connections per process for the pipelined reads (besides the pool and a LISTEN). */
export const PIPELINED_CONNECTIONS = 2;

/** A pipelined connection and the socket it writes to. */
interface Connection {
  client: pg.Client;
  socket: net.Socket;
  /** Whether the socket is corked until the end of this turn. */
  corked: boolean;
}

interface Slot {
  connection: Promise<Connection> | undefined;
  inFlight: number;
}

export class PipelinedReads {
  private readonly slots: Slot[];
  private ended = false;

  constructor(
    private readonly config: pg.ClientConfig,
    size = PIPELINED_CONNECTIONS,
  ) {
    this.slots = Array.from({ length: Math.max(1, size) }, () => ({
      connection: undefined,
      inFlight: 0,
    }));
  }

  /** Runs one read (a named statement, rows as arrays) on the least busy connection. */
  async query(query: PipelinedQuery): Promise<ArrayRows> {
    if (this.ended) throw new Error('Client was closed and is not queryable');
    if (!sentAsIs(query.values)) {
      throw new TypeError(`pipelined read ${query.name}: a value that is not sent as it is`);
    }
    let slot = this.slots[0] as Slot;
    for (const candidate of this.slots) if (candidate.inFlight < slot.inFlight) slot = candidate;
    slot.inFlight += 1;
    try {
      const connection = await this.connected(slot);
      holdWrites(connection);
      const result = await connection.client.query<unknown[]>({
        name: query.name,
        text: query.text,
        values: query.values,
        rowMode: 'array',
      });
      return { names: result.fields.map((field) => field.name), rows: result.rows };
    } finally {
      slot.inFlight -= 1;
    }
  }

  /** Closes every connection; reads asked for afterwards fail. */
  async end(): Promise<void> {
    this.ended = true;
    const connections = this.slots.map((slot) => slot.connection);
    for (const slot of this.slots) slot.connection = undefined;
    await Promise.all(
      connections.map((connection) =>
        connection?.then(
          (open) => open.client.end(),
          () => undefined,
        ),
      ),
    );
  }

  /** The slot's connection, made when it has none (or its last one broke). */
  private connected(slot: Slot): Promise<Connection> {
    if (slot.connection) return slot.connection;
    const socket = new net.Socket();
    const client = new pg.Client({
      ...this.config,
      pipeline: true,
      options: [this.config.options, READ_SETTINGS].filter(Boolean).join(' '),
      stream: () => socket,
    } as pg.ClientConfig);
    const forget = () => {
      if (slot.connection === made) slot.connection = undefined;
    };
    // A broken connection must not crash the process: its reads fail on their own.
    client.on('error', forget);
    client.on('end', forget);
    const made: Promise<Connection> = client.connect().then(
      () => ({ client, socket, corked: false }),
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    slot.connection = made;
    return made;
  }
}

/**
 * Corks the connection's socket until the end of this turn of the event loop, if it is not
 * already: the reads asked for in this turn (the requests that arrived in its poll phase) leave
 * in one write, at its check phase. A read asked for alone waits for nothing but its turn's end.
 */
function holdWrites(connection: Connection): void {
  if (connection.corked) return;
  connection.corked = true;
  connection.socket.cork();
  setImmediate(() => {
    connection.corked = false;
    connection.socket.uncork();
  });
}
