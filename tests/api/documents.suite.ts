/**
 * My documents (issue 25): GET /api/v2/Documents and Documents/{id} on a real server and database.
 * The demo debtors' stored records (Maria's closed settled account, Carlos's plan payments), and a
 * fixture debtor of this suite who pays, disputes and reports a bankruptcy through the API. Every
 * document is read back with pdf.js: its structure (title, language, headings, tables with header
 * cells), that a receipt reads the same twice, and that none holds an SSN, a date of birth or a
 * full card or bank number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../pdf-reader';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { clearLockout, MARIA_LETTER } from './debtor-fixtures';
import {
  addCard,
  BANKS,
  CARDS,
  importFixture,
  letterSignIn,
  PAYER_CONTACT,
  signIn,
  today,
  type SubmitAnswer,
} from './payments-fixtures';

interface DocumentRow {
  id: string;
  kind: string;
  date: string;
  accountNumber: string;
  amount: number | null;
  reference: string | null;
  status: 'pending' | 'posted' | null;
}

const DORA = { lastName: 'Docfixture', ssn: '3141', dob: '1977-07-07' };
const CARLOS = { lastName: 'Rivera', ssn: '2468', dob: '1985-09-12' };
const MARIA_PERSON = { lastName: 'Garcia', ssn: '1234', dob: '1980-01-15' };

const fixture = {
  $schema: '../schemas/import.schema.json',
  version: 1,
  debtors: [
    {
      key: 'docs-dora',
      firstName: 'Dora',
      lastName: DORA.lastName,
      ssnLast4: DORA.ssn,
      dateOfBirth: DORA.dob,
      addressLine1: '9 Paper Lane',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
      accounts: [
        {
          accountNumber: 'DOC1.10001',
          clientId: 'NWB',
          creditorName: 'Northwind Bank',
          originalCreditorName: 'Northwind Bank Visa',
          balance: 1000,
          originalBalance: 1000,
          statusCode: 'ACT',
          dateOfReferral: 'today-30',
          lastUpdateDate: 'today-5',
        },
        {
          accountNumber: 'DOC1.10002',
          clientId: 'NWB',
          creditorName: 'Northwind Bank',
          balance: 500,
          originalBalance: 500,
          statusCode: 'ACT',
          dateOfReferral: 'today-30',
          lastUpdateDate: 'today-5',
        },
      ],
    },
  ],
};

/** Long dates as the PDFs write them, in both languages. */
function longDates(day: string): string[] {
  const date = new Date(`${day}T12:00:00Z`);
  return ['en-US', 'es-US'].map((locale) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date),
  );
}

export function documentsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`my documents on ${dialect}`, () => {
    const schemas = apiValidators();
    let server: RunningServer;
    let dora: string;
    let maria: string;
    let carlos: string;
    let confirmation = '';

    const list = (token: string | undefined, query = '', lang?: string) =>
      call<DocumentRow[]>(server, `/api/v2/Documents${query}`, { token, lang });
    const download = (token: string | undefined, id: string, lang?: string) =>
      call(server, `/api/v2/Documents/${id}`, { token, lang });
    const listed = async (token: string, query = ''): Promise<DocumentRow[]> => {
      const res = await list(token, query);
      expect(res.status, res.text).toBe(200);
      expect(schemas.check('document-list', res.body)).toEqual([]);
      return res.body;
    };

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await importFixture(server.database.db, fixture);
      await clearLockout(server);
      dora = await signIn(server, DORA);
      maria = await signIn(server, MARIA_PERSON);
      carlos = await signIn(server, CARLOS);
      // Dora pays, disputes one account and reports a bankruptcy on the other, through the API.
      const card = await addCard(server, dora, 'DOC1.10001', CARDS.visaCredit);
      const paid = await call<SubmitAnswer>(server, '/api/v2/Account/SubmitPayment', {
        token: dora,
        body: {
          accountNumber: 'DOC1.10001',
          schedule: [{ date: today(), amount: 150 }],
          fundingId: card.id,
          type: 'PPA',
          paymentVariant: 'one-time',
          authorizationDisclosuresAccepted: true,
          firstName: 'Dora',
          lastName: DORA.lastName,
          ...PAYER_CONTACT,
        },
      });
      expect(paid.status, paid.text).toBe(200);
      confirmation = paid.body.paymentSubmission?.confirmation ?? '';
      expect(confirmation).toMatch(/^WP/);
      const dispute = await call(server, '/api/v2/Account/SubmitDispute', {
        token: dora,
        body: { accountNumber: 'DOC1.10001', incorrectBalance: true, termsAccepted: true },
      });
      expect(dispute.status, dispute.text).toBe(200);
      const bankruptcy = await call(server, '/api/v2/Account/SubmitBankruptcy', {
        token: dora,
        body: {
          accountNumber: 'DOC1.10002',
          chapter: 7,
          caseNumber: '24-bk-55555',
          fileDate: today(),
          jointFile: false,
          courtName: 'US Bankruptcy Court, Western District of Texas',
          attorneyName: 'Lee Law',
          attorneyPhoneNumber: '5125550100',
          address1: '9 Paper Lane',
          city: 'Austin',
          state: 'TX',
          zip: '73301',
          phoneNumber: '5125550101',
          finalVerify: true,
        },
      });
      expect(bankruptcy.status, bankruptcy.text).toBe(200);
    });
    afterAll(async () => server.close());

    it("lists a paying debtor's receipt, authorization, consent, dispute and bankruptcy, newest first", async () => {
      const rows = await listed(dora);
      const kinds = rows.map((r) => r.kind).sort();
      expect(kinds).toEqual(['authorization', 'bankruptcy', 'dispute', 'esign', 'receipt']);
      const receipt = rows.find((r) => r.kind === 'receipt');
      expect(receipt).toMatchObject({
        accountNumber: 'DOC1.10001',
        amount: 150,
        reference: confirmation,
        status: 'pending',
        date: today(),
      });
      expect(rows.find((r) => r.kind === 'authorization')).toMatchObject({
        amount: 150,
        reference: confirmation,
      });
      const dates = rows.map((r) => r.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      // One account: only its documents; an account that is not the debtor's is 404.
      const one = await listed(dora, '?accountNumber=DOC1.10002');
      expect(one.map((r) => r.kind)).toEqual(['bankruptcy']);
      expect((await list(dora, '?accountNumber=LU1.10001')).status).toBe(404);
    });

    it("Maria's closed settled account offers its settled-in-full letter; the hidden one gives nothing", async () => {
      const rows = await listed(maria);
      const settled = rows.find((r) => r.kind === 'settledLetter');
      expect(settled).toMatchObject({ accountNumber: 'LU1.10003', amount: 480 });
      expect(rows.some((r) => r.accountNumber === 'LU1.10004')).toBe(false);
      expect(rows.filter((r) => r.kind === 'settlementLetter').map((r) => r.reference)).toEqual(
        expect.arrayContaining(['LU1.10001.57']),
      );
      const res = await download(maria, settled?.id ?? '');
      expect(res.status, res.text).toBe(200);
      const pdf = await readPdf(res.bytes);
      expect(pdf.lines).toContain('Settled in full');
      expect(pdf.lines.join(' ')).toContain('No balance remains under this account.');
      expect(pdf.pages).toBe(1);
      const es = await readPdf((await download(maria, settled?.id ?? '', 'es')).bytes);
      expect(es.language).toBe('es-US');
      expect(es.lines).toContain('Liquidada en su totalidad');
      expect((await list(maria, '?accountNumber=LU1.10004')).status).toBe(404);
    });

    it("Carlos's list has a receipt for each payment taken, pending or posted", async () => {
      const rows = await listed(carlos);
      const receipts = rows.filter((r) => r.kind === 'receipt').map((r) => r.reference);
      expect(receipts).toEqual(
        expect.arrayContaining(['PPA-50001-01', 'PPA-50001-02', 'PPA-50002-02', 'PPA-50003-12']),
      );
      expect(receipts).toHaveLength(15);
      expect(rows.find((r) => r.reference === 'PPA-50003-12')?.status).toBe('pending');
      expect(rows.find((r) => r.reference === 'PPA-50003-01')?.status).toBe('posted');
      const last = rows.find((r) => r.reference === 'PPA-50003-12');
      const pdf = await readPdf((await download(carlos, last?.id ?? '')).bytes);
      const text = pdf.lines.join('\n');
      expect(text).toContain('Checking ****6789');
      expect(text).toContain('Balance after this payment: $700.00');
      expect(text).toContain('Pending');
    });

    it('a receipt reads the same, byte for byte, on a second download', async () => {
      const id = (await listed(dora)).find((r) => r.kind === 'receipt')?.id ?? '';
      const first = await download(dora, id);
      const second = await download(dora, id);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
      const text = (await readPdf(first.bytes)).lines.join('\n');
      expect(text).toContain(`Confirmation code: ${confirmation}`);
      expect(text).toContain('Visa ****1111');
      expect(text).toContain('Balance after this payment: $850.00');
    });

    it('who may open what: another debtor, a letter token, no token, bad ids', async () => {
      const doras = await listed(dora);
      const carlosReceipt = (await listed(carlos)).find((r) => r.kind === 'receipt')?.id ?? '';
      for (const row of doras) {
        expect((await download(maria, row.id)).status, row.id).toBe(404);
        expect((await download(carlos, row.id)).status, row.id).toBe(404);
      }
      expect((await download(dora, carlosReceipt)).status).toBe(404);
      expect((await list(undefined)).status).toBe(401);
      expect((await download(undefined, doras[0]?.id ?? '')).status).toBe(401);
      // A letter token sees its letter, and nothing else.
      const letter = await letterSignIn(server, MARIA_LETTER.accountNumber, MARIA_LETTER.letterId);
      const letterRows = await listed(letter);
      expect(letterRows.map((r) => r.id)).toEqual([`letter-${MARIA_LETTER.letterId}`]);
      expect((await download(letter, `letter-${MARIA_LETTER.letterId}`)).status).toBe(200);
      expect((await download(letter, 'letter-41')).status).toBe(404);
      const mariaRows = await listed(maria);
      for (const row of mariaRows.filter((r) => r.kind !== 'settlementLetter').slice(0, 5)) {
        expect((await download(letter, row.id)).status, row.id).toBe(404);
      }
      expect((await list(letter, '?accountNumber=LU1.10002')).status).toBe(404);
      for (const id of [
        'x',
        'receipt-0',
        'receipt-abc',
        'receipt-99999999999',
        'receipt-9999999999',
        'closed-2147483647',
        'nothing-1',
        '..%2F..%2Fetc',
        '%00',
      ]) {
        const res = await download(dora, id);
        expect([400, 404], `${id}: ${res.text}`).toContain(res.status);
        expect(schemas.check('error', res.body)).toEqual([]);
      }
      for (const query of ['?accountNumber=', '?accountNumber=LU1', '?other=1']) {
        const res = await list(dora, query);
        expect([400, 404], `${query}: ${res.text}`).toContain(res.status);
      }
      // Only under /api/v2.
      expect((await call(server, '/api/Documents', { token: dora })).status).toBe(404);
    });

    it('every document is a tagged PDF with a title, language, headings and table header cells, and no SSN, birth date or full number', async () => {
      const forbidden = [
        ...Object.values(CARDS),
        ...Object.values(BANKS),
        ...[DORA.dob, MARIA_PERSON.dob, CARLOS.dob].flatMap((d) => [d, ...longDates(d)]),
      ];
      const people = [dora, maria, carlos];
      const seen = new Set<string>();
      for (const token of people) {
        const rows = await listed(token);
        expect(JSON.stringify(rows)).not.toMatch(/\d{9,}/);
        for (const row of rows) {
          // Every kind, in both languages; of many receipts, the first few.
          if (row.kind === 'receipt' && seen.has(`${row.kind}-${row.accountNumber}`)) continue;
          seen.add(`${row.kind}-${row.accountNumber}`);
          for (const lang of ['en', 'es']) {
            const res = await download(token, row.id, lang);
            expect(res.status, `${row.id}: ${res.text}`).toBe(200);
            const pdf = await readPdf(res.bytes);
            const where = `${row.kind} ${row.id} ${lang}`;
            expect(pdf.title, where).toBeTruthy();
            expect(pdf.language, where).toMatch(/^(en|es)-US$/);
            expect(pdf.marked, where).toBe(true);
            const structure = pdf.structure.join(' ');
            expect(structure, where).toContain('H1');
            expect(structure, where).toContain('H2');
            expect(structure, where).toMatch(/Table\(.*TH/);
            expect(pdf.untagged, where).toEqual([]);
            const text = pdf.lines.join('\n');
            for (const value of forbidden) expect(text, where).not.toContain(value);
            expect(text, where).not.toMatch(/\d{9,}|\d{3}-\d{2}-\d{4}/);
            expect(text, where).toContain('MRS');
          }
        }
      }
      expect([...seen].map((s) => s.split('-')[0])).toEqual(
        expect.arrayContaining([
          'receipt',
          'authorization',
          'esign',
          'settledLetter',
          'dispute',
          'bankruptcy',
          'settlementLetter',
        ]),
      );
    });
  });
}
