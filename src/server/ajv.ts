/** One way to make an ajv instance (draft-07, all errors, formats) for the server. */
import { Ajv, type Options } from 'ajv';
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
  return ajv;
}
