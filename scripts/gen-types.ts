/**
 * Generates TypeScript types from every JSON Schema under schemas/ into src/generated/types/.
 * `--check` writes nothing and exits 1, naming each stale or missing file, when the generated
 * types differ from what the schemas produce (run by `npm test`).
 *
 * A schema may use another API schema by its $id (`"$ref": "/schemas/api/account.json"`, or a
 * definition of it: `/schemas/api/account.json#/definitions/arrangementSummary`). The type is
 * imported from that schema's generated file, never declared again: one interface per shape.
 *
 * Some shapes are declared again in the meta-schemas of flow files, with constraints of their own
 * (a flow's texts may not be empty): a definition named in SHARED_DEFINITIONS is given the type of
 * the API schema it names, once the generator has checked that the two have the same shape.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile, mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const root = path.resolve(import.meta.dirname, '..');
const schemasDir = path.join(root, 'schemas');
const outDir = path.join(root, 'src/generated/types');
const check = process.argv.includes('--check');

async function listSchemas(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return listSchemas(full);
      return Promise.resolve(entry.name.endsWith('.schema.json') ? [full] : []);
    }),
  );
  return nested.flat().sort();
}

/**
 * Type names a schema's file name would give badly, by the file's path under schemas/ (an API
 * schema has no title to name it: tests/api/schemas.test.ts). `Error` would hide the global Error.
 */
const TYPE_NAMES: Record<string, string> = { 'api/error.schema.json': 'ErrorBody' };

function typeName(file: string): string {
  const named = TYPE_NAMES[path.relative(schemasDir, file).split(path.sep).join('/')];
  if (named) return named;
  const base = path.basename(file, '.schema.json');
  return base.replace(/(^|[-_.])(\w)/g, (_m, _sep: string, c: string) => c.toUpperCase());
}

/**
 * A reference to another schema by its $id: an API schema, or the import schema (whose
 * definitions the per-record import schema shares). The first group is the path under schemas/.
 */
const API_REF = /^\/schemas\/((?:api\/)?[a-z0-9-]+)\.json(?:#\/definitions\/([A-Za-z0-9]+))?$/;

/** Definitions that flow files' meta-schemas declare again: the API schema whose type they are. */
const SHARED_DEFINITIONS: Record<string, string> = {
  localizedText: '/schemas/api/localized-text.json',
  endOfPathNotice: '/schemas/api/payment-settings.json#/definitions/endOfPathNotice',
};

/**
 * References whose type the code declares, because JSON Schema cannot say it (a JSON Logic
 * expression is any JSON, recursively; a JSON Schema is the draft-07 meta-schema, which the
 * compiler cannot read): the generated types use the code's. The studio's editor reads a flow
 * file's meta-schema with its own `Schema` type (GET /studio/api/content/file).
 */
const ENGINE_TYPES: Record<string, { type: string; module: string }> = {
  '#/definitions/jsonLogic': { type: 'JsonLogic', module: 'src/engine/rules/json-logic' },
  'http://json-schema.org/draft-07/schema#': {
    type: 'Schema',
    module: 'src/domain/studio/meta-schema',
  },
};

/** Keywords that constrain values but not the shape of the type (and annotations). */
const NOT_SHAPE = new Set([
  '$schema',
  '$id',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);

/** A schema's shape: constraints dropped, local references to shared definitions made global. */
function shapeOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(shapeOf);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node)
    .filter(([key]) => !NOT_SHAPE.has(key))
    .map(([key, value]): [string, unknown] => {
      if (key === '$ref' && typeof value === 'string') {
        return [key, SHARED_DEFINITIONS[value.replace(/^#\/definitions\//, '')] ?? value];
      }
      if (key === 'required' && Array.isArray(value)) return [key, [...value].sort()];
      return [key, shapeOf(value)];
    });
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

/** The schema (or definition of one) an API `$ref` names. */
function apiSchema(ref: string): unknown {
  const [, name = '', definition] = API_REF.exec(ref) ?? [];
  const schema = JSON.parse(readFileSync(path.join(schemasDir, `${name}.schema.json`), 'utf8')) as {
    definitions?: Record<string, unknown>;
  };
  return definition ? schema.definitions?.[definition] : schema;
}

/**
 * The schema with each reference to a shared definition made a reference to the API schema it
 * stands for; throws when the two differ in shape.
 */
function shareDefinitions(schema: JSONSchema, file: string): JSONSchema {
  const id = typeof schema.$id === 'string' ? schema.$id : '';
  const definitions = (schema.definitions ?? {}) as Record<string, unknown>;
  const shared = Object.keys(definitions).filter(
    (name) => SHARED_DEFINITIONS[name] && !SHARED_DEFINITIONS[name]!.startsWith(`${id}#`),
  );
  for (const name of shared) {
    const target = SHARED_DEFINITIONS[name]!;
    const [mine, theirs] = [shapeOf(definitions[name]), shapeOf(apiSchema(target))];
    if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
      throw new Error(
        `${path.relative(root, file)}: definitions/${name} is not the shape of ${target}`,
      );
    }
  }
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => {
        if (key !== '$ref' || typeof value !== 'string') return [key, visit(value)];
        const name = value.replace(/^#\/definitions\//, '');
        return [key, shared.includes(name) ? SHARED_DEFINITIONS[name] : value];
      }),
    );
  };
  const rest = Object.fromEntries(
    Object.entries(definitions).filter(([name]) => !shared.includes(name)),
  );
  return visit({ ...schema, definitions: rest }) as JSONSchema;
}

/**
 * The schema with every reference to another schema file replaced by the name of its generated
 * type (`tsType`), and the imports those names need, by module.
 */
function importExternalRefs(
  schema: JSONSchema,
  file: string,
): { schema: JSONSchema; imports: Map<string, Set<string>> } {
  const imports = new Map<string, Set<string>>();
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const engineType = typeof $ref === 'string' ? ENGINE_TYPES[$ref] : undefined;
    if (engineType) {
      const generated = path.join(outDir, path.relative(schemasDir, path.dirname(file)));
      const module = path.relative(generated, path.join(root, engineType.module));
      if (!imports.has(module)) imports.set(module, new Set());
      imports.get(module)!.add(engineType.type);
      return { ...(visit(rest) as object), tsType: engineType.type };
    }
    if (typeof $ref === 'string' && !$ref.startsWith('#')) {
      const match = API_REF.exec($ref);
      if (!match) throw new Error(`${path.relative(root, file)}: cannot resolve $ref ${$ref}`);
      const [, name = '', definition] = match;
      const target = path.join(schemasDir, `${name}.schema.json`);
      const type = definition
        ? definition.replace(/^\w/, (c) => c.toUpperCase())
        : typeName(target);
      const from = path.relative(path.dirname(file), target).replace(/\.schema\.json$/, '');
      const module = from.startsWith('.') ? from : `./${from}`;
      if (!imports.has(module)) imports.set(module, new Set());
      imports.get(module)!.add(type);
      return { ...(visit(rest) as object), tsType: type };
    }
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, key === '$ref' ? value : visit(value)]),
    );
  };
  return { schema: visit(schema) as JSONSchema, imports };
}

/** Keywords that only check a value and never change its type. */
const CHECK_ONLY = new Set([
  'required',
  'if',
  'then',
  'else',
  'not',
  '$comment',
  'description',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
]);

/** Keywords of a choice (`if`/`then`/`else`) that only say what it is, kept on its union. */
const ANNOTATIONS = new Set(['$schema', '$id', '$comment', 'title', 'description', 'definitions']);

/** A `$ref` with nothing beside it (a `$comment` aside). */
const isRefOnly = (node: unknown): node is { $ref: string } =>
  !!node &&
  typeof node === 'object' &&
  typeof (node as Record<string, unknown>).$ref === 'string' &&
  Object.keys(node).every((key) => key === '$ref' || key === '$comment');

/**
 * The schema without what gives the compiler a wrong type: a `$ref`'s siblings (draft-07 ignores
 * them; the compiler would declare the referenced type again), `anyOf`/`allOf` lists that only
 * add checks (`required`, `if`/`then`, `format`: a date or a date-time; the compiler would
 * intersect the type with an index signature), and a choice the compiler does not read: a schema with no properties of its own
 * whose `then` and `else` each name a definition (`if kind is A then #/definitions/a else
 * #/definitions/b`) is the union of the two (the compiler ignores `if`, and would give an empty
 * interface). Ajv still reads the `if`, so a file is checked against the one definition it
 * chose, and its errors are that definition's only.
 */
function typeOnly(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typeOnly);
  if (!node || typeof node !== 'object') return node;
  const record = node as Record<string, unknown>;
  if (typeof record.$ref === 'string') return { $ref: record.$ref };
  if (record.if !== undefined && isRefOnly(record.then) && isRefOnly(record.else)) {
    if (record.properties !== undefined) {
      throw new Error('an if/then/else choice between definitions has no properties of its own');
    }
    const annotations = Object.entries(record).filter(([key]) => ANNOTATIONS.has(key));
    return typeOnly({
      ...Object.fromEntries(annotations),
      anyOf: [{ $ref: record.then.$ref }, { $ref: record.else.$ref }],
    });
  }
  const checksOnly = (list: unknown) =>
    Array.isArray(list) &&
    list.every(
      (item) =>
        item && typeof item === 'object' && Object.keys(item).every((k) => CHECK_ONLY.has(k)),
    );
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key, value]) => !((key === 'anyOf' || key === 'allOf') && checksOnly(value)))
      .map(([key, value]) => [
        key,
        key === 'properties' || key === 'definitions'
          ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, typeOnly(v)]))
          : typeOnly(value),
      ]),
  );
}

async function generate(file: string): Promise<{ target: string; code: string }> {
  const source = JSON.parse(await readFile(file, 'utf8')) as JSONSchema;
  const { schema, imports } = importExternalRefs(
    typeOnly(shareDefinitions(source, file)) as JSONSchema,
    file,
  );
  const relative = path.relative(schemasDir, file).replace(/\.schema\.json$/, '.ts');
  const banner = `/* Generated by scripts/gen-types.ts from schemas/${path.relative(schemasDir, file)}. Do not edit. */`;
  const importLines = [...imports]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([module, names]) => `import type { ${[...names].sort().join(', ')} } from '${module}';`);
  // Name the root type after the file: without a title the compiler would name it after the $id.
  const code = await compile({ ...schema, title: schema.title ?? typeName(file) }, typeName(file), {
    cwd: path.dirname(file),
    bannerComment: importLines.length > 0 ? `${banner}\n\n${importLines.join('\n')}` : banner,
    additionalProperties: false,
    strictIndexSignatures: true,
    unreachableDefinitions: false,
    style: { singleQuote: true, printWidth: 100 },
  });
  return { target: path.join(outDir, relative), code };
}

async function listExisting(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries
      .filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

const outputs = await Promise.all((await listSchemas(schemasDir)).map(generate));
const expected = new Set(outputs.map((o) => o.target));
const stale: string[] = [];
for (const { target, code } of outputs) {
  const current = await readFile(target, 'utf8').catch(() => null);
  if (current === code) continue;
  if (check) {
    stale.push(`${path.relative(root, target)}: ${current === null ? 'missing' : 'stale'}`);
  } else {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, code);
  }
}
for (const existing of await listExisting(outDir)) {
  if (expected.has(existing)) continue;
  if (check) stale.push(`${path.relative(root, existing)}: no schema produces it`);
  else await rm(existing);
}
if (check && stale.length > 0) {
  for (const line of stale) console.error(line);
  console.error(
    `Generated types are out of date: run \`npm run gen:types\` and commit the result.`,
  );
  process.exit(1);
}
console.log(
  check
    ? `gen:types: ${outputs.length} files up to date`
    : `gen:types: ${outputs.length} files written`,
);
