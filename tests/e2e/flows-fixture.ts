/**
 * A copy of flows/ with a fixture tree laid over it, for a server started on it (FLOWS_DIR, or
 * buildApp's flowsDir): the proof that a journey's variants and stages are data. Each `.json` file
 * of the overlay is merged into the file of the same path (a new path is added as it is):
 *
 * - objects merge key by key (RFC 7386 JSON Merge Patch: `null` removes a key);
 * - an array whose items all carry an `id` merges item by item: an item of a known `id` is merged
 *   into it, a new one is added at the end, or before the item its `"$before": "<id>"` names;
 * - any other array, and any other value, replaces what was there.
 *
 * So a fixture names only what it adds (a variant, an offered option, a stage), and keeps working
 * when the rest of flows/ changes.
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const repo = fileURLToPath(new URL('../..', import.meta.url));

/** The fixture trees under tests/fixtures (`flowsFixture('flows-half')`). */
export function flowsFixture(name: string): string {
  return path.join(repo, 'tests', 'fixtures', name);
}

export interface FlowsCopy {
  /** The merged flows folder. */
  dir: string;
  /** Removes the copy. */
  remove(): void;
}

/** flows/ with `overlayDir` merged in, in a fresh temporary folder. */
export function flowsWith(overlayDir: string): FlowsCopy {
  const tmp = mkdtempSync(path.join(tmpdir(), 'portal-flows-'));
  const dir = path.join(tmp, 'flows');
  cpSync(path.join(repo, 'flows'), dir, { recursive: true });
  // Beside it the repo's schemas, so each file's relative `$schema` resolves (check:config).
  symlinkSync(path.join(repo, 'schemas'), path.join(tmp, 'schemas'));
  for (const relative of jsonFiles(overlayDir)) {
    const target = path.join(dir, relative);
    const patch = readJson(path.join(overlayDir, relative));
    mkdirSync(path.dirname(target), { recursive: true });
    const merged = existsSync(target) ? mergeJson(readJson(target), patch) : patch;
    writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
  }
  return { dir, remove: () => rmSync(tmp, { recursive: true, force: true }) };
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

function readJson(file: string): Json {
  return JSON.parse(readFileSync(file, 'utf8')) as Json;
}

const isObject = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const withId = (value: Json[]): value is { [key: string]: Json }[] =>
  value.every((item) => isObject(item) && typeof item.id === 'string');

/** `patch` merged into `base` (see the file's comment); neither is changed. */
export function mergeJson(base: Json, patch: Json): Json {
  if (isObject(patch)) {
    const out: { [key: string]: Json } = isObject(base) ? { ...base } : {};
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete out[key];
      else out[key] = mergeJson(out[key] ?? null, value);
    }
    return out;
  }
  if (Array.isArray(patch) && Array.isArray(base) && withId(base) && withId(patch)) {
    const out: Json[] = [...base];
    for (const { $before, ...item } of patch) {
      const at = out.findIndex((known) => isObject(known) && known.id === item.id);
      if (at >= 0) {
        out[at] = mergeJson(out[at] ?? null, item);
        continue;
      }
      const before = out.findIndex((known) => isObject(known) && known.id === $before);
      if (before >= 0) out.splice(before, 0, item);
      else out.push(item);
    }
    return out;
  }
  return patch;
}
