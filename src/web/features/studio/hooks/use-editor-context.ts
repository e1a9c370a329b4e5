/**
 * What the open file's fields share (components/editor-context.tsx): the placeholder declarations
 * the draft would publish (its unsaved or saved placeholders.json, else its base version's) and the
 * open file's texts whose Spanish needs review (the draft's translation state, from the server,
 * and each text whose English is changed and not yet saved).
 */
import { useMemo } from 'react';
import { readPlaceholderGlossary } from '@/domain/placeholders';
import { useContentFile } from '../api/queries';
import type { DraftDetail } from '../api/types';
import type { EditorContextValue } from '../components/editor-context';

export const PLACEHOLDERS_PATH = 'glossary/placeholders.json';

export function useEditorContextValue(
  draft: DraftDetail,
  file: string | undefined,
  edits: Readonly<Record<string, unknown>>,
  /** Pointers of the open file's texts whose English is changed and not yet saved. */
  englishUnsaved: readonly string[] = [],
): EditorContextValue {
  const base = useContentFile(PLACEHOLDERS_PATH, draft.baseVersion);
  const json = Object.hasOwn(edits, PLACEHOLDERS_PATH)
    ? edits[PLACEHOLDERS_PATH]
    : Object.hasOwn(draft.files, PLACEHOLDERS_PATH)
      ? draft.files[PLACEHOLDERS_PATH]
      : base.data?.json;
  const glossary = useMemo(
    () => (json === undefined ? undefined : readPlaceholderGlossary(json)),
    [json],
  );
  const flags = draft.translations;
  // A text whose English is changed and not saved needs its Spanish reviewed until the Spanish is
  // saved with it (the server's rule on save, translations.ts): flagged while typing. The set
  // stays the same object while its pointers do, so the fields draw again only when it changes.
  const unsavedKey = englishUnsaved.join('\n');
  const spanishNeedsReview = useMemo(
    () =>
      new Set([
        ...flags.filter((flag) => flag.path === file).map((flag) => flag.pointer),
        ...(unsavedKey === '' ? [] : unsavedKey.split('\n')),
      ]),
    [flags, file, unsavedKey],
  );
  return useMemo(
    () => ({ file: file ?? '', glossary, spanishNeedsReview }),
    [file, glossary, spanishNeedsReview],
  );
}
