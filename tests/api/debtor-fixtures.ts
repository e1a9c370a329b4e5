/**
 * Shared by the debtor, forms, guest, auth, openapi and authz suites: demo identities, sign-in
 * helpers, PDF text, and a snapshot of the demo debtors so a suite can put back what it changed
 * (the suites share one database with the other suites of the run).
 */
import { expect } from 'vitest';
import { extractPdfText } from '../pdf-reader';
import { call, type RunningServer, type TokenPair } from './harness';

export const FAMILIES = ['/api', '/api/v2'] as const;

export const MARIA = {
  lastName: 'Garcia',
  option1: 'SocialSecurityNumber',
  option2: 'DateOfBirth',
  socialSecurityNumber: '1234',
  dateOfBirth: '1980-01-15',
};
export const JOHN = {
  lastName: 'Smith',
  option1: 'SocialSecurityNumber',
  option2: 'DateOfBirth',
  socialSecurityNumber: '5678',
  dateOfBirth: '1975-06-30',
};
export const ANNA = {
  lastName: 'Lee',
  option1: 'DateOfBirth',
  option2: 'Phone',
  option3: 'SocialSecurityNumber',
  dateOfBirth: '1990-03-03',
  phone: '555-201-0003',
  socialSecurityNumber: '4321',
};
export const ACME = {
  lastName: 'Acme Supply LLC',
  option1: 'MRSAccountNumber',
  option2: 'LastName',
  accountNumber: 'LU1.30001',
};
export const MARIA_LETTER = { letterId: 57, accountNumber: 'LU1.10001' };

export interface ErrorBody {
  message: string;
  errors?: { path: string; keyword: string; message: string }[];
}

export async function signIn(
  server: { url: string },
  body: Record<string, unknown>,
  token?: string,
): Promise<TokenPair> {
  const res = await call<TokenPair>(server, '/api/Authorization/VerifyIdentity', { body, token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

export async function letterSignIn(server: { url: string }): Promise<TokenPair> {
  const res = await call<TokenPair>(server, '/api/Authorization/VerifyLetter', {
    body: MARIA_LETTER,
  });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

/** The text lines of a PDF answer. */
export function pdfLines(res: { bytes: Uint8Array }): Promise<string[]> {
  return extractPdfText(res.bytes);
}

/** The field errors of an error answer as "path keyword" strings. */
export function fieldErrors(body: ErrorBody): string[] {
  return (body.errors ?? []).map((e) => `${e.path} ${e.keyword}`);
}

/** The message of the error on `path`. */
export function messageAt(body: ErrorBody, path: string): string | undefined {
  return body.errors?.find((e) => e.path === path)?.message;
}

/**
 * Forgets sign-in failures and locks: suites share one database, and the lockout tests of other
 * suites lock the demo identities for 15 minutes.
 */
export async function clearLockout(server: RunningServer): Promise<void> {
  await server.database.db
    .deleteFrom('lockout_counters')
    .where('key', 'not like', 'staff:%')
    .execute();
}

/**
 * Snapshot of the demo debtors, their phones and the accounts' bankruptcy flags; `restore` puts
 * them back and removes the phones added since. Bankruptcy notices reported since stay: they are
 * evidence, which the database never lets anyone delete (migration 0017); the accounts' flags are
 * put back, so a later suite may report one again.
 *
 * `restore` writes only the rows that changed: the suites' shared database holds every debtor the
 * suites before imported (20,000 after the import suites), and one update per row took minutes on
 * a loaded host, outlasting the afterAll hook's 60 s while the server stayed open behind it.
 */
export async function snapshotDemo(server: RunningServer) {
  const db = server.database.db;
  const debtors = await db.selectFrom('debtors').selectAll().execute();
  const phones = await db.selectFrom('debtor_phones').selectAll().execute();
  const accounts = await db.selectFrom('accounts').select(['id', 'bankruptcy_reported']).execute();
  return async function restore(): Promise<void> {
    const now = new Map(
      (await db.selectFrom('debtors').selectAll().execute()).map((d) => [d.id, JSON.stringify(d)]),
    );
    for (const d of debtors) {
      if (now.get(d.id) === JSON.stringify(d)) continue;
      const { id, ...rest } = d;
      await db.updateTable('debtors').set(rest).where('id', '=', id).execute();
    }
    const keep = phones.map((p) => p.id);
    await db
      .deleteFrom('debtor_phones')
      .where('id', 'not in', keep.length > 0 ? keep : [-1])
      .execute();
    const flags = new Map(
      (await db.selectFrom('accounts').select(['id', 'bankruptcy_reported']).execute()).map((a) => [
        a.id,
        a.bankruptcy_reported,
      ]),
    );
    for (const a of accounts) {
      if (flags.get(a.id) === a.bankruptcy_reported) continue;
      await db
        .updateTable('accounts')
        .set({ bankruptcy_reported: a.bankruptcy_reported })
        .where('id', '=', a.id)
        .execute();
    }
  };
}
