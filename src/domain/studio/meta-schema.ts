/**
 * What a flows/ file's meta-schema (schemas/meta/*.schema.json, as GET /content/file gives it)
 * says about one value of the file: its type, enum, bounds and the schemas of its children. Only
 * what the studio's editor needs of JSON Schema draft 07: `$ref` into the same document, `allOf`,
 * `if`/`then`/`else` (the meta-schemas pick a shape by a `kind` or a `type` property with them),
 * and for `anyOf`/`oneOf` the first branch the value fits. The browser compiles no schema (the CSP
 * forbids ajv's code generation); the server's checks are the real validation.
 */

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: Schema;
  items?: Schema | Schema[];
  additionalItems?: Schema;
  required?: string[];
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  not?: Schema;
  if?: Schema;
  then?: Schema;
  else?: Schema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export type Schema = boolean | SchemaObject;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A local `$ref` (`#/definitions/x`) followed to its schema; anything else is `true` (no rule). */
function followRef(root: Schema, ref: string): Schema {
  if (!ref.startsWith('#')) return true;
  let here: unknown = root;
  for (const raw of ref
    .slice(1)
    .split('/')
    .filter((step) => step !== '')) {
    const step = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isRecord(here) || !Object.hasOwn(here, step)) return true;
    here = here[step];
  }
  return typeof here === 'boolean' || isRecord(here) ? (here as Schema) : true;
}

/** The schema with its `$ref` chain followed (at most 32 steps: a loop is no rule). */
function resolve(root: Schema, schema: Schema): Schema {
  let here = schema;
  for (let steps = 0; typeof here === 'object' && here.$ref !== undefined; steps++) {
    if (steps === 32) return true;
    here = followRef(root, here.$ref);
  }
  return here;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
      return typeof value === 'string';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    default:
      return false;
  }
}

/**
 * Whether `value` fits `schema`, for the keywords the meta-schemas' conditions use (type, const,
 * enum, required, properties, bounds, pattern, and the combinations). Other keywords are not
 * looked at.
 */
export function fits(root: Schema, schema: Schema, value: unknown): boolean {
  const s = resolve(root, schema);
  if (typeof s === 'boolean') return s;
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  if (types.length > 0 && !types.some((type) => hasType(value, type))) return false;
  if (s.const !== undefined && !sameJson(s.const, value)) return false;
  if (s.enum && !s.enum.some((option) => sameJson(option, value))) return false;
  if (isRecord(value)) {
    if (s.required?.some((key) => !Object.hasOwn(value, key))) return false;
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      if (Object.hasOwn(value, key) && !fits(root, child, value[key])) return false;
    }
  }
  if (typeof value === 'number') {
    if (s.minimum !== undefined && value < s.minimum) return false;
    if (s.maximum !== undefined && value > s.maximum) return false;
    if (s.exclusiveMinimum !== undefined && value <= s.exclusiveMinimum) return false;
    if (s.exclusiveMaximum !== undefined && value >= s.exclusiveMaximum) return false;
  }
  if (typeof value === 'string') {
    if (s.minLength !== undefined && value.length < s.minLength) return false;
    if (s.maxLength !== undefined && value.length > s.maxLength) return false;
    if (s.pattern !== undefined && !safeTest(s.pattern, value)) return false;
  }
  if (s.allOf && !s.allOf.every((part) => fits(root, part, value))) return false;
  if (s.anyOf && !s.anyOf.some((part) => fits(root, part, value))) return false;
  if (s.oneOf && s.oneOf.filter((part) => fits(root, part, value)).length !== 1) return false;
  if (s.not !== undefined && fits(root, s.not, value)) return false;
  if (s.if !== undefined) {
    const branch = fits(root, s.if, value) ? s.then : s.else;
    if (branch !== undefined && !fits(root, branch, value)) return false;
  }
  return true;
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}

/** Every schema that applies to `value` where `schema` does: through $ref, allOf, if/then/else, and the first fitting anyOf/oneOf branch. */
function applicable(root: Schema, schema: Schema, value: unknown, depth = 0): SchemaObject[] {
  const s = resolve(root, schema);
  if (typeof s === 'boolean' || depth > 16) return [];
  const out: SchemaObject[] = [s];
  for (const part of s.allOf ?? []) out.push(...applicable(root, part, value, depth + 1));
  if (s.if !== undefined) {
    const branch = fits(root, s.if, value) ? s.then : s.else;
    if (branch !== undefined) out.push(...applicable(root, branch, value, depth + 1));
  }
  for (const union of [s.anyOf, s.oneOf]) {
    const branch = union?.find((part) => fits(root, part, value));
    if (branch !== undefined) out.push(...applicable(root, branch, value, depth + 1));
  }
  return out;
}

/** What the schemas that apply to one value say, merged (the deepest one wins a keyword). */
export interface SchemaView {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties: Record<string, Schema>;
  patternProperties: Record<string, Schema>;
  additionalProperties?: Schema;
  items?: Schema | Schema[];
  additionalItems?: Schema;
}

const SCALAR_KEYWORDS = [
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'additionalProperties',
  'items',
  'additionalItems',
] as const;

/** The merged view of `schema` at `value` (see SchemaView). */
export function viewAt(root: Schema, schema: Schema, value: unknown): SchemaView {
  const view: SchemaView = { properties: {}, patternProperties: {} };
  for (const part of applicable(root, schema, value)) {
    if (part.type !== undefined) {
      const types = Array.isArray(part.type) ? part.type : [part.type];
      view.type = types.find((type) => hasType(value, type)) ?? types[0];
    }
    for (const keyword of SCALAR_KEYWORDS) {
      if (part[keyword] !== undefined) Object.assign(view, { [keyword]: part[keyword] });
    }
    mergeInto(view.properties, part.properties);
    mergeInto(view.patternProperties, part.patternProperties);
  }
  return view;
}

/** Adds `more` to `into`; a key both name gets both schemas (`allOf`). */
function mergeInto(into: Record<string, Schema>, more: Record<string, Schema> | undefined): void {
  for (const [key, schema] of Object.entries(more ?? {})) {
    const before = into[key];
    into[key] = before === undefined || before === true ? schema : { allOf: [before, schema] };
  }
}

/** The schema of a property `key` of an object whose view is `view`. */
export function propertySchema(view: SchemaView, key: string): Schema {
  if (Object.hasOwn(view.properties, key)) return view.properties[key]!;
  for (const [pattern, schema] of Object.entries(view.patternProperties)) {
    if (safeTest(pattern, key)) return schema;
  }
  return view.additionalProperties ?? true;
}

/** The schema of item `index` of an array whose view is `view`. */
export function itemSchema(view: SchemaView, index: number): Schema {
  if (Array.isArray(view.items)) return view.items[index] ?? view.additionalItems ?? true;
  return view.items ?? true;
}

/** True when the view says nothing of a value's kind (no type, enum or const): no field is made for it. */
export function isOpaque(view: SchemaView): boolean {
  return view.type === undefined && view.enum === undefined && view.const === undefined;
}
