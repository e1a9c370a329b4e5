/**
 * What pdfkit 0.20 supports that @types/pdfkit (0.17) does not declare yet: fonts already parsed
 * by fontkit, and tagged tables (`structParent` adds Table/TR/TH/TD structure elements; `scope`
 * marks a header cell's scope).
 */
import type { Font } from 'fontkit';

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      registerFont(name: string, src: Font, family?: string): this;
    }
    interface TableOptions {
      structParent?: PDFKit.PDFStructureElement;
    }
    interface CellOptions {
      scope?: 'Row' | 'Column' | 'Both';
    }
  }
}
