/**
 * The pipelined reads on PostgreSQL (src/server/db/pipelined-reads.ts): the reads asked for in one
 * turn of the event loop leave on their connection in one write, each is answered with its own
 * rows, and a read asked for alone is answered too. Once the connection has prepared a statement,
 * a turn's reads of it share one Sync (one implicit transaction); a read that fails there fails
 * alone, and the reads PostgreSQL skipped after it are answered too.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { PipelinedReads } from '../../src/server/db/pipelined-reads';

type WriteV = NonNullable<net.Socket['_writev']>;

export function pipelinedReadsSuite(url: string, port: number) {
  describe('pipelined reads on PostgreSQL', () => {
    it('reads asked for in one turn leave in one write; each gets its own answer', async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      const read = (n: number) =>
        reads.query({
          name: 'pipelined_reads_suite',
          text: 'select $1::int as n',
          values: [n],
        });
      // Writes to the database's port, counted at the socket (one per system call's worth).
      const writes: number[] = [];
      const original = { write: net.Socket.prototype._write, writev: net.Socket.prototype._writev };
      try {
        expect((await read(-1)).rows).toEqual([[-1]]);
        net.Socket.prototype._write = function (this: net.Socket, ...args) {
          if (this.remotePort === port) writes.push(1);
          return original.write.apply(this, args);
        };
        net.Socket.prototype._writev = function (this: net.Socket, ...args: Parameters<WriteV>) {
          if (this.remotePort === port) writes.push(args[0].length);
          return (original.writev as WriteV).apply(this, args);
        };
        const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => read(n)));
        expect(answers.map((answer) => answer.rows)).toEqual(
          Array.from({ length: 8 }, (_, n) => [[n]]),
        );
        expect(writes.length).toBe(1);
        // Alone, in a later turn: answered, in a write of its own.
        expect((await read(42)).rows).toEqual([[42]]);
        expect(writes.length).toBe(2);
      } finally {
        net.Socket.prototype._write = original.write;
        net.Socket.prototype._writev = original.writev;
        await reads.end();
      }
    });

    it("gives each column pg's value for its type, and the columns' names", async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      try {
        for (let round = 0; round < 2; round += 1) {
          // The second time the statement's parsers are the ones kept from the first.
          const answer = await reads.query({
            name: 'pipelined_reads_suite_types',
            text: 'select $1::int as n, $1::int > 0 as positive, 9007199254740993::int8 as big, json_build_array($1::int, \'Ü "q"\', null) as j, null::text as none',
            values: [round + 1],
          });
          expect(answer.names).toEqual(['n', 'positive', 'big', 'j', 'none']);
          expect(answer.rows).toEqual([
            [round + 1, true, '9007199254740993', [round + 1, 'Ü "q"', null], null],
          ]);
        }
        const none = await reads.query({
          name: 'pipelined_reads_suite_none',
          text: 'select 1 as one where false',
          values: [],
        });
        expect(none).toEqual({ names: ['one'], rows: [] });
      } finally {
        await reads.end();
      }
    });

    it('a read that fails fails alone; the reads around it are answered', async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      try {
        const read = (divisor: number) =>
          reads.query({
            name: 'pipelined_reads_suite_divide',
            text: 'select 10 / $1::int as q',
            values: [divisor],
          });
        const answers = await Promise.allSettled([read(2), read(0), read(5)]);
        expect(answers[0]).toEqual({ status: 'fulfilled', value: { names: ['q'], rows: [[5]] } });
        expect(answers[1]).toMatchObject({
          status: 'rejected',
          reason: { message: 'division by zero' },
        });
        expect(answers[2]).toEqual({ status: 'fulfilled', value: { names: ['q'], rows: [[2]] } });
      } finally {
        await reads.end();
      }
    });
    it("a turn's reads of a prepared statement share one transaction; before, each had its own", async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      try {
        const read = (n: number) =>
          reads.query({
            name: 'pipelined_reads_suite_xact',
            text: 'select $1::int as n, transaction_timestamp()::text as began',
            values: [n],
          });
        // The statement's first reads on the connection: each its own Parse and Sync.
        const first = await Promise.all([read(1), read(2), read(3)]);
        expect(first.map((answer) => answer.rows[0]?.[0])).toEqual([1, 2, 3]);
        expect(new Set(first.map((answer) => answer.rows[0]?.[1])).size).toBe(3);
        // Prepared now: the next turn's reads are one Sync, one transaction.
        const batched = await Promise.all(Array.from({ length: 6 }, (_, n) => read(n)));
        expect(batched.map((answer) => answer.names)).toEqual(
          Array.from({ length: 6 }, () => ['n', 'began']),
        );
        expect(batched.map((answer) => answer.rows[0]?.[0])).toEqual([0, 1, 2, 3, 4, 5]);
        expect(new Set(batched.map((answer) => answer.rows[0]?.[1])).size).toBe(1);
      } finally {
        await reads.end();
      }
    });

    it('in a shared transaction a read that fails fails alone; the reads after it are answered', async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      try {
        const read = (divisor: unknown) =>
          reads.query({
            name: 'pipelined_reads_suite_divide_batched',
            text: 'select 10 / $1::int as q',
            values: [divisor],
          });
        expect((await read(1)).rows).toEqual([[10]]);
        const unsendable = {
          toPostgres: () => {
            throw new Error('cannot be sent');
          },
        };
        const answers = await Promise.allSettled([
          read(2),
          read(0),
          read(5),
          read(unsendable),
          read(10),
        ]);
        expect(answers[0]).toEqual({ status: 'fulfilled', value: { names: ['q'], rows: [[5]] } });
        expect(answers[1]).toMatchObject({
          status: 'rejected',
          reason: { message: 'division by zero' },
        });
        expect(answers[2]).toEqual({ status: 'fulfilled', value: { names: ['q'], rows: [[2]] } });
        expect(answers[3]).toMatchObject({
          status: 'rejected',
          reason: { message: 'cannot be sent' },
        });
        expect(answers[4]).toEqual({ status: 'fulfilled', value: { names: ['q'], rows: [[1]] } });
        // The connection carries on: a later turn is answered.
        expect((await Promise.all([read(2), read(5)])).map((a) => a.rows)).toEqual([[[5]], [[2]]]);
      } finally {
        await reads.end();
      }
    });
    it('reads plan without sequential scans, keeping the connection options they are given', async () => {
      const reads = new PipelinedReads(
        { connectionString: url, options: '-c statement_timeout=4321' },
        1,
      );
      try {
        const answer = await reads.query({
          name: 'pipelined_reads_suite_settings',
          text: "select current_setting('enable_seqscan') as seqscan, current_setting('statement_timeout') as timeout",
          values: [],
        });
        expect(answer.rows).toEqual([['off', '4321ms']]);
      } finally {
        await reads.end();
      }
    });
  });
}
