/**
 * The four PDF documents in English and Spanish, read back with a real parser: text (with
 * accents), title, language, tagging (structure tree, artifacts) and embedded fonts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFlows } from '../../../src/server/config';
import { createCatalog, type Language } from '../../../src/server/http/messages';
import {
  authorizationPdf,
  disputeConfirmationPdf,
  letterPdf,
  registrationPdf,
  type AuthorizationDocument,
  type DocumentContext,
} from '../../../src/server/pdf/documents';
import { readPdf } from '../../pdf-reader';

const catalog = createCatalog(loadFlows(path.resolve(__dirname, '../../../flows')).texts);
const created = new Date('2025-07-15T19:04:00Z');

function context(language: Language, timeZone?: string): DocumentContext {
  return { catalog, language, created, ...(timeZone ? { timeZone } : {}) };
}

/** Facts a byte search of the file's (uncompressed) object dictionaries tells. */
function dictionaries(pdf: Buffer) {
  const source = pdf.toString('latin1');
  return {
    structTreeRoot: source.includes('/StructTreeRoot'),
    embeddedFonts: (source.match(/\/FontFile[23]\b/g) ?? []).length,
    // A composite font names its base font twice (Type0 and its CID font).
    baseFonts: [...new Set([...source.matchAll(/\/BaseFont \/([^\s/>]+)/g)].map((m) => m[1]))],
    type1: /\/Subtype \/Type1\b/.test(source),
  };
}

/** The checks every document passes: version, metadata, tagging and fonts. */
async function readTagged(pdf: Buffer, title: string, language: Language) {
  const reading = await readPdf(pdf);
  expect(reading.version).toBe('1.7');
  expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
  expect(reading.title).toBe(title);
  expect(reading.language).toBe(language === 'es' ? 'es-US' : 'en-US');
  expect(reading.displayDocTitle).toBe(true);
  expect(reading.marked).toBe(true);
  expect(reading.untagged).toEqual([]);
  expect(reading.structure[0]).toMatch(/^Document\(H1,/);
  expect(reading.lines[0]).toBe(title);
  const facts = dictionaries(pdf);
  expect(facts.structTreeRoot).toBe(true);
  // Regular and bold, both embedded as subsets (ABCDEF+Name); no standard-14 font.
  expect(facts.embeddedFonts).toBe(2);
  expect(facts.baseFonts).toHaveLength(2);
  for (const name of facts.baseFonts) expect(name).toMatch(/^[A-Z]{6}\+NotoSans-(Regular|Bold)$/);
  expect(facts.type1).toBe(false);
  return reading;
}

const dispute = {
  confirmation: 'DSP-0123456789',
  receivedDay: '2025-07-15',
  accountNumber: 'LU1.10001',
  creditor: 'Contoso Bank',
  name: 'María Núñez',
  reasons: [
    { en: 'The balance is incorrect', es: 'El saldo es incorrecto' },
    { en: 'Other', es: 'Otro' },
  ],
  message: '¿Por qué? ¡Pagué en €! Señor Núñez — “año” – 100 %',
};

const letter = {
  letterCode: 'LU1.10001.57',
  requestDate: '2025-07-01',
  accountNumber: 'LU1.10001',
  creditor: 'Contoso Bank',
  name: 'María Núñez',
  address: ['123 Calle Mayor', 'Miami, FL 33101'],
  principalBalanceCents: 123_456,
  options: [
    {
      optionNumber: 1,
      dueDate: '2025-08-01',
      settlementAmountCents: 61_728,
      discount: 0.5,
      numberOfPayments: 2,
      schedule: [
        { date: '2025-08-01', amountCents: 30_864 },
        { date: '2025-09-01', amountCents: 30_864 },
      ],
    },
  ],
};

const registration = {
  code: 'REG-0123456789',
  registeredDay: '2025-07-15',
  name: 'María Núñez',
  accounts: [
    { accountNumber: 'LU1.10001', creditor: 'Contoso Bank' },
    { accountNumber: 'LU1.10002', creditor: null },
  ],
};

function authorization(overrides: Partial<AuthorizationDocument> = {}): AuthorizationDocument {
  return {
    confirmation: 'WP0123456789',
    agreedAt: '2025-07-15T19:04:00Z',
    accountNumber: 'LU1.10001',
    creditor: 'Contoso Bank',
    name: 'María Núñez',
    method: 'Visa ****1111',
    recurring: true,
    payments: [
      { date: '2025-08-01', amountCents: 10_000 },
      { date: '2025-09-01', amountCents: 10_000 },
      { date: '2025-10-01', amountCents: 5_050 },
    ],
    totalCents: 25_050,
    sections: [
      {
        heading: 'Autorización de débito',
        text: 'Usted autoriza los débitos en las fechas indicadas.\n\nPuede cancelar llamando al número de atención al cliente.',
      },
      { heading: 'Firma electrónica', text: 'Acepta firmar electrónicamente.' },
    ],
    ...overrides,
  };
}

describe('PDF documents', () => {
  describe('dispute confirmation', () => {
    it.each([
      ['en', 'Dispute confirmation', 'Reasons', 'Page 1 of 1'],
      ['es', 'Confirmación de disputa', 'Motivos', 'Página 1 de 1'],
    ] as const)(
      '%s: tagged, with the reasons as a list',
      async (language, title, heading, page) => {
        const pdf = await readTagged(
          disputeConfirmationPdf(context(language), dispute),
          title,
          language,
        );
        expect(pdf.lines).toContain(heading);
        const [first, second] = dispute.reasons;
        expect(pdf.lines).toContain(`• ${first?.[language] ?? ''}`);
        expect(pdf.lines).toContain(`• ${second?.[language] ?? ''}`);
        expect(pdf.lines.join(' ')).toContain(dispute.message);
        expect(pdf.lines.join(' ')).toContain('María Núñez');
        expect(pdf.structure[0]).toContain('H2,L(LI(Lbl,LBody),LI(Lbl,LBody))');
        expect(pdf.artifacts).toEqual([page]);
      },
    );
  });

  it('prints names beyond Latin-1 (Polish, Vietnamese, Romanian, Greek, Cyrillic) with the same fonts', async () => {
    const name = 'Łukasz Wiśniewski, Nguyễn Văn Đức, Ștefan, Αλέξανδρος, Дмитрий';
    const pdf = await readTagged(
      registrationPdf(context('en'), { ...registration, name }),
      'Portal registration confirmation',
      'en',
    );
    expect(pdf.lines.join(' ')).toContain(`Name: ${name}`);
  });

  it('prints a replacement character for what the font lacks, never an empty box', async () => {
    const pdf = await readTagged(
      disputeConfirmationPdf(context('en'), { ...dispute, message: 'Thanks 😀 漢 ok' }),
      'Dispute confirmation',
      'en',
    );
    expect(pdf.lines).toContain('Thanks \uFFFD \uFFFD ok');
  });

  describe('settlement letter', () => {
    it.each([
      ['en', 'Settlement offer', 'Option 1: pay $617.28 and save 50%', 'August 1, 2025: $308.64'],
      [
        'es',
        'Oferta de liquidación',
        'Opción 1: pague $617.28 y ahorre 50%',
        '1 de agosto de 2025: $308.64',
      ],
    ] as const)('%s', async (language, title, option, payment) => {
      const pdf = await readTagged(letterPdf(context(language), letter), title, language);
      expect(pdf.lines).toContain(option);
      expect(pdf.lines).toContain(payment);
      expect(pdf.lines).toContain('123 Calle Mayor');
      expect(pdf.lines).toContain(
        language === 'es' ? 'Código de oferta: LU1.10001.57' : 'Offer code: LU1.10001.57',
      );
    });
  });

  describe('registration confirmation', () => {
    it.each([
      ['en', 'Portal registration confirmation', 'Name: María Núñez'],
      ['es', 'Confirmación de registro en el portal', 'Nombre: María Núñez'],
    ] as const)('%s', async (language, title, name) => {
      const pdf = await readTagged(
        registrationPdf(context(language), registration),
        title,
        language,
      );
      expect(pdf.lines).toContain(name);
      expect(pdf.lines).toContain('LU1.10001 (Contoso Bank)');
      expect(pdf.lines).toContain('LU1.10002');
    });
  });

  describe('payment authorization', () => {
    it('en: every fact, the payments as a table, the agreed texts, in the agency time zone', async () => {
      const pdf = await readTagged(
        authorizationPdf(context('en', 'America/New_York'), authorization()),
        'Payment authorization',
        'en',
      );
      expect(pdf.lines).toEqual(
        expect.arrayContaining([
          'Confirmation code: WP0123456789',
          'Agreed on: July 15, 2025 at 3:04 PM EDT',
          'Name: María Núñez',
          'Account number: LU1.10001',
          'Creditor: Contoso Bank',
          'Payment method: Visa ****1111',
          'This is a recurring authorization for 2 monthly payments of $100.00 and a last payment of $50.50.',
          'Payments',
          'Date Amount',
          'August 1, 2025 $100.00',
          'September 1, 2025 $100.00',
          'October 1, 2025 $50.50',
          'Total: $250.50',
          'Autorización de débito',
          'Usted autoriza los débitos en las fechas indicadas.',
          'Puede cancelar llamando al número de atención al cliente.',
          'Firma electrónica',
          'This is a communication from a debt collector.',
        ]),
      );
      expect(pdf.structure[0]).toContain(
        'H2,Table(TR(TH,TH),TR(TD,TD),TR(TD,TD),TR(TD,TD)),P,H2,P,P,H2,P,P',
      );
      expect(pdf.artifacts).toEqual(['Page 1 of 1']);
    });

    it('es: written out in Spanish; UTC without a time zone; a single payment', async () => {
      const pdf = await readTagged(
        authorizationPdf(
          context('es'),
          authorization({
            recurring: false,
            creditor: null,
            method: 'Checking ****6789',
            payments: [{ date: '2025-08-01', amountCents: 123_456 }],
            totalCents: 123_456,
          }),
        ),
        'Autorización de pago',
        'es',
      );
      expect(pdf.lines).toEqual(
        expect.arrayContaining([
          'Código de confirmación: WP0123456789',
          'Fecha de aceptación: 15 de julio de 2025 a las 7:04 p.m. UTC',
          'Nombre: María Núñez',
          'Número de cuenta: LU1.10001',
          'Método de pago: Checking ****6789',
          'Esta autorización es para un solo pago.',
          'Pagos',
          'Fecha Monto',
          '1 de agosto de 2025 $1,234.56',
          'Total: $1,234.56',
          'Esta es una comunicación de un cobrador de deudas.',
        ]),
      );
      expect(pdf.lines.some((line) => line.startsWith('Acreedor'))).toBe(false);
    });

    it('runs over several pages with a numbered footer on each', async () => {
      const payments = Array.from({ length: 48 }, (_, i) => ({
        date: `${2026 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-15`,
        amountCents: 2_500,
      }));
      const long = Array.from(
        { length: 12 },
        (_, i) => `Paragraph ${i + 1}. ${'Text. '.repeat(60)}`,
      );
      const pdf = await readTagged(
        authorizationPdf(
          context('en'),
          authorization({
            payments,
            totalCents: 120_000,
            sections: [{ heading: 'Terms', text: long.join('\n\n') }],
          }),
        ),
        'Payment authorization',
        'en',
      );
      expect(pdf.pages).toBeGreaterThan(2);
      expect(pdf.artifacts).toEqual(
        Array.from({ length: pdf.pages }, (_, i) => `Page ${i + 1} of ${pdf.pages}`),
      );
      expect(pdf.lines).toContain('December 15, 2029 $25.00');
      expect(pdf.lines).toContain('Total: $1,200.00');
      expect(pdf.lines.filter((line) => /^Paragraph \d+\./.test(line))).toHaveLength(12);
    });
  });
});
