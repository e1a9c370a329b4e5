/**
 * The generic editor's fields: every value of a flows/ file that the studio lets staff change,
 * found by walking the file's JSON beside its meta-schema. No code knows any one file: a new flow
 * file (or a new meta-schema) needs no studio code.
 *
 * - Every LocalizedText (`{ en, es }`, both strings) is one text field: English and Spanish.
 * - Booleans, numbers and strings are settings, with what the meta-schema says of them (enum,
 *   minimum, maximum), where the meta-schema names their kind (a `type`, `enum` or `const`).
 *   Values it says nothing of (JSON Logic in rules, say) get no field: the studio shows them but
 *   does not change them.
 * - A `const` value is fixed (no field), and so is every `$`-named key (`$schema`, `$comment`).
 */
import { isOpaque, itemSchema, propertySchema, viewAt, type Schema } from './meta-schema';
import { toPointer, type PathStep } from './json-pointer';

interface LeafBase {
  /** Where the value is in the file. */
  path: PathStep[];
  /** The same as a JSON pointer (what the server's checks name). */
  pointer: string;
  /** Its name and one-line description for people (flows/studio/, names.ts), once named. */
  name?: string;
  description?: string;
}

export interface LocalizedValue {
  en: string;
  es: string;
}

export type Leaf =
  | (LeafBase & { kind: 'text'; value: LocalizedValue })
  | (LeafBase & { kind: 'boolean'; value: boolean })
  | (LeafBase & {
      kind: 'number';
      value: number;
      integer: boolean;
      minimum?: number;
      maximum?: number;
    })
  | (LeafBase & {
      kind: 'string';
      value: string;
      options?: string[];
      /** Each option's name for people, in the options' order (flows/studio/ `choices`), once named. */
      optionNames?: (string | undefined)[];
      maxLength?: number;
    });

const LANGUAGE_KEYS = ['en', 'es'];

/**
 * A LocalizedText: an object of `en` and/or `es` strings and nothing else. One language missing
 * is still one (the other shows empty, and the checks name it).
 */
export function isLocalizedText(value: unknown): value is Partial<LocalizedValue> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    entries.every(([key, text]) => LANGUAGE_KEYS.includes(key) && typeof text === 'string')
  );
}

/** Every field of `json` under its meta-schema, in the file's order. */
export function walkLeaves(json: unknown, metaSchema: Schema): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (value: unknown, schema: Schema, path: PathStep[]): void => {
    const base = { path, pointer: toPointer(path) };
    if (isLocalizedText(value)) {
      leaves.push({ ...base, kind: 'text', value: { en: value.en ?? '', es: value.es ?? '' } });
      return;
    }
    const view = viewAt(metaSchema, schema, value);
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, itemSchema(view, index), [...path, index]));
      return;
    }
    if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (!key.startsWith('$')) walk(child, propertySchema(view, key), [...path, key]);
      }
      return;
    }
    if (view.const !== undefined || isOpaque(view)) return;
    if (typeof value === 'boolean') leaves.push({ ...base, kind: 'boolean', value });
    else if (typeof value === 'number') {
      leaves.push({
        ...base,
        kind: 'number',
        value,
        integer: view.type === 'integer',
        ...(view.minimum !== undefined && { minimum: view.minimum }),
        ...(view.maximum !== undefined && { maximum: view.maximum }),
      });
    } else if (typeof value === 'string') {
      const options = view.enum?.filter((option): option is string => typeof option === 'string');
      leaves.push({
        ...base,
        kind: 'string',
        value,
        ...(options && options.length > 0 && { options }),
        ...(view.maxLength !== undefined && { maxLength: view.maxLength }),
      });
    }
  };
  walk(json, metaSchema, []);
  return leaves;
}

/**
 * The rule expressions of `json` (issue 44, item 6): every value its meta-schema says nothing of
 * (no type, enum or const, and no properties: JSON Logic in rules, a message's `trigger.when`),
 * by pointer, as JSON (the texts within left out). The generic editor gives them no field; the server compares them before
 * and after a save, and refuses a change to them from a role that may not change rules.
 */
export function ruleValues(json: unknown, metaSchema: Schema): Map<string, string> {
  const rules = new Map<string, string>();
  // A file that names no meta-schema: nothing says which of its values are rules.
  if (metaSchema === true) return rules;
  const walk = (value: unknown, schema: Schema, path: PathStep[]): void => {
    // A value the meta-schema forbids is the checks' to refuse (a draft cannot be published with it).
    if (isLocalizedText(value) || schema === false) return;
    const view = viewAt(metaSchema, schema, value);
    const opaque =
      isOpaque(view) &&
      Object.keys(view.properties).length === 0 &&
      Object.keys(view.patternProperties).length === 0;
    if (opaque) {
      // Its texts are edited as texts: only the rest of it is the rule.
      rules.set(
        toPointer(path),
        JSON.stringify(value, (_key, part: unknown) => (isLocalizedText(part) ? 0 : part)),
      );
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, itemSchema(view, index), [...path, index]));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (!key.startsWith('$')) walk(child, propertySchema(view, key), [...path, key]);
      }
    }
  };
  walk(json, metaSchema, []);
  return rules;
}

/**
 * True when `after` adds, removes or changes a rule expression of `before` (ruleValues), each read
 * beside its own meta-schema.
 */
export function changesRules(
  before: unknown,
  beforeSchema: Schema,
  after: unknown,
  afterSchema: Schema,
): boolean {
  const was = before === undefined ? new Map<string, string>() : ruleValues(before, beforeSchema);
  const now = ruleValues(after, afterSchema);
  if (was.size !== now.size) return true;
  for (const [pointer, rule] of now) if (was.get(pointer) !== rule) return true;
  return false;
}
