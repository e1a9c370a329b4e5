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
 * The reads asked for in one turn of the event loop leave in one write per connection, and those
 * whose statement the connection has prepared share one Sync (see `BatchRead`).
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
import { createRequire } from 'node:module';
import pg from 'pg';

/** pg's own conversion of a parameter's value for the wire (what its Query's Bind uses). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils') as {
  prepareValue: (value: unknown) => unknown;
};

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

/** A DataRow's values parsed with the columns' parsers (pg's text format; NULL as null). */
function parsedRow(columns: Columns, values: readonly (string | null)[]): unknown[] {
  const { parsers } = columns;
  const row: unknown[] = new Array(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    row[i] =
      value === null || value === undefined ? null : (parsers[i] as (t: string) => unknown)(value);
  }
  return row;
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
    try {
      this.answer.push(parsedRow(this.columns, message.fields));
    } catch (error) {
      this.failed = error;
    }
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

/** A read waiting for its turn's write, and how to answer it. */
interface Pending {
  query: PipelinedQuery;
  resolve: (answer: ArrayRows) => void;
  reject: (error: unknown) => void;
}

/** The part of pg's connection read here: the statements it has prepared (name to text). */
interface PreparedOn {
  connection: { parsedStatements: Record<string, string | undefined> };
}

/**
 * The reads of one turn whose statement this connection has already prepared (and whose columns
 * are known), as one query to pg: a Bind and an Execute for each, then one Sync. PostgreSQL
 * then answers them in one implicit transaction and one flush (one send), where a Sync per read
 * made a transaction and a send per read: on this VM a send on loopback costs the backend about
 * as much as the read itself. Without a Describe, each read's rows are parsed with the columns
 * its statement was last described with (`columnsOf`; a prepared statement's result does not
 * change: PostgreSQL refuses the read if it would).
 *
 * A read's error ends the transaction: PostgreSQL skips the reads after it until the Sync. The
 * failing read fails alone; those it skipped are sent again, each on its own (`again`), so that
 * none is answered with another read's error. An error of the connection itself fails them all.
 */
class BatchRead extends pg.Query {
  private sent: Pending[] = [];
  private at = 0;
  // Not `rows`: pg's Query has a `rows` of its own (a portal's row limit).
  private answer: unknown[][] = [];
  private submitted = false;
  private failed: unknown;

  constructor(
    private readonly reads: readonly Pending[],
    private readonly again: (reads: readonly Pending[]) => void,
  ) {
    super('');
  }

  // A property, as pg's types declare it.
  override submit = (connection: pg.Connection): void => {
    const wire = connection as unknown as {
      bind(config: {
        statement: string;
        values: unknown[];
        valueMapper: typeof prepareValue;
      }): void;
      execute(config: Record<string, never>): void;
      sync(): void;
    };
    for (const read of this.reads) {
      try {
        // Writes nothing when a value cannot be sent (pg's writer is cleared).
        wire.bind({
          statement: read.query.name,
          values: read.query.values,
          valueMapper: prepareValue,
        });
      } catch (error) {
        read.reject(error);
        continue;
      }
      wire.execute({});
      this.sent.push(read);
    }
    wire.sync();
    this.submitted = true;
  };

  handleRowDescription(): void {
    // No Describe is sent: the columns are known (`columnsOf`).
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const read = this.sent[this.at];
    if (!read || this.failed !== undefined) return;
    const columns = columnsOf.get(read.query.name);
    if (!columns) {
      this.failed = new Error(`pipelined read ${read.query.name}: its columns are not known`);
      return;
    }
    try {
      this.answer.push(parsedRow(columns, message.fields));
    } catch (error) {
      this.failed = error;
    }
  }

  handleCommandComplete(): void {
    const read = this.sent[this.at];
    this.at += 1;
    if (!read) return;
    const { answer: rows, failed } = this;
    this.answer = [];
    this.failed = undefined;
    if (failed !== undefined) read.reject(failed);
    else read.resolve({ names: columnsOf.get(read.query.name)?.names ?? [], rows });
  }

  handleError(error: unknown): void {
    if (!this.submitted) {
      // Refused before anything was written (pg checks a query before it sends it).
      for (const read of this.reads) read.reject(error);
      return;
    }
    const current = this.sent[this.at];
    const skipped = this.sent.slice(this.at + 1);
    this.at = this.sent.length;
    current?.reject(this.failed ?? error);
    // PostgreSQL's own answer (an ErrorResponse) for the read at hand; anything else is the
    // connection's, which the reads sent again could not get past either.
    if (error instanceof pg.DatabaseError) this.again(skipped);
    else for (const read of skipped) read.reject(error);
  }

  handleReadyForQuery(): void {
    const unanswered = this.sent.slice(this.at);
    this.at = this.sent.length;
    for (const read of unanswered) read.reject(new Error('pipelined read: no answer before Sync'));
  }
}

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

/** Connections per process for the pipelined reads (besides the pool and a LISTEN). */
export const PIPELINED_CONNECTIONS = 2;

interface Slot {
  client: Promise<pg.Client> | undefined;
  inFlight: number;
  /** The reads asked for in this turn of the event loop, written at its end. */
  turn?: { client: pg.Client; reads: Pending[] };
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
      return await new Promise<ArrayRows>((resolve, reject) => {
        this.inTurn(slot, client, { query, resolve, reject });
      });
    } finally {
      slot.inFlight -= 1;
    }
  }

  /**
   * Queues a read for the end of this turn of the event loop (setImmediate, its check phase):
   * the requests that arrive in one turn (its poll phase) ask for their reads in its callbacks,
   * and they leave together. A read asked for alone waits for nothing but the end of its turn.
   */
  private inTurn(slot: Slot, client: pg.Client, read: Pending): void {
    if (slot.turn?.client === client) {
      slot.turn.reads.push(read);
      return;
    }
    const turn = { client, reads: [read] };
    slot.turn = turn;
    setImmediate(() => {
      if (slot.turn === turn) slot.turn = undefined;
      writeTurn(client, turn.reads);
    });
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
    const client = new pg.Client({
      ...this.config,
      pipeline: true,
      options: [this.config.options, READ_SETTINGS].filter(Boolean).join(' '),
    } as pg.ClientConfig);
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

/**
 * A turn's reads on one connection, in one write (the stream corked while pg writes them): those
 * whose statement the connection has prepared, with known columns, as one `BatchRead`; the others
 * (a statement's first read on the connection: its Parse and Describe) each as an `ArrayRead`.
 *
 * On this VM's loopback a write costs about 40 µs of the process's CPU (the kernel delivers it to
 * the receiver within the call), as much as the rest of a read's work in the portal: one write a
 * turn instead of one a read, and the backend reads them in one wake-up.
 */
function writeTurn(client: pg.Client, reads: readonly Pending[]): void {
  const alone = (read: Pending) =>
    void client.query(new ArrayRead(read.query, read.resolve, read.reject));
  const prepared = (client as unknown as PreparedOn).connection.parsedStatements;
  const batch: Pending[] = [];
  const stream = client.connection.stream;
  stream.cork();
  try {
    for (const read of reads) {
      if (prepared[read.query.name] === read.query.text && columnsOf.has(read.query.name)) {
        batch.push(read);
      } else {
        alone(read);
      }
    }
    if (batch.length > 0) {
      void client.query(new BatchRead(batch, (skipped) => skipped.forEach(alone)));
    }
  } finally {
    stream.uncork();
  }
}
