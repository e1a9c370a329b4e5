/**
 * The request shapes of spec section 3, on SQLite and PostgreSQL: SubmitDispute takes the spec's
 * dispute submission as well as the browser form's names (one internal shape, the same flow
 * rules, errors named as sent); the attach-funding calls take the web app's set-payment-method
 * names; CheckCard takes the account in the body; the funding calls take an address without the
 * form's `differentAddress` box; communication preferences take `email`. The OpenAPI document
 * lists the names every body accepts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type DatabaseFactory, type RunningServer } from './harness';
import {
  clearLockout,
  FAMILIES,
  fieldErrors,
  JOHN,
  MARIA,
  pdfLines,
  signIn,
  snapshotDemo,
  type ErrorBody,
} from './debtor-fixtures';
import type { OpenApiDoc } from './openapi.suite';

/** Spec section 3, "Dispute submission". */
const specDispute = {
  name: 'Maria G. Garcia',
  account: 'LU1.10001',
  phoneNumber: '5559990000',
  message: 'This balance was settled in 2021.',
  email: 'maria.dispute@example.com',
  notMyDebt: false,
  incorrectBalance: false,
  resolved: true,
  other: false,
  finalVerify: true,
};

export function specShapesSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`spec section 3 request shapes on ${dialect}`, () => {
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

    it("SubmitDispute takes the spec's dispute submission and stores it like the form's", async () => {
      for (const family of FAMILIES) {
        const res = await call(server, `${family}/Account/SubmitDispute`, {
          token: maria,
          body: specDispute,
        });
        expect(res.status, res.text).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        const confirmation = res.headers.get('x-confirmation-code') ?? '';
        const row = await server.database.db
          .selectFrom('disputes')
          .selectAll()
          .where('confirmation', '=', confirmation)
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({
          already_resolved: 1,
          incorrect_balance: 0,
          not_my_debt: 0,
          other: 0,
          message: specDispute.message,
          name: specDispute.name,
          phone_number: specDispute.phoneNumber,
          email: specDispute.email,
        });
        expect(await pdfLines(res)).toContain(`Name: ${specDispute.name}`);
      }
      // Without the contact fields, the debtor's own are kept (as with the form).
      const { name: _name, phoneNumber: _phone, email: _email, ...bare } = specDispute;
      const res = await call(server, '/api/Account/SubmitDispute', { token: maria, body: bare });
      expect(res.status, res.text).toBe(200);
      const row = await server.database.db
        .selectFrom('disputes')
        .select(['name', 'email'])
        .where('confirmation', '=', res.headers.get('x-confirmation-code') ?? '')
        .executeTakeFirstOrThrow();
      expect(row.name).toBe('Maria Garcia');
    });

    it('applies the same rules to both shapes and names the errors as sent', async () => {
      const send = (body: Record<string, unknown>, lang?: string) =>
        call<ErrorBody>(server, '/api/Account/SubmitDispute', { token: maria, body, lang });
      const noReason = await send({ ...specDispute, resolved: false });
      expect(fieldErrors(noReason.body)).toEqual(['/other atLeastOne']);
      const noMessage = await send({ ...specDispute, other: true, message: '' });
      expect(fieldErrors(noMessage.body)).toEqual(['/message required']);
      const unsigned = await send({ ...specDispute, finalVerify: undefined }, 'es');
      expect(fieldErrors(unsigned.body)).toEqual(['/finalVerify required']);
      expect(unsigned.body.errors?.[0]?.message).toBe(
        'Confirme que la información que proporcionó es verdadera para enviar su disputa.',
      );
      const badAccount = await send({ ...specDispute, account: 'nope' });
      expect(fieldErrors(badAccount.body)).toEqual(['/account pattern']);
      const badContact = await send({ ...specDispute, phoneNumber: '12', email: 'x' });
      expect(fieldErrors(badContact.body).sort()).toEqual([
        '/email format',
        '/phoneNumber pattern',
      ]);
      // One body, one set of names.
      const mixed = await send({ ...specDispute, accountNumber: 'LU1.10001' });
      expect(mixed.status).toBe(400);
      expect(fieldErrors(mixed.body)).toEqual(['/accountNumber additionalProperties']);
      // Another debtor's account is 404 whichever name carries it.
      const john = (await signIn(server, JOHN)).accessToken;
      const foreign = await call(server, '/api/Account/SubmitDispute', {
        token: john,
        body: specDispute,
      });
      expect(foreign.status).toBe(404);
    });

    it("CheckCard takes the account in the body (the spec's card check) or the query", async () => {
      const check = (urlQuery: string, body: Record<string, unknown>) =>
        call<string | ErrorBody>(server, `/api/Account/CheckCard${urlQuery}`, {
          token: maria,
          body,
        });
      const inBody = await check('', {
        cardNumber: '4111 1111 1111 1111',
        accountNumber: 'LU1.10001',
      });
      expect(inBody.status, inBody.text).toBe(200);
      expect(inBody.body).toBe('Ok');
      const inQuery = await check('?accountNumber=LU1.10001', { cardNumber: '4111111111111111' });
      expect(inQuery.body).toBe('Ok');
      const none = await check('', { cardNumber: '4111111111111111' });
      expect(fieldErrors(none.body as ErrorBody)).toEqual(['/accountNumber required']);
      const disagree = await check('?accountNumber=LU1.10002', {
        cardNumber: '4111111111111111',
        accountNumber: 'LU1.10001',
      });
      expect(fieldErrors(disagree.body as ErrorBody)).toEqual(['/accountNumber const']);
    });

    it("the funding calls take the spec's names: an address without the form's box, fundingMethodId and paymentId", async () => {
      const added = await call<{ id: number }>(server, '/api/Account/AddCreditCardFunding', {
        token: maria,
        body: {
          accountNumber: 'LU1.10001',
          cardNumber: '4111111111111111',
          cardExpiration: '2031-12-31',
          firstName: 'Maria',
          lastName: 'Garcia',
          addressLine1: '9 Billing Way',
          city: 'Springfield',
          state: 'IL',
          zip: '62701',
        },
      });
      expect(added.status, added.text).toBe(200);
      const stored = await server.database.db
        .selectFrom('funding_methods')
        .select(['address_line1', 'city', 'state', 'zip'])
        .where('id', '=', added.body.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        address_line1: '9 Billing Way',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
      });
      // An address given without its required parts is checked like the form's.
      const partial = await call<ErrorBody>(server, '/api/Account/AddBankAccountFunding', {
        token: maria,
        body: {
          accountNumber: 'LU1.10001',
          bankAccountType: 'checking',
          bankAccountNumber: '123456789',
          bankRoutingNumber: '011000015',
          firstName: 'Maria',
          lastName: 'Garcia',
          city: 'Springfield',
        },
      });
      expect(fieldErrors(partial.body)).toEqual(
        expect.arrayContaining(['/addressLine1 required', '/zip required']),
      );
      for (const family of FAMILIES) {
        const all = await call<{ updated: number }>(
          server,
          `${family}/Account/AttachFundingToAll`,
          {
            token: maria,
            body: { accountNumber: 'LU1.10001', fundingMethodId: added.body.id },
          },
        );
        expect(all.status, all.text).toBe(200);
        const one = await call<ErrorBody>(server, `${family}/Account/AttachFunding`, {
          token: maria,
          body: { accountNumber: 'LU1.10001', fundingMethodId: added.body.id, paymentId: 999999 },
        });
        expect(one.status, one.text).toBe(404);
        const wrong = await call<ErrorBody>(server, `${family}/Account/AttachFunding`, {
          token: maria,
          body: { accountNumber: 'LU1.10001', fundingMethodId: 'x', paymentId: 1 },
        });
        expect(fieldErrors(wrong.body)).toEqual(['/fundingMethodId type']);
      }
      await server.database.db
        .deleteFrom('funding_methods')
        .where('id', '=', added.body.id)
        .execute();
    });

    it("SetCommunicationPreferences takes the web app's email for emailAddress", async () => {
      const res = await call<{ email: string }>(server, '/api/Debtor/SetCommunicationPreferences', {
        token: maria,
        body: { emails: true, letters: true, texts: false, email: 'maria.spec@example.com' },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.email).toBe('maria.spec@example.com');
    });

    it('documents both shapes of SubmitDispute and the field names of every body', async () => {
      const doc = (await call<OpenApiDoc>(server, '/api/docs', { session: null })).body;
      const body = doc.paths['/api/Account/SubmitDispute']?.post?.requestBody as {
        description?: string;
        content: Record<string, { schema: { anyOf?: Record<string, unknown>[] } }>;
      };
      const [form, spec] = body.content['application/json']?.schema.anyOf ?? [];
      expect(form).toEqual({ $ref: '#/components/schemas/form-dispute' });
      expect(Object.keys((spec?.properties as object | undefined) ?? {})).toEqual(
        expect.arrayContaining(Object.keys(specDispute)),
      );
      expect(spec?.required).toEqual(['account', 'finalVerify']);
      expect(body.description).toContain('`account` for `accountNumber`');
      const missing: string[] = [];
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          const request = op.requestBody as { description?: string } | undefined;
          if (request && !/Field names: `|No fields/.test(request.description ?? '')) {
            missing.push(`${method} ${path}`);
          }
        }
      }
      expect(missing).toEqual([]);
    });
  });
}
