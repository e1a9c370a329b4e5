/**
 * The pipelined reads on PostgreSQL (src/server/db/pipelined-reads.ts): the reads asked for in one
 * turn of the event loop leave on their connection in one write, each is answered with its own
 * rows, and a read asked for alone is answered too.
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
  });
}
