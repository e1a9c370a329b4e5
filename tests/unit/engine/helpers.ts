/** Shared fixtures for engine tests: the real flows, texts and precompiled validators. */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import signInFlowJson from '../../../flows/forms/sign-in.json';
import verifySsnFlowJson from '../../../flows/forms/verify-ssn.json';
import verifyLetterFlowJson from '../../../flows/forms/verify-letter.json';
import validationTexts from '../../../flows/texts/validation.json';
import * as signInModule from '../../../src/generated/validators/sign-in.js';
import * as verifySsnModule from '../../../src/generated/validators/verify-ssn.js';
import * as verifyLetterModule from '../../../src/generated/validators/verify-letter.js';
import type { FormFlow } from '../../../src/engine/form/flow';
import {
  loadPrecompiled,
  type CompiledForm,
  type PrecompiledModule,
} from '../../../src/engine/form/precompiled';
import { treeTranslator } from '../../../src/engine/form/messages';
import type { Language, LocalizedTree } from '../../../src/engine/i18n/split';

export const signInFlow = signInFlowJson as unknown as FormFlow;
export const verifySsnFlow = verifySsnFlowJson as unknown as FormFlow;
export const verifyLetterFlow = verifyLetterFlowJson as unknown as FormFlow;
export const validationTree = validationTexts as unknown as LocalizedTree;
export const signIn = loadPrecompiled(signInModule);
export const verifySsn = loadPrecompiled(verifySsnModule);
export const verifyLetter = loadPrecompiled(verifyLetterModule);

export const translator = (language: Language = 'en') =>
  treeTranslator({ validation: validationTree }, language);

const formsDir = path.resolve(import.meta.dirname, '../../../flows/forms');

/** Every engine form: the names of flows/forms/*.json. */
export const FORM_NAMES: string[] = readdirSync(formsDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => file.replace(/\.json$/, ''))
  .sort();

/** A form's flow file (read fresh) and its precompiled validator. */
export async function loadForm(name: string): Promise<CompiledForm & { flow: FormFlow }> {
  const flow = JSON.parse(readFileSync(path.join(formsDir, `${name}.json`), 'utf8')) as FormFlow;
  const module = (await import(
    `../../../src/generated/validators/${name}.js`
  )) as PrecompiledModule;
  return { flow, ...loadPrecompiled(module) };
}

/**
 * Loads every lazily loaded widget, so a form renders at once (in the app a form waits for its
 * widgets under a Suspense boundary; a synchronous test render cannot wait).
 */
export async function loadLazyWidgets(): Promise<void> {
  const { widgetsLoading } = await import('../../../src/engine/form/theme/lazy');
  await import('../../../src/engine/form/theme');
  const names = ['textarea', 'radio', 'checkbox', 'money', 'planChoice'] as const;
  const fields = Object.fromEntries(names.map((widget) => [widget, { widget }]));
  // An array field: RJSF's array field loads on demand too (shims/registry.ts).
  const flow = { fields: { ...fields, items: { widget: 'text', array: {} } } };
  await widgetsLoading(flow as unknown as FormFlow);
}
