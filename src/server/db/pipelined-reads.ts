/**
 * The precompiled reads on PostgreSQL (db/database.ts `precompile`), sent in pipeline mode over a
 * few connections of their own, outside the pool.
 *
 * Through the pool each read takes a connection for its whole round trip: the query is written,
 * the backend is woken to run it, the answer is written back and the portal is woken to read it,
 * and only then may the connection carry the next read. On a small machine those wake-ups are
 * the cost: the portal's process and the backends take turns on the same cores, and each switch
 * is paid on both sides. In pipeline mode (pg's `pipeline: true`) a connection carries the next
 * read as soon as it is asked for, each followed by its own Sync (so each is its own implicit
 * transaction, and a read that fails fails alone); a backend that is busy finds the next read
 * already waiting and answers it without sleeping, and the portal reads several answers per
 * wake-up. Measured with 16 concurrent Account/Detailed reads on 2 cores: PostgreSQL's CPU per
 * read about 160 → 100 µs and the portal's about 95 → 65 µs (see docs/architecture.md).
 *
 * The reads asked for in one turn of the event loop leave in one write per connection (see
 * `holdWrites`).
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
import type { Duplex } from 'node:stream';
import pg from 'pg';

/**
 * The connections whose writes are held (corked) until the end of this turn of the event loop.
 *
 * pg writes each read as its own packet (Bind, Describe, Execute and Sync, corked together), one
 * system call per read. On this VM's loopback a write costs about 40 µs of the process's CPU (the
 * kernel delivers it to the receiver within the call), as much as the rest of a read's work in the
 * portal. The requests that arrive in one turn of the event loop (the poll phase) are answered in
 * that turn's callbacks, so their reads are asked for there: held until setImmediate, the turn's
 * check phase, they leave in one write per connection, and the backend reads them in one wake-up.
 * A read asked for alone waits for nothing but the end of its own turn.
 */
const held = new WeakSet<Duplex>();

function holdWrites(stream: Duplex): void {
  if (held.has(stream)) return;
  held.add(stream);
  stream.cork();
  setImmediate(() => {
    held.delete(stream);
    stream.uncork();
  });
}

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

/** The columns of a statement's rows, with each one's parser (pg's for its type). */
interface Columns {
  names: string[];
  types: number[];
  parsers: ((text: string) => unknown)[];
}

/** pg's description of a column in a RowDescription message (pg-protocol's `Field`). */
interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}

/** The columns of each statement (by name) as last described, on any connection. */
const columnsOf = new Map<string, Columns>();

function describedColumns(statement: string, fields: readonly FieldDescription[]): Columns {
  const known = columnsOf.get(statement);
  if (
    known &&
    known.types.length === fields.length &&
    fields.every((field, i) => field.dataTypeID === known.types[i] && field.name === known.names[i])
  ) {
    return known;
  }
  const columns: Columns = {
    names: fields.map((field) => field.name),
    types: fields.map((field) => field.dataTypeID),
    // pg's own parsers (the connections are given no others), for text: the Bind asks no binary.
    parsers: fields.map(
      (field) => pg.types.getTypeParser(field.dataTypeID, 'text') as (text: string) => unknown,
    ),
  };
  columnsOf.set(statement, columns);
  return columns;
}

/**
 * One read as pg's client runs it (its own Parse the first time on a connection, then Bind,
 * Describe, Execute and Sync), answered as arrays without pg's Query and Result per read: pg's
 * own copies the query's config through property descriptors, looks up each column's type parser
 * and builds a result object for every read; here the parsers are looked up once per statement
 * (the RowDescription of a prepared statement is the same every time; it is checked) and the
 * answer is the rows as arrays. A subclass of pg's Query, as pg's pipeline mode accepts no other
 * kind (it refuses cursors and streams, which would keep a portal open).
 */
class ArrayRead extends pg.Query {
  private columns: Columns | undefined;
  private readonly answer: unknown[][] = [];
  private failed: unknown;

  constructor(
    query: PipelinedQuery,
    private readonly resolve: (answer: ArrayRows) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    // The text alone: pg copies a config object through its property descriptors.
    super(query.text, query.values);
    (this as unknown as { name: string }).name = query.name;
  }

  handleRowDescription(message: { fields: FieldDescription[] }): void {
    const self = this as unknown as { name: string };
    this.columns = describedColumns(self.name, message.fields);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this.failed !== undefined || !this.columns) return;
    const { parsers } = this.columns;
    const values = message.fields;
    const row: unknown[] = new Array(values.length);
    try {
      for (let i = 0; i < values.length; i += 1) {
        const value = values[i];
        row[i] =
          value === null || value === undefined
            ? null
            : (parsers[i] as (t: string) => unknown)(value);
      }
    } catch (error) {
      this.failed = error;
      return;
    }
    this.answer.push(row);
  }

  handleCommandComplete(): void {
    // The rows are all in: nothing else to note (no row counts are asked for).
  }

  handleError(error: unknown): void {
    this.reject(this.failed ?? error);
  }

  handleReadyForQuery(): void {
    if (this.failed !== undefined) this.reject(this.failed);
    else this.resolve({ names: this.columns?.names ?? [], rows: this.answer });
  }
}

/** Connections per process for the pipelined reads (besides the pool and a LISTEN). */
export const PIPELINED_CONNECTIONS = 2;

interface Slot {
  client: Promise<pg.Client> | undefined;
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
      client: undefined,
      inFlight: 0,
    }));
  }

  /** Runs one read (a named statement, rows as arrays) on the least busy connection. */
  async query(query: PipelinedQuery): Promise<ArrayRows> {
    if (this.ended) throw new Error('Client was closed and is not queryable');
    let slot = this.slots[0] as Slot;
    for (const candidate of this.slots) if (candidate.inFlight < slot.inFlight) slot = candidate;
    slot.inFlight += 1;
    try {
      const client = await this.connected(slot);
      holdWrites(client.connection.stream);
      return await new Promise<ArrayRows>((resolve, reject) => {
        void client.query(new ArrayRead(query, resolve, reject));
      });
    } finally {
      slot.inFlight -= 1;
    }
  }

  /** Closes every connection; reads asked for afterwards fail. */
  async end(): Promise<void> {
    this.ended = true;
    const clients = this.slots.map((slot) => slot.client);
    for (const slot of this.slots) slot.client = undefined;
    await Promise.all(
      clients.map((client) =>
        client?.then(
          (open) => open.end(),
          () => undefined,
        ),
      ),
    );
  }

  /** The slot's connection, made when it has none (or its last one broke). */
  private connected(slot: Slot): Promise<pg.Client> {
    if (slot.client) return slot.client;
    const client = new pg.Client({ ...this.config, pipeline: true } as pg.ClientConfig);
    const forget = () => {
      if (slot.client === made) slot.client = undefined;
    };
    // A broken connection must not crash the process: its reads fail on their own.
    client.on('error', forget);
    client.on('end', forget);
    const made: Promise<pg.Client> = client.connect().then(
      () => client,
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    slot.client = made;
    return made;
  }
}
