/**
 * Build-time stand-in for RJSF's `deepEquals`, which brings `fast-equals` (about 2.5 KB gzip) into
 * every form page. The same answers for what RJSF compares (schemas, form data, ui schemas, error
 * schemas and props, React elements among them): functions are always equal (as RJSF configures
 * fast-equals), a React element's `_owner` is not compared, circular references end the walk, and
 * dates, regular expressions, maps, sets and arrays compare by content. Wired by `resolve.alias` in
 * vite.config.ts; tests/unit/engine/shims.test.ts holds it to fast-equals' answers.
 */
type Pairs = Map<object, object>;

function sameEntries(a: object, b: object, seen: Pairs): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  const react = '$$typeof' in a;
  return keysA.every(
    (key) =>
      (react && key === '_owner') ||
      (Object.hasOwn(b, key) &&
        equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], seen)),
  );
}

function sameContent(a: object, b: object, seen: Pairs): boolean {
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => equal(item, other[i], seen));
  }
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof RegExp) return String(a) === String(b);
  if (a instanceof Map) {
    const other = b as Map<unknown, unknown>;
    return (
      a.size === other.size &&
      [...a].every(([key, value]) => other.has(key) && equal(value, other.get(key), seen))
    );
  }
  if (a instanceof Set) {
    const other = b as Set<unknown>;
    return a.size === other.size && [...a].every((value) => other.has(value));
  }
  return sameEntries(a, b, seen);
}

function equal(a: unknown, b: unknown, seen: Pairs): boolean {
  if (a === b) return true;
  if (typeof a === 'function') return typeof b === 'function';
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return Number.isNaN(a) && Number.isNaN(b);
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  // A pair already being compared further up is taken as equal (circular references).
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  const result = sameContent(a, b, seen);
  seen.delete(a);
  return result;
}

export default function deepEquals(a: unknown, b: unknown): boolean {
  return equal(a, b, new Map());
}
