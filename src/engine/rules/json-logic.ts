/**
 * A small, pure JSON Logic evaluator (https://jsonlogic.com) shared by the browser and the server.
 *
 * Why our own instead of json-logic-js: operators are a closed, typed set (so `check:config` can
 * name an unknown operator before it ships), there is no global mutable operator registry, and
 * calendar dates (`YYYY-MM-DD` strings) compare correctly with `<`, `<=`, `>`, `>=`.
 *
 * Extensions beyond the standard set, each small and side-effect free:
 * - `startsWith`: [string, prefix] -> boolean
 * - `endsWith`: [string, suffix] -> boolean
 * - `length`: [array | string] -> number (0 for null)
 * - `last`: [array] -> its last item (null for an empty array or a non-array)
 */

/** A JSON Logic expression: a primitive, an array of expressions, or a one-key operator object. */
export type JsonLogic =
  string | number | boolean | null | JsonLogic[] | { [operator: string]: JsonLogic };

/**
 * Operators that need their arguments unevaluated (short-circuit or per-item scope): they get the
 * number of arguments and `arg(i, data)`, which evaluates argument i against data (compiling it
 * the first time it is reached).
 */
type LazyOperator = (
  count: number,
  arg: (index: number, data: unknown) => unknown,
  data: unknown,
) => unknown;
/** Operators that take evaluated arguments. */
type EagerOperator = (...values: unknown[]) => unknown;

/** JSON Logic truthiness: empty arrays are falsy, everything else as in JavaScript. */
export function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

function getVar(data: unknown, path: unknown): unknown {
  if (path === null || path === undefined || path === '') return data;
  return readPath(data, String(path).split('.'));
}

function readPath(data: unknown, parts: readonly string[]): unknown {
  let current: unknown = data;
  for (const part of parts) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Compares numbers as numbers and two strings as strings (so ISO dates order correctly). */
function compare(a: unknown, b: unknown): number | null {
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (a === null || a === undefined || b === null || b === undefined) return null;
  const x = Number(a);
  const y = Number(b);
  if (Number.isNaN(x) || Number.isNaN(y)) return null;
  return x - y;
}

function chain(values: unknown[], test: (order: number) => boolean): boolean {
  for (let i = 0; i + 1 < values.length; i += 1) {
    const order = compare(values[i], values[i + 1]);
    if (order === null || !test(order)) return false;
  }
  return true;
}

function looseEquals(a: unknown, b: unknown): boolean {
  // Loose equality is part of the JSON Logic standard ("==" uses JavaScript's rules).
  return a == b;
}

/** The items of a per-item operator: its first argument, when that is an array. */
function itemsOf(arg: (index: number, data: unknown) => unknown, data: unknown): unknown[] | null {
  const items = arg(0, data);
  return Array.isArray(items) ? items : null;
}

const lazy: Record<string, LazyOperator> = {
  if: (count, arg, data) => {
    let i = 0;
    for (; i + 1 < count; i += 2) {
      if (truthy(arg(i, data))) return arg(i + 1, data);
    }
    return i < count ? arg(i, data) : null;
  },
  and: (count, arg, data) => {
    let value: unknown = true;
    for (let i = 0; i < count; i += 1) {
      value = arg(i, data);
      if (!truthy(value)) return value;
    }
    return value;
  },
  or: (count, arg, data) => {
    let value: unknown = false;
    for (let i = 0; i < count; i += 1) {
      value = arg(i, data);
      if (truthy(value)) return value;
    }
    return value;
  },
  filter: (_count, arg, data) => itemsOf(arg, data)?.filter((item) => truthy(arg(1, item))) ?? [],
  map: (_count, arg, data) => itemsOf(arg, data)?.map((item) => arg(1, item)) ?? [],
  some: (_count, arg, data) => itemsOf(arg, data)?.some((item) => truthy(arg(1, item))) ?? false,
  all: (_count, arg, data) => {
    const items = itemsOf(arg, data);
    return items !== null && items.length > 0 && items.every((item) => truthy(arg(1, item)));
  },
  none: (_count, arg, data) => !itemsOf(arg, data)?.some((item) => truthy(arg(1, item))),
};

const eager: Record<string, EagerOperator> = {
  var: () => undefined, // handled in evaluate(): needs the data
  missing: () => undefined, // handled in evaluate(): needs the data
  '==': (a, b) => looseEquals(a, b),
  '===': (a, b) => a === b,
  '!=': (a, b) => !looseEquals(a, b),
  '!==': (a, b) => a !== b,
  '!': (a) => !truthy(a),
  '!!': (a) => truthy(a),
  '<': (...v) => chain(v, (o) => o < 0),
  '<=': (...v) => chain(v, (o) => o <= 0),
  '>': (...v) => chain(v, (o) => o > 0),
  '>=': (...v) => chain(v, (o) => o >= 0),
  '+': (...v) => v.reduce<number>((sum, x) => sum + Number(x), 0),
  '*': (...v) => v.reduce<number>((product, x) => product * Number(x), 1),
  '-': (a, b) => (b === undefined ? -Number(a) : Number(a) - Number(b)),
  '/': (a, b) => Number(a) / Number(b),
  '%': (a, b) => Number(a) % Number(b),
  min: (...v) => Math.min(...v.map(Number)),
  max: (...v) => Math.max(...v.map(Number)),
  in: (needle, haystack) =>
    typeof haystack === 'string'
      ? haystack.includes(String(needle))
      : Array.isArray(haystack) && haystack.includes(needle),
  cat: (...v) => v.map((x) => (x === null || x === undefined ? '' : String(x))).join(''),
  merge: (...v) => v.flat(),
  startsWith: (s, prefix) => typeof s === 'string' && s.startsWith(String(prefix)),
  endsWith: (s, suffix) => typeof s === 'string' && s.endsWith(String(suffix)),
  length: (x) => (typeof x === 'string' || Array.isArray(x) ? x.length : 0),
  last: (x) => (Array.isArray(x) && x.length > 0 ? (x[x.length - 1] as unknown) : null),
};

/** Every operator the evaluator knows, for config checking and documentation. */
export const OPERATORS: readonly string[] = [...Object.keys(lazy), ...Object.keys(eager)];

function operatorOf(expression: JsonLogic): string | null {
  if (expression === null || typeof expression !== 'object' || Array.isArray(expression)) {
    return null;
  }
  const keys = Object.keys(expression);
  return keys.length === 1 ? (keys[0] as string) : null;
}

function argsOf(expression: { [operator: string]: JsonLogic }, operator: string): JsonLogic[] {
  const raw = expression[operator] as JsonLogic;
  return Array.isArray(raw) ? raw : [raw];
}

type Compiled = (data: unknown) => unknown;

/**
 * Each expression object is turned into a function once and kept (rules and form flows are the
 * same objects on every evaluation): no operator lookup or argument list is rebuilt per call.
 * Keyed weakly, so a replaced config does not keep its old rules alive.
 */
const compiledExpressions = new WeakMap<object, Compiled>();

function compile(expression: JsonLogic): Compiled {
  if (expression === null || typeof expression !== 'object') return () => expression;
  let compiled = compiledExpressions.get(expression);
  if (!compiled) {
    compiled = build(expression);
    compiledExpressions.set(expression, compiled);
  }
  return compiled;
}

function build(expression: JsonLogic[] | { [operator: string]: JsonLogic }): Compiled {
  if (Array.isArray(expression)) {
    const items = expression.map(compile);
    return (data) => items.map((item) => item(data));
  }
  const operator = operatorOf(expression);
  if (operator === null) return () => expression;
  const args = argsOf(expression, operator);

  if (operator === 'var') {
    const path = args[0] ?? null;
    const fallback = args.length > 1 ? compile(args[1] as JsonLogic) : null;
    const read: Compiled =
      path === null || typeof path !== 'object'
        ? pathReader(path)
        : (
            (pathOf) => (data: unknown) =>
              getVar(data, pathOf(data))
          )(compile(path));
    return fallback
      ? (data) => {
          const value = read(data);
          return value === undefined ? fallback(data) : value;
        }
      : read;
  }
  if (operator === 'missing') {
    const keys = args.map(compile);
    return (data) =>
      keys
        .flatMap((key) => {
          const value = key(data);
          return Array.isArray(value) ? value : [value];
        })
        .filter((key) => {
          const value = getVar(data, key);
          return value === undefined || value === null || value === '';
        });
  }
  const lazyOperator = lazy[operator];
  if (lazyOperator) {
    // Each argument is compiled when first reached (never, in a branch never taken), then kept.
    const compiled: (Compiled | undefined)[] = [];
    const arg = (index: number, data: unknown): unknown =>
      (compiled[index] ??= compile(args[index] ?? null))(data);
    const count = args.length;
    return (data) => lazyOperator(count, arg, data);
  }
  const eagerOperator = eager[operator];
  if (eagerOperator) {
    const values = args.map(compile);
    // One or two arguments (almost every rule): no argument array is built per call.
    const [first, second] = values;
    if (values.length === 1 && first) return (data) => eagerOperator(first(data));
    if (values.length === 2 && first && second) {
      return (data) => eagerOperator(first(data), second(data));
    }
    return (data) => eagerOperator(...values.map((value) => value(data)));
  }
  throw new Error(`Unknown rule operator "${operator}"`);
}

/** A constant `var` path, split once. */
function pathReader(path: JsonLogic): Compiled {
  if (path === null || path === '') return (data) => data;
  const parts = String(path).split('.');
  return (data) => readPath(data, parts);
}

/** Evaluates a JSON Logic expression against data. Unknown operators throw. */
export function evaluate(expression: JsonLogic, data: unknown): unknown {
  return compile(expression)(data);
}

/** Evaluates an expression and applies JSON Logic truthiness. */
export function test(expression: JsonLogic, data: unknown): boolean {
  return truthy(evaluate(expression, data));
}

/**
 * Lists what is wrong with an expression, as `path: problem` strings; empty when well formed.
 * Used by `npm run check:config` so that a malformed rule fails before it ships.
 */
export function checkExpression(expression: unknown, path = ''): string[] {
  if (expression === null || typeof expression !== 'object') {
    return ['string', 'number', 'boolean'].includes(typeof expression) || expression === null
      ? []
      : [`${path || '/'}: not a JSON value`];
  }
  if (Array.isArray(expression)) {
    return expression.flatMap((item, index) => checkExpression(item, `${path}/${index}`));
  }
  const keys = Object.keys(expression);
  if (keys.length !== 1) {
    return [`${path || '/'}: an operator object must have exactly one key, found ${keys.length}`];
  }
  const operator = keys[0] as string;
  if (!OPERATORS.includes(operator)) {
    return [`${path || '/'}: unknown operator "${operator}"`];
  }
  return checkExpression((expression as Record<string, unknown>)[operator], `${path}/${operator}`);
}
