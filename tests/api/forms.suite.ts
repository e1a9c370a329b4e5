/**
 * Account forms: SubmitDispute (a PDF confirmation) and SubmitBankruptcy (marks the account; a
 * second report is refused), validated with the same flow and schema as the browser form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDay, DEFAULT_TIME_ZONE } from '../../src/server/dates';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import {
  FAMILIES,
  JOHN,
  MARIA,
  letterSignIn,
  messageAt,
  pdfLines,
  signIn,
  snapshotDemo,
  type ErrorBody,
  clearLockout,
} from './debtor-fixtures';

const schemas = apiValidators();
const today = () => calendarDay(new Date(), DEFAULT_TIME_ZONE);

const dispute = {
  accountNumber: 'LU1.10001',
  incorrectBalance: true,
  other: true,
  message: 'I paid part of this balance in March; the amount is wrong. Señor Núñez can confirm.',
  termsAccepted: true,
};

const bankruptcy = () => ({
  accountNumber: 'LU1.10002',
  chapter: 13,
  caseNumber: '24-bk-10293',
  fileDate: addDays(today(), -30),
  jointFile: false,
  courtName: 'US Bankruptcy Court, Northern District of Illinois',
  attorneyName: 'Ana Pérez',
  attorneyPhoneNumber: '3125550100',
  address1: '123 Main St',
  address2: 'Apt 4B',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phoneNumber: '5552010001',
  message: 'Filed last month.',
  finalVerify: true,
});

export function formsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`account forms on ${dialect}`, () => {
    let server: RunningServer;
    let restore: () => Promise<void>;
    let maria: string;
    let john: string;

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await clearLockout(server);
      restore = await snapshotDemo(server);
      maria = (await signIn(server, MARIA)).accessToken;
      john = (await signIn(server, JOHN)).accessToken;
    });
    afterAll(async () => {
      await restore?.();
      await server?.close();
    });

    describe('SubmitDispute', () => {
      it('stores the dispute and answers a PDF confirmation, in both families', async () => {
        for (const family of FAMILIES) {
          const res = await call(server, `${family}/Account/SubmitDispute`, {
            token: maria,
            body: dispute,
          });
          expect(res.status, res.text).toBe(200);
          expect(res.headers.get('content-type')).toBe('application/pdf');
          const code = res.headers.get('x-confirmation-code') ?? '';
          expect(code).toMatch(/^DSP-(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}$/);
          expect(res.headers.get('content-disposition')).toBe(
            `attachment; filename="dispute-${code}.pdf"`,
          );
          expect(res.text.startsWith('%PDF-1.7')).toBe(true);
          expect(res.text.trimEnd().endsWith('%%EOF')).toBe(true);
          const lines = await pdfLines(res);
          expect(lines).toContain('Dispute confirmation');
          expect(lines).toContain(`Confirmation code: ${code}`);
          expect(lines).toContain('Account number: LU1.10001');
          expect(lines).toContain('• The balance is incorrect');
          expect(lines).toContain('• Other');
          expect(lines.join(' ')).toContain('Señor Núñez');
          const row = await server.database.db
            .selectFrom('disputes')
            .selectAll()
            .where('confirmation', '=', code)
            .executeTakeFirstOrThrow();
          expect(row).toMatchObject({ incorrect_balance: 1, other: 1, not_my_debt: 0 });
        }
      });

      it('writes the confirmation in Spanish with accents', async () => {
        const res = await call(server, '/api/Account/SubmitDispute', {
          token: maria,
          lang: 'es',
          body: { accountNumber: 'LU1.10002', notMyDebt: true, termsAccepted: true },
        });
        expect(res.status).toBe(200);
        const lines = await pdfLines(res);
        expect(lines).toContain('Confirmación de disputa');
        expect(lines).toContain('• Esta no es mi deuda');
        expect(lines).toContain('Esta es una comunicación de un cobrador de deudas.');
        // Accents print with the embedded font, never with a standard font the reader supplies.
        expect(res.text).toContain('/FontFile2');
        expect(res.text).not.toContain('/Helvetica');
      });

      it.each([
        [
          'no reason',
          { accountNumber: 'LU1.10001', termsAccepted: true },
          '/other',
          'You must select at least one reason.',
          'Debe seleccionar al menos un motivo.',
        ],
        [
          'Other without a message',
          { accountNumber: 'LU1.10001', other: true, termsAccepted: true },
          '/message',
          "You must provide a message when selecting 'Other'.",
          "Debe escribir un mensaje si selecciona 'Otro'.",
        ],
        [
          'terms not accepted',
          { accountNumber: 'LU1.10001', notMyDebt: true, termsAccepted: false },
          '/termsAccepted',
          'Confirm that the information you provided is true to submit your dispute.',
          'Confirme que la información que proporcionó es verdadera para enviar su disputa.',
        ],
        [
          'terms missing',
          { accountNumber: 'LU1.10001', notMyDebt: true },
          '/termsAccepted',
          'Confirm that the information you provided is true to submit your dispute.',
          'Confirme que la información que proporcionó es verdadera para enviar su disputa.',
        ],
      ])('rejects %s with the spec text', async (_name, body, path, en, es) => {
        const res = await call<ErrorBody>(server, '/api/Account/SubmitDispute', {
          token: maria,
          body,
        });
        expect(res.status, res.text).toBe(400);
        expect(schemas.check('error', res.body)).toEqual([]);
        expect(messageAt(res.body, path), res.text).toBe(en);
        const spanish = await call<ErrorBody>(server, '/api/Account/SubmitDispute', {
          token: maria,
          body,
          lang: 'es',
        });
        expect(messageAt(spanish.body, path)).toBe(es);
      });

      it("answers 404 for another debtor's account and 409 for a closed one", async () => {
        const other = await call<ErrorBody>(server, '/api/Account/SubmitDispute', {
          token: maria,
          body: { ...dispute, accountNumber: 'LU1.20001' },
        });
        expect(other.status).toBe(404);
        // Even with an otherwise invalid body, another debtor's account is just not found.
        const invalid = await call(server, '/api/Account/SubmitDispute', {
          token: maria,
          body: { accountNumber: 'LU1.20001' },
        });
        expect(invalid.status).toBe(404);
        const closed = await call<ErrorBody>(server, '/api/Account/SubmitDispute', {
          token: maria,
          body: { ...dispute, accountNumber: 'LU1.10003' },
        });
        expect(closed.status).toBe(409);
        expect(closed.body.message).toBe('This action is not available for a closed account.');
      });

      it('needs an account token', async () => {
        expect((await call(server, '/api/Account/SubmitDispute', { body: dispute })).status).toBe(
          401,
        );
        const letter = (await letterSignIn(server)).accessToken;
        expect(
          (await call(server, '/api/Account/SubmitDispute', { body: dispute, token: letter }))
            .status,
        ).toBe(403);
      });
    });

    describe('SubmitBankruptcy', () => {
      it('marks the account and refuses a second report', async () => {
        const res = await call<{ success: boolean; confirmation: string }>(
          server,
          '/api/v2/Account/SubmitBankruptcy',
          { token: maria, body: bankruptcy() },
        );
        expect(res.status, res.text).toBe(200);
        expect(schemas.check('submission-result', res.body)).toEqual([]);
        expect(res.body.success).toBe(true);
        expect(res.body.confirmation).toMatch(/^BNK-/);
        const detailed = await call<{ account: { bankruptcyReported: boolean } }>(
          server,
          '/api/v2/Account/Detailed?accountNumber=LU1.10002',
          { token: maria },
        );
        expect(detailed.body.account.bankruptcyReported).toBe(true);
        const row = await server.database.db
          .selectFrom('bankruptcies')
          .selectAll()
          .where('confirmation', '=', res.body.confirmation)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ chapter: 13, case_number: '24-bk-10293', joint_file: 0 });

        for (const family of FAMILIES) {
          const again = await call<ErrorBody>(server, `${family}/Account/SubmitBankruptcy`, {
            token: maria,
            body: bankruptcy(),
          });
          expect(again.status).toBe(409);
          expect(again.body.message).toBe(
            'A bankruptcy has already been reported for this account.',
          );
        }
      });

      it('accepts one of two concurrent reports for the same account', async () => {
        const body = { ...bankruptcy(), accountNumber: 'LU1.10001', fileDate: today() };
        const results = await Promise.all([
          call(server, '/api/Account/SubmitBankruptcy', { token: maria, body }),
          call(server, '/api/Account/SubmitBankruptcy', { token: maria, body }),
        ]);
        expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
        const rows = await server.database.db
          .selectFrom('bankruptcies')
          .innerJoin('accounts', 'accounts.id', 'bankruptcies.account_id')
          .select('bankruptcies.id')
          .where('accounts.account_number', '=', 'LU1.10001')
          .execute();
        expect(rows.length).toBe(1);
      });

      it.each([
        [
          'a future filing date',
          { fileDate: 'TOMORROW' },
          '/fileDate',
          'The filing date cannot be in the future.',
        ],
        [
          'an impossible date',
          { fileDate: '2024-02-30' },
          '/fileDate',
          'Please enter a valid date.',
        ],
        ['no filing date', { fileDate: undefined }, '/fileDate', 'Filing date is required'],
        [
          'a short case number',
          { caseNumber: 'X' },
          '/caseNumber',
          'Case number must be at least 2 characters',
        ],
        ['no case number', { caseNumber: '' }, '/caseNumber', 'Case number is required'],
        ['an unknown chapter', { chapter: 9 }, '/chapter', 'Please choose the bankruptcy chapter.'],
        [
          'no verification',
          { finalVerify: false },
          '/finalVerify',
          'You must verify that the above information is accurate',
        ],
        [
          'a bad state',
          { state: 'Illinois' },
          '/state',
          'State must be a 2 character abbreviation',
        ],
        ['a short ZIP', { zip: '627' }, '/zip', 'ZIP code must be at least 5 characters'],
        [
          'a short attorney phone',
          { attorneyPhoneNumber: '312' },
          '/attorneyPhoneNumber',
          'Phone number must be at least 10 digits',
        ],
      ])('rejects %s', async (_name, change, path, text) => {
        const body: Record<string, unknown> = {
          ...bankruptcy(),
          accountNumber: 'LU1.10001',
          ...change,
        };
        if (body.fileDate === 'TOMORROW') body.fileDate = addDays(today(), 1);
        const res = await call<ErrorBody>(server, '/api/Account/SubmitBankruptcy', {
          token: maria,
          body,
        });
        expect(res.status, res.text).toBe(400);
        expect(messageAt(res.body, path), res.text).toBe(text);
      });

      it('defaults jointFile to false and allows every chapter of the spec', async () => {
        const res = await call<ErrorBody>(server, '/api/Account/SubmitBankruptcy', {
          token: maria,
          lang: 'es',
          body: { ...bankruptcy(), accountNumber: 'LU1.10001', chapter: 128, finalVerify: false },
        });
        expect(messageAt(res.body, '/finalVerify')).toBe(
          'Debe verificar que la información anterior es correcta',
        );
        expect(messageAt(res.body, '/chapter')).toBeUndefined();
      });

      it("answers 404 for another debtor's account, 409 for a closed one, 401/403 by role", async () => {
        expect(
          (
            await call(server, '/api/Account/SubmitBankruptcy', {
              token: maria,
              body: { ...bankruptcy(), accountNumber: 'LU1.20001' },
            })
          ).status,
        ).toBe(404);
        expect(
          (
            await call(server, '/api/Account/SubmitBankruptcy', {
              token: john,
              body: { ...bankruptcy(), accountNumber: 'LU1.10002' },
            })
          ).status,
        ).toBe(404);
        expect(
          (
            await call(server, '/api/Account/SubmitBankruptcy', {
              token: maria,
              body: { ...bankruptcy(), accountNumber: 'LU1.10003' },
            })
          ).status,
        ).toBe(409);
        expect(
          (await call(server, '/api/Account/SubmitBankruptcy', { body: bankruptcy() })).status,
        ).toBe(401);
        const letter = (await letterSignIn(server)).accessToken;
        expect(
          (
            await call(server, '/api/Account/SubmitBankruptcy', {
              token: letter,
              body: bankruptcy(),
            })
          ).status,
        ).toBe(403);
      });
    });
  });
}
