/** One way to make an ajv instance (draft-07, all errors, formats) for the server, and to check a flows file with it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: true,
    // if/then only changes `required` (see ARCHITECTURE), naming properties declared at the top.
    strictRequired: false,
    allowUnionTypes: true,
    ...options,
  });
  addFormats(ajv);
  // An API schema's list of ids that lives in a flows file (x-enum-from: the payment journey's
  // variants): the server replaces it with that `enum` when it loads the schema (validation.ts).
  ajv.addKeyword({ keyword: 'x-enum-from', schemaType: 'string' });
  return ajv;
}

const metaDir = path.resolve(import.meta.dirname, '../../schemas/meta');

/** Each meta-schema compiled once: a config load (at start, per publish) checks many files. */
const metaValidators = new Map<string, ValidateFunction>();

/**
 * The check of a flows file against its meta-schema (schemas/meta/<metaSchema>.schema.json):
 * throws, naming the file and every JSON path that breaks it, so the server does not start.
 */
export function metaSchemaCheck(metaSchema: string): (file: unknown, name: string) => void {
  let validate = metaValidators.get(metaSchema);
  if (!validate) {
    const schema = readFileSync(path.join(metaDir, `${metaSchema}.schema.json`), 'utf8');
    validate = createAjv({ strict: false }).compile(JSON.parse(schema) as object);
    metaValidators.set(metaSchema, validate);
  }
  const check = validate;
  return (file, name) => {
    if (check(file)) return;
    const where = (check.errors ?? [])
      .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`)
      .join('; ');
    throw new Error(`${name}: ${where}`);
  };
}
