/**
 * Names for people (issue 44): every file of a flows tree has a name, a description and a group
 * in flows/studio/names.json, and so has every value the studio lets staff change (the leaves its
 * generic editor shows, src/domain/studio/leaves.ts, walked beside the file's meta-schema), in
 * English and in Spanish, and so has every choice such a value offers (`choices`). Without the catalogue nothing is named (the check fails closed).
 */
import { walkLeaves } from '@/domain/studio/leaves';
import type { Schema } from '@/domain/studio/meta-schema';
import {
  choiceName,
  fieldName,
  fileName,
  namesFiles,
  readNames,
  type Names,
} from '@/domain/studio/names';
import { problem } from './problems';
import type { JsonObject, Report } from './types';

const LANGUAGES = ['en', 'es'] as const;

/** The catalogue of a tree (empty without its files: every file is then unnamed). */
export function readTreeNames(tree: Readonly<Record<string, unknown>>): Names {
  return readNames(namesFiles(tree));
}

/** Reports the file, and each of its values, that the catalogue does not name in both languages. */
export function checkNames(
  report: Report,
  file: string,
  json: JsonObject,
  metaSchema: Schema,
  names: Names,
): void {
  const named = LANGUAGES.every((language) => {
    const said = fileName(names, file, json, language);
    return said?.group !== undefined && said.name !== '' && said.description !== '';
  });
  if (!named) {
    report(file, '', problem('unnamedFile', {}));
    return;
  }
  for (const leaf of walkLeaves(json, metaSchema)) {
    for (const language of LANGUAGES) {
      if (!fieldName(names, file, json, leaf.path, language))
        report(file, leaf.pointer, problem('unnamedField', { language }));
      // A setting's choices are shown by their names (an input type `maskedDate`, say).
      if (leaf.kind !== 'string' || !leaf.options) continue;
      for (const value of leaf.options) {
        if (!choiceName(names, value, language))
          report(file, leaf.pointer, problem('unnamedChoice', { language, value }));
      }
    }
  }
}
