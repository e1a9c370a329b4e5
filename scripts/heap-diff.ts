/**
 * `tsx scripts/heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [rows]`: what grew between
 * two V8 heap snapshots of one process (e.g. from `SOAK_HEAP_SNAPSHOTS=<dir> npm run soak`), by
 * node type and constructor name (the "Constructor" column of Chrome DevTools' summary): count and
 * shallow bytes in each, and the difference, largest growth in bytes first.
 */
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

type Counts = Map<string, { count: number; bytes: number }>;

function countByConstructor(file: string): Counts {
  const heap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const counts: Counts = new Map();
  for (let i = 0; i < heap.nodes.length; i += width) {
    const type = types[heap.nodes[i + typeAt]!]!;
    // Strings and code are named by their contents; group them by type alone.
    const named = type === 'object' || type === 'closure' || type === 'native';
    const key = named ? `${type} ${heap.strings[heap.nodes[i + nameAt]!]!.slice(0, 60)}` : type;
    const entry = counts.get(key) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += heap.nodes[i + sizeAt]!;
    counts.set(key, entry);
  }
  return counts;
}

const [beforeFile, afterFile, rowsArg] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error(
    'usage: tsx scripts/heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [rows]',
  );
  process.exit(2);
}
const before = countByConstructor(beforeFile);
const after = countByConstructor(afterFile);
const total = (counts: Counts) => [...counts.values()].reduce((sum, e) => sum + e.bytes, 0);
const rows = [...new Set([...before.keys(), ...after.keys()])].map((key) => {
  const b = before.get(key) ?? { count: 0, bytes: 0 };
  const a = after.get(key) ?? { count: 0, bytes: 0 };
  return {
    key,
    count: a.count,
    countDiff: a.count - b.count,
    bytes: a.bytes,
    diff: a.bytes - b.bytes,
  };
});
rows.sort((x, y) => y.diff - x.diff);
const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
console.log(`shallow size: ${kb(total(before))} -> ${kb(total(after))}`);
console.log('growth (bytes)  growth (count)  now (count)  type and constructor');
for (const row of rows.slice(0, Number(rowsArg) || 30)) {
  console.log(
    `${kb(row.diff).padStart(14)}  ${String(row.countDiff).padStart(14)}  ${String(row.count).padStart(11)}  ${row.key}`,
  );
}
