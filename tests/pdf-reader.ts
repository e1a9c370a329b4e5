/**
 * Reads the PDFs the server writes, for the unit and API tests: with compressed streams and
 * subset fonts, text can only be read back through a real parser (pdf.js, a devDependency; the
 * server never loads it).
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';

export interface PdfReading {
  /** The text lines, page after page, top to bottom. */
  lines: string[];
  pages: number;
  title: string | undefined;
  language: string | undefined;
  /** The `%PDF-x.y` version of the header. */
  version: string | undefined;
  displayDocTitle: boolean;
  /** MarkInfo /Marked: the file says it is tagged. */
  marked: boolean;
  /** The structure tree of each page as nested roles, e.g. `Document(H1,P,L(LI(Lbl,LBody)))`. */
  structure: string[];
  /** Text marked as an artifact (page furniture that screen readers skip), e.g. footers. */
  artifacts: string[];
  /** Text drawn outside any marked content: neither in the structure nor an artifact. */
  untagged: string[];
}

interface StructNode {
  role?: string;
  type?: string;
  children?: StructNode[];
}

function roles(node: StructNode): string {
  const children = (node.children ?? []).filter((child) => child.role).map(roles);
  const role = node.role ?? '';
  return children.length > 0 ? `${role}(${children.join(',')})` : role;
}

function isText(item: TextItem | TextMarkedContent): item is TextItem {
  return 'str' in item;
}

/** Text items with the marked-content tags they are drawn in (innermost last). */
function* tagged(items: (TextItem | TextMarkedContent)[]): Generator<[TextItem, string[]]> {
  const tags: string[] = [];
  for (const item of items) {
    if (isText(item)) yield [item, [...tags]];
    else if (item.type === 'endMarkedContent') tags.pop();
    // pdf.js reports the tag (P, Artifact, ...) without declaring it in its types.
    else tags.push((item as TextMarkedContent & { tag?: string }).tag ?? '');
  }
}

/** Joins the pieces drawn on one baseline, left to right, with a space where there is a gap. */
function joinLine(items: TextItem[]): string {
  let line = '';
  let end = -Infinity;
  for (const item of [...items].sort((a, b) => (a.transform[4] ?? 0) - (b.transform[4] ?? 0))) {
    const x = item.transform[4] ?? 0;
    if (line && x - end > 1 && !/\s$/.test(line) && !/^\s/.test(item.str)) line += ' ';
    line += item.str;
    end = x + item.width;
  }
  return line.trim();
}

export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  // pdf.js takes ownership of (detaches) the array it is given.
  const data = new Uint8Array(bytes);
  const version = /^%PDF-(\d\.\d)/.exec(new TextDecoder('latin1').decode(data.subarray(0, 8)))?.[1];
  const pdf = await getDocument({ data, verbosity: 0 }).promise;
  try {
    const lines: string[] = [];
    const structure: string[] = [];
    const artifacts: string[] = [];
    const untagged: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent({ includeMarkedContent: true });
      const byBaseline = new Map<number, TextItem[]>();
      for (const [item, tags] of tagged(content.items)) {
        if (!item.str.trim()) continue;
        if (tags.includes('Artifact')) artifacts.push(item.str);
        else if (tags.length === 0) untagged.push(item.str);
        const y = Math.round((item.transform[5] ?? 0) * 2) / 2;
        byBaseline.set(y, [...(byBaseline.get(y) ?? []), item]);
      }
      for (const y of [...byBaseline.keys()].sort((a, b) => b - a)) {
        const line = joinLine(byBaseline.get(y) ?? []);
        if (line) lines.push(line);
      }
      const tree = (await page.getStructTree()) as StructNode | null;
      structure.push(tree ? (tree.children ?? []).map(roles).join(',') : '');
    }
    // pdf.js types the document info as Object; its fields are the info dictionary's keys.
    const info = (await pdf.getMetadata()).info as Record<string, unknown>;
    const markInfo = (await pdf.getMarkInfo()) as { Marked?: boolean } | null;
    const preferences = (await pdf.getViewerPreferences()) as { DisplayDocTitle?: boolean } | null;
    return {
      lines,
      pages: pdf.numPages,
      title: typeof info.Title === 'string' ? info.Title : undefined,
      language: typeof info.Language === 'string' ? info.Language : undefined,
      version,
      displayDocTitle: preferences?.DisplayDocTitle === true,
      marked: markInfo?.Marked === true,
      structure,
      artifacts,
      untagged,
    };
  } finally {
    await pdf.destroy();
  }
}

/** The text lines of a PDF, page after page, top to bottom. */
export async function extractPdfText(bytes: Uint8Array): Promise<string[]> {
  return (await readPdf(bytes)).lines;
}
