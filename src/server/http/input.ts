/**
 * One rule for every value a request brings, whatever the route: no string (value or property
 * name) in the body, query string or path may hold U+0000 or an unpaired UTF-16 surrogate, no
 * number may be infinite (JSON's `1e309`, or a query string coerced to one), and a body may not
 * nest deeper than MAX_DEPTH. Any of them is a 400 in the shared error shape, with the JSON
 * pointer of the value, before any schema, lookup or database sees it.
 *
 * Why: PostgreSQL refuses U+0000 in text (the driver's error became a 500) and the Node driver
 * silently replaces a lone surrogate with U+FFFD, so what was stored was not what was sent; no
 * field of the portal has a use for either. Nesting is limited so that no later step (form rules,
 * pruning, logging) walks an attacker's 10,000-deep array; the deepest real body (a payment's
 * schedule of objects) is 3 levels deep.
 *
 * Prototype keys: Fastify's JSON parser (secure-json-parse, protoAction and constructorAction
 * 'error') already refuses `__proto__` and `constructor.prototype` as invalid JSON (400), before
 * this hook runs; other property names are refused by the schemas (`additionalProperties: false`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldError } from '@/generated/types/api/error';
import { ApiError, languageOf } from './errors';
import type { MessageKey } from './messages';

/** The largest body a route takes unless its documented fields need more (route `bodyLimit`). */
export const BODY_LIMIT = 64 * 1024;

/**
 * The body limit of a route with a text field of up to `maxLength` characters: the usual limit
 * plus 4 bytes per character, the most one character takes in UTF-8 (JSON writers send text as
 * UTF-8; the only characters they escape longer, lone surrogates and controls, are refused or
 * have no use in such a field).
 */
export const bodyLimitWithText = (maxLength: number): number => BODY_LIMIT + 4 * maxLength;

/** How deep a body may nest: the body object is level 1. */
export const MAX_DEPTH = 16;

/**
 * U+0000, or a surrogate that is not half of a pair (with `u`, a pair is one code point). Matching
 * the NUL control character is the point of this expression.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_TEXT = /[\u0000\ud800-\udfff]/u;

export type InputKeyword = 'characters' | 'depth' | 'finite';

export interface InputProblem {
  /** JSON pointer of the value (or of the object whose property name is at fault). */
  path: string;
  keyword: InputKeyword;
}

export const hasForbiddenText = (text: string): boolean => FORBIDDEN_TEXT.test(text);

const pointer = (parent: string, key: string | number): string =>
  `${parent}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

/**
 * The first value that breaks the rule, or undefined. Iterative (an explicit stack), so a deep
 * value cannot overflow the call stack; it stops at the first problem.
 */
export function findInputProblem(
  value: unknown,
  maxDepth: number = MAX_DEPTH,
): InputProblem | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    const { value: current, path, depth } = item;
    if (typeof current === 'string') {
      if (hasForbiddenText(current)) return { path: path || '/', keyword: 'characters' };
    } else if (typeof current === 'number') {
      if (!Number.isFinite(current)) return { path: path || '/', keyword: 'finite' };
    } else if (current !== null && typeof current === 'object') {
      if (depth + 1 > maxDepth) return { path: path || '/', keyword: 'depth' };
      const entries: [string | number, unknown][] = Array.isArray(current)
        ? current.map((child, index) => [index, child])
        : Object.entries(current);
      for (const [key, child] of entries) {
        if (typeof key === 'string' && hasForbiddenText(key)) {
          return { path: path || '/', keyword: 'characters' };
        }
        stack.push({ value: child, path: pointer(path, key), depth: depth + 1 });
      }
    }
  }
  return undefined;
}

const ANSWER: Record<InputKeyword, MessageKey> = {
  characters: 'invalidCharacters',
  depth: 'tooDeep',
  finite: 'invalidRequest',
};

/** The 400 for a problem, with its field error (texts from flows/texts, in the caller's language). */
export function inputError(request: FastifyRequest, problem: InputProblem): ApiError {
  const error: FieldError = {
    path: problem.path,
    keyword: problem.keyword,
    message: request.server.catalog.keywordMessage(problem.keyword, languageOf(request)),
  };
  return new ApiError(400, ANSWER[problem.keyword], { errors: [error] });
}

/**
 * The value with every string in it in Unicode normalisation form C (issue 40: what is stored is
 * NFC, so "é" typed as e + U+0301 and "é" as one code point are the same text to every later
 * step: schema checks, comparisons, database, PDFs and the agency's files). Iterative, like
 * findInputProblem; runs after it, so the depth is bounded. Property names are kept as sent (the
 * schemas name the allowed ones).
 */
export function normalizeText(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (value === null || typeof value !== 'object') return value;
  const root: { value: unknown } = { value };
  const stack: { holder: Record<string | number, unknown>; key: string | number }[] = [
    { holder: root as Record<string, unknown>, key: 'value' },
  ];
  while (stack.length > 0) {
    const item = stack.pop();
    if (!item) break;
    const current = item.holder[item.key];
    if (typeof current === 'string') {
      const normal = current.normalize('NFC');
      if (normal !== current) item.holder[item.key] = normal;
    } else if (current !== null && typeof current === 'object') {
      const holder = current as Record<string | number, unknown>;
      const keys = Array.isArray(current)
        ? current.map((_child, index) => index)
        : Object.keys(current);
      for (const key of keys) stack.push({ holder, key });
    }
  }
  return root.value;
}

/**
 * Checks body, query string and path parameters of every route, after parsing and before schema
 * validation. Query strings and parameters are text here; the number a query string is coerced
 * to is checked by the validator (http/validation.ts), which is where coercion happens.
 */
export function registerInputRules(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const problem = findInputProblem(part);
      if (problem) throw inputError(request, problem);
    }
    // Parsed JSON is the request's own copy: its strings are normalised in place.
    if (request.body !== null && typeof request.body === 'object') normalizeText(request.body);
    else if (typeof request.body === 'string') request.body = normalizeText(request.body);
  });
}
