/**
 * Input hardening (issue 10), each failure a tester found on the landed main, on SQLite and
 * PostgreSQL: NUL and lone surrogates in any string (the open Guest calls among them), numbers out
 * of their documented range (`1e309`), account numbers checked against their pattern before any
 * lookup, fields hidden by a form's conditions (typed, never stored as sent), prototype keys, deep
 * nesting, undecodable URLs, and the body limit that follows signatureData's documented length.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT_SOURCE } from '../../src/server/http/boot-script';
import { PAGE_REQUEST_SCRIPT_SOURCE } from '../../src/server/http/page-requests';
import { PRODUCTION_CSP } from '../../src/server/http/security';
import { call, startServer, type DatabaseFactory, type RunningServer } from './harness';
import {
  clearLockout,
  fieldErrors,
  FAMILIES,
  MARIA,
  signIn,
  snapshotDemo,
  type ErrorBody,
} from './debtor-fixtures';

/** Headers helmet sends by default that the portal leaves out. */
const HELMET_OFF = [
  'cross-origin-embedder-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const contact = {
  name: 'Maria Garcia',
  reason: 'paymentPlan',
  phoneNumber: '5552010001',
  message: 'Please call me about a payment plan.',
  finalVerify: true,
};

export function hardeningSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`input hardening on ${dialect}`, () => {
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

    const count = async (table: 'contact_messages' | 'feedback' | 'disputes') => {
      const row = await server.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    };

    it('refuses NUL and lone surrogates in the open Guest calls, in the caller language, storing nothing', async () => {
      const messages = await count('contact_messages');
      const feedback = await count('feedback');
      for (const family of FAMILIES) {
        for (const bad of ['a\u0000b', 'a\ud800b', 'b\udc00', '\u0000']) {
          const contactUs = await call<ErrorBody>(server, `${family}/Guest/ContactUs`, {
            body: { ...contact, name: bad },
          });
          expect(contactUs.status, contactUs.text).toBe(400);
          expect(fieldErrors(contactUs.body)).toEqual(['/name characters']);
          const rated = await call<ErrorBody>(server, `${family}/Guest/Feedback`, {
            body: { rating: 5, message: bad },
            lang: 'es',
          });
          expect(rated.status, rated.text).toBe(400);
          expect(rated.body.message).toMatch(/carácter que no está permitido/);
          expect(fieldErrors(rated.body)).toEqual(['/message characters']);
        }
        // In a property name, in a query string, in a path.
        const key = await call<ErrorBody>(server, `${family}/Guest/Feedback`, {
          rawBody: '{"rating":5,"mess\\u0000age":"x"}',
        });
        expect(key.status).toBe(400);
        expect(key.body.message).toMatch(/not allowed/);
        const query = await call<ErrorBody>(
          server,
          `${family}/Account/Detailed?accountNumber=LU1.10001%00`,
          { token: maria },
        );
        expect(fieldErrors(query.body)).toEqual(['/accountNumber characters']);
        const path = await call<ErrorBody>(server, `${family}/Guest/OptOut/a%00b%40example.com`, {
          method: 'POST',
        });
        expect(fieldErrors(path.body)).toEqual(['/email characters']);
      }
      // A pair of surrogates is one character, and welcome.
      const emoji = await call(server, '/api/Guest/Feedback', { body: { message: 'Gracias 🙂' } });
      expect(emoji.status).toBe(204);
      expect(await count('contact_messages')).toBe(messages);
      expect(await count('feedback')).toBe(feedback + 1);
    });

    it('answers 400, never 500 or 404, for ids outside 1..2147483647 (1e309 among them)', async () => {
      for (const family of FAMILIES) {
        for (const id of ['1e309', '-1e309', '2147483648', '0', '0x10', '1e2', '1.5', 'NaN']) {
          const letter = await call<ErrorBody>(
            server,
            `${family}/Account/Letter?accountNumber=LU1.10001&letterId=${id}`,
            { token: maria },
          );
          expect(letter.status, `letterId=${id} ${letter.text}`).toBe(400);
          expect(letter.body.errors?.[0]?.path).toBe('/letterId');
          const funding = await call<ErrorBody>(
            server,
            `${family}/Debtor/FundingMethod?accountNumber=LU1.10001&fundingId=${id}`,
            { token: maria, method: 'DELETE' },
          );
          expect(funding.status, `fundingId=${id} ${funding.text}`).toBe(400);
          expect(funding.body.errors?.[0]?.path).toBe('/fundingId');
        }
        for (const id of ['1e309', '-1e309', '2147483648', '0']) {
          const attach = await call<ErrorBody>(server, `${family}/Account/AttachFundingToAll`, {
            token: maria,
            rawBody: `{"accountNumber":"LU1.10001","fundingId":${id}}`,
          });
          expect(attach.status, `fundingId ${id}`).toBe(400);
          const letter = await call<ErrorBody>(server, `${family}/Authorization/VerifyLetter`, {
            rawBody: `{"accountNumber":"LU1.10001","letterId":${id}}`,
          });
          expect(letter.status, `letterId ${id}`).toBe(400);
        }
      }
    });

    it('checks an account number against its pattern before looking it up', async () => {
      const disputes = await count('disputes');
      for (const family of FAMILIES) {
        for (const accountNumber of ['LU1.10001\u0000', "LU1.10001' OR '1'='1", 'x'.repeat(500)]) {
          const res = await call<ErrorBody>(server, `${family}/Account/SubmitDispute`, {
            token: maria,
            body: { accountNumber, other: true, message: 'x', termsAccepted: true },
          });
          expect(res.status, res.text).toBe(400);
          expect(res.body.errors?.[0]?.path).toBe('/accountNumber');
        }
        const contactUs = await call<ErrorBody>(server, `${family}/Guest/ContactUs`, {
          token: maria,
          body: { ...contact, account: 'LU1.10001 --' },
        });
        expect(fieldErrors(contactUs.body)).toEqual(['/account pattern']);
      }
      expect(await count('disputes')).toBe(disputes);
    });

    it('types the fields a form condition hides, and never stores them', async () => {
      for (const family of FAMILIES) {
        // commEmail and commSms off: email, emailConfirm and smsNumber are hidden.
        for (const [field, value] of [
          ['email', { address: 'x@example.com' }],
          ['emailConfirm', 12],
          ['smsNumber', ['5552010001']],
          ['email', JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`) as unknown],
        ] as const) {
          const res = await call<ErrorBody>(server, `${family}/Guest/ContactUs`, {
            body: { ...contact, [field]: value },
          });
          expect(res.status, `${field} ${res.text}`).toBe(400);
          expect(res.body.errors?.[0]?.path.startsWith(`/${field}`)).toBe(true);
        }
        // The right type, hidden: accepted and dropped.
        const dropped = await call<{ confirmation: string }>(server, `${family}/Guest/ContactUs`, {
          body: { ...contact, email: 'someone@example.com', smsNumber: 'not a number' },
        });
        expect(dropped.status, dropped.text).toBe(200);
        const row = await server.database.db
          .selectFrom('contact_messages')
          .select(['email', 'sms_number'])
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ email: null, sms_number: null });
      }
      // A card's billing address is hidden unless differentAddress.
      const card = {
        accountNumber: 'LU1.10001',
        cardNumber: '4111 1111 1111 1111',
        cardExpiration: '2031-12-31',
        firstName: 'Maria',
        lastName: 'Garcia',
      };
      const typed = await call<ErrorBody>(server, '/api/Account/AddCreditCardFunding', {
        token: maria,
        body: { ...card, differentAddress: false, addressLine1: { street: 'Main' }, city: 12 },
      });
      expect(typed.status, typed.text).toBe(400);
      expect(fieldErrors(typed.body)).toEqual(['/addressLine1 type', '/city type']);
      const added = await call<{ id: number }>(server, '/api/Account/AddCreditCardFunding', {
        token: maria,
        body: { ...card, differentAddress: false, addressLine1: '1 Hidden Rd', city: 'Nowhere' },
      });
      expect(added.status, added.text).toBe(200);
      const stored = await server.database.db
        .selectFrom('funding_methods')
        .select(['address_line1', 'city'])
        .where('id', '=', added.body.id)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ address_line1: null, city: null });
      await server.database.db
        .deleteFrom('funding_methods')
        .where('id', '=', added.body.id)
        .execute();
      // A field the server sets itself must still be well typed.
      const prefs = await call<ErrorBody>(server, '/api/Debtor/SetCommunicationPreferences', {
        token: maria,
        body: { emails: false, letters: true, texts: false, allowEmail: { yes: 1 } },
      });
      expect(fieldErrors(prefs.body)).toEqual(['/allowEmail type']);
    });

    it('refuses prototype keys, deep nesting, other JSON values and undecodable URLs', async () => {
      for (const rawBody of [
        '{"__proto__":{"polluted":true},"rating":5}',
        '{"constructor":{"prototype":{"polluted":true}},"rating":5}',
      ]) {
        const res = await call<ErrorBody>(server, '/api/Guest/Feedback', { rawBody, lang: 'es' });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('El cuerpo de la solicitud no es JSON válido.');
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const named = await call<ErrorBody>(server, '/api/Guest/Feedback', {
        body: { rating: 5, constructor: 'x', prototype: 'y' },
      });
      expect(fieldErrors(named.body)).toContain('/constructor additionalProperties');
      const deep = await call<ErrorBody>(server, '/api/Analytic', {
        rawBody: `{"event":"page_view","properties":${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`,
      });
      expect(deep.status).toBe(400);
      expect(deep.body.message).toBe('The request body is nested too deeply.');
      for (const rawBody of ['[]', '"text"', '42', 'null']) {
        const res = await call<ErrorBody>(server, '/api/Guest/ContactUs', { rawBody });
        expect(res.status, rawBody).toBe(400);
      }
      const url = await call<ErrorBody>(server, '/api/Guest/OptOut/%E0%A4%A', {
        method: 'POST',
        lang: 'es',
      });
      expect(url.status).toBe(400);
      expect(url.body).toEqual({ message: 'La solicitud no es válida.' });
    });

    it("sends exactly the portal's security headers through helmet, on every kind of answer", async () => {
      const expected = {
        'content-security-policy': PRODUCTION_CSP,
        'cross-origin-opener-policy': 'same-origin',
        'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
        'referrer-policy': 'no-referrer',
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      };
      const answers = [
        await call(server, '/api/health', { session: null }),
        await call(server, '/api/Account/ListIds', { session: null }),
        await call(server, '/api/Nope'),
        await call(server, '/api/Guest/Feedback', { rawBody: '{' }),
        await call(server, '/api/docs/', { session: null, headers: { accept: 'text/html' } }),
      ];
      for (const res of answers) {
        const sent = Object.fromEntries(
          [...res.headers.entries()].filter(
            ([name]) => name in expected || HELMET_OFF.includes(name),
          ),
        );
        expect(sent, `${res.status}`).toEqual(expected);
      }
      // Scripts from this origin, and inline only the two whose hashes are given (boot-script.ts,
      // page-requests.ts).
      expect(PRODUCTION_CSP).toContain(
        `script-src 'self' ${BOOT_SCRIPT_SOURCE} ${PAGE_REQUEST_SCRIPT_SOURCE};`,
      );
      expect(BOOT_SCRIPT_SOURCE).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
      expect(PAGE_REQUEST_SCRIPT_SOURCE).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
      expect(PRODUCTION_CSP).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    });

    it('takes a payment body with the documented 200,000-character signature, and no larger', async () => {
      const payment = (signatureData: string) => ({
        accountNumber: 'LU1.10001',
        schedule: [{ date: '2099-01-01', amount: 10 }],
        fundingId: 2147483647,
        type: 'PPA',
        authorizationDisclosuresAccepted: true,
        signatureData,
      });
      // 2 bytes a character in UTF-8: 400,000 bytes of signature, far over the usual 64 KiB.
      const full = await call<ErrorBody>(server, '/api/Account/SubmitPayment', {
        token: maria,
        body: payment('é'.repeat(200_000)),
      });
      expect(full.status, full.text.slice(0, 200)).not.toBe(413);
      expect(full.status).toBeLessThan(500);
      const longer = await call<ErrorBody>(server, '/api/Account/SubmitPayment', {
        token: maria,
        body: payment('x'.repeat(200_001)),
      });
      expect(longer.status).toBe(400);
      expect(fieldErrors(longer.body)).toEqual(['/signatureData maxLength']);
      const huge = await call<ErrorBody>(server, '/api/Account/SubmitPayment', {
        token: maria,
        body: payment('x'.repeat(1_000_000)),
        lang: 'es',
      });
      expect(huge.status).toBe(413);
      expect(huge.body.message).toBe('El cuerpo de la solicitud es demasiado grande.');
      // Other calls keep the usual limit.
      const other = await call<ErrorBody>(server, '/api/Guest/Feedback', {
        body: { rating: 5, message: 'x'.repeat(70_000) },
      });
      expect(other.status).toBe(413);
    });
  });
}
