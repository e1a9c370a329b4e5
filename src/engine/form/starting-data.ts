/** The data an engine form starts from, filled as RJSF would fill it (SchemaForm.tsx). */
import { getDefaultFormState, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { FormData } from './flow';

/**
 * How RJSF fills defaults: never from a `const` (a consent box such as `finalVerify: { const:
 * true }` must not start ticked). Module-level so the prop is stable.
 */
export const DEFAULT_BEHAVIOR = { constAsDefaults: 'never' } as const;

/**
 * The data the form starts from: the given data with the schema's defaults filled in, as RJSF
 * would fill them after its first render. Filled before it, so the fields the defaults show (the
 * sign-in's SSN and date of birth under their default choices) are there in the first paint
 * instead of appearing a moment later and pushing the page down.
 */
export function startingData(
  validator: ValidatorType<FormData>,
  schema: RJSFSchema,
  formData: FormData | undefined,
): FormData {
  return getDefaultFormState<FormData>(
    validator,
    schema,
    formData ?? {},
    schema,
    false,
    DEFAULT_BEHAVIOR,
  ) as FormData;
}
