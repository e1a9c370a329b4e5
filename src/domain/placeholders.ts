/**
 * Placeholders ({{name}}) in texts, as flows/glossary/placeholders.json declares them (issue 40):
 * the one rule the server's checks (src/server/content/checks/glossary.ts) and the studio's editor
 * (issue 44, item 3: tokens and the flags shown while typing) both apply.
 */
import { formatLongDay } from './dates';
import { formatCents } from './money';

/** The placeholder names of a text (`{{ name }}` and `{{name}}` alike), in order, each once. */
export function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? ''))];
}

/** A file or pointer pattern as a regular expression: `*` one step's characters, `**` any steps. */
export function patternRegExp(pattern: string): RegExp {
  const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const steps = pattern.split('/');
  let body = '';
  steps.forEach((step, i) => {
    // `/**` matches no step or any number of them.
    if (step === '**') body += i === 0 ? '.*' : '(?:/[^/]*)*';
    else body += (i === 0 ? '' : '/') + escape(step).replace(/\*/g, '[^/]*');
  });
  return new RegExp(`^${body}$`);
}

/**
 * One value the portal fills in: its name, meaning in both languages and a sample in each (a typed
 * sample, an amount in cents or a day, formatted as real values are: `$60.00`, `11 de marzo de 2026`).
 */
export interface PlaceholderValue {
  name: string;
  meaning: { en: string; es: string };
  sample: { en: string; es: string };
}

/**
 * A sample of placeholders.json in a language: words as written (the same in both, or the
 * language's own), or a typed one formatted.
 */
export function sampleText(sample: unknown, language: 'en' | 'es'): string {
  if (typeof sample === 'string') return sample;
  if (isRecord(sample) && typeof sample.en === 'string' && typeof sample.es === 'string')
    return language === 'en' ? sample.en : sample.es;
  if (isRecord(sample) && typeof sample.cents === 'number' && Number.isInteger(sample.cents))
    return formatCents(sample.cents, language);
  if (isRecord(sample) && typeof sample.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(sample.day))
    return formatLongDay(sample.day, language);
  return '';
}

interface Declared {
  file: RegExp;
  pointer: RegExp;
  allowed: string[];
}

/** What placeholders.json says, ready to ask which values a text may use. */
export interface PlaceholderGlossary {
  values: ReadonlyMap<string, PlaceholderValue>;
  declarations: readonly Declared[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Reads placeholders.json (anything malformed is skipped: the meta-schema reports it). */
export function readPlaceholderGlossary(json: unknown): PlaceholderGlossary {
  const values = new Map<string, PlaceholderValue>();
  const declarations: Declared[] = [];
  if (!isRecord(json)) return { values, declarations };
  for (const entry of Array.isArray(json.values) ? json.values : []) {
    if (!isRecord(entry) || typeof entry.name !== 'string') continue;
    const meaning = isRecord(entry.meaning) ? entry.meaning : {};
    values.set(entry.name, {
      name: entry.name,
      meaning: { en: text(meaning.en), es: text(meaning.es) },
      sample: { en: sampleText(entry.sample, 'en'), es: sampleText(entry.sample, 'es') },
    });
  }
  for (const entry of Array.isArray(json.texts) ? json.texts : []) {
    if (!isRecord(entry) || typeof entry.file !== 'string' || typeof entry.pointer !== 'string')
      continue;
    const allowed = Array.isArray(entry.allowed)
      ? entry.allowed.filter((name): name is string => typeof name === 'string')
      : [];
    declarations.push({
      file: patternRegExp(entry.file),
      pointer: patternRegExp(entry.pointer),
      allowed,
    });
  }
  return { values, declarations };
}

/** The names a text may use (every declaration matching its file and pointer), sorted. */
export function allowedPlaceholders(
  glossary: PlaceholderGlossary,
  file: string,
  pointer: string,
): string[] {
  const allowed = new Set<string>();
  for (const d of glossary.declarations)
    if (d.file.test(file) && d.pointer.test(pointer)) d.allowed.forEach((n) => allowed.add(n));
  return [...allowed].sort();
}

export type TextLanguage = 'en' | 'es';

/** A placeholder problem of one language of a text. */
export type PlaceholderProblem =
  /** Used here but not declared for this text: it would be shown as nothing. */
  | { kind: 'unknown'; language: TextLanguage; placeholder: string }
  /** Used in the other language, not in this one. */
  | { kind: 'missing'; language: TextLanguage; placeholder: string };

/**
 * What is wrong with the placeholders of a text's English and Spanish: a name not allowed for
 * the text, and a name one language uses that the other does not (check:config's
 * `placeholderNotDeclared` and `placeholdersDiffer`).
 */
export function placeholderProblems(
  value: { en: string; es: string },
  allowed: readonly string[],
): PlaceholderProblem[] {
  // check:config compares every use (a value used twice in one language is used twice in the other).
  const uses = (text: string) => {
    const counts = new Map<string, number>();
    for (const m of text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g))
      counts.set(m[1] ?? '', (counts.get(m[1] ?? '') ?? 0) + 1);
    return counts;
  };
  const counts = { en: uses(value.en), es: uses(value.es) };
  const problems: PlaceholderProblem[] = [];
  for (const language of ['en', 'es'] as const) {
    const own = counts[language];
    const other = counts[language === 'en' ? 'es' : 'en'];
    for (const placeholder of own.keys())
      if (!allowed.includes(placeholder)) problems.push({ kind: 'unknown', language, placeholder });
    for (const [placeholder, count] of other)
      if ((own.get(placeholder) ?? 0) < count)
        problems.push({ kind: 'missing', language, placeholder });
  }
  return problems;
}
