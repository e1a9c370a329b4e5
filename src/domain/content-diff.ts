/**
 * What a draft changes, for the studio's review (issue 24): the difference between two flows
 * trees (path under flows/ → parsed JSON). Per file that differs: each changed localized text
 * (`{ en, es }`) as a word diff of both languages, and each other changed value before and
 * after, by JSON pointer. Rules (JSON Logic under `when`, `excludeOptions`, `canAdd`) are
 * compared whole, not operator by operator.
 */
import { diffWords, type WordDiff } from './word-diff';

export interface TextChange {
  pointer: string;
  en: WordDiff;
  es: WordDiff;
}

/** A changed value; `before` or `after` is absent where the value was added or removed. */
export interface ValueChange {
  pointer: string;
  before?: unknown;
  after?: unknown;
}

export interface FileChange {
  path: string;
  status: 'added' | 'removed' | 'changed';
  texts: TextChange[];
  values: ValueChange[];
}

const RULE_KEYS = new Set(['when', 'excludeOptions', 'canAdd']);

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A localized text: an object with `en` or `es` (as `npm run check:config` reads them). */
const isText = (value: unknown): value is Plain =>
  isPlain(value) && ('en' in value || 'es' in value);
const textOf = (value: Plain | undefined, language: 'en' | 'es'): string =>
  typeof value?.[language] === 'string' ? value[language] : '';

/** Deep equality of JSON values (object key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameJson(item, b[i]))
    );
  }
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]))
  );
}

const escape = (key: string) => key.replaceAll('~', '~0').replaceAll('/', '~1');

function walk(
  before: unknown,
  after: unknown,
  pointer: string,
  key: string,
  out: FileChange,
): void {
  if (sameJson(before, after)) return;
  const textBefore = before === undefined || isText(before);
  const textAfter = after === undefined || isText(after);
  if (textBefore && textAfter && !RULE_KEYS.has(key)) {
    const a = before as Plain | undefined;
    const b = after as Plain | undefined;
    out.texts.push({
      pointer,
      en: diffWords(textOf(a, 'en'), textOf(b, 'en')),
      es: diffWords(textOf(a, 'es'), textOf(b, 'es')),
    });
    return;
  }
  const arrays =
    (before === undefined || Array.isArray(before)) &&
    (after === undefined || Array.isArray(after));
  const objects =
    (before === undefined || isPlain(before)) && (after === undefined || isPlain(after));
  if (!RULE_KEYS.has(key) && !isText(before) && !isText(after) && objects) {
    const a = (before ?? {}) as Plain;
    const b = (after ?? {}) as Plain;
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      walk(
        Object.hasOwn(a, name) ? a[name] : undefined,
        Object.hasOwn(b, name) ? b[name] : undefined,
        `${pointer}/${escape(name)}`,
        name,
        out,
      );
    }
    return;
  }
  if (!RULE_KEYS.has(key) && arrays) {
    const a = (before ?? []) as unknown[];
    const b = (after ?? []) as unknown[];
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      walk(a[i], b[i], `${pointer}/${i}`, '', out);
    return;
  }
  const change: ValueChange = { pointer };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  out.values.push(change);
}

/** The files that differ between two trees, in path order, with what changed in each. */
export function diffTrees(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): FileChange[] {
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changes: FileChange[] = [];
  for (const path of paths) {
    const had = Object.hasOwn(before, path);
    const has = Object.hasOwn(after, path);
    if (had && has && sameJson(before[path], after[path])) continue;
    const change: FileChange = {
      path,
      status: !had ? 'added' : !has ? 'removed' : 'changed',
      texts: [],
      values: [],
    };
    walk(had ? before[path] : undefined, has ? after[path] : undefined, '', '', change);
    changes.push(change);
  }
  return changes;
}
