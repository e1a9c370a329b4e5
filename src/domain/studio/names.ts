/**
 * Names for people (issue 44): every file of flows/ and every value the studio lets staff change
 * has a name, a one-line description (English and Spanish) and a group, the place where the debtor
 * meets it. They are data, in flows/studio/names.json (schemas/meta/names.schema.json), which
 * compliance staff edit in the studio like any other file:
 *
 * - `groups`: the groups in the order the studio lists them, each with its name and description;
 * - `files`: a file pattern (`forms/*.json`) with its group, name and description;
 * - `fields`: a file pattern and a JSON pointer pattern (and `leaf`: only texts or only settings) (`*` one step, captured as `$1`, `$2`…;
 *   `**` any number of steps) with a name and a description. The first entry that matches a value
 *   and whose every placeholder has a value names it, so a specific entry goes before a general one.
 *
 * - `choices`: the name of each choice a setting offers (an input type `maskedDate`, an event
 *   `plan.created`), by its value (the first entry for a value names it);
 * - `details`: the name of each detail an audit row may hold, by its key (`*` any other).
 *
 * A name's placeholders: `{{file}}` (the file's name), `{{text}}` (the value's own words, cut to
 * a few), `{{number}}` (the position of the last list item on the way, from 1), and any of the
 * entry's `values`: a pointer into the same file (`/fields/$1/label`) whose text names it (a
 * field named by the form's own label). A value that is missing leaves the entry unused.
 */
import { parsePointer, type PathStep } from './json-pointer';

export type NameLanguage = 'en' | 'es';

type Localized = Partial<Record<NameLanguage, string>>;

export interface NameGroup {
  id: string;
  name: Localized;
  description: Localized;
}

interface FileEntry {
  file: RegExp;
  values: Record<string, string>;
  group: string;
  name: Localized;
  description: Localized;
}

interface FieldEntry {
  file: RegExp;
  pointer: RegExp;
  /** Only texts (`{ en, es }`) or only settings; both when absent. */
  leaf: 'text' | 'setting' | undefined;
  name: Localized;
  description: Localized;
  values: Record<string, string>;
}

/** The catalogue as read once (patterns compiled). */
export interface Names {
  groups: NameGroup[];
  files: FileEntry[];
  fields: FieldEntry[];
  /** Each choice a setting offers (an enum value), by its value: its name for people. */
  choices: Map<string, Localized>;
  /** Each detail an audit row may hold, by its key (`*`: any other). */
  details: Map<string, Localized>;
}

/** The catalogue's files in a flows tree: every file of flows/studio/ of kind `names`, in path order. */
export function namesFiles(tree: Readonly<Record<string, unknown>>): unknown[] {
  return Object.keys(tree)
    .filter((file) => file.startsWith('studio/'))
    .sort()
    .map((file) => tree[file])
    .filter((json) => isRecord(json) && json.kind === 'names');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const localized = (value: unknown): Localized =>
  isRecord(value)
    ? {
        ...(typeof value.en === 'string' && { en: value.en }),
        ...(typeof value.es === 'string' && { es: value.es }),
      }
    : {};

/** A file or pointer pattern: `*` one step's characters (captured), `**` any number of steps. */
export function namePattern(pattern: string): RegExp {
  const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  let body = '';
  pattern.split('/').forEach((step, i) => {
    if (step === '**') body += i === 0 ? '.*' : '(?:/[^/]*)*';
    else body += (i === 0 ? '' : '/') + escape(step).replace(/\*/g, '([^/]*)');
  });
  return new RegExp(`^${body}$`);
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const valuesOf = (value: unknown): Record<string, string> =>
  isRecord(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v)])) : {};

/**
 * Reads the catalogue from its files, one after the other (what is malformed in them, their
 * meta-schema reports; here it is skipped).
 */
export function readNames(jsons: readonly unknown[]): Names {
  const all = (key: string) => jsons.flatMap((json) => (isRecord(json) ? list(json[key]) : []));
  return {
    groups: all('groups')
      .filter(isRecord)
      .map((g) => ({
        id: text(g.id),
        name: localized(g.name),
        description: localized(g.description),
      })),
    files: all('files')
      .filter(isRecord)
      .map((f) => ({
        file: namePattern(text(f.file)),
        values: valuesOf(f.values),
        group: text(f.group),
        name: localized(f.name),
        description: localized(f.description),
      })),
    fields: all('fields')
      .filter(isRecord)
      .map((f) => ({
        file: namePattern(text(f.file)),
        pointer: namePattern(text(f.pointer)),
        leaf: f.leaf === 'text' || f.leaf === 'setting' ? f.leaf : undefined,
        name: localized(f.name),
        description: localized(f.description),
        values: valuesOf(f.values),
      })),
    choices: all('choices')
      .filter(isRecord)
      .reduce((choices, c) => {
        const value = text(c.value);
        if (value !== '' && !choices.has(value)) choices.set(value, localized(c.name));
        return choices;
      }, new Map<string, Localized>()),
    details: all('details')
      .filter(isRecord)
      .reduce((details, d) => {
        const key = text(d.key);
        if (key !== '' && !details.has(key)) details.set(key, localized(d.name));
        return details;
      }, new Map<string, Localized>()),
  };
}

/** The name for people of an audit row's detail `key` (else the catalogue's `*`), in `language`. */
export function detailName(names: Names, key: string, language: NameLanguage): string | undefined {
  return (names.details.get(key) ?? names.details.get('*'))?.[language];
}

/** The name for people of a choice a setting offers (`maskedDate`), in `language`; undefined if unnamed. */
export function choiceName(
  names: Names,
  value: string,
  language: NameLanguage,
): string | undefined {
  return names.choices.get(value)?.[language];
}

export interface FileName {
  group: NameGroup | undefined;
  name: string;
  description: string;
}

/**
 * A file's group, name and description in `language`: those of the first file entry that matches
 * it and has every value it names (undefined when none does).
 */
export function fileName(
  names: Names,
  path: string,
  json: unknown,
  language: NameLanguage,
): FileName | undefined {
  for (const entry of names.files) {
    const match = entry.file.exec(path);
    if (!match) continue;
    const values = valuesAt(json, entry.values, match, language);
    const name = fill(entry.name[language] ?? '', values);
    const description = fill(entry.description[language] ?? '', values);
    if (name && description)
      return { group: names.groups.find((g) => g.id === entry.group), name, description };
  }
  return undefined;
}

/** An entry's values read from the file (`$1` in a pointer is the pattern's first `*`). */
function valuesAt(
  json: unknown,
  pointers: Record<string, string>,
  match: RegExpExecArray,
  language: NameLanguage,
): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(pointers).map(([key, at]) => [
      key,
      words(
        valueAtPointer(
          json,
          at.replace(/\$(\d)/g, (_all, n: string) => match[Number(n)] ?? ''),
        ),
        language,
      ),
    ]),
  );
}

const WORDS = 8;

/** The first few words of a text, in quotes (`“Your payment is due…”`). */
export function quoteWords(words: string): string {
  const all = words.replace(/\s+/g, ' ').trim().split(' ');
  const shown = all.slice(0, WORDS).join(' ');
  return `“${shown}${all.length > WORDS ? '…' : ''}”`;
}

function valueAtPointer(json: unknown, pointer: string): unknown {
  let here = json;
  for (const step of parsePointer(pointer)) {
    if (Array.isArray(here)) here = here[Number(step)];
    else if (isRecord(here) && Object.hasOwn(here, step)) here = here[step];
    else return undefined;
  }
  return here;
}

/** What a value says in `language`: its text, or a number or string as it is. */
function words(value: unknown, language: NameLanguage): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  if (isRecord(value) && typeof value[language] === 'string')
    return value[language].trim() || undefined;
  return undefined;
}

function fill(template: string, values: Record<string, string | undefined>): string | undefined {
  let missing = false;
  const filled = template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_all, key: string) => {
    const value = values[key];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : filled;
}

export interface FieldName {
  name: string;
  description: string;
}

/**
 * The name and description of the value at `path` in the file `file` (its JSON `json`), in
 * `language`: those of the first field entry that matches it and has every value it names.
 */
export function fieldName(
  names: Names,
  file: string,
  json: unknown,
  path: readonly PathStep[],
  language: NameLanguage,
): FieldName | undefined {
  const pointer = path
    .map((step) => `/${String(step).replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
  const own = valueAtPointer(json, pointer);
  const kind = isRecord(own) ? 'text' : 'setting';
  const index = [...path].reverse().find((step) => typeof step === 'number');
  const base: Record<string, string | undefined> = {
    file: fileName(names, file, json, language)?.name,
    text: ((said) => (said === undefined ? undefined : quoteWords(said)))(words(own, language)),
    number: typeof index === 'number' ? String(index + 1) : undefined,
  };
  for (const entry of names.fields) {
    if (!entry.file.test(file) || (entry.leaf && entry.leaf !== kind)) continue;
    const match = entry.pointer.exec(pointer);
    if (!match) continue;
    const values = { ...base, ...valuesAt(json, entry.values, match, language) };
    const name = fill(entry.name[language] ?? '', values);
    const description = fill(entry.description[language] ?? '', values);
    if (name && description) return { name, description };
  }
  return undefined;
}
