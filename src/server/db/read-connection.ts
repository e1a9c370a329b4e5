/**
 * One connection of the pipelined reads (db/pipelined-reads.ts): a turn's reads written in one
 * write with ONE Sync, and the answers read with pg-protocol's parser. Only public API: pg's
 * `Client` makes the connection (its options, authentication, connect timeout) on a socket given
 * through its `stream` option; once it is ready the socket's reader is this module's
 * (pg-protocol's exported `parse`, messages written with its exported `serialize`), and pg's
 * client is no longer used for it.
 *
 * A turn's reads: for a statement the connection has not prepared yet, a Parse and a Describe
 * (the columns, each with pg's parser for its type, are kept for the statement); then for every
 * read a Bind and an Execute; then one Sync. PostgreSQL answers them in one implicit transaction
 * and one send, where a Sync per read (pg's pipeline mode) costs a transaction, a send and a
 * Describe per read. A read's error ends that transaction: PostgreSQL skips the rest of the turn
 * up to the Sync. The read that failed fails alone; the reads it skipped are sent again in a
 * later write (`retry`), so none is answered with another read's error.
 */
import net from 'node:net';
import pg from 'pg';
import { parse, serialize } from 'pg-protocol';

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

/** A read waiting for its answer. */
export interface Pending {
  query: PipelinedQuery;
  resolve: (answer: ArrayRows) => void;
  reject: (error: unknown) => void;
}

type TextParser = (text: string) => unknown;

/** A statement prepared (or being prepared) on this connection, and its columns once described. */
interface Statement {
  text: string;
  /** Its Parse failed or was skipped: reads written meanwhile with a Bind only are sent again. */
  lost?: boolean;
  names?: string[];
  parsers?: TextParser[];
}

/** What PostgreSQL answers next, in the order the messages were written. */
type Step =
  | { kind: 'parse' | 'describe'; read: Pending; statement: Statement; name: string }
  | { kind: 'bind'; read: Pending; statement: Statement }
  | { kind: 'execute'; read: Pending; statement: Statement; rows: unknown[][]; failed?: unknown }
  | { kind: 'sync' };

/** The parts of pg-protocol's backend messages read here (its parser's output). */
interface Message {
  name: string;
  fields?: unknown[];
}
interface Field {
  name: string;
  dataTypeID: number;
}

const SYNC = serialize.sync();

/**
 * pg's conversion of the values that come here (db/pipelined-reads.ts `sentAsIs`): null and
 * undefined as NULL, strings, numbers, booleans and bigints as their text.
 */
function wireValue(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value as string);
}

/** pg's parser for a column's type, for text (the Bind asks for no binary column). */
function parserOf(field: Field): TextParser {
  return pg.types.getTypeParser(field.dataTypeID, 'text') as TextParser;
}

export class ReadConnection {
  private readonly statements = new Map<string, Statement>();
  private readonly steps: Step[] = [];
  private at = 0;
  private closed: unknown;

  private constructor(
    private readonly socket: net.Socket,
    /** Sends the reads PostgreSQL skipped after a failed one again, in a later write. */
    private readonly retry: (reads: Pending[]) => void,
    /** Told once when the connection breaks or is closed. */
    private readonly onClose: () => void,
  ) {}

  /**
   * Connects with pg (`config`: the pool's settings and the read connections' options), then
   * takes the socket's reading over from pg.
   */
  static async open(
    config: pg.ClientConfig,
    retry: (reads: Pending[]) => void,
    onClose: () => void,
  ): Promise<ReadConnection> {
    const socket = new net.Socket();
    const client = new pg.Client({ ...config, stream: () => socket });
    const taken: { connection?: ReadConnection } = {};
    // Errors while connecting reject connect(); afterwards pg's client must not hear a thing:
    // if it does (a pg that reads the socket some other way), the connection is given up.
    client.on('error', (error) => taken.connection?.fail(error));
    await client.connect();
    // pg reads with a 'data' listener (pg-protocol's parse); from here the reader is this one.
    socket.removeAllListeners('data');
    const connection = new ReadConnection(socket, retry, onClose);
    taken.connection = connection;
    void parse(socket, (message) => connection.onMessage(message as Message));
    socket.on('error', (error) => connection.fail(error));
    socket.on('close', () => connection.fail(new Error('Connection terminated unexpectedly')));
    return connection;
  }

  /** Writes the reads in one write, under one Sync. */
  send(reads: readonly Pending[]): void {
    if (this.closed !== undefined) {
      for (const read of reads) read.reject(this.closed);
      return;
    }
    const messages: Buffer[] = [];
    for (const read of reads) {
      const { name, text, values } = read.query;
      let statement = this.statements.get(name);
      if (statement && statement.text !== text) {
        read.reject(new Error(`pipelined read ${name}: the statement has another text`));
        continue;
      }
      if (!statement) {
        statement = { text };
        this.statements.set(name, statement);
        messages.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }));
        this.steps.push(
          { kind: 'parse', read, statement, name },
          { kind: 'describe', read, statement, name },
        );
      }
      messages.push(
        serialize.bind({ statement: name, values: values.map(wireValue) }),
        serialize.execute({}),
      );
      this.steps.push(
        { kind: 'bind', read, statement },
        { kind: 'execute', read, statement, rows: [] },
      );
    }
    if (messages.length === 0) return;
    messages.push(SYNC);
    this.steps.push({ kind: 'sync' });
    this.socket.write(Buffer.concat(messages));
  }

  /** Closes the connection (Terminate); the reads still in flight fail. */
  async close(): Promise<void> {
    if (this.closed !== undefined) return;
    const ended = new Promise<void>((resolve) => this.socket.once('close', () => resolve()));
    this.stop(new Error('Connection terminated'));
    this.socket.end(serialize.end());
    await ended;
  }

  /** Fails every read in flight with `error` and drops the connection. */
  private fail(error: unknown): void {
    if (this.closed !== undefined) return;
    this.stop(error);
    this.socket.destroy();
  }

  /** Fails every read in flight with `error`; the connection takes no more. */
  private stop(error: unknown): void {
    this.closed = error;
    const steps = this.steps.splice(0);
    for (let i = this.at; i < steps.length; i += 1) {
      const step = steps[i];
      if (step?.kind === 'execute') step.read.reject(error);
    }
    this.at = 0;
    this.onClose();
  }

  private onMessage(message: Message): void {
    if (this.closed !== undefined) return;
    const step = this.steps[this.at];
    switch (message.name) {
      case 'dataRow':
        if (step?.kind === 'execute') this.addRow(step, message.fields as (string | null)[]);
        return;
      case 'parseComplete':
      case 'bindComplete':
      case 'parameterDescription':
        // ParameterDescription comes before the Describe's RowDescription or NoData.
        if (message.name !== 'parameterDescription') this.at += 1;
        return;
      case 'rowDescription':
      case 'noData':
        if (step?.kind === 'describe') {
          const fields = (message.fields ?? []) as Field[];
          step.statement.names = fields.map((field) => field.name);
          step.statement.parsers = fields.map(parserOf);
        }
        this.at += 1;
        return;
      case 'commandComplete':
      case 'emptyQuery':
        if (step?.kind === 'execute') {
          if (step.failed !== undefined) step.read.reject(step.failed);
          else step.read.resolve({ names: step.statement.names ?? [], rows: step.rows });
        }
        this.at += 1;
        return;
      case 'error':
        this.onError(message as { severity?: string });
        return;
      case 'readyForQuery':
        this.onReady();
        return;
      default:
      // ParameterStatus, NoticeResponse, NotificationResponse: nothing to do.
    }
  }

  private addRow(step: Step & { kind: 'execute' }, values: readonly (string | null)[]): void {
    if (step.failed !== undefined) return;
    const parsers = step.statement.parsers ?? [];
    const row: unknown[] = new Array(values.length);
    try {
      for (let i = 0; i < values.length; i += 1) {
        const value = values[i];
        row[i] = value === null || value === undefined ? null : (parsers[i] as TextParser)(value);
      }
      step.rows.push(row);
    } catch (error) {
      step.failed = error;
    }
  }

  /**
   * PostgreSQL's error for the step at hand: its read fails with it, and the steps up to the Sync
   * are skipped (their statements not prepared; their reads sent again). A read whose Bind names
   * a statement whose Parse was lost is sent again too (with a Parse), not failed. A FATAL error
   * (a terminated backend, a shutdown) fails every read on the connection: it is going.
   */
  private onError(error: { severity?: string }): void {
    const failing = this.steps[this.at];
    if (
      !failing ||
      failing.kind === 'sync' ||
      error.severity === 'FATAL' ||
      error.severity === 'PANIC'
    ) {
      this.fail(error);
      return;
    }
    const again = failing.kind === 'bind' && failing.statement.lost === true;
    if (!again) failing.read.reject(error);
    const skipped: Pending[] = again ? [failing.read] : [];
    let i = this.at;
    for (; i < this.steps.length; i += 1) {
      const step = this.steps[i] as Step;
      if (step.kind === 'sync') break;
      if (step.kind === 'parse' && this.statements.get(step.name) === step.statement) {
        step.statement.lost = true;
        this.statements.delete(step.name);
      }
      if (step.kind === 'execute' && step.read !== failing.read) skipped.push(step.read);
    }
    this.at = i;
    if (skipped.length > 0) this.retry(skipped);
  }

  private onReady(): void {
    const sync = this.steps[this.at];
    if (sync?.kind !== 'sync') {
      this.fail(new Error('pipelined read: the answers do not match the reads'));
      return;
    }
    this.at += 1;
    if (this.at === this.steps.length) {
      this.steps.length = 0;
      this.at = 0;
    } else if (this.at > 64) {
      this.steps.splice(0, this.at);
      this.at = 0;
    }
  }
}
