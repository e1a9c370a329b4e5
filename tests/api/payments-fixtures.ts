/**
 * Shared helpers of the payment, funding, plan and import suites: importing a suite's own
 * debtors (unique keys and names, so suites never disturb each other or the demo identities),
 * signing in, and the check that no table row holds a full card or bank number.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { deriveKeys } from '../../src/server/auth/keys';
import { calendarDay, DEFAULT_TIME_ZONE } from '../../src/server/dates';
import type { Db } from '../../src/server/db/types';
import { importPortalData } from '../../src/server/db/import';
import { loadServerSecret } from '../../src/server/db/secret';
import { call, TEST_SECRET, type RunningServer, type TokenPair } from './harness';

export const FAMILIES = ['/api', '/api/v2'] as const;
export const today = (): string => calendarDay(new Date(), DEFAULT_TIME_ZONE);

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Sandbox test numbers (src/server/payments/README.md). */
export const CARDS = {
  visaCredit: '4111111111111111',
  mcCredit: '5555555555554444',
  amexCredit: '378282246310005',
  discCredit: '6011111111111117',
  visaDebit: '4000056655665556',
  mcDebit: '5200828282828210',
  insufficientFunds: '4000000000009995',
  exceedsLimit: '4000000000009987',
  notPermitted: '4000000000009979',
} as const;
export const BANKS = {
  ok: '000987654321',
  insufficientFunds: '9900000001',
  exceedsLimit: '9900000002',
  notPermitted: '9900000003',
} as const;
export const ROUTING = '011000015';

/**
 * The payer's address and phone that every payment carries (the contact-details stage of the
 * payment journey validates them on the server as in the browser).
 */
export const PAYER_CONTACT = {
  address1: '1 Fixture Way',
  city: 'Testville',
  state: 'TX',
  zip: '75001',
} as const;

export interface ErrorBody {
  message: string;
  errors?: { path: string; keyword: string; message: string }[];
}

export interface FundingBody {
  id: number;
  name: string;
  type: 'card' | 'bank';
  accountNumberMask: string;
  expiration: string | null;
  isExpired: boolean;
  cardType: 'credit' | 'debit' | null;
}

export interface SubmitAnswer {
  paymentSubmission: { confirmation: string | null; success: boolean } | null;
  errors: string[];
}

export async function importFixture(db: Db, data: unknown): Promise<void> {
  const keys = deriveKeys(await loadServerSecret(db, { secret: TEST_SECRET }));
  const result = await importPortalData(db, data, {
    identityHmacKey: keys.identityHmacKey,
    today: today(),
    now: new Date(),
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
}

export interface Person {
  lastName: string;
  ssn: string;
  dob: string;
}

/** The sign-in page's body for `person` (last name, SSN and date of birth). */
export function signInBody(person: Person): Record<string, unknown> {
  return {
    lastName: person.lastName,
    option1: 'SocialSecurityNumber',
    option2: 'DateOfBirth',
    socialSecurityNumber: person.ssn,
    dateOfBirth: person.dob,
    stateDisclosuresAccepted: true,
    consent: true,
  };
}

export async function signIn(server: RunningServer, person: Person): Promise<string> {
  const res = await call<TokenPair>(server, '/api/Authorization/VerifyIdentity', {
    body: signInBody(person),
  });
  expect(res.status, res.text).toBe(200);
  return res.body.accessToken;
}

export async function letterSignIn(
  server: RunningServer,
  accountNumber: string,
  letterId: number,
): Promise<string> {
  const res = await call<TokenPair>(server, '/api/Authorization/VerifyLetter', {
    body: { accountNumber, letterId },
  });
  expect(res.status, res.text).toBe(200);
  return res.body.accessToken;
}

export async function addCard(
  server: RunningServer,
  token: string,
  accountNumber: string,
  cardNumber: string,
  cardExpiration = '2031-12-31',
): Promise<FundingBody> {
  const res = await call<FundingBody>(server, '/api/Account/AddCreditCardFunding', {
    token,
    body: { accountNumber, cardNumber, cardExpiration, firstName: 'Test', lastName: 'Payer' },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function addBank(
  server: RunningServer,
  token: string,
  accountNumber: string,
  bankAccountNumber: string,
): Promise<FundingBody> {
  const res = await call<FundingBody>(server, '/api/Account/AddBankAccountFunding', {
    token,
    body: {
      accountNumber,
      bankAccountType: 'checking',
      bankAccountNumber,
      bankRoutingNumber: ROUTING,
      firstName: 'Test',
      lastName: 'Payer',
    },
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function countRows(db: Db, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(
    table,
  )}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Every row of every table, as text: no full test card or bank number may appear anywhere. */
export async function expectNoFullNumbers(db: Db, extra: string[] = []): Promise<void> {
  const tables = await db.introspection.getTables();
  const numbers = [...Object.values(CARDS), ...Object.values(BANKS), ...extra];
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    const { rows } = await sql`select * from ${sql.table(table.name)}`.execute(db);
    const text = JSON.stringify(rows);
    for (const number of numbers) {
      expect(text.includes(number), `${table.name} holds ${number}`).toBe(false);
    }
  }
}
