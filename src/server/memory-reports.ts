/**
 * Memory figures for the process that started this server, and only for it: answered over the IPC
 * channel Node opens when the parent spawns the server with 'ipc' in its stdio (scripts/soak.ts),
 * never over HTTP. A server started any other way (npm start, a service manager, a container) has
 * no channel, and nothing listens.
 *
 * - `{ type: 'portal:memory', id }` → `{ type: 'portal:memory', id, usage, spaces, collected }`:
 *   process.memoryUsage() and the V8 heap's spaces (committed bytes by space name), taken after a
 *   full collection when the process runs with --expose-gc (`collected` says so), so heapUsed is
 *   what the heap retains, not the garbage of the moment.
 * - `{ type: 'portal:heap-snapshot', id }` → `{ type: 'portal:heap-snapshot', id, file }`: a V8 heap
 *   snapshot written into HEAP_SNAPSHOT_DIR; refused (file null) when that variable is not set.
 *
 * Anything else on the channel is ignored.
 */
import path from 'node:path';
import { getHeapSpaceStatistics, writeHeapSnapshot } from 'node:v8';

export interface MemoryAnswer {
  type: 'portal:memory';
  id: number;
  usage: NodeJS.MemoryUsage;
  /** Bytes each space of the V8 heap holds from the system (new_space, old_space, code_space...). */
  spaces: Record<string, number>;
  collected: boolean;
}

export interface HeapSnapshotAnswer {
  type: 'portal:heap-snapshot';
  id: number;
  file: string | null;
}

function request(message: unknown): { type: string; id: number } | null {
  if (typeof message !== 'object' || message === null) return null;
  const { type, id } = message as { type?: unknown; id?: unknown };
  return typeof type === 'string' && typeof id === 'number' ? { type, id } : null;
}

/** The answer to one message, or null for a message that is not ours. */
export function answerMemoryRequest(
  message: unknown,
  snapshotDir: string | undefined,
): MemoryAnswer | HeapSnapshotAnswer | null {
  const asked = request(message);
  if (asked?.type === 'portal:memory') {
    const gc = globalThis.gc;
    if (gc) gc();
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.physical_space_size]),
    );
    return {
      type: 'portal:memory',
      id: asked.id,
      usage: process.memoryUsage(),
      spaces,
      collected: !!gc,
    };
  }
  if (asked?.type === 'portal:heap-snapshot') {
    const file = snapshotDir
      ? writeHeapSnapshot(path.join(snapshotDir, `${process.pid}-${Date.now()}.heapsnapshot`))
      : null;
    return { type: 'portal:heap-snapshot', id: asked.id, file };
  }
  return null;
}

/** Answers the parent's memory questions when there is an IPC channel; never keeps the process up. */
export function answerMemoryRequests(): void {
  if (!process.send) return;
  const snapshotDir = process.env.HEAP_SNAPSHOT_DIR || undefined;
  process.on('message', (message) => {
    const answer = answerMemoryRequest(message, snapshotDir);
    // The parent may be gone: the answer is dropped then, and the server goes on.
    if (answer && process.connected) process.send?.(answer, undefined, {}, () => {});
  });
  process.channel?.unref();
}
