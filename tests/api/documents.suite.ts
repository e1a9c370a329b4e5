/**
 * My documents (issue 25): GET /api/v2/Documents and Documents/{id} on a real server and database.
 * The demo debtors' stored records (Maria's closed settled account, Carlos's plan payments), and a
 * fixture debtor of this suite who pays, disputes and reports a bankruptcy through the API. Every
 * document is read back with pdf.js: its structure (title, language, headings, tables with header
 * cells), that a receipt reads the same twice, and that none holds an SSN, a date of birth or a
 * full card or bank number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readPdf, type PdfReading } from '../pdf-reader';
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
  addDays,
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
const PAZ = { lastName: 'Changefixture', ssn: '2718', dob: '1981-08-18' };
/** Demo debtors with payments in their accounts' history (demo/demo-data.json). */
const KIM = { lastName: 'Kim', ssn: '1357', dob: '1992-11-20' };
const SMITH = { lastName: 'Smith', ssn: '5678', dob: '1975-06-30' };
/** A debtor of this suite whose payments the agency posted by file (the import). */
const IVY = { lastName: 'Filepost', ssn: '8080', dob: '1979-04-04' };

/** A payment of Account/Detailed's history. */
interface HistoryRow {
  date: string;
  amount: number;
  type: string;
  confirmationCode: string | null;
  isPending: boolean;
}

/** A plan of monthly payments: one paid, one due today (within the cutoff), then three more. */
const plan = (ref: string) => ({
  ref,
  type: 'PPA',
  amount: 500,
  active: true,
  beginBalance: 500,
  created: 'today-40',
  allowRemaining: true,
  modifiableOnline: true,
  payments: [
    { date: 'today-30', amount: 100, status: 'Paid', confirmation: `${ref}-01` },
    { date: 'today', amount: 100, status: 'PostDate' },
    { date: 'today+30', amount: 100, status: 'PostDate' },
    { date: 'today+60', amount: 100, status: 'PostDate' },
    { date: 'today+90', amount: 100, status: 'PostDate' },
  ],
});

/** Paz's accounts: a plan to change, to move and to cancel, in each language. */
const PLAN_ACCOUNTS = {
  change: { en: 'DOC2.10001', es: 'DOC2.10002' },
  day: { en: 'DOC2.10003', es: 'DOC2.10004' },
  cancel: { en: 'DOC2.10005', es: 'DOC2.10006' },
} as const;
const PAID_IN_FULL = 'DOC2.10007';
const SETTLED_BY_POST = 'DOC2.10008';

const fixture = {
  $schema: '../schemas/import.schema.json',
  version: 1,
  debtors: [
    {
      // Payments the agency posts by file: a money order through a lockbox, a check with no
      // source, and a returned payment (not a payment: no receipt).
      key: 'docs-ivy',
      firstName: 'Ivy',
      lastName: IVY.lastName,
      ssnLast4: IVY.ssn,
      dateOfBirth: IVY.dob,
      accounts: [
        {
          accountNumber: 'DOC3.10001',
          clientId: 'NWB',
          creditorName: 'Northwind Bank',
          balance: 300,
          originalBalance: 500,
          statusCode: 'ACT',
          dateOfReferral: 'today-60',
          lastUpdateDate: 'today-5',
          transactions: [
            {
              date: 'today-20',
              amount: 150,
              type: 'MoneyOrder',
              autoOrManual: 'Manual',
              source: 'Lockbox',
              confirmationCode: 'LBX-3001',
              totalPayment: 150,
            },
            { date: 'today-10', amount: 50, type: 'Check', autoOrManual: 'Manual' },
            { date: 'today-5', amount: -50, type: 'NonSufficientFunds', source: 'Bank' },
          ],
        },
      ],
    },
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
    {
      key: 'docs-paz',
      firstName: 'Paz',
      lastName: PAZ.lastName,
      ssnLast4: PAZ.ssn,
      dateOfBirth: PAZ.dob,
      accounts: [
        ...Object.values(PLAN_ACCOUNTS)
          .flatMap((byLanguage) => Object.values(byLanguage))
          .map((accountNumber) => ({
            accountNumber,
            clientId: 'NWB',
            creditorName: 'Northwind Bank',
            originalCreditorName: 'Northwind Bank Visa',
            balance: 400,
            originalBalance: 500,
            totalPaid: 100,
            statusCode: 'PPA',
            supportPhone: '800-555-0100',
            arrangements: [plan(accountNumber.slice(-2))],
          })),
        {
          // Paid in full online; the host's date of last payment is not the last posted one.
          accountNumber: PAID_IN_FULL,
          clientId: 'NWB',
          creditorName: 'Northwind Bank',
          originalCreditorName: 'Northwind Bank Visa',
          balance: 0,
          originalBalance: 350,
          totalPaid: 350,
          statusCode: 'PIF',
          isClosed: true,
          dateOfReferral: 'today-200',
          dateOfLastPay: 'today-9',
          lastUpdateDate: 'today-8',
          lastViewableDate: 'today+37',
          arrangements: [
            {
              ref: 'pif-1',
              type: 'PPA',
              amount: 350,
              active: false,
              beginBalance: 350,
              created: 'today-60',
              allowRemaining: false,
              modifiableOnline: false,
              payments: [
                { date: 'today-42', amount: 200, status: 'Paid', confirmation: 'PIF-7-01' },
                { date: 'today-12', amount: 150, status: 'Paid', confirmation: 'PIF-7-02' },
                { date: 'today-5', amount: 150, status: 'Rejected' },
              ],
            },
          ],
        },
        {
          // Settled with a cheque by post: no payment of an arrangement, only the host's date.
          accountNumber: SETTLED_BY_POST,
          clientId: 'NWB',
          creditorName: 'Northwind Bank',
          balance: 0,
          originalBalance: 900,
          totalPaid: 450,
          settlementBalance: 450,
          statusCode: 'SIF',
          isClosed: true,
          dateOfReferral: 'today-200',
          dateOfLastPay: 'today-7',
          lastUpdateDate: 'today-6',
          lastViewableDate: 'today+39',
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

/** A birth date as a person or a form may write it: 1977-07-07, 07/07/1977, 7/7/1977, July 7, 1977. */
function birthDates(day: string): string[] {
  const [y = '', m = '', d = ''] = day.split('-');
  const short = `${Number(m)}/${Number(d)}/${y}`;
  return [day, `${m}/${d}/${y}`, short, `${d}/${m}/${y}`, ...longDates(day)];
}

const PEOPLE = [DORA, MARIA_PERSON, CARLOS, PAZ, KIM, SMITH, IVY];

/**
 * What no document may hold: the fixtures' full card and bank numbers and the debtors' birth
 * dates. (Not a pattern such as `\d{9,}`: a confirmation code once matched it; codes now never
 * hold two digits in a row, src/server/confirmation-code.ts.)
 */
const FORBIDDEN = [
  ...Object.values(CARDS),
  ...Object.values(BANKS),
  ...PEOPLE.flatMap((person) => birthDates(person.dob)),
];

/**
 * The debtors' SSNs: the portal knows only their last 4 digits (stored as an HMAC). A document
 * may hold neither an SSN's shape nor those digits as a number of their own (masked or not).
 */
const SSN = new RegExp(
  `\\d{3}-\\d{2}-\\d{4}|(?<![\\d.,$])(?:${PEOPLE.map((p) => p.ssn).join('|')})(?![\\d.,])`,
);

/** The text holds none of the debtors' SSNs, birth dates or full card or bank numbers. */
function expectNothingPrivate(text: string, where: string): void {
  for (const value of FORBIDDEN) expect(text, where).not.toContain(value);
  expect(text, where).not.toMatch(SSN);
}

/**
 * Reads a document back with pdf.js and checks its structure: a title, a language, H1 and H2
 * headings, a table with header cells, no untagged text, and nothing that must not be printed.
 * It is one page, or `pages`. With DOCUMENTS_PDF_DIR set, the file is also written there (to render it with pdftoppm).
 */
async function checkedPdf(bytes: Uint8Array, where: string, pages = 1): Promise<PdfReading> {
  if (process.env.DOCUMENTS_PDF_DIR) {
    mkdirSync(process.env.DOCUMENTS_PDF_DIR, { recursive: true });
    const name = where.replace(/[^A-Za-z0-9.-]+/g, '_');
    writeFileSync(path.join(process.env.DOCUMENTS_PDF_DIR, `${name}.pdf`), bytes);
  }
  const pdf = await readPdf(bytes);
  expect(pdf.title, where).toBeTruthy();
  expect(pdf.language, where).toMatch(/^(en|es)-US$/);
  expect(pdf.marked, where).toBe(true);
  const structure = pdf.structure.join(' ');
  expect(structure, where).toContain('H1');
  expect(structure, where).toContain('H2');
  expect(structure, where).toMatch(/Table\(.*TH/);
  expect(pdf.untagged, where).toEqual([]);
  const text = pdf.lines.join('\n');
  expectNothingPrivate(text, where);
  expect(text, where).toContain('MRS');
  expect(pdf.pages, where).toBe(pages);
  // The letterhead's table states the account, the creditor and the code: no line says them again.
  const repeated =
    /^(Account number|Creditor|Confirmation code|Offer code|Número de cuenta|Acreedor|Código de confirmación|Código de oferta):/;
  expect(
    pdf.lines.filter((line) => repeated.test(line)),
    where,
  ).toEqual([]);
  return pdf;
}

export function documentsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`my documents on ${dialect}`, () => {
    const schemas = apiValidators();
    let server: RunningServer;
    let dora: string;
    let maria: string;
    let carlos: string;
    let paz: string;
    let confirmation = '';
    /** Paz's plan changes by kind and language: confirmation and the statement confirmed. */
    const changes: Record<string, { confirmation: string; statement: string }> = {};

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
      paz = await signIn(server, PAZ);
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
      // Paz changes a plan, moves a plan's payment day and cancels a plan, in each language.
      for (const lang of ['en', 'es'] as const) {
        changes[`planChange-${lang}`] = await changePlan(PLAN_ACCOUNTS.change[lang], lang);
        changes[`paymentDayChange-${lang}`] = await changeDay(PLAN_ACCOUNTS.day[lang], lang);
        changes[`planCancellation-${lang}`] = await cancelPlan(PLAN_ACCOUNTS.cancel[lang], lang);
      }
    });

    type Change = { confirmation: string; statement: string };
    /** What a preview says, then doing it, as the plan pages do (tests/api/plan-changes.suite.ts). */
    async function planAction(
      preview: string,
      action: string,
      body: Record<string, unknown>,
      lang: string,
    ): Promise<Change> {
      const seen = await call<{ arrangementId: number }>(server, preview, { token: paz, lang });
      expect(seen.status, seen.text).toBe(200);
      const done = await call<Change>(server, `/api/v2/Account/${action}`, {
        token: paz,
        lang,
        headers: { 'Idempotency-Key': `docs-${action}-${lang}` },
        body: { ...body, arrangementId: seen.body.arrangementId },
      });
      expect(done.status, done.text).toBe(200);
      return { confirmation: done.body.confirmation, statement: done.body.statement };
    }
    const changePlan = (accountNumber: string, lang: string) =>
      planAction(
        `/api/v2/Account/PlanChangeOptions?accountNumber=${accountNumber}&day=10`,
        'ChangePlan',
        {
          accountNumber,
          months: 3,
          day: 10,
          authorizationDisclosuresAccepted: true,
          eSignConsent: true,
        },
        lang,
      );
    const changeDay = (accountNumber: string, lang: string) =>
      planAction(
        `/api/v2/Account/PaymentDayChange?accountNumber=${accountNumber}&day=15`,
        'ChangePaymentDay',
        { accountNumber, day: 15, confirmed: true },
        lang,
      );
    const cancelPlan = (accountNumber: string, lang: string) =>
      planAction(
        `/api/v2/Account/PlanCancellation?accountNumber=${accountNumber}`,
        'CancelPlan',
        { accountNumber, confirmed: true },
        lang,
      );
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

    it("every payment of Kim's and Smith's history has a receipt that names its source", async () => {
      const kim = await signIn(server, KIM);
      const smith = await signIn(server, SMITH);
      const cases = [
        { token: kim, accounts: ['LU1.60001', 'LU1.60002', 'LU1.60003'] },
        { token: smith, accounts: ['LU1.20001'] },
      ];
      for (const { token, accounts } of cases) {
        const rows = await listed(token);
        for (const accountNumber of accounts) {
          const detailed = await call<{ transactions: HistoryRow[] }>(
            server,
            `/api/v2/Account/Detailed?accountNumber=${accountNumber}`,
            { token },
          );
          expect(detailed.status, detailed.text).toBe(200);
          const payments = detailed.body.transactions.filter(
            (t) => t.amount > 0 && !['NonSufficientFunds', 'Adjustment'].includes(t.type),
          );
          for (const payment of payments) {
            const receipt = rows.find(
              (r) =>
                r.kind === 'receipt' &&
                r.accountNumber === accountNumber &&
                r.date === payment.date &&
                r.amount === payment.amount &&
                (payment.confirmationCode === null || r.reference === payment.confirmationCode),
            );
            expect(receipt, `${accountNumber} ${JSON.stringify(payment)}`).toBeDefined();
            expect(receipt?.status).toBe(payment.isPending ? 'pending' : 'posted');
          }
        }
      }
      // Each PDF names the source, in English and Spanish.
      const expected = [
        {
          token: kim,
          reference: 'WP-60003-01',
          en: ['Payment source: Online portal', 'Card, online', '$900.00', 'Pending'],
          es: ['Origen del pago: Portal en línea', 'Tarjeta, en línea', 'Pendiente'],
        },
        {
          token: smith,
          reference: 'WP-20001-02',
          en: ['Payment source: Online portal', 'Bank account, online', '$150.00', 'Posted'],
          es: ['Origen del pago: Portal en línea', 'Cuenta bancaria, en'],
        },
        {
          token: smith,
          reference: 'PH-20001-01',
          en: ['Payment source: An agent of the agency', 'Payment by phone'],
          es: ['Origen del pago: Un agente de la agencia', 'Pago por'],
        },
      ];
      for (const { token, reference, en, es } of expected) {
        const row = (await listed(token)).find((r) => r.reference === reference);
        expect(row?.id, reference).toMatch(/^history-[0-9]+$/);
        for (const [lang, words] of [
          ['en', en],
          ['es', es],
        ] as const) {
          const res = await download(token, row?.id ?? '', lang);
          expect(res.status, res.text).toBe(200);
          const pdf = await checkedPdf(res.bytes, `history ${reference} ${lang}`);
          // A table cell may wrap (its last words then come after the next cells'): the start of
          // a method is checked.
          const text = pdf.lines.join(' ');
          for (const word of words) expect(text, `${reference} ${lang}`).toContain(word);
          expect(text.split(reference)).toHaveLength(2);
        }
      }
      // Kim's check by mail has no code: its receipt names the mail.
      const mailed = (await listed(kim)).find(
        (r) => r.accountNumber === 'LU1.60001' && r.kind === 'receipt' && r.amount === 50,
      );
      const mail = await readPdf((await download(kim, mailed?.id ?? '')).bytes);
      expect(mail.lines.join('\n')).toContain('Payment source: Mail');
      // Another debtor's history receipt is not found.
      const other = await download(maria, mailed?.id ?? '');
      expect(other.status).toBe(404);
    });

    it('payments the agency posts by file each have a receipt naming their source; a returned payment has none', async () => {
      const ivy = await signIn(server, IVY);
      const receipts = (await listed(ivy)).filter((r) => r.kind === 'receipt');
      expect(receipts.map((r) => [r.date, r.amount, r.reference, r.status])).toEqual([
        [addDays(today(), -10), 50, null, 'posted'],
        [addDays(today(), -20), 150, 'LBX-3001', 'posted'],
      ]);
      const words = async (id: string, lang: string) =>
        (await checkedPdf((await download(ivy, id, lang)).bytes, `${id} ${lang}`)).lines.join(' ');
      const lockbox = await words(receipts[1]?.id ?? '', 'en');
      expect(lockbox).toContain('Payment source: Lockbox');
      expect(lockbox).toContain('Money order');
      expect(await words(receipts[1]?.id ?? '', 'es')).toContain('Origen del pago: Lockbox');
      expect(await words(receipts[0]?.id ?? '', 'en')).toContain(
        "Payment source: The agency's records",
      );
      expect(await words(receipts[0]?.id ?? '', 'es')).toContain(
        'Origen del pago: Los registros de la agencia',
      );
    });

    it('a receipt reads the same, byte for byte, on a second download', async () => {
      const id = (await listed(dora)).find((r) => r.kind === 'receipt')?.id ?? '';
      const first = await download(dora, id);
      const second = await download(dora, id);
      expect(first.status).toBe(200);
      expect(first.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
      const text = (await readPdf(first.bytes)).lines.join('\n');
      // The letterhead's table states the confirmation code, once.
      expect(text).toContain('Confirmation code');
      expect(text.split(confirmation)).toHaveLength(2);
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

    it('a plan change, a payment-day change and a cancellation are each a document, in the language it was made in', async () => {
      const rows = await listed(paz);
      const titles: Record<string, Record<'en' | 'es', string>> = {
        planChange: { en: 'Payment plan change', es: 'Cambio del plan de pagos' },
        paymentDayChange: { en: 'Payment day change', es: 'Cambio del día de pago' },
        planCancellation: { en: 'Payment plan cancellation', es: 'Cancelación del plan de pagos' },
      };
      const headings: Record<string, Record<'en' | 'es', string[]>> = {
        planChange: {
          en: [
            'New schedule',
            'Payments stopped',
            'Payments still taken',
            'Agreement',
            'Consent to electronic signature',
          ],
          es: [
            'Nuevo calendario',
            'Pagos cancelados',
            'Pagos que se mantienen',
            'Acuerdo',
            'Consentimiento para la firma electrónica',
          ],
        },
        paymentDayChange: {
          en: ['Payments moved', 'Previous date New date Amount'],
          es: ['Pagos cambiados de fecha', 'Fecha anterior Nueva fecha Monto'],
        },
        planCancellation: {
          en: ['Payments stopped', 'Payments still taken'],
          es: ['Pagos cancelados', 'Pagos que se mantienen'],
        },
      };
      const accounts = {
        planChange: PLAN_ACCOUNTS.change,
        paymentDayChange: PLAN_ACCOUNTS.day,
        planCancellation: PLAN_ACCOUNTS.cancel,
      };
      for (const kind of ['planChange', 'paymentDayChange', 'planCancellation'] as const) {
        for (const lang of ['en', 'es'] as const) {
          const change = changes[`${kind}-${lang}`];
          const row = rows.find((r) => r.reference === change?.confirmation);
          expect(row, `${kind} ${lang}`).toMatchObject({
            kind,
            accountNumber: accounts[kind][lang],
            date: today(),
            amount: null,
          });
          // Printed in the language it was confirmed in, whatever the download asks for.
          for (const asked of ['en', 'es']) {
            const res = await download(paz, row?.id ?? '', asked);
            expect(res.status, res.text).toBe(200);
            const where = `${kind} ${lang} asked ${asked}`;
            // A new plan's record holds its agreement and e-sign consent too: two pages.
            const pdf = await checkedPdf(res.bytes, where, kind === 'planChange' ? 2 : 1);
            expect(pdf.language, where).toBe(`${lang}-US`);
            expect(pdf.title, where).toBe(titles[kind]?.[lang]);
            const text = pdf.lines.join(' ');
            expect(pdf.lines, where).toEqual(expect.arrayContaining(headings[kind]?.[lang] ?? []));
            // The statement as confirmed, its first words (the PDF wraps its lines).
            const words = (change?.statement ?? '').split(/\s+/).slice(0, 8).join(' ');
            expect(words.length, where).toBeGreaterThan(20);
            expect(text.replace(/\s+/g, ' '), where).toContain(words);
            expect(text, where).toContain(accounts[kind][lang]);
          }
        }
      }
      // The day change lists each payment moved, from and to: three payments, to the 15th.
      const moved = rows.find((r) => r.reference === changes['paymentDayChange-en']?.confirmation);
      const lines = (await readPdf((await download(paz, moved?.id ?? '')).bytes)).lines;
      const [first] = longDates(addDays(today(), 30));
      expect(lines.some((l) => l.includes(first ?? '?') && /15, 20\d\d/.test(l))).toBe(true);
      // Another debtor's plan change: 404.
      expect((await download(dora, moved?.id ?? '')).status).toBe(404);
    });

    it('a closed account paid in full offers its paid-in-full letter, with the day its last posted payment was taken', async () => {
      const rows = await listed(paz, `?accountNumber=${PAID_IN_FULL}`);
      // Newest first: the letter (the closing, 8 days ago), then its two payments' receipts.
      expect(rows.map((r) => [r.kind, r.reference])).toEqual([
        ['paidLetter', null],
        ['receipt', 'PIF-7-02'],
        ['receipt', 'PIF-7-01'],
      ]);
      expect(rows[0]).toMatchObject({ amount: 350, date: addDays(today(), -8) });
      // The last posted payment (12 days ago), not the rejected one after it nor the host's date.
      const [finalEn, finalEs] = longDates(addDays(today(), -12));
      const titles = { en: 'Paid in full', es: 'Pagada en su totalidad' };
      for (const lang of ['en', 'es'] as const) {
        const res = await download(paz, rows[0]?.id ?? '', lang);
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get('content-disposition')).toContain(`paid-in-full-${PAID_IN_FULL}`);
        const pdf = await checkedPdf(res.bytes, `paidLetter ${lang}`);
        expect(pdf.language).toBe(`${lang}-US`);
        expect(pdf.lines).toContain(titles[lang]);
        const text = pdf.lines.join(' ');
        expect(text).toContain(lang === 'en' ? finalEn : finalEs);
        expect(text).toContain(lang === 'en' ? '$350.00' : '350.00');
        expect(text).not.toContain(longDates(addDays(today(), -9))[lang === 'en' ? 0 : 1]);
      }
      const en = (await readPdf((await download(paz, rows[0]?.id ?? '')).bytes)).lines.join(' ');
      expect(en).toContain('No balance remains under this account.');
    });

    it("a settled letter without a posted payment on record takes the account's date of last payment", async () => {
      const [row] = await listed(paz, `?accountNumber=${SETTLED_BY_POST}`);
      expect(row).toMatchObject({ kind: 'settledLetter', amount: 450 });
      const pdf = await readPdf((await download(paz, row?.id ?? '')).bytes);
      expect(pdf.lines.join(' ')).toContain(longDates(addDays(today(), -7))[0]);
      // Maria's settled account: its one payment's day, which is also its date of last payment.
      const maria10003 = (await listed(maria)).find((r) => r.kind === 'settledLetter');
      const lines = (await readPdf((await download(maria, maria10003?.id ?? '')).bytes)).lines;
      expect(lines.join(' ')).toContain(longDates(addDays(today(), -10))[0]);
    });

    it('every document is a tagged PDF with a title, language, headings and table header cells, and no SSN, birth date or full number', async () => {
      const people = [dora, maria, carlos, paz];
      const seen = new Set<string>();
      for (const token of people) {
        const rows = await listed(token);
        expectNothingPrivate(JSON.stringify(rows), 'the list');
        for (const row of rows) {
          // Every kind, in both languages; of many receipts, the first few.
          if (row.kind === 'receipt' && seen.has(`${row.kind}-${row.accountNumber}`)) continue;
          seen.add(`${row.kind}-${row.accountNumber}`);
          for (const lang of ['en', 'es']) {
            const res = await download(token, row.id, lang);
            expect(res.status, `${row.id}: ${res.text}`).toBe(200);
            const pages = row.kind === 'planChange' ? 2 : 1;
            await checkedPdf(res.bytes, `${row.kind} ${row.id} ${lang}`, pages);
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
          'planChange',
          'paymentDayChange',
          'planCancellation',
          'paidLetter',
        ]),
      );
    });
  });
}
