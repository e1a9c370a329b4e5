/**
 * Engine forms by name, for pages that learn which forms they show from flows/ (a journey's stages):
 * each form's precompiled validator (src/generated/validators/<name>.js) is its own small chunk,
 * loaded the first time the form is needed and kept. A form the build did not see (a flow file
 * and schema added later) has its validator module made by the server (/validators/<name>.js).
 */
import {
  loadPrecompiled,
  type CompiledForm,
  type PrecompiledModule,
} from '../../engine/form/precompiled';

const modules = import.meta.glob<PrecompiledModule>('../../generated/validators/*.js');
const loaded = new Map<string, Promise<CompiledForm>>();

/** The compiled form of flows/forms/<name>.json; rejects for a form that has no validator. */
export function loadForm(name: string): Promise<CompiledForm> {
  let form = loaded.get(name);
  if (!form) {
    const load = modules[`../../generated/validators/${name}.js`];
    const module = load
      ? load()
      : (import(
          /* @vite-ignore */ `/validators/${encodeURIComponent(name)}.js`
        ) as Promise<PrecompiledModule>);
    form = module.then(loadPrecompiled);
    loaded.set(name, form);
  }
  return form;
}
