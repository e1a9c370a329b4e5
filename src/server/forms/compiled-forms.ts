/**
 * Every engine form's precompiled validator (src/generated/validators/<name>.js), by form name,
 * loaded once when the server starts: what a server check needs to validate a body exactly as the
 * browser's form does, for any form a flow file names (a journey's stages among them) without a
 * list of forms in code.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  loadPrecompiled,
  type CompiledForm,
  type PrecompiledModule,
} from '../../engine/form/precompiled';

const dir = path.resolve(import.meta.dirname, '../../generated/validators');

const forms = new Map<string, CompiledForm>(
  await Promise.all(
    readdirSync(dir)
      .filter((file) => file.endsWith('.js'))
      .map(async (file): Promise<[string, CompiledForm]> => {
        const module = (await import(
          pathToFileURL(path.join(dir, file)).href
        )) as PrecompiledModule;
        return [file.slice(0, -'.js'.length), loadPrecompiled(module)];
      }),
  ),
);

/** Whether the build made a precompiled validator for form `name`. */
export function hasPrecompiledForm(name: string): boolean {
  return forms.has(name);
}

/** The compiled form of flows/forms/<name>.json; throws for a form without a validator. */
export function compiledForm(name: string): CompiledForm {
  const form = forms.get(name);
  if (!form)
    throw new Error(`No precompiled validator for form ${name}: run npm run gen:validators`);
  return form;
}
