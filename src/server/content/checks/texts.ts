/**
 * Localized texts and rules anywhere in a flow file, and text keys that page and journey files
 * name in flows/texts.
 */
import { checkExpression } from '@/engine/rules/json-logic';
import { problem, type Check } from './problems';
import { isObject, type Json, type JsonObject, type Report } from './types';

/** Keys whose values are JSON Logic, not texts. */
export const RULE_KEYS = ['when', 'excludeOptions', 'canAdd'];

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();

/** Walks the tree; every object with an `en` or `es` key is a localized text and needs both. */
export function checkTexts(report: Report, file: string, value: Json, pointer: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkTexts(report, file, item, `${pointer}/${i}`));
    return;
  }
  if (!isObject(value)) return;
  if ('en' in value || 'es' in value) {
    const en = value.en;
    const es = value.es;
    if (typeof en !== 'string' || en.trim() === '')
      report(file, pointer, problem('missingText', { language: 'en' }));
    if (typeof es !== 'string' || es.trim() === '')
      report(file, pointer, problem('missingText', { language: 'es' }));
    if (typeof en === 'string' && typeof es === 'string') {
      const a = placeholders(en);
      const b = placeholders(es);
      if (a.join(',') !== b.join(','))
        report(file, pointer, problem('placeholdersDiffer', { en: a, es: b }));
    }
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    if (RULE_KEYS.includes(key)) continue; // rules, not texts
    checkTexts(report, file, child, `${pointer}/${key}`);
  }
}

/** Every `when`, `excludeOptions` and `canAdd` value, and object entries of a form's `order`, are rules. */
export function checkRules(report: Report, file: string, value: Json, pointer: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkRules(report, file, item, `${pointer}/${i}`));
    return;
  }
  if (!isObject(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const here = `${pointer}/${key}`;
    if (RULE_KEYS.includes(key)) {
      for (const detail of checkExpression(child, here))
        report(file, '', problem('malformedRule', { detail }));
    } else {
      checkRules(report, file, child, here);
    }
  }
}

/** Reports every malformed JSON Logic rule of a list of `[pointer, rule]`. */
export function checkRuleList(report: Report, file: string, rules: [string, Json][]): void {
  for (const [pointer, rule] of rules)
    for (const detail of checkExpression(rule, pointer))
      report(file, '', problem('malformedRule', { detail }));
}

/** Where a text key of a page file leads in flows/texts: its file and its { en, es } leaf. */
function findText(texts: Map<string, Json>, key: string): { file: string; leaf: Json | undefined } {
  const [namespace = '', ...parts] = key.split('.');
  let node: Json | undefined = texts.get(namespace);
  for (const part of parts) node = isObject(node) ? node[part] : undefined;
  return { file: `flows/texts/${namespace}.json`, leaf: node };
}

/** What is wrong with a text key: not in flows/texts, or without English or Spanish (none: []). */
export function textKeyProblems(texts: Map<string, Json>, key: string): Check[] {
  const { file, leaf } = findText(texts, key);
  // A plural text is its _one and _other forms.
  const forms = isObject(leaf)
    ? [leaf]
    : [findText(texts, `${key}_one`).leaf, findText(texts, `${key}_other`).leaf];
  if (!forms.every((form) => isObject(form) && ('en' in form || 'es' in form)))
    return [problem('textNotFound', { key })];
  // Each language at most once (a plural text's two forms may both lack it), in the order found.
  const missing = new Set<'en' | 'es'>();
  for (const form of forms as JsonObject[]) {
    if (typeof form.en !== 'string' || form.en.trim() === '') missing.add('en');
    if (typeof form.es !== 'string' || form.es.trim() === '') missing.add('es');
  }
  return [...missing].map((language) => problem('textMissingLanguage', { key, language, file }));
}
