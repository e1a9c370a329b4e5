/**
 * What every field of the open file shares (issue 44, items 3 and 5): the file's path, the
 * placeholder declarations of the draft (flows/glossary/placeholders.json, the draft's own when it
 * changes it), and the texts whose Spanish needs review.
 */
import { createContext, useContext } from 'react';
import type { PlaceholderGlossary } from '@/domain/placeholders';

export interface EditorContextValue {
  /** The open file, as a path under flows/. */
  file: string;
  /** The declarations, once read (no tokens nor placeholder flags before). */
  glossary?: PlaceholderGlossary;
  /** Pointers of the open file's texts whose English changed after their Spanish was saved. */
  spanishNeedsReview: ReadonlySet<string>;
}

const EditorContext = createContext<EditorContextValue>({
  file: '',
  spanishNeedsReview: new Set(),
});

export const EditorContextProvider = EditorContext.Provider;

export const useEditorContext = (): EditorContextValue => useContext(EditorContext);
