import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { askMemory } from '../../../scripts/lib/memory-series';
import { answerMemoryRequest } from '../../../src/server/memory-reports';

const root = path.resolve(import.meta.dirname, '../../..');

describe('memory figures over IPC (src/server/memory-reports.ts)', () => {
  it('answers a memory question with process.memoryUsage(), and nothing else', () => {
    const answer = answerMemoryRequest({ type: 'portal:memory', id: 7 }, undefined);
    expect(answer).toMatchObject({ type: 'portal:memory', id: 7 });
    const usage = (answer as { usage: NodeJS.MemoryUsage }).usage;
    expect(usage.rss).toBeGreaterThan(usage.heapUsed);
    expect(usage.heapTotal).toBeGreaterThanOrEqual(usage.heapUsed);
    for (const other of [null, 'portal:memory', { type: 'portal:memory' }, { type: 'x', id: 1 }]) {
      expect(answerMemoryRequest(other, undefined)).toBeNull();
    }
  });

  it('writes no heap snapshot unless HEAP_SNAPSHOT_DIR was given', () => {
    expect(answerMemoryRequest({ type: 'portal:heap-snapshot', id: 1 }, undefined)).toEqual({
      type: 'portal:heap-snapshot',
      id: 1,
      file: null,
    });
  });

  it('answers the parent over the channel, after a full collection with --expose-gc', async () => {
    const code = [
      `import('${path.join(root, 'src/server/memory-reports.ts')}').then((m) => {`,
      '  m.answerMemoryRequests();',
      '  setTimeout(() => {}, 20000);',
      '});',
    ].join('\n');
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '-e', code], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    try {
      // Asked until answered: the child's tsx start-up takes seconds on a busy CI machine, and a
      // question sent before it listens is dropped.
      let usage: NodeJS.MemoryUsage | null = null;
      const deadline = Date.now() + 45_000;
      while (!usage && Date.now() < deadline) usage = await askMemory(child, 500);
      expect(usage?.rss).toBeGreaterThan(10 * 1024 * 1024);
      expect(usage?.heapUsed).toBeGreaterThan(0);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
