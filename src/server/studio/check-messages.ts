/**
 * A draft's checks in the staff member's language (issue 24): each check's code and values
 * (content/checks/problems.ts) said with the texts of flows/texts/studio.json `checks`, of the
 * content version served. `studio.checks.<code>` is a code's text; a text's language picks
 * `missingText.english` or `.spanish` (and `textMissingLanguage.*`, `unnamedField.*`), and a meta-schema problem
 * `meta.<Ajv keyword>`, and a message's check its channel (`messageWithoutOptOut.sms`). Lists are said joined by ", " (Ajv's params by ","), and the placeholders of
 * `placeholdersDiffer` as `{{a,b}}`, so the English texts say exactly what check:config prints. A
 * code or Ajv keyword without a text (or a version without these texts) keeps check:config's
 * English line: a check is never dropped nor left without words.
 */
import type { LocalizedTree } from '@/engine/i18n/split';
import { interpolate, treeTranslator } from '@/engine/form/messages';
import type { ConfigProblem } from '../content/checks';
import type { Language } from '../http/messages';

const LANGUAGE_KEYS = { en: 'english', es: 'spanish' } as const;

/** Where the check's text is under `studio.checks`. */
function textKey(problem: ConfigProblem): string {
  switch (problem.code) {
    case 'missingText':
    case 'textMissingLanguage':
    case 'unnamedField':
    case 'unnamedChoice':
      return `${problem.code}.${LANGUAGE_KEYS[problem.values.language]}`;
    case 'meta':
      return `meta.${problem.values.keyword}`;
    case 'messageWithoutDisclosure':
    case 'messageWithoutOptOut':
    case 'disclosureWording':
    case 'optOutWording':
      return `${problem.code}.${problem.values.channel}`;
    default:
      return problem.code;
  }
}

/** The values a check's text names: lists joined, Ajv's params beside the others. */
function textParams(problem: ConfigProblem): Record<string, unknown> {
  if (problem.code === 'placeholdersDiffer') {
    const { en, es } = problem.values;
    return { en: `{{${en.join(',')}}}`, es: `{{${es.join(',')}}}` };
  }
  // Ajv says a list as JavaScript does (`must be string,null`); the checks' own lists take ", ".
  const [values, separator]: [Record<string, unknown>, string] =
    problem.code === 'meta'
      ? [{ ...problem.values.params, ...problem.values }, ',']
      : [problem.values, ', '];
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(separator) : value,
    ]),
  );
}

/** One check's words in `language`, from the `texts` of a content version. */
export function checkMessage(
  problem: ConfigProblem,
  language: Language,
  texts: Record<string, unknown>,
): string {
  const text = treeTranslator(texts as LocalizedTree, language).text(
    `studio.checks.${textKey(problem)}`,
  );
  return text ? interpolate(text, textParams(problem)) : problem.message;
}

/** The checks as the studio answers them: each with its message in `language`. */
export function localizedChecks(
  problems: readonly ConfigProblem[],
  language: Language,
  texts: Record<string, unknown>,
): ConfigProblem[] {
  return problems.map((problem) => ({
    ...problem,
    message: checkMessage(problem, language, texts),
  }));
}
