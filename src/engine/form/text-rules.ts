/**
 * Clean free text (issue 40): the schemas declare, with a `pattern`, which characters a free-text
 * field refuses (schemas/forms and schemas/api; the browser's precompiled validators and the
 * server's ajv run the same patterns). Every free-text field uses one of the patterns below, so a
 * test can check that none is left out (tests/unit/engine/text-rules.test.ts):
 *
 * - `plainLine`: one line of text (city, e-mail confirmation, case number...): no C0 or C1 control
 *   character (so no CR or LF) and no Unicode bidi control (U+200E/F, U+202A-U+202E,
 *   U+2066-U+2069);
 * - `plainText`: several lines (a message): the same, but CR and LF are allowed;
 * - `nameText`: a name or an address line: as `plainLine`, and no `<` or `>`.
 *
 * A field that must also hold a non-space character takes the `...Required` form (a look-ahead
 * before the same class). When such a pattern refuses a value, the error is reported with the
 * keyword of what is wrong (`textKeyword`), so the message says how to fix it
 * (flows/texts/validation.json: bidiControls, controlCharacters, lineBreaks, angleBrackets).
 */

/** The characters every free-text field refuses, CR and LF aside (regex class body, `u` flag). */
const CONTROLS = '\\u0000-\\u0009\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const BIDI = '\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069';
const LINE_BREAKS = '\\r\\n';
const ANGLE = '<>';

/** The patterns as written in the schemas (JSON strings of these values). */
export const TEXT_PATTERNS = {
  plainLine: `^[^${CONTROLS}${LINE_BREAKS}${BIDI}]*$`,
  plainText: `^[^${CONTROLS}${BIDI}]*$`,
  nameText: `^[^${CONTROLS}${LINE_BREAKS}${BIDI}${ANGLE}]*$`,
  plainLineRequired: `^(?=.*\\S)[^${CONTROLS}${LINE_BREAKS}${BIDI}]*$`,
  plainTextRequired: `^(?=[\\s\\S]*\\S)[^${CONTROLS}${BIDI}]*$`,
  nameTextRequired: `^(?=.*\\S)[^${CONTROLS}${LINE_BREAKS}${BIDI}${ANGLE}]*$`,
} as const;

export type TextPatternName = keyof typeof TEXT_PATTERNS;

/** The keyword of an error that a text pattern's refusal is reported as. */
export type TextKeyword = 'bidiControls' | 'controlCharacters' | 'lineBreaks' | 'angleBrackets';

const TEXT_KEYWORDS: readonly string[] = [
  'bidiControls',
  'controlCharacters',
  'lineBreaks',
  'angleBrackets',
] satisfies TextKeyword[];

export const isTextKeyword = (keyword: string): keyword is TextKeyword =>
  TEXT_KEYWORDS.includes(keyword);

const TEXT_PATTERN_VALUES = new Set<string>(Object.values(TEXT_PATTERNS));

/** Whether a schema `pattern` is one of the free-text patterns. */
export const isTextPattern = (pattern: unknown): boolean =>
  typeof pattern === 'string' && TEXT_PATTERN_VALUES.has(pattern);

const HAS_BIDI = new RegExp(`[${BIDI}]`, 'u');
const HAS_CONTROL = new RegExp(`[${CONTROLS}]`, 'u');
const HAS_LINE_BREAK = /[\r\n]/u;
const HAS_ANGLE = /[<>]/u;

/**
 * What a text pattern refused in `value`: the first of bidi controls, other control characters,
 * line breaks and angle brackets that the value holds; undefined when it holds none of them (the
 * pattern then refused it for another reason, such as a blank value).
 */
export function textKeyword(value: unknown): TextKeyword | undefined {
  if (typeof value !== 'string') return undefined;
  if (HAS_BIDI.test(value)) return 'bidiControls';
  if (HAS_CONTROL.test(value)) return 'controlCharacters';
  if (HAS_LINE_BREAK.test(value)) return 'lineBreaks';
  if (HAS_ANGLE.test(value)) return 'angleBrackets';
  return undefined;
}

/** The value at a JSON pointer (`/a/0/b`) of `data`, if any. */
export function valueAt(data: unknown, pointer: string): unknown {
  let node: unknown = data;
  for (const raw of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * The keyword to report for an ajv error: a free-text pattern's refusal becomes what is wrong
 * with the value (bidiControls, ...); any other error keeps its keyword.
 */
export function reportedKeyword(
  error: { keyword: string; instancePath: string; params?: unknown },
  data: unknown,
): string {
  if (error.keyword !== 'pattern') return error.keyword;
  const pattern = (error.params as { pattern?: unknown } | undefined)?.pattern;
  if (!isTextPattern(pattern)) return error.keyword;
  return textKeyword(valueAt(data, error.instancePath)) ?? error.keyword;
}
