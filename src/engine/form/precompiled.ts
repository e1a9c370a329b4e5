/**
 * Loads a form's precompiled validator (made by `npm run gen:validators`). The browser never
 * compiles a schema: ajv's runtime compiler needs `eval`, which the CSP forbids.
 */
import type { ErrorObject } from 'ajv';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { FormData } from './flow';

/** The shape of a generated module in src/generated/validators/. */
export interface PrecompiledModule {
  schema: RJSFSchema;
  validators: ValidatorFunctions;
}

export interface CompiledForm {
  schema: RJSFSchema;
  validator: ValidatorType<FormData>;
  /** Schema errors of `data` (ajv `ErrorObject`s), for `validateForm`. */
  validate: (data: FormData) => ErrorObject[];
}

/** Schema errors of data through an RJSF validator (precompiled or not). */
export function schemaErrors(
  validator: ValidatorType<FormData>,
  schema: RJSFSchema,
): (data: FormData) => ErrorObject[] {
  return (data) => {
    const { errors } = validator.rawValidation<ErrorObject>(schema, data);
    return errors ?? [];
  };
}

/** The schema, RJSF validator and error function of one generated validator module. */
export function loadPrecompiled(module: PrecompiledModule): CompiledForm {
  const validator = createPrecompiledValidator<FormData>(module.validators, module.schema);
  return { schema: module.schema, validator, validate: schemaErrors(validator, module.schema) };
}
