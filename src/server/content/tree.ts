/**
 * A flows tree (issue 24): the content of a `flows/` folder as data, a map from a file's path under
 * flows/ (`forms/sign-in.json`, `clients/ADW.json`) to its parsed JSON. It is what a content
 * version keeps in the database (content_versions.files) and what `flows:export` writes back.
 * Only `.json` files inside the sub-folders count (READMEs stay on disk); paths are `/`-separated
 * and in the order the folder lists them (each level by name).
 *
 * `treeToConfig` makes the server's config of it: `config[folder][name]`, name being the path
 * inside the folder without `.json`. `loadFlows(dir)` (config.ts) is `treeToConfig(readFlowsTree(dir))`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PortalConfig } from '../config';

export type FlowsTree = Record<string, unknown>;

/**
 * A path a tree may hold: a folder, then names of lower-case letters, digits, `-`, `_` or `.`,
 * ending in `.json`. Nothing that could leave the folder it is written to (`..`, `/` first, `\`).
 */
const TREE_PATH = /^[a-z0-9][a-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)+\.json$/;

export function isTreePath(file: string): boolean {
  return TREE_PATH.test(file) && !file.split('/').some((part) => part === '..' || part === '.');
}

/** The folder of flows/ a path is in (`forms` for `forms/sign-in.json`). */
export function folderOf(file: string): string {
  return file.slice(0, file.indexOf('/'));
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name);
}

function readFolder(dir: string, prefix: string, tree: FlowsTree): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort(byName)) {
    const full = path.join(dir, entry.name);
    const relative = `${prefix}${entry.name}`;
    if (entry.isDirectory()) readFolder(full, `${relative}/`, tree);
    else if (entry.name.endsWith('.json')) {
      try {
        tree[relative] = JSON.parse(readFileSync(full, 'utf8')) as unknown;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`flows/${relative} is not valid JSON: ${reason}`);
      }
    }
  }
}

/** Every `.json` file under the sub-folders of `dir` (an empty tree when `dir` is missing). */
export function readFlowsTree(dir: string): FlowsTree {
  const tree: FlowsTree = {};
  if (!existsSync(dir)) return tree;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort(byName)) {
    if (entry.isDirectory()) readFolder(path.join(dir, entry.name), `${entry.name}/`, tree);
  }
  return tree;
}

/**
 * Writes every file of the tree under `dir` (folders made as needed), as JSON indented by two
 * spaces with a final newline, as flows/ keeps them. Throws before writing anything when a path
 * is not one a tree may hold.
 */
export function writeFlowsTree(dir: string, tree: FlowsTree): void {
  const bad = Object.keys(tree).filter((file) => !isTreePath(file));
  if (bad.length > 0) throw new Error(`not a flows file path: ${bad.join(', ')}`);
  for (const [file, json] of Object.entries(tree)) {
    const full = path.join(dir, ...file.split('/'));
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, `${JSON.stringify(json, null, 2)}\n`);
  }
}

/** The server's config of a tree: what loadFlows gives for the folder the tree was read from. */
export function treeToConfig(tree: FlowsTree): PortalConfig {
  const config: PortalConfig = { forms: {}, rules: {}, texts: {} };
  for (const [file, json] of Object.entries(tree)) {
    const slash = file.indexOf('/');
    if (slash <= 0 || !file.endsWith('.json')) throw new Error(`not a flows file path: ${file}`);
    const folder = file.slice(0, slash);
    const name = file.slice(slash + 1, -'.json'.length);
    const files: Record<string, unknown> = config[folder] ?? {};
    files[name] = json;
    config[folder] = files;
  }
  return config;
}

/** JSON text of a value with every object's keys sorted: equal for equal content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * The paths whose content differs between two trees (added, removed or changed), sorted; the
 * order of an object's keys is not a change.
 */
export function changedPaths(before: FlowsTree, after: FlowsTree): string[] {
  const paths = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...paths].filter((file) => canonical(before[file]) !== canonical(after[file])).sort();
}
