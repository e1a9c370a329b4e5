/**
 * Find by words (issue 44): every text (`{ en, es }`) of a flows tree that contains all the words
 * typed, in English or in Spanish, ignoring case and accents ("dias habiles" finds "días
 * hábiles"). A word matches anywhere in a text (a part of a word too, so results come while a
 * word is still being typed). The index is made once per tree; a search is a scan of its folded
 * texts (scripts/bench-studio-search.ts measures it over the whole content).
 */
import { parsePointer, type PathStep } from './json-pointer';
import { walkLeaves } from './leaves';
import type { Schema } from './meta-schema';
import { fieldName, fileName, namesFiles, readNames, type NameLanguage, type Names } from './names';

/** A text folded for matching, with where each folded character came from. */
interface Folded {
  text: string;
  /** `from[i]` is the index in the original text of folded character i. */
  from: number[];
}

/** Lower case, without accents (NFD marks dropped), keeping each character's origin. */
export function fold(text: string): Folded {
  let folded = '';
  const from: number[] = [];
  let index = 0;
  for (const char of text) {
    const plain = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (let i = 0; i < plain.length; i += 1) from.push(index);
    folded += plain;
    index += char.length;
  }
  from.push(index);
  return { text: folded, from };
}

/** The words of a query, folded (empty words dropped). */
export function queryWords(query: string): string[] {
  return fold(query)
    .text.split(/[\s,.;:!?¿¡"“”«»()]+/u)
    .filter((word) => word !== '');
}

/** A stretch of a text: `[start, end)` in its own characters. */
export type Range = [number, number];

/** Where the words are in a folded text (merged, in order), or null when one is missing. */
export function findWords(folded: Folded, words: readonly string[]): Range[] | null {
  const ranges: Range[] = [];
  for (const word of words) {
    let at = folded.text.indexOf(word);
    if (at < 0) return null;
    while (at >= 0) {
      ranges.push([folded.from[at] ?? 0, folded.from[at + word.length] ?? 0]);
      at = folded.text.indexOf(word, at + word.length);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Range[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}

export interface IndexedText {
  path: string;
  pointer: string;
  /** The pointer's steps (array items as numbers). */
  steps: PathStep[];
  en: string;
  es: string;
  folded: { en: Folded; es: Folded };
}

/** Every text of a tree, in file order, folded for searching. */
export function indexTexts(
  tree: Readonly<Record<string, unknown>>,
  metaSchemaOf: (json: unknown) => Schema,
): IndexedText[] {
  const texts: IndexedText[] = [];
  for (const path of Object.keys(tree).sort()) {
    const json = tree[path];
    for (const leaf of walkLeaves(json, metaSchemaOf(json))) {
      if (leaf.kind !== 'text') continue;
      const { en, es } = leaf.value;
      texts.push({
        path,
        pointer: leaf.pointer,
        steps: leaf.path,
        en,
        es,
        folded: { en: fold(en), es: fold(es) },
      });
    }
  }
  return texts;
}

export interface TextMatch {
  text: IndexedText;
  /** Where the words are in each language that has them all (at least one has). */
  matches: { en: Range[] | null; es: Range[] | null };
}

/** The texts that contain every word of `query` in English or in Spanish (at most `limit`). */
export function searchTexts(
  index: readonly IndexedText[],
  query: string,
  limit: number,
): { matches: TextMatch[]; total: number } {
  const words = queryWords(query);
  const matches: TextMatch[] = [];
  if (words.length === 0) return { matches, total: 0 };
  let total = 0;
  for (const text of index) {
    const en = findWords(text.folded.en, words);
    const es = findWords(text.folded.es, words);
    if (!en && !es) continue;
    total += 1;
    if (matches.length < limit) matches.push({ text, matches: { en, es } });
  }
  return { matches, total };
}

/** A text's name, description and group for people, from the tree's catalogue. */
export function namedText(
  names: Names,
  tree: Readonly<Record<string, unknown>>,
  text: Pick<IndexedText, 'path' | 'steps'>,
  language: NameLanguage,
): { name: string; description: string; group: string; groupId: string } {
  const json = tree[text.path];
  const file = fileName(names, text.path, json, language);
  const field = fieldName(names, text.path, json, text.steps, language);
  return {
    name: field?.name ?? file?.name ?? '',
    description: field?.description ?? '',
    group: file?.group?.name[language] ?? '',
    groupId: file?.group?.id ?? '',
  };
}

/** The catalogue of a tree. */
export const namesOfTree = (tree: Readonly<Record<string, unknown>>): Names =>
  readNames(namesFiles(tree));

/**
 * The name for people of the value at `pointer` in the file `path` of `tree` (a text or a
 * setting), in `language`: the field's name, else the file's, else empty. Array steps are numbers
 * (the name's `{{number}}` counts list items).
 */
export function nameAtPointer(
  names: Names,
  tree: Readonly<Record<string, unknown>>,
  path: string,
  pointer: string,
  language: NameLanguage,
): string {
  const steps: PathStep[] = [];
  let here: unknown = tree[path];
  if (pointer !== '' && !pointer.startsWith('/')) return '';
  for (const step of parsePointer(pointer)) {
    const index = Array.isArray(here) && /^\d+$/.test(step) ? Number(step) : undefined;
    steps.push(index ?? step);
    here =
      index !== undefined
        ? (here as unknown[])[index]
        : typeof here === 'object' && here !== null
          ? (here as Record<string, unknown>)[step]
          : undefined;
  }
  return namedText(names, tree, { path, steps }, language).name;
}
