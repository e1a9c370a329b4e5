/**
 * Lists staff edit (issue 44, item 6): a list whose items are texts (a terms page's bullet points)
 * or objects holding texts (a disclosure's paragraphs `{ type, text }`, a plan change's
 * consequences `{ text }`) gets buttons to add, remove and move its items. A list whose items
 * hold a structural value (an id, a kind, a version: the things a file's structure hangs on) is
 * not one: its items stay as they are.
 */
import type { Leaf } from './leaves';
import type { PathStep } from './json-pointer';

/**
 * Values that say what a file is, name a thing or stamp a version (`kind`, `id`, `…Id`,
 * `version`, `schemaVersion`): shown to editors, not changed by them.
 */
export const isStructural = (key: PathStep): boolean =>
  typeof key === 'string' &&
  (key === 'kind' || key === 'id' || key === 'version' || /(Id|Version)$/.test(key));

/** A list among a file's leaves: where its leaves start, how many, and its items. */
export interface ItemList {
  /** The list's path in the file. */
  parent: PathStep[];
  /** How many leaves (from the list's first) are its items'. */
  leaves: number;
  /** How many items it has. */
  items: number;
}

const same = (a: readonly PathStep[], b: readonly PathStep[]) =>
  a.length === b.length && a.every((step, i) => step === b[i]);

/** The list at `depth` (the item's index in `leaves[start].path`), if its leaves make one. */
function listAt(leaves: readonly Leaf[], start: number, depth: number): ItemList | undefined {
  const parent = leaves[start]!.path.slice(0, depth);
  let end = start;
  let item = 0;
  while (end < leaves.length) {
    const leaf = leaves[end]!;
    if (leaf.path.length <= depth || !same(leaf.path.slice(0, depth), parent)) break;
    const index = leaf.path[depth];
    if (index !== item && index !== item + 1) break;
    item = index;
    end += 1;
  }
  // Nothing of the list after its run of items (its items are all here, in order).
  const rest = leaves.slice(end).some((leaf) => same(leaf.path.slice(0, depth), parent));
  if (rest) return undefined;
  const run = leaves.slice(start, end);
  const items = item + 1;
  for (let i = 0; i < items; i += 1) {
    const own = run.filter((leaf) => leaf.path[depth] === i);
    if (!own.some((leaf) => leaf.kind === 'text')) return undefined;
  }
  if (run.some((leaf) => leaf.path.slice(depth + 1).some(isStructural))) return undefined;
  return { parent, leaves: end - start, items };
}

/**
 * Every list staff edit among a file's leaves (in the file's order), by the index of its first
 * leaf: the shallowest list whose first item starts there and whose items each hold a text (at
 * `minDepth` or deeper: the lists within an item of a list).
 */
export function itemLists(leaves: readonly Leaf[], minDepth = 0): Map<number, ItemList> {
  const lists = new Map<number, ItemList>();
  let i = 0;
  while (i < leaves.length) {
    const path = leaves[i]!.path;
    let found: ItemList | undefined;
    for (let depth = minDepth; depth < path.length && !found; depth += 1)
      if (path[depth] === 0) found = listAt(leaves, i, depth);
    if (found) {
      lists.set(i, found);
      i += found.leaves;
    } else i += 1;
  }
  return lists;
}

const isLocalized = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.entries(value).every(
    ([key, text]) => (key === 'en' || key === 'es') && typeof text === 'string',
  );

/** A new item like `model` (the list's last): the same shape, every text empty in both languages. */
export function blankItem(model: unknown): unknown {
  if (isLocalized(model)) return { en: '', es: '' };
  if (Array.isArray(model)) return model.map(blankItem);
  if (typeof model === 'object' && model !== null)
    return Object.fromEntries(Object.entries(model).map(([key, value]) => [key, blankItem(value)]));
  return model;
}

/** The list with item `from` moved to place `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
