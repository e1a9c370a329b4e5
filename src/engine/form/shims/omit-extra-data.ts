/**
 * Build-time stand-in for RJSF's `omitExtraData` module (about 1.6 KB gzip on every form page,
 * /login's included). Our forms never ask RJSF to omit extra data: SchemaForm passes neither
 * `omitExtraData` nor `liveOmit`, and prunes hidden fields itself (`pruneHidden`), so RJSF's Form
 * never calls these; each throws if it ever were (a form would fail loudly, not keep data it was
 * told to drop). `isValueEmpty`, which another RJSF module imports from here, is RJSF's own.
 * Wired by `resolve.alias` in vite.config.ts (and in the unit tests, which render every form
 * through it); tests/unit/engine/shims.test.ts holds `isValueEmpty` to RJSF's answers.
 */
import isObject from '@rjsf/utils/lib/isObject.js';

const notUsed = (name: string) => (): never => {
  throw new Error(`RJSF's ${name} is not part of the portal's forms (src/engine/form/shims)`);
};

export const getUsedFormData = notUsed('getUsedFormData');
export const getFieldNames = notUsed('getFieldNames');
export default notUsed('omitExtraData');

/** RJSF's: null, undefined, '', an empty array, or a plain object whose values are all empty. */
export function isValueEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.values(value as object).every(isValueEmpty);
  return false;
}
