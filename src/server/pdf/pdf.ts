/**
 * Renders the server's text documents (confirmations, letters, authorizations) with pdfkit as
 * tagged PDF: a structure tree (H1 title, H2 headings, P paragraphs, L/LI lists, Table/TR/TH/TD
 * tables) in reading order, /Lang and a title the viewer shows, page footers marked as pagination
 * artifacts, and Noto Sans (regular and bold) embedded as subsets, so screen readers, text
 * extraction and printing do not depend on the reader's fonts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';

export type PdfStyle = 'title' | 'heading' | 'body' | 'small' | 'label';

export interface PdfTextBlock {
  text: string;
  style?: PdfStyle;
  /** Extra space before the block, in points. */
  gapBefore?: number;
  /** One item of a bulleted list; consecutive items form one list. */
  listItem?: boolean;
}

export interface PdfTableBlock {
  /** Header cells, one per column. */
  columns: { header: string; align?: 'left' | 'right' }[];
  rows: string[][];
  gapBefore?: number;
  /** Relative widths of the columns, filling the line; without them each is an equal share (180 pt at most). */
  weights?: number[];
}

export type PdfBlock = PdfTextBlock | PdfTableBlock;

function columnWidths(block: PdfTableBlock, width: number): number[] {
  const weights = block.weights?.length === block.columns.length ? block.weights : null;
  if (!weights) return block.columns.map(() => Math.min(180, width / block.columns.length));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => (width * w) / total);
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

const MARGIN = 56;
const FOOTER_SIZE = 8;
/** Room kept under the text for the footer line. */
const FOOTER_SPACE = FOOTER_SIZE * 3;
const BULLET = '\u2022 ';
const BULLET_INDENT = 14;

type Weight = 'regular' | 'bold';

const STYLES: Record<PdfStyle, { weight: Weight; size: number }> = {
  title: { weight: 'bold', size: 16 },
  heading: { weight: 'bold', size: 12 },
  label: { weight: 'bold', size: 10 },
  body: { weight: 'regular', size: 10 },
  small: { weight: 'regular', size: 8 },
};

/**
 * Noto Sans (SIL Open Font License; the Google Fonts build, Latin with Vietnamese, Greek and
 * Cyrillic, from @expo-google-fonts/noto-sans), read and parsed once when the module loads:
 * parsing the files for every document would cost about 100 ms each. pdfkit embeds only the
 * glyphs a document uses.
 */
const resolve = createRequire(import.meta.url).resolve;
function loadFont(file: string): Font {
  const font = create(readFileSync(resolve(`@expo-google-fonts/noto-sans/${file}`)));
  if ('fonts' in font) throw new Error(`${file} is a font collection`);
  return font;
}
const FONTS: Record<Weight, Font> = {
  regular: loadFont('400Regular/NotoSans_400Regular.ttf'),
  bold: loadFont('700Bold/NotoSans_700Bold.ttf'),
};
/** Printed for a character the font has no glyph for, instead of an empty box. */
const REPLACEMENT = '\uFFFD';

function isTable(block: PdfBlock): block is PdfTableBlock {
  return 'columns' in block;
}

/**
 * NFC text with tabs as spaces, other control characters (except newlines) removed and characters
 * the font lacks (emoji, CJK) replaced.
 */
function clean(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\n') out += ch;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else out += FONTS.regular.hasGlyphForCodePoint(code) ? ch : REPLACEMENT;
  }
  return out;
}

/** Renders the document; the result starts with `%PDF-1.7` and ends with `%%EOF`. */
export function renderPdf(model: PdfDocument): Buffer {
  const pdf = new PDFDocument({
    pdfVersion: '1.7',
    tagged: true,
    displayTitle: true,
    lang: model.language ?? 'en-US',
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    // Page numbers need the page count, known only at the end.
    bufferPages: true,
    info: {
      Title: model.title,
      Creator: 'debt-portal',
      CreationDate: model.created ?? new Date(),
    },
  });
  pdf.registerFont('regular', FONTS.regular);
  pdf.registerFont('bold', FONTS.bold);
  pdf.font('regular');

  const width = pdf.page.width - 2 * MARGIN;
  const root = pdf.struct('Document');
  pdf.addStructure(root);
  let list: PDFKit.PDFStructureElement | null = null;
  const top = pdf.y;

  const use = (style: PdfStyle) => {
    const { weight, size } = STYLES[style];
    return pdf.font(weight).fontSize(size);
  };
  /** Starts a new page unless `height` points still fit on this one. */
  const ensureRoom = (height: number) => {
    if (pdf.y + height > pdf.page.maxY()) pdf.addPage();
  };

  for (const block of model.blocks) {
    const style = isTable(block) ? 'body' : (block.style ?? 'body');
    const gap = block.gapBefore ?? (style === 'heading' ? 10 : 0);
    if (pdf.y > top) pdf.y += gap;
    pdf.x = MARGIN;
    if (list && (isTable(block) || !block.listItem)) {
      list.end();
      list = null;
    }

    if (isTable(block)) {
      use('body');
      const header = block.columns.map((column) => ({
        text: clean(column.header),
        type: 'TH' as const,
        scope: 'Column' as const,
        font: { src: 'bold' },
        border: { bottom: 0.5 },
        align: { x: column.align ?? 'left' },
      }));
      const rows = block.rows.map((row) =>
        row.map((cell, i) => ({
          text: clean(cell),
          align: { x: block.columns[i]?.align ?? 'left' },
        })),
      );
      ensureRoom(pdf.currentLineHeight(true) * 3);
      pdf.table({
        structParent: root,
        position: { x: MARGIN, y: pdf.y },
        columnStyles: columnWidths(block, width),
        defaultStyle: { border: 0, padding: { top: 2, bottom: 2, left: 0, right: 12 } },
        data: [header, ...rows],
      });
      pdf.x = MARGIN;
      continue;
    }

    use(style);
    const text = clean(block.text);
    if (block.listItem) {
      if (!list) {
        list = pdf.struct('L');
        root.add(list);
      }
      ensureRoom(pdf.currentLineHeight(true));
      const item = pdf.struct('LI');
      list.add(item);
      const y = pdf.y;
      item.add(
        pdf.struct('Lbl', {}, () => {
          pdf.text(BULLET, MARGIN, y, { lineBreak: false });
        }),
      );
      item.add(
        pdf.struct('LBody', {}, () => {
          pdf.text(text, MARGIN + BULLET_INDENT, y, { width: width - BULLET_INDENT });
        }),
      );
      item.end();
      continue;
    }

    const tag = style === 'title' ? 'H1' : style === 'heading' ? 'H2' : 'P';
    // A heading is kept with the first lines of what follows it.
    ensureRoom(pdf.currentLineHeight(true) * (tag === 'P' ? 1 : 3));
    root.add(
      pdf.struct(tag, {}, () => {
        pdf.text(text, MARGIN, pdf.y, { width });
      }),
    );
  }
  list?.end();
  root.end();

  if (model.footer) {
    const { start, count } = pdf.bufferedPageRange();
    for (let index = start; index < start + count; index += 1) {
      pdf.switchToPage(index);
      // The footer sits in the bottom margin, where pdfkit would otherwise start a new page.
      const bottom = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0;
      const y = pdf.page.height - MARGIN - FOOTER_SIZE;
      pdf.markContent('Artifact', {
        type: 'Pagination',
        attached: ['Bottom'],
        bbox: [MARGIN, y, MARGIN + width, y + FOOTER_SIZE * 1.5],
      });
      use('small').text(clean(model.footer(index - start + 1, count)), MARGIN, y, {
        width,
        lineBreak: false,
      });
      pdf.endMarkedContent();
      pdf.page.margins.bottom = bottom;
    }
  }
  return finish(pdf);
}

/**
 * pdfkit is a readable stream, but it writes the whole file synchronously on `end()` when no
 * image or stream is pending: the bytes are read from its buffer right away, so callers get a
 * Buffer as before instead of a promise.
 */
function finish(pdf: PDFKit.PDFDocument): Buffer {
  pdf.end();
  const chunks: Buffer[] = [];
  for (let chunk: unknown = pdf.read(); chunk !== null; chunk = pdf.read()) {
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  const out = Buffer.concat(chunks);
  if (!out.subarray(-8).toString('latin1').includes('%%EOF')) {
    throw new Error('pdfkit did not finish the document synchronously');
  }
  return out;
}
