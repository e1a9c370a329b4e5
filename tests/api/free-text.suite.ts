/**
 * Clean free text (issue 40 item 3): every free-text field of every form route refuses C0 and C1
 * control characters (CR and LF aside in multi-line fields), Unicode bidi controls and, in names
 * and addresses, `<` and `>`: a 400 whose error on the field carries the text of what is wrong
 * (flows/texts/validation.json) in the caller's language; never a 5xx, and nothing is stored. A
 * multi-line field takes a newline, and text sent decomposed (NFD) is stored composed (NFC).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDay, DEFAULT_TIME_ZONE } from '../../src/server/dates';
import { REPO_ROOT, call, startServer, type DatabaseFactory, type RunningServer } from './harness';
import { MARIA, clearLockout, signIn, snapshotDemo, type ErrorBody } from './debtor-fixtures';
import { CARDS, BANKS, ROUTING, PAYER_CONTACT } from './payments-fixtures';

type Kind = 'name' | 'line' | 'text';

/** The texts of validation.json, by keyword and language. */
const validation = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'flows/texts/validation.json'), 'utf8'),
) as Record<string, { en: string; es: string }>;

/** A marker in every refused value: no row of any table may hold it afterwards. */
const MARK = 'Fzq';

const BIDI = [
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
const C0 = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u0009',
  '\u000B',
  '\u000C',
  '\u001B',
  '\u001F',
];
const C1 = ['\u007F', '\u0080', '\u0085', '\u009B', '\u009F'];
const BREAKS = ['\r', '\n', '\r\n'];
const ANGLES = ['<', '>', '<script>'];

interface Bad {
  char: string;
  keyword: string;
}

/** The forbidden values for a field of a kind, with the keyword each is refused with. */
function badValues(kind: Kind): Bad[] {
  const out: Bad[] = [
    ...BIDI.map((char) => ({ char, keyword: 'bidiControls' })),
    // U+0000 is refused for every string of every body before any schema (input.ts).
    ...C0.map((char) => ({
      char,
      keyword: char === '\u0000' ? 'characters' : 'controlCharacters',
    })),
    ...C1.map((char) => ({ char, keyword: 'controlCharacters' })),
  ];
  if (kind !== 'text') out.push(...BREAKS.map((char) => ({ char, keyword: 'lineBreaks' })));
  if (kind === 'name') out.push(...ANGLES.map((char) => ({ char, keyword: 'angleBrackets' })));
  return out;
}

const today = (): string => calendarDay(new Date(), DEFAULT_TIME_ZONE);

interface Route {
  path: string;
  /** A body the route takes (or refuses for another reason than these fields). */
  body: () => Record<string, unknown>;
  fields: Record<string, Kind>;
  /** Signed in as Maria. */
  signedIn: boolean;
  /** An e-mail field: the value is `<char>` inside an address. */
  email?: string[];
}

const ROUTES: Route[] = [
  {
    path: '/api/Debtor/ChangeDebtorDetails',
    signedIn: true,
    body: () => ({
      firstName: 'Maria',
      lastName: 'Garcia',
      addressLine1: '500 Elm St',
      addressLine2: 'Unit 2',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
      email: 'maria.new@example.com',
    }),
    fields: {
      firstName: 'name',
      lastName: 'name',
      addressLine1: 'name',
      addressLine2: 'name',
      city: 'name',
      email: 'line',
    },
    email: ['email'],
  },
  {
    path: '/api/Account/SubmitDispute',
    signedIn: true,
    body: () => ({
      accountNumber: 'LU1.10001',
      incorrectBalance: true,
      message: 'The amount is wrong.',
      termsAccepted: true,
      name: 'Maria Garcia',
      email: 'maria@example.com',
    }),
    fields: { message: 'text', name: 'name', email: 'line' },
    email: ['email'],
  },
  {
    path: '/api/Account/SubmitBankruptcy',
    signedIn: true,
    body: () => ({
      accountNumber: 'LU1.10002',
      chapter: 13,
      caseNumber: '24-bk-10293',
      fileDate: addDays(today(), -30),
      jointFile: false,
      courtName: 'US Bankruptcy Court',
      judgeName: 'Judge Ruiz',
      cityFiled: 'Chicago',
      attorneyName: 'Ana Perez',
      lawFirmName: 'Perez LLP',
      attorneyPhoneNumber: '3125550100',
      address1: '123 Main St',
      address2: 'Apt 4B',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      phoneNumber: '5552010001',
      message: 'Filed last month.',
      finalVerify: true,
    }),
    fields: {
      caseNumber: 'line',
      courtName: 'name',
      judgeName: 'name',
      cityFiled: 'name',
      attorneyName: 'name',
      lawFirmName: 'name',
      address1: 'name',
      address2: 'name',
      city: 'name',
      message: 'text',
    },
  },
  {
    path: '/api/Guest/ContactUs',
    signedIn: false,
    body: () => ({
      name: 'Maria Garcia',
      reason: 'paymentPlan',
      phoneNumber: '5552010001',
      message: 'Please call me.',
      commEmail: true,
      email: 'someone@example.com',
      emailConfirm: 'someone@example.com',
      finalVerify: true,
    }),
    fields: { name: 'name', message: 'text', email: 'line', emailConfirm: 'line' },
    email: ['email', 'emailConfirm'],
  },
  {
    path: '/api/Guest/Feedback',
    signedIn: false,
    body: () => ({ rating: 4, message: 'Easy to use', page: '/dashboard' }),
    fields: { message: 'text', page: 'line' },
  },
  {
    path: '/api/Account/AddCreditCardFunding',
    signedIn: true,
    body: () => ({
      accountNumber: 'LU1.10001',
      cardNumber: CARDS.visaCredit,
      cardExpiration: '2031-12-31',
      firstName: 'Test',
      lastName: 'Payer',
      addressLine1: '1 Fixture Way',
      addressLine2: 'Suite 5',
      city: 'Testville',
      state: 'TX',
      zip: '75001',
    }),
    fields: {
      firstName: 'name',
      lastName: 'name',
      addressLine1: 'name',
      addressLine2: 'name',
      city: 'name',
    },
  },
  {
    path: '/api/Account/AddBankAccountFunding',
    signedIn: true,
    body: () => ({
      accountNumber: 'LU1.10001',
      bankAccountType: 'checking',
      bankAccountNumber: BANKS.ok,
      bankRoutingNumber: ROUTING,
      firstName: 'Test',
      lastName: 'Payer',
      addressLine1: '1 Fixture Way',
      addressLine2: 'Suite 5',
      city: 'Testville',
      state: 'TX',
      zip: '75001',
    }),
    fields: {
      firstName: 'name',
      lastName: 'name',
      addressLine1: 'name',
      addressLine2: 'name',
      city: 'name',
    },
  },
  {
    path: '/api/Account/SubmitPayment',
    signedIn: true,
    body: () => ({
      accountNumber: 'LU1.10001',
      schedule: [{ date: addDays(today(), 3), amount: 50 }],
      fundingId: 1,
      type: 'PPA',
      paymentVariant: 'one-time',
      authorizationDisclosuresAccepted: true,
      firstName: 'Quinn',
      lastName: 'Payfixture',
      ...PAYER_CONTACT,
      address2: 'Unit 1',
    }),
    fields: {
      firstName: 'name',
      lastName: 'name',
      address1: 'name',
      address2: 'name',
      city: 'name',
    },
  },
  {
    path: '/api/Authorization/VerifyIdentity',
    signedIn: false,
    body: () => ({ ...MARIA }),
    fields: { lastName: 'name' },
  },
];

/** A field's value holding `char`: inside an e-mail address for e-mail fields. */
const valueWith = (route: Route, field: string, char: string): string =>
  route.email?.includes(field) ? `m${char}${MARK}@example.com` : `Ab${char}${MARK} cd`;

/** Every row of every table as text. */
/** How many times the mark occurs in a dump of every row. */
const marksIn = (rows: string): number => rows.split(MARK).length - 1;

async function everyRow(server: RunningServer): Promise<string> {
  const db = server.database.db;
  const tables = await db.introspection.getTables();
  const parts: string[] = [];
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    const { rows } = await sql`select * from ${sql.table(table.name)}`.execute(db);
    parts.push(`${table.name}:${JSON.stringify(rows)}`);
  }
  return parts.join('\n');
}

export function freeTextSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`free text on ${dialect}`, () => {
    let server: RunningServer;
    let restore: () => Promise<void>;
    let maria: string;

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await clearLockout(server);
      restore = await snapshotDemo(server);
      maria = (await signIn(server, MARIA)).accessToken;
    });
    afterAll(async () => {
      await restore?.();
      await server?.close();
    });

    it('ChangeDebtorDetails with a right-to-left override in addressLine1 is a 400 with the field message', async () => {
      for (const lang of ['en', 'es'] as const) {
        const res = await call<ErrorBody>(server, '/api/Debtor/ChangeDebtorDetails', {
          token: maria,
          lang,
          body: { ...(ROUTES[0]?.body() ?? {}), addressLine1: 'Kim\u202Egnp.exe' },
        });
        expect(res.status, res.text).toBe(400);
        expect(res.body.errors).toEqual([
          {
            path: '/addressLine1',
            keyword: 'bidiControls',
            message: validation.bidiControls?.[lang],
          },
        ]);
      }
    });

    it('refuses every forbidden character in every free-text field of every form route, in English and Spanish, and stores nothing', async () => {
      const before = await server.database.db.selectFrom('debtors').selectAll().execute();
      // Rows other suites wrote may hold the mark by chance (an imported record's digest does):
      // what counts is that none of the requests below adds one.
      const marksBefore = marksIn(await everyRow(server));
      const failures: string[] = [];
      for (const route of ROUTES) {
        for (const [field, kind] of Object.entries(route.fields)) {
          const bads = badValues(kind);
          for (const [index, bad] of bads.entries()) {
            // Every value in English; one of each keyword in Spanish too.
            const first = bads.findIndex((b) => b.keyword === bad.keyword) === index;
            for (const lang of first ? (['en', 'es'] as const) : (['en'] as const)) {
              const res = await call<ErrorBody>(server, route.path, {
                token: route.signedIn ? maria : undefined,
                lang,
                body: { ...route.body(), [field]: valueWith(route, field, bad.char) },
              });
              const error = res.body.errors?.find((e) => e.path === `/${field}`);
              const where = `${route.path} ${field} U+${bad.char
                .codePointAt(0)
                ?.toString(16)
                .padStart(4, '0')} ${lang}`;
              if (res.status !== 400) failures.push(`${where}: ${res.status} ${res.text}`);
              else if (error?.keyword !== bad.keyword)
                failures.push(`${where}: ${JSON.stringify(res.body.errors)}`);
              else if (error.message !== validation[bad.keyword]?.[lang])
                failures.push(`${where}: message ${error.message}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(marksIn(await everyRow(server))).toBe(marksBefore);
      expect(await server.database.db.selectFrom('debtors').selectAll().execute()).toEqual(before);
    }, 180_000); // some 250 requests and two dumps of every row (with what the import suites wrote)

    it('takes a newline in a multi-line field', async () => {
      const res = await call(server, '/api/Guest/Feedback', {
        body: { rating: 4, message: 'First line\nSecond line\r\nThird line' },
      });
      expect(res.status, res.text).toBe(204);
      const contact = await call<{ success: boolean }>(server, '/api/Guest/ContactUs', {
        body: { ...(ROUTES[3]?.body() ?? {}), message: 'Please call me.\nAfter 5 pm.' },
      });
      expect(contact.status, contact.text).toBe(200);
      expect(contact.body.success).toBe(true);
    });

    it('stores text sent decomposed (NFD) composed (NFC)', async () => {
      const decomposed = 'Calle Nu\u0301n\u0303ez 5, Cafe\u0301';
      expect(decomposed).not.toBe(decomposed.normalize('NFC'));
      const res = await call<{ addressLine1: string; city: string }>(
        server,
        '/api/Debtor/ChangeDebtorDetails',
        {
          token: maria,
          body: { ...(ROUTES[0]?.body() ?? {}), addressLine1: decomposed, city: 'Bogota\u0301' },
        },
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.addressLine1).toBe('Calle Núñez 5, Café');
      const row = await server.database.db
        .selectFrom('debtors')
        .select(['address_line1', 'city'])
        .where('address_line1', 'like', 'Calle%')
        .executeTakeFirstOrThrow();
      expect(row.address_line1).toBe('Calle Núñez 5, Café');
      expect(row.address_line1?.length).toBe(19);
      expect(row.city).toBe('Bogotá');
    });
  });
}
