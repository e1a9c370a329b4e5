/**
 * Translation state (issue 44, item 5; migration 0025): which texts' Spanish needs review.
 *
 * A text is flagged when its English changed after its Spanish was last saved; saving the
 * Spanish clears it, and so does the English going back to the words the Spanish was saved
 * against (`english_then`). The state lives per draft (the files the draft changes) and per
 * published version (every file): a draft's file that it does not change has its base version's
 * state; approving a draft writes the new version's state (the draft's over the version it is
 * published over). Saving a file moves the state one step (`nextFlags`): the previous state is
 * the draft's for a file it already changes, else the base version's.
 */
import type { Db } from '../db/types';
import { localizedTexts } from '../content/checks/glossary';
import type { Json } from '../content/checks/types';
import type { FlowsTree } from '../content/tree';
import type { TranslationScope } from './translation-tables';
import './translation-tables';

export interface TranslationFlag {
  path: string;
  pointer: string;
  /** The English the Spanish was last saved against. */
  englishThen: string;
}

/** A flagged text with its words now (the view of every flagged text, and the review screen). */
export interface FlaggedText extends TranslationFlag {
  en: string;
  es: string;
}

type Flags = Map<string, string>;

const words = (value: unknown): string => (typeof value === 'string' ? value : '');

function textsOf(json: unknown): Map<string, { en: string; es: string }> {
  const texts = new Map<string, { en: string; es: string }>();
  if (json === undefined) return texts;
  for (const { pointer, text } of localizedTexts(json as Json))
    texts.set(pointer, { en: words(text.en), es: words(text.es) });
  return texts;
}

/**
 * The state after a file was saved as `after` over `before`, the state `previous`: a text whose
 * Spanish changed is in step; one whose English alone changed is flagged with the English its
 * Spanish had; a new text is in step (both its languages were written now).
 */
export function nextFlags(previous: Flags, before: unknown, after: unknown): Flags {
  const old = textsOf(before);
  const next: Flags = new Map();
  for (const [pointer, text] of textsOf(after)) {
    const was = old.get(pointer);
    if (!was) continue;
    let then = previous.get(pointer);
    if (text.es !== was.es) then = undefined;
    else if (text.en !== was.en) then ??= was.en;
    if (then !== undefined && then !== text.en) next.set(pointer, then);
  }
  return next;
}

async function rowsOf(
  db: Db,
  scope: TranslationScope,
  id: number,
): Promise<{ path: string; pointer: string; english_then: string }[]> {
  return db
    .selectFrom('translation_flags')
    .select(['path', 'pointer', 'english_then'])
    .where('scope', '=', scope)
    .where('scope_id', '=', id)
    .orderBy('path')
    .orderBy('pointer')
    .execute();
}

const toFlag = (row: { path: string; pointer: string; english_then: string }): TranslationFlag => ({
  path: row.path,
  pointer: row.pointer,
  englishThen: row.english_then,
});

/** A published version's flagged texts. */
export async function versionFlags(db: Db, version: number): Promise<TranslationFlag[]> {
  return (await rowsOf(db, 'version', version)).map(toFlag);
}

/** A draft's flagged texts: its own for the files it changes, its base version's for the others. */
export async function draftFlags(
  db: Db,
  draft: { id: number; baseVersion: number; changed: readonly string[] },
): Promise<TranslationFlag[]> {
  const changed = new Set(draft.changed);
  const own = (await rowsOf(db, 'draft', draft.id)).filter((row) => changed.has(row.path));
  const base = (await rowsOf(db, 'version', draft.baseVersion)).filter(
    (row) => !changed.has(row.path),
  );
  return [...own, ...base]
    .map(toFlag)
    .sort((a, b) => a.path.localeCompare(b.path) || a.pointer.localeCompare(b.pointer));
}

async function writeFlags(
  db: Db,
  scope: TranslationScope,
  id: number,
  flags: readonly TranslationFlag[],
  at: string,
): Promise<void> {
  if (flags.length === 0) return;
  await db
    .insertInto('translation_flags')
    .values(
      flags.map((flag) => ({
        scope,
        scope_id: id,
        path: flag.path,
        pointer: flag.pointer,
        english_then: flag.englishThen,
        flagged_at: at,
      })),
    )
    .execute();
}

async function forgetFile(db: Db, draftId: number, path: string): Promise<void> {
  await db
    .deleteFrom('translation_flags')
    .where('scope', '=', 'draft')
    .where('scope_id', '=', draftId)
    .where('path', '=', path)
    .execute();
}

/**
 * A draft's file was saved (PUT /drafts/:id/file): `before` is what the file was (the draft's or,
 * when it did not change it yet, the base version's), `after` what it is; `kept` false when the
 * draft no longer changes it (the base version's state stands again).
 */
export async function saveFileFlags(
  db: Db,
  draft: { id: number; baseVersion: number; changedBefore: boolean },
  file: { path: string; before: unknown; after: unknown; kept: boolean },
  at: string,
): Promise<void> {
  const { path } = file;
  const previousRows = draft.changedBefore
    ? await rowsOf(db, 'draft', draft.id)
    : await rowsOf(db, 'version', draft.baseVersion);
  const previous: Flags = new Map(
    previousRows.filter((row) => row.path === path).map((row) => [row.pointer, row.english_then]),
  );
  await forgetFile(db, draft.id, path);
  if (!file.kept) return;
  const next = nextFlags(previous, file.before, file.after);
  await writeFlags(
    db,
    'draft',
    draft.id,
    [...next].map(([pointer, englishThen]) => ({ path, pointer, englishThen })),
    at,
  );
}

/** A draft's file was dropped (DELETE /drafts/:id/file): its base version's state stands again. */
export const dropFileFlags = forgetFile;

/**
 * A draft was published as `version` over version `over` (in the approval's transaction): the new
 * version's state is the draft's for the files it changes, `over`'s for the others.
 */
export async function publishFlags(
  db: Db,
  draft: { id: number; changed: readonly string[] },
  version: number,
  over: number,
  at: string,
): Promise<void> {
  const changed = new Set(draft.changed);
  const kept = (await rowsOf(db, 'version', over)).filter((row) => !changed.has(row.path));
  const own = (await rowsOf(db, 'draft', draft.id)).filter((row) => changed.has(row.path));
  await writeFlags(db, 'version', version, [...kept, ...own].map(toFlag), at);
}

/** The flagged texts of a tree, with their words now (a flag whose text is gone is left out). */
export function withWords(flags: readonly TranslationFlag[], tree: FlowsTree): FlaggedText[] {
  const texts = new Map<string, Map<string, { en: string; es: string }>>();
  const out: FlaggedText[] = [];
  for (const flag of flags) {
    let file = texts.get(flag.path);
    if (!file) texts.set(flag.path, (file = textsOf(tree[flag.path])));
    const text = file.get(flag.pointer);
    if (text) out.push({ ...flag, ...text });
  }
  return out;
}
