/**
 * The precompiled reads on PostgreSQL (db/precompiled.ts `precompile`), pipelined over a few
 * connections of their own, outside the pool (db/read-connection.ts speaks to each).
 *
 * Through the pool each read takes a connection for its whole round trip: the query is written,
 * the backend is woken to run it, the answer is written back and the portal is woken to read it,
 * and only then may the connection carry the next read. On a small machine those wake-ups are
 * the cost: the portal's process and the backends take turns on the same cores, and each switch
 * is paid on both sides. Here a connection carries the next reads as soon as they are asked for:
 * the reads asked for in one turn of the event loop (the requests that arrived in its poll
 * phase) leave at its end (setImmediate, its check phase) in one write per connection, under one
 * Sync; a backend that is busy finds the next reads already waiting and answers them without
 * sleeping, and the portal reads several answers per wake-up.
 *
 * Only short, independent reads come here (precompiled, never inside a transaction: a
 * transaction keeps its own pool connection); a slow read would hold up the reads queued behind
 * it on its connection. Each read goes to the connection with the fewest reads in flight.
 *
 * A connection that breaks (PostgreSQL restarted, a backend terminated) fails the reads it
 * carries with pg's connection errors or PostgreSQL's, which the API answers 503
 * (db/unavailable.ts), and is replaced on the next read; a connection that cannot be made fails
 * the reads that asked for it the same way, after at most the pool's connect timeout.
 */
import pg from 'pg';
import {
  ReadConnection,
  type ArrayRows,
  type Pending,
  type PipelinedQuery,
} from './read-connection';

export type { ArrayRows, PipelinedQuery } from './read-connection';

/**
 * The session settings of the read connections. Every read sent here is a lookup by an indexed
 * key (an account by number, a debtor's rows by id, a session by sid), so a sequential scan is
 * never the plan wanted; PostgreSQL picks one anyway for a table of a page or two (the demo
 * data's arrangements, transactions and phones), and each sequential scan asks the kernel for the
 * table's size (an lseek) at every execution: five system calls per Account/Detailed read, the
 * same number of index scans cost none. With `enable_seqscan` off the planner takes the index
 * wherever there is one (a read without one still scans: the setting only prices it last).
 */
const READ_SETTINGS = '-c enable_seqscan=off';

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

/**
 * Whether the read connections can be had with these settings: not over TLS, where pg reads the
 * socket through the TLS stream it makes itself (the reads then go through the pool).
 */
export function pipelinable(config: pg.ClientConfig): boolean {
  return !new pg.Client(config).ssl;
}

interface Slot {
  connection: Promise<ReadConnection> | undefined;
  inFlight: number;
  /** The reads asked for in this turn of the event loop, written at its end. */
  turn: Pending[] | undefined;
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
      turn: undefined,
    }));
  }

  /** Runs one read (a named statement, rows as arrays) on the least busy connection. */
  query(query: PipelinedQuery): Promise<ArrayRows> {
    if (this.ended) return Promise.reject(new Error('Client was closed and is not queryable'));
    if (!sentAsIs(query.values)) {
      return Promise.reject(
        new TypeError(`pipelined read ${query.name}: a value that is not sent as it is`),
      );
    }
    return new Promise<ArrayRows>((resolve, reject) => this.ask({ query, resolve, reject }));
  }

  /** Closes every connection; reads asked for afterwards fail. */
  async end(): Promise<void> {
    this.ended = true;
    const connections = this.slots.map((slot) => slot.connection);
    for (const slot of this.slots) slot.connection = undefined;
    await Promise.all(
      connections.map((connection) =>
        connection?.then(
          (open) => open.close(),
          () => undefined,
        ),
      ),
    );
  }

  /** Queues a read on the least busy slot, for the end of this turn. */
  private ask(read: Pending): void {
    let slot = this.slots[0] as Slot;
    for (const candidate of this.slots) if (candidate.inFlight < slot.inFlight) slot = candidate;
    slot.inFlight += 1;
    const settle = () => {
      slot.inFlight -= 1;
    };
    const counted: Pending = {
      query: read.query,
      resolve: (answer) => {
        settle();
        read.resolve(answer);
      },
      reject: (error) => {
        settle();
        read.reject(error);
      },
    };
    this.inTurn(slot, [counted]);
  }

  /**
   * Queues reads on the slot for the end of this turn of the event loop (setImmediate, its check
   * phase), where its connection writes the turn's reads at once. A read asked for alone waits
   * for nothing but the end of its turn.
   */
  private inTurn(slot: Slot, reads: readonly Pending[]): void {
    if (slot.turn) {
      slot.turn.push(...reads);
      return;
    }
    const turn = [...reads];
    slot.turn = turn;
    setImmediate(() => {
      slot.turn = undefined;
      this.connected(slot).then(
        (connection) => connection.send(turn),
        (error: unknown) => {
          for (const waiting of turn) waiting.reject(error);
        },
      );
    });
  }

  /** The slot's connection, made when it has none (or its last one broke). */
  private connected(slot: Slot): Promise<ReadConnection> {
    if (slot.connection) return slot.connection;
    if (this.ended) return Promise.reject(new Error('Client was closed and is not queryable'));
    const made = ReadConnection.open(
      {
        ...this.config,
        options: [this.config.options, READ_SETTINGS].filter(Boolean).join(' '),
      },
      (skipped) => this.inTurn(slot, skipped),
      () => {
        if (slot.connection === made) slot.connection = undefined;
      },
    );
    made.catch(() => {
      if (slot.connection === made) slot.connection = undefined;
    });
    slot.connection = made;
    return made;
  }
}
