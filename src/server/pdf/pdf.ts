/**
 * A small dependency-free PDF writer for text documents (confirmations, letters): the standard
 * Helvetica and Helvetica-Bold fonts with WinAnsiEncoding (so Spanish accents, ñ, ¿ and ¡ print),
 * word-wrapped lines, several pages, a footer with page numbers. PDF 1.4, uncompressed content
 * streams, a correct cross-reference table. No images, no links.
 */

export type PdfStyle = 'title' | 'heading' | 'body' | 'small' | 'label';

export interface PdfBlock {
  text: string;
  style?: PdfStyle;
  /** Extra space before the block, in points. */
  gapBefore?: number;
}

export interface PdfDocument {
  title: string;
  blocks: PdfBlock[];
  /** Footer text of each page. */
  footer?: (page: number, pages: number) => string;
  /** BCP 47 language of the text (document catalog /Lang). */
  language?: string;
  /** Creation time written to the document info (default now). */
  created?: Date;
}

const PAGE_WIDTH = 612; // US Letter, points
const PAGE_HEIGHT = 792;
const MARGIN = 56;
const FOOTER_SIZE = 8;

const STYLES: Record<PdfStyle, { font: 'F1' | 'F2'; size: number }> = {
  title: { font: 'F2', size: 16 },
  heading: { font: 'F2', size: 12 },
  label: { font: 'F2', size: 10 },
  body: { font: 'F1', size: 10 },
  small: { font: 'F1', size: 8 },
};

/** Helvetica advance widths (1/1000 em) of code points 32..126, from the standard AFM. */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/** WinAnsiEncoding bytes 0x80..0x9F that are not Latin-1. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};
const WIN_ANSI_DECODE = new Map(Object.entries(WIN_ANSI_EXTRA).map(([ch, code]) => [code, ch]));

/** The WinAnsi byte of one character; '?' (0x3F) when the encoding has none. */
export function winAnsiByte(ch: string): number {
  const code = ch.codePointAt(0) ?? 0x3f;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
  return WIN_ANSI_EXTRA[ch] ?? 0x3f;
}

/** NFC text with tabs as spaces and other control characters (except newlines) removed. */
function clean(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\t/g, '    ')) {
    const code = ch.charCodeAt(0);
    if (ch === '\n' || ch === '\r' || (code >= 0x20 && code !== 0x7f)) out += ch;
  }
  return out;
}

function charWidth(ch: string): number {
  const code = ch.codePointAt(0) ?? 0;
  if (code >= 32 && code <= 126) return HELVETICA_WIDTHS[code - 32] ?? 556;
  const base = ch.normalize('NFD')[0] ?? '';
  const baseCode = base.codePointAt(0) ?? 0;
  if (baseCode >= 32 && baseCode <= 126 && base !== ch)
    return HELVETICA_WIDTHS[baseCode - 32] ?? 556;
  return 556;
}

/** Width of `text` in points at `size` (bold is taken as 10% wider, enough for wrapping). */
export function textWidth(text: string, size: number, bold = false): number {
  let units = 0;
  for (const ch of text) units += charWidth(ch);
  return (units * size * (bold ? 1.1 : 1)) / 1000;
}

/** Splits a paragraph into lines no wider than `width`; over-long words are broken. */
export function wrap(text: string, width: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  for (const paragraph of clean(text).split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (textWidth(candidate, size, bold) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      let rest = word;
      while (textWidth(rest, size, bold) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && textWidth(rest.slice(0, cut), size, bold) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

/** A PDF literal string of `text` in WinAnsiEncoding (ASCII file; other bytes as octal). */
function pdfString(text: string): string {
  let out = '(';
  for (const ch of clean(text)) {
    const byte = winAnsiByte(ch);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x80) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/** A PDF text string for the info dictionary: UTF-16BE with a byte order mark, as hex. */
function infoString(text: string): string {
  const units = [0xfeff, ...Array.from(text, (ch) => ch.charCodeAt(0))];
  return `<${units.map((u) => u.toString(16).padStart(4, '0')).join('')}>`;
}

function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

interface PlacedLine {
  text: string;
  font: 'F1' | 'F2';
  size: number;
  y: number;
}

function layout(blocks: PdfBlock[]): PlacedLine[][] {
  const pages: PlacedLine[][] = [[]];
  const top = PAGE_HEIGHT - MARGIN;
  const bottom = MARGIN + FOOTER_SIZE * 3;
  const width = PAGE_WIDTH - 2 * MARGIN;
  let y = top;
  for (const block of blocks) {
    const style = STYLES[block.style ?? 'body'];
    const leading = style.size * 1.4;
    const gap = block.gapBefore ?? (block.style === 'heading' ? 10 : 0);
    if (y !== top) y -= gap;
    for (const text of wrap(block.text, width, style.size, style.font === 'F2')) {
      if (y - style.size < bottom) {
        pages.push([]);
        y = top;
      }
      y -= leading;
      pages[pages.length - 1]?.push({ text, font: style.font, size: style.size, y });
    }
  }
  return pages;
}

/** Renders the document; the result starts with `%PDF-1.4` and ends with `%%EOF`. */
export function renderPdf(doc: PdfDocument): Buffer {
  const pages = layout(doc.blocks);
  const objects: string[] = [];
  const add = (body: string): number => objects.push(body);
  const catalog = add('');
  const pagesObj = add('');
  const regular = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const bold = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
  );
  const info = add(
    `<< /Title ${infoString(doc.title)} /Producer (debt-portal) /CreationDate (${pdfDate(doc.created ?? new Date())}) >>`,
  );
  const pageIds: number[] = [];
  pages.forEach((lines, index) => {
    const ops: string[] = [];
    for (const line of lines) {
      ops.push(
        `BT /${line.font} ${line.size} Tf ${MARGIN} ${line.y.toFixed(2)} Td ${pdfString(line.text)} Tj ET`,
      );
    }
    if (doc.footer) {
      const footer = doc.footer(index + 1, pages.length);
      ops.push(`BT /F1 ${FOOTER_SIZE} Tf ${MARGIN} ${MARGIN} Td ${pdfString(footer)} Tj ET`);
    }
    const stream = ops.join('\n');
    const content = add(
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  });
  const lang = doc.language ? ` /Lang ${pdfString(doc.language)}` : '';
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R${lang} >>`;
  objects[pagesObj - 1] =
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The text lines drawn by a PDF made by `renderPdf` (for tests and checks): the operands of every
 * `Tj`, decoded from WinAnsiEncoding.
 */
export function extractPdfText(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const lines: string[] = [];
  for (const match of source.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) {
    const raw = match[1] ?? '';
    let text = '';
    for (let i = 0; i < raw.length; i += 1) {
      const ch = raw[i] ?? '';
      if (ch !== '\\') {
        text += ch;
        continue;
      }
      const octal = /^[0-7]{3}/.exec(raw.slice(i + 1));
      if (octal) {
        const byte = parseInt(octal[0], 8);
        text += WIN_ANSI_DECODE.get(byte) ?? String.fromCharCode(byte);
        i += 3;
      } else {
        text += raw[i + 1] ?? '';
        i += 1;
      }
    }
    lines.push(text);
  }
  return lines;
}
