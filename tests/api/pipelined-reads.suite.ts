/**
 * The pipelined reads on PostgreSQL (src/server/db/pipelined-reads.ts, pg's own pipeline mode):
 * the reads asked for in one turn of the event loop leave on their connection in one write, each
 * is answered with its own rows (the same as the pool's), a read asked for alone is answered too,
 * each read is its own implicit transaction so a read that fails fails alone (also a statement
 * that cannot be parsed, a statement timeout, an error in a turn that prepares a new statement),
 * thousands of reads in one turn are each answered, and a connection that breaks fails its reads
 * as the database being out of reach (answered 503) and is replaced on the next read.
 */
import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, precompile } from '../../src/server/db/database';
import { PipelinedReads } from '../../src/server/db/pipelined-reads';
import { isDatabaseUnavailable } from '../../src/server/db/unavailable';

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

    it('a read that fails fails alone; the reads around it are answered', async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      try {
        const read = (divisor: unknown) =>
          reads.query({
            name: 'pipelined_reads_suite_divide',
            text: 'select 10 / $1::int as q',
            values: [divisor],
          });
        const unsendable = {
          toPostgres: () => {
            throw new Error('cannot be sent');
          },
        };
        for (let round = 0; round < 2; round += 1) {
          // The first round prepares the statement on the connection; the second reuses it.
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
          // A value pg would convert, and could fail to, is refused before it is sent.
          expect(answers[3]).toMatchObject({ status: 'rejected' });
          expect(answers[4]).toEqual({ status: 'fulfilled', value: { names: ['q'], rows: [[1]] } });
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

    it("answers as the pool does: pg's values for every type, the columns' names", async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      const text =
        "select $1::int as n, $2::text as t, 9007199254740993::int8 as big, 12.50::numeric as amount, timestamptz '2026-12-07 01:02:03+00' as at, date '2026-12-07' as day, json_build_object('a', $1::int, 'b', 'Ü') as j, null::int as none";
      try {
        for (const values of [
          [1, 'uno'],
          [2, null],
        ]) {
          const answer = await reads.query({ name: 'pipelined_reads_suite_pool', text, values });
          const pooled = await pool.query<unknown[]>({ text, values, rowMode: 'array' });
          expect(answer.rows).toEqual(pooled.rows);
          expect(answer.names).toEqual(pooled.fields.map((field) => field.name));
        }
      } finally {
        await reads.end();
        await pool.end();
      }
    });

    it('a precompiled read on the portal database is answered on the pipelined connections as through Kysely', async () => {
      const portal = openDatabase({ databaseUrl: url, dataDir: '' });
      try {
        const { db } = portal;
        const build = (n: number, t: string | null) =>
          db.selectNoFrom([
            sql<number>`${n}::int`.as('n'),
            sql<string | null>`${t}::text`.as('t'),
            sql<string>`pg_backend_pid()::text`.as('pid'),
          ]);
        const read = precompile(db, ['integer', 'nullable text'], build);
        const answers = await Promise.all([read(1, 'a'), read(2, null), read(3, 'c')]);
        const through = await Promise.all([build(1, 'a'), build(2, null)].map((q) => q.execute()));
        expect(answers.map((rows) => rows.map(({ n, t }) => ({ n, t })))).toEqual([
          [{ n: 1, t: 'a' }],
          [{ n: 2, t: null }],
          [{ n: 3, t: 'c' }],
        ]);
        expect(through.map((rows) => rows.map(({ n, t }) => ({ n, t })))).toEqual([
          [{ n: 1, t: 'a' }],
          [{ n: 2, t: null }],
        ]);
        // Not the pool's connections: the reads have their own (two per process).
        const readPids = new Set(answers.map((rows) => rows[0]?.pid));
        const poolPids = new Set(through.map((rows) => rows[0]?.pid));
        expect([...readPids].some((pid) => poolPids.has(pid))).toBe(false);
      } finally {
        await portal.destroy();
      }
    });

    it('each read is its own transaction: one that fails leaves the others alone', async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      try {
        const read = (n: number) =>
          reads.query({
            name: 'pipelined_reads_suite_xact',
            text: 'select 10 / $1::int as q, txid_current()::text as xact',
            values: [n],
          });
        const answers = await Promise.allSettled([read(1), read(0), read(2), read(5)]);
        expect(answers[1]).toMatchObject({
          status: 'rejected',
          reason: { message: 'division by zero' },
        });
        const answered = [answers[0], answers[2], answers[3]].map((answer) =>
          answer?.status === 'fulfilled' ? answer.value.rows[0] : undefined,
        );
        expect(answered.map((row) => row?.[0])).toEqual([10, 5, 2]);
        expect(new Set(answered.map((row) => row?.[1])).size).toBe(3);
      } finally {
        await reads.end();
      }
    });

    it("an error in a turn that also prepares a new statement, with the next turn's reads of it already written: every other read is answered", async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      const divide = (n: number) =>
        reads.query({ name: 'prs_skip_divide', text: 'select 10 / $1::int as q', values: [n] });
      const added = (n: number) =>
        reads.query({ name: 'prs_skip_new', text: 'select $1::int + 1 as n', values: [n] });
      try {
        expect((await divide(1)).rows).toEqual([[10]]);
        const first = Promise.allSettled([
          // Holds the turn's answers back while the next turn is written.
          reads.query({
            name: 'prs_skip_sleep',
            text: 'select 1 as slept from pg_sleep($1::float8)',
            values: [0.4],
          }),
          divide(0),
          added(1),
          added(2),
        ]);
        await new Promise((resolve) => setTimeout(resolve, 100));
        const second = Promise.allSettled([added(3), divide(5)]);
        const [slept, failed, one, two] = await first;
        expect(slept).toMatchObject({ status: 'fulfilled', value: { rows: [[1]] } });
        expect(failed).toMatchObject({
          status: 'rejected',
          reason: { message: 'division by zero' },
        });
        expect(one).toMatchObject({ status: 'fulfilled', value: { rows: [[2]] } });
        expect(two).toMatchObject({ status: 'fulfilled', value: { rows: [[3]] } });
        const [three, five] = await second;
        expect(three).toMatchObject({ status: 'fulfilled', value: { rows: [[4]] } });
        expect(five).toMatchObject({ status: 'fulfilled', value: { rows: [[2]] } });
      } finally {
        await reads.end();
      }
    });

    it('a statement PostgreSQL cannot parse fails each of its reads, in every turn; the reads around it are answered', async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      const bad = () =>
        reads.query({ name: 'prs_bad', text: 'select no_such_column as x', values: [] });
      const good = (n: number) =>
        reads.query({ name: 'prs_good', text: 'select $1::int as n', values: [n] });
      try {
        for (let round = 0; round < 2; round += 1) {
          const answers = await Promise.allSettled([good(1), bad(), bad(), good(2)]);
          expect(answers.map((answer) => answer.status)).toEqual([
            'fulfilled',
            'rejected',
            'rejected',
            'fulfilled',
          ]);
          // The first carries the Parse and fails with its error; pg wrote the second while that
          // Parse was in flight, with a Bind only, so it finds no statement (26000). pg forgets
          // the failed Parse, so each turn parses again: the statement is never taken as prepared.
          expect(answers[1]).toMatchObject({ reason: { code: '42703' } });
          expect(answers[2]).toMatchObject({
            reason: { code: expect.stringMatching(/^(42703|26000)$/) as unknown },
          });
          expect(answers[0]).toMatchObject({ value: { rows: [[1]] } });
          expect(answers[3]).toMatchObject({ value: { rows: [[2]] } });
        }
      } finally {
        await reads.end();
      }
    });

    it("a statement timeout fails the slow read alone; the turn's other reads are answered", async () => {
      const reads = new PipelinedReads(
        { connectionString: url, options: '-c statement_timeout=200' },
        1,
      );
      try {
        const answers = await Promise.allSettled([
          reads.query({ name: 'prs_t_n', text: 'select $1::int as n', values: [1] }),
          reads.query({ name: 'prs_t_sleep', text: 'select pg_sleep($1::float8)', values: [2] }),
          reads.query({ name: 'prs_t_n', text: 'select $1::int as n', values: [2] }),
        ]);
        expect(answers[0]).toMatchObject({ status: 'fulfilled', value: { rows: [[1]] } });
        expect(answers[1]).toMatchObject({ status: 'rejected', reason: { code: '57014' } });
        expect(answers[2]).toMatchObject({ status: 'fulfilled', value: { rows: [[2]] } });
      } finally {
        await reads.end();
      }
    });

    it('thousands of reads in one turn, and reads asked while turns are in flight, each get their own answer', async () => {
      const reads = new PipelinedReads({ connectionString: url }, 2);
      const read = (n: number) =>
        reads.query({
          name: 'prs_many',
          text: "select $1::int as n, repeat('x', 200) as pad",
          values: [n],
        });
      try {
        const first = Array.from({ length: 4000 }, (_, n) => read(n));
        await new Promise((resolve) => setImmediate(resolve));
        const later = Array.from({ length: 100 }, (_, n) => read(10_000 + n));
        const answers = await Promise.all([...first, ...later]);
        expect(answers.map((answer) => answer.rows[0]?.[0])).toEqual([
          ...Array.from({ length: 4000 }, (_, n) => n),
          ...Array.from({ length: 100 }, (_, n) => 10_000 + n),
        ]);
      } finally {
        await reads.end();
      }
    });

    it('a broken connection fails its reads as the database out of reach (503), and the next read is answered', async () => {
      const reads = new PipelinedReads({ connectionString: url }, 1);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const pidRead = () =>
          reads.query({
            name: 'pipelined_reads_suite_pid',
            text: 'select pg_backend_pid() as pid, pg_sleep($1::float8) is null as slept',
            values: [0],
          });
        const pid = (await pidRead()).rows[0]?.[0];
        const slow = reads.query({
          name: 'pipelined_reads_suite_sleep',
          text: 'select pg_sleep($1::float8)',
          values: [5],
        });
        // Settled as soon as they fail (the backend may go before pg_terminate_backend returns).
        const settled = Promise.allSettled([slow, pidRead()]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await admin.query('select pg_terminate_backend($1)', [pid]);
        const failed = await settled;
        expect(failed).toHaveLength(2);
        for (const answer of failed) {
          expect(answer.status).toBe('rejected');
          const reason = answer.status === 'rejected' ? (answer.reason as unknown) : undefined;
          expect(isDatabaseUnavailable(reason), String(reason)).toBe(true);
        }
        // A new connection (a new backend) answers.
        const after = (await pidRead()).rows[0]?.[0];
        expect(typeof after).toBe('number');
        expect(after).not.toBe(pid);
      } finally {
        await admin.end();
        await reads.end();
      }
    });

    it('reads plan without sequential scans, with generic plans, keeping the connection options they are given', async () => {
      const reads = new PipelinedReads(
        { connectionString: url, options: '-c statement_timeout=4321' },
        1,
      );
      try {
        const answer = await reads.query({
          name: 'pipelined_reads_suite_settings',
          text: "select current_setting('enable_seqscan') as seqscan, current_setting('statement_timeout') as timeout, current_setting('plan_cache_mode') as plans",
          values: [],
        });
        expect(answer.rows).toEqual([['off', '4321ms', 'force_generic_plan']]);
      } finally {
        await reads.end();
      }
    });
  });
}
