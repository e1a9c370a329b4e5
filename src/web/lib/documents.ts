/**
 * Files the API answered (the dispute's PDF confirmation), kept in memory for this tab so a later
 * screen can offer them for download. One per scope; a new one replaces the old and frees its URL.
 */
export interface KeptDocument {
  url: string;
  fileName: string;
  confirmation: string | null;
}

const kept = new Map<string, KeptDocument>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function keepDocument(
  scope: string,
  file: { blob: Blob; fileName: string; confirmation: string | null },
): KeptDocument {
  const previous = kept.get(scope);
  if (previous) URL.revokeObjectURL(previous.url);
  const document = {
    url: URL.createObjectURL(file.blob),
    fileName: file.fileName,
    confirmation: file.confirmation,
  };
  kept.set(scope, document);
  emit();
  return document;
}

export function keptDocument(scope: string): KeptDocument | null {
  return kept.get(scope) ?? null;
}

/** Forgets a document and frees its memory (the user dismissed it). */
export function dropDocument(scope: string): void {
  const document = kept.get(scope);
  if (!document) return;
  URL.revokeObjectURL(document.url);
  kept.delete(scope);
  emit();
}

/** Forgets every document: signing out must not leave a previous user's files behind. */
export function dropAllDocuments(): void {
  for (const scope of [...kept.keys()]) dropDocument(scope);
}

export function subscribeToDocuments(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
