/**
 * The words of every text against flows/glossary (issue 40), owned by compliance staff:
 * - glossary/placeholders.json declares the values the portal fills in ({{name}}: meaning and
 *   sample) and which of them each text may use (file and JSON pointer patterns). A placeholder
 *   not declared for its text is refused: it would render as nothing, or not at all. Without the
 *   file, no text may use a placeholder (the check fails closed).
 * - a text with {{count}} has plural forms (i18next `_one`/`_other` keys, a key beside its
 *   `_one` form, or `one`/`other` entries), unless its declaration says why it needs none (`countWithoutPlural`);
 * - glossary/forbidden-es.json lists words no Spanish text may use (whole words, any case).
 */
import { patternRegExp, placeholderNames } from '@/domain/placeholders';
import { problem } from './problems';
import { RULE_KEYS } from './texts';
import { inFolder, isObject, type Json, type JsonObject, type Report } from './types';

export const PLACEHOLDERS_FILE = 'glossary/placeholders.json';
export const FORBIDDEN_ES_FILE = 'glossary/forbidden-es.json';

/** The placeholder names of a text: the one rule of src/domain/placeholders.ts (the studio's too). */
export { placeholderNames };

/** Every localized text ({ en, es }) of a file with its JSON pointer; rules are not texts. */
export function* localizedTexts(
  value: Json,
  pointer = '',
): Generator<{ pointer: string; text: JsonObject }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* localizedTexts(item, `${pointer}/${i}`);
    return;
  }
  if (!isObject(value)) return;
  if ('en' in value || 'es' in value) {
    yield { pointer, text: value };
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    if (RULE_KEYS.includes(key) || key === '$comment') continue;
    yield* localizedTexts(child, `${pointer}/${key}`);
  }
}

interface Declaration {
  file: RegExp;
  pointer: RegExp;
  allowed: string[];
  countWithoutPlural: boolean;
}

/** What the glossary files say, read once per tree. */
export interface Glossary {
  declarations: Declaration[];
  forbidden: { term: string; instead: string; match: RegExp }[];
}

const strings = (value: Json | undefined): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Reads the glossary files of a tree (what is malformed there, the meta-schema reports). */
export function readGlossary(parsed: (file: string) => Json | undefined): Glossary {
  const placeholders = parsed(PLACEHOLDERS_FILE);
  const declarations: Declaration[] = [];
  if (isObject(placeholders) && Array.isArray(placeholders.texts)) {
    for (const entry of placeholders.texts) {
      if (!isObject(entry) || typeof entry.file !== 'string' || typeof entry.pointer !== 'string')
        continue;
      declarations.push({
        file: patternRegExp(entry.file),
        pointer: patternRegExp(entry.pointer),
        allowed: strings(entry.allowed),
        countWithoutPlural: isObject(entry.countWithoutPlural),
      });
    }
  }
  const forbiddenFile = parsed(FORBIDDEN_ES_FILE);
  const forbidden: Glossary['forbidden'] = [];
  if (isObject(forbiddenFile) && Array.isArray(forbiddenFile.terms)) {
    for (const entry of forbiddenFile.terms) {
      if (!isObject(entry) || typeof entry.term !== 'string' || entry.term.trim() === '') continue;
      const words = entry.term
        .trim()
        .split(/\s+/)
        .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('\\s+');
      forbidden.push({
        term: entry.term.trim(),
        instead: typeof entry.instead === 'string' ? entry.instead : '',
        // Whole words: no letter or digit either side (accented letters count as letters).
        match: new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, 'iu'),
      });
    }
  }
  return { declarations, forbidden };
}

const PLURAL_KEY = /_(zero|one|two|few|many|other)$/;
const PLURAL_ENTRY = /^(zero|one|two|few|many|other)$/;

/** Reports every placeholder, count and Spanish term the glossary refuses in a file. */
export function checkGlossary(report: Report, file: string, json: Json, glossary: Glossary): void {
  if (inFolder(file, 'glossary')) {
    if (file === PLACEHOLDERS_FILE) checkDeclarations(report, json);
    return; // the glossary names the forbidden terms and the placeholders it declares
  }
  const texts = [...localizedTexts(json)];
  const pointers = new Set(texts.map(({ pointer }) => pointer));
  for (const { pointer, text } of texts) {
    const declared = glossary.declarations.filter(
      (d) => d.file.test(file) && d.pointer.test(pointer),
    );
    const allowed = new Set(declared.flatMap((d) => d.allowed));
    const en = typeof text.en === 'string' ? text.en : '';
    const es = typeof text.es === 'string' ? text.es : '';
    const enNames = placeholderNames(en);
    const esNames = placeholderNames(es);
    // When the two languages differ, that is said first (texts.ts); then what is not declared.
    if ([...enNames].sort().join(',') === [...esNames].sort().join(',')) {
      for (const placeholder of enNames)
        if (!allowed.has(placeholder))
          report(file, pointer, problem('placeholderNotDeclared', { placeholder }));
    }
    if (enNames.includes('count') || esNames.includes('count')) {
      const steps = pointer.split('/');
      const key = steps[steps.length - 1] ?? '';
      // A base key beside its `_one` form is the other form (i18next's fallback to the base key).
      const plural =
        PLURAL_KEY.test(key) || PLURAL_ENTRY.test(key) || pointers.has(`${pointer}_one`);
      if (!plural && !declared.some((d) => d.countWithoutPlural))
        report(file, pointer, problem('countWithoutPlural', {}));
    }
    for (const term of glossary.forbidden)
      if (term.match.test(es))
        report(file, pointer, problem('forbiddenTerm', { term: term.term, instead: term.instead }));
  }
}

/** Every value a text may use is declared with its meaning and a sample. */
function checkDeclarations(report: Report, json: Json): void {
  if (!isObject(json) || !Array.isArray(json.texts)) return;
  const values = new Set(
    (Array.isArray(json.values) ? json.values : []).flatMap((v) =>
      isObject(v) && typeof v.name === 'string' ? [v.name] : [],
    ),
  );
  json.texts.forEach((entry, i) => {
    if (!isObject(entry)) return;
    strings(entry.allowed).forEach((name, j) => {
      if (!values.has(name))
        report(
          PLACEHOLDERS_FILE,
          `/texts/${i}/allowed/${j}`,
          problem('placeholderUnknown', { placeholder: name }),
        );
    });
  });
}
