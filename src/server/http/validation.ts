/**
 * Request validation: every schema under schemas/api is compiled at start-up (two ajv instances:
 * bodies are taken as sent, query strings are coerced from text). Routes name schemas by $id.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AnySchema, ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { createAjv } from '../ajv';

export interface ApiSchemas {
  /** Schema object by $id, for route options. */
  byId: Map<string, { $id: string }>;
  body: ReturnType<typeof createAjv>;
  query: ReturnType<typeof createAjv>;
}

export function loadApiSchemas(schemasDir: string): ApiSchemas {
  const dir = path.join(schemasDir, 'api');
  const body = createAjv();
  const query = createAjv({ coerceTypes: true });
  const byId = new Map<string, { $id: string }>();
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()) {
    const schema = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as { $id?: string };
    if (!schema.$id) throw new Error(`schemas/api/${name} has no $id`);
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

export function installValidator(app: FastifyInstance, schemas: ApiSchemas): void {
  // The response serializer resolves cross-file $refs (/schemas/api/account.json, ...) among the
  // app's shared schemas: every API schema is one.
  for (const schema of schemas.byId.values()) app.addSchema(schema);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? schemas.body : schemas.query;
    const id = (schema as { $id?: string }).$id;
    const validate: ValidateFunction | undefined = id ? ajv.getSchema(id) : ajv.compile(schema);
    if (!validate) throw new Error(`Schema ${id ?? ''} is not loaded`);
    return validate;
  });
}
