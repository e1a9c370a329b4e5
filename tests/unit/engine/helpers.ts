/** Shared fixtures for engine tests: the real sign-in flow, texts and precompiled validator. */
import signInFlowJson from '../../../flows/forms/sign-in.json';
import verifySsnFlowJson from '../../../flows/forms/verify-ssn.json';
import verifyLetterFlowJson from '../../../flows/forms/verify-letter.json';
import validationTexts from '../../../flows/texts/validation.json';
import * as signInModule from '../../../src/generated/validators/sign-in.js';
import * as verifySsnModule from '../../../src/generated/validators/verify-ssn.js';
import * as verifyLetterModule from '../../../src/generated/validators/verify-letter.js';
import type { FormFlow } from '../../../src/engine/form/flow';
import { loadPrecompiled } from '../../../src/engine/form/precompiled';
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
