/**
 * Messages to debtors (issue 43) with real parts: a real SMTP server (smtp-server, parsed with
 * mailparser, tests/smtp-receiver.ts) and the server's own dispatcher, run a pass at a time
 * (`app.messages.runOnce()`, no timer). Events are what a change writes (the payment journey's
 * `payment.succeeded`); the debtor gives consent through Debtor/SetCommunicationPreferences.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/server/events/record';
import { smtpSenderFromEnv } from '../../src/server/messages/outbox/smtp';
import { startSmtpReceiver, type SmtpReceiver } from '../smtp-receiver';
import { call, startServer, type DatabaseFactory, type RunningServer } from './harness';
import { clearLockout, MARIA, signIn, snapshotDemo } from './debtor-fixtures';

const SLOW = 120_000;
const PORTAL = 'https://pay.example.com';
const MARIA_ACCOUNT = 'LU1.10001';

export function messagesSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`messages on ${dialect}`, () => {
    let server: RunningServer;
    let smtp: SmtpReceiver;
    let restore: () => Promise<void>;
    const tag = Math.random().toString(36).slice(2, 8);
    const mariaAddress = `maria.${tag}@example.com`;
    const bouncing = `gone.${tag}@example.com`;
    const db = () => server.database.db;
    const run = () => server.app.messages.runOnce();

    /** A payment.succeeded of the account, written as the payment journey writes it. */
    const paid = async (account: string, confirmation: string, cents = 6000) =>
      db()
        .transaction()
        .execute(async (trx) => {
          await recordEvent(trx, {
            type: 'payment.succeeded',
            at: new Date().toISOString(),
            subject: { accountNumber: account, clientId: null, debtorKey: null },
            data: {
              confirmation,
              amountCents: cents,
              paidOn: '2026-12-07',
              method: { kind: 'card', last4: '1111', brand: 'Visa' },
            },
          });
        });
    const messagesOf = (confirmationTag: string) =>
      db()
        .selectFrom('messages')
        .innerJoin('events', 'events.id', 'messages.source')
        .selectAll('messages')
        .where('events.data', 'like', `%${confirmationTag}%`)
        .where('messages.channel', '=', 'email') // texts: message-schedule.suite.ts
        .execute();
    const prefs = async (person: typeof MARIA, address: string, language = 'en') => {
      const token = (await signIn(server, person)).accessToken;
      const res = await call(server, '/api/Debtor/SetCommunicationPreferences', {
        token,
        headers: { 'accept-language': language },
        body: { emails: true, letters: false, texts: false, emailAddress: address },
      });
      expect(res.status, res.text).toBe(200);
    };

    beforeAll(async () => {
      smtp = await startSmtpReceiver({ rejectTo: [bouncing] });
      server = await startServer(makeDatabase, {
        messages: {
          pollMs: 0,
          portalUrl: PORTAL,
          sender: smtpSenderFromEnv(
            { SMTP_URL: smtp.url, SMTP_FROM: 'notices@agency.example' },
            PORTAL,
          ),
        },
      });
      await clearLockout(server);
      restore = await snapshotDemo(server);
      // Whatever earlier suites left due is not this suite's.
      await run();
      smtp.mails.length = 0;
    }, SLOW);
    afterAll(async () => {
      await db()
        ?.deleteFrom('email_opt_outs')
        .where('email', 'like', `%.${tag}@example.com`)
        .execute();
      await restore?.();
      await server?.close();
      await smtp?.close();
    });

    it(
      'sends one receipt in the language consent was given in, with the disclosure and RFC 8058 headers; one click opts out',
      async () => {
        await prefs(MARIA, mariaAddress, 'es');
        const consent = await db()
          .selectFrom('email_consents')
          .selectAll()
          .where('address', '=', mariaAddress)
          .executeTakeFirstOrThrow();
        expect(consent.source).toBe('portal');
        expect(consent.language).toBe('es');
        expect(consent.text_version).toMatch(/^[0-9a-f]{12}$/);

        await paid(MARIA_ACCOUNT, `R1${tag}`);
        await run();
        await run(); // a second pass over the same event sends nothing more
        const mails = smtp.mails.filter((m) => m.to.includes(mariaAddress));
        expect(mails).toHaveLength(1);
        const mail = mails[0]!;
        expect(mail.parsed.subject).toBe('Recibo de su pago de $60.00');
        expect(mail.parsed.text).toContain('cobrador de deudas');
        expect(mail.parsed.html).toContain('lang="es"');
        const [row] = await messagesOf(`R1${tag}`);
        expect(row?.status).toBe('sent');
        expect(row?.masked_address).toBe(`m•••@example.com`);
        expect(mail.messageId).toBe(`<${row?.id}@agency.example>`);
        expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        const unsubscribe = /^<(https:\/\/pay\.example\.com\/unsubscribe\?token=[^>]+)>$/.exec(
          mail.header('List-Unsubscribe'),
        )?.[1];
        expect(unsubscribe).toBeDefined();
        // What was sent is what was recorded.
        expect(mail.parsed.text?.trim()).toBe(row?.text?.trim());
        expect(mail.parsed.text).toContain(`${PORTAL}/login?accountNumber=${MARIA_ACCOUNT}`);

        // The GET shows a page in the message's language and opts nothing out.
        const local = unsubscribe!.replace(PORTAL, server.url);
        const page = await fetch(local, { headers: { accept: 'text/html' } });
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain('<html lang="es">');
        expect(html).toContain('Dejar de recibir correos');
        expect(
          await db()
            .selectFrom('email_opt_outs')
            .selectAll()
            .where('email', '=', mariaAddress)
            .execute(),
        ).toHaveLength(0);

        // The RFC 8058 POST: opted out, no page.
        const post = await fetch(local, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
        expect(post.status).toBe(200);
        expect(await post.text()).toBe('');
        const debtor = await db()
          .selectFrom('debtors')
          .select('pref_email')
          .where('email', '=', mariaAddress)
          .executeTakeFirstOrThrow();
        expect(Number(debtor.pref_email)).toBe(0);

        await paid(MARIA_ACCOUNT, `R2${tag}`);
        await run();
        expect(smtp.mails.filter((m) => m.to.includes(mariaAddress))).toHaveLength(1);
        const [second] = await messagesOf(`R2${tag}`);
        expect(second?.status).toBe('skipped');
        expect(second?.skip_reason).toBe('optedOut');
      },
      SLOW,
    );

    it('refuses a bad or changed token with a 400', async () => {
      for (const token of ['nope', `msg_${'0'.repeat(24)}.AAAA`]) {
        const get = await fetch(`${server.url}/unsubscribe?token=${token}`, {
          headers: { accept: 'text/html' },
        });
        expect(get.status).toBe(400);
        expect(await get.text()).toContain('This link does not work');
        const post = await fetch(`${server.url}/unsubscribe?token=${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
        expect(post.status).toBe(400);
      }
    });

    it(
      'sends nothing without consent, under a hold, or to an address that bounced',
      async () => {
        // John gave no address with the statement (his e-mail came with the import).
        await paid('LU1.20001', `N1${tag}`);
        await run();
        const [none] = await messagesOf(`N1${tag}`);
        expect(none?.status).toBe('skipped');
        expect(['noConsent', 'optedOut']).toContain(none?.skip_reason);

        // Maria gives a new address; then her account gets a cease-communication hold.
        await prefs(MARIA, `maria2.${tag}@example.com`);
        await db()
          .updateTable('accounts')
          .set({ holds: 'cease-communication' })
          .where('account_number', '=', MARIA_ACCOUNT)
          .execute();
        try {
          await paid(MARIA_ACCOUNT, `H1${tag}`);
          await run();
        } finally {
          await db()
            .updateTable('accounts')
            .set({ holds: '' })
            .where('account_number', '=', MARIA_ACCOUNT)
            .execute();
        }
        const [held] = await messagesOf(`H1${tag}`);
        expect(held?.status).toBe('skipped');
        expect(held?.skip_reason).toBe('hold');

        // A 550 to RCPT TO: bounced, and the next message to the address is not tried.
        await prefs(MARIA, bouncing);
        const before = smtp.mails.length;
        await paid(MARIA_ACCOUNT, `B1${tag}`);
        await run();
        const [bounced] = await messagesOf(`B1${tag}`);
        expect(bounced?.status).toBe('bounced');
        expect(bounced?.error).toContain('550');
        await paid(MARIA_ACCOUNT, `B2${tag}`);
        await run();
        const [after] = await messagesOf(`B2${tag}`);
        expect(after?.skip_reason).toBe('bounced');
        expect(smtp.mails.length).toBe(before);
      },
      SLOW,
    );
  });
}
