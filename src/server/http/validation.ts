/**
 * Request validation: every schema under schemas/api is compiled at start-up (two ajv instances:
 * bodies are taken as sent, query strings are coerced from text). Routes name schemas by $id.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnySchema, ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { createAjv } from '../ajv';
import { findInputProblem } from './input';

export interface ApiSchemas {
  /** Schema object by $id, for route options. */
  byId: Map<string, { $id: string }>;
  body: ReturnType<typeof createAjv>;
  query: ReturnType<typeof createAjv>;
}

/**
 * Lists of ids an API schema takes from the flows files, by the name its `x-enum-from` gives (the
 * payment journey's variants): each becomes the schema's `enum` when it is loaded.
 */
export type SchemaEnums = Readonly<Record<string, readonly string[]>>;

/** Puts each `x-enum-from` list in as `enum` (in place); a list not given stays open. */
function fillEnums(node: unknown, enums: SchemaEnums): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) fillEnums(item, enums);
    return;
  }
  const record = node as Record<string, unknown>;
  const source = record['x-enum-from'];
  if (typeof source === 'string') {
    const ids = enums[source];
    if (ids && ids.length > 0) record.enum = [...ids];
    delete record['x-enum-from'];
  }
  for (const value of Object.values(record)) fillEnums(value, enums);
}

export function loadApiSchemas(schemasDir: string, enums: SchemaEnums = {}): ApiSchemas {
  const dir = path.join(schemasDir, 'api');
  const body = createAjv();
  const query = createAjv({ coerceTypes: true });
  const byId = new Map<string, { $id: string }>();
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    const schema = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { $id?: string };
    if (!schema.$id) throw new Error(`schemas/api/${name} has no $id`);
    fillEnums(schema, enums);
    body.addSchema(schema as AnySchema);
    query.addSchema(schema as AnySchema);
    byId.set(schema.$id, schema as { $id: string });
  }
  // Compile everything now so a broken schema stops the start, not a request.
  for (const id of byId.keys()) {
    body.getSchema(id);
    query.getSchema(id);
  }
  return { byId, body, query };
}

export function schemaRef(schemas: ApiSchemas, name: string): { $id: string } {
  const schema = schemas.byId.get(`/schemas/api/${name}.json`);
  if (!schema) throw new Error(`Unknown API schema ${name}`);
  return schema;
}

/**
 * `schema.response` entries for the error answers a route gives besides those every route of its
 * kind gives (400, 401/403 with a role guard, 413/415 with a body, 500: see openapi/document.ts).
 * Each is the error body; the OpenAPI document describes each status.
 */
export function errorResponses(
  schemas: ApiSchemas,
  ...statuses: number[]
): Record<number, { $id: string }> {
  const error = schemaRef(schemas, 'error');
  return Object.fromEntries(statuses.map((status) => [status, error]));
}

export function installValidator(app: FastifyInstance, schemas: ApiSchemas): void {
  // The response serializer resolves cross-file $refs (/schemas/api/account.json, ...) among the
  // app's shared schemas: every API schema is one.
  for (const schema of schemas.byId.values()) app.addSchema(schema);
  // A response schema that is itself a shared schema goes in as `{ $ref: <its $id> }`. Given the
  // schema object, @fastify/fast-json-stringify-compiler (5.2) drops its $id from the shared
  // schemas of every later route of the plugin, so a later route whose schema refers to it (such
  // as account-with-debtor to debtor) fails to build.
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    for (const [status, schema] of Object.entries(response)) {
      const id = (schema as { $id?: unknown } | null)?.$id;
      if (typeof id === 'string' && schemas.byId.get(id) === schema)
        response[status] = { $ref: id };
    }
  });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? schemas.body : schemas.query;
    const id = (schema as { $id?: string }).$id;
    const validate: ValidateFunction | undefined = id ? ajv.getSchema(id) : ajv.compile(schema);
    if (!validate) throw new Error(`Schema ${id ?? ''} is not loaded`);
    return httpPart === 'body' ? validate : finiteAfterCoercion(validate);
  });
}

/** How a number is written in a query string or path: plain decimal digits. */
const DECIMAL = /^-?[0-9]{1,16}(\.[0-9]{1,16})?$/;

/**
 * Text parts (query string, path, headers) are coerced to the schema's types, and ajv (8.x) takes
 * any text JavaScript reads as a number: `1e309` became Infinity and then skipped `minimum` and
 * `maximum`, whose generated code only runs for finite numbers (so `letterId=1e309` passed a
 * schema bounded to 1..2147483647 and reached the database), and `0x10` became 16. So a number
 * of a text part must be written in plain decimal and be finite. Bodies are JSON: there ajv's own
 * type check refuses Infinity, and the input rules (input.ts) refuse it before.
 */
function finiteAfterCoercion(validate: ValidateFunction) {
  const refuse = (instancePath: string, keyword: string): false => {
    wrapped.errors = [{ instancePath, schemaPath: '#', keyword, params: {}, message: keyword }];
    return false;
  };
  const wrapped = (data: unknown): boolean => {
    // The texts as sent: ajv coerces `data` in place.
    const sent: Record<string, unknown> =
      data !== null && typeof data === 'object' ? { ...(data as Record<string, unknown>) } : {};
    if (!validate(data)) {
      wrapped.errors = validate.errors;
      return false;
    }
    const problem = findInputProblem(data);
    if (problem?.keyword === 'finite') return refuse(problem.path, 'finite');
    for (const [name, value] of Object.entries((data ?? {}) as Record<string, unknown>)) {
      const text = sent[name];
      if (typeof value === 'number' && typeof text === 'string' && !DECIMAL.test(text)) {
        return refuse(`/${name}`, 'type');
      }
    }
    wrapped.errors = null;
    return true;
  };
  wrapped.errors = null as ValidateFunction['errors'];
  return wrapped;
}
