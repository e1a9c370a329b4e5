/**
 * Scheduled messages, texts through the outbox, imported consent, holds and contact hours
 * (issue 43) with real parts: a real SMTP server (smtp-server + mailparser), the HTTP SMS sandbox
 * (signed receipts posted back to the portal), the streamed import (`npm run db:import`'s path)
 * for the debtors, their consent and the agency's hold delta, and the server's own dispatcher run
 * a pass at a time on a clock the test moves (`now`).
 *
 * The clock is a winter day, 2026-01-13 (EST, UTC-5; HST, UTC-10): 07:58 in New York is 12:58Z;
 * 08:00 in Honolulu is 18:00Z, when a debtor with a Hawaii address and a 212 number may first be
 * written to (both zones must allow it).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../src/server/auth/keys';
import { importStream } from '../../src/server/db/import-stream';
import { loadServerSecret } from '../../src/server/db/secret';
import { recordEvent } from '../../src/server/events/record';
import { scheduleReminders } from '../../src/server/messages/outbox/schedule';
import { smtpSenderFromEnv } from '../../src/server/messages/outbox/smtp';
import { unsubscribeKey } from '../../src/server/messages/outbox/tokens';
import { HttpSmsProvider } from '../../src/server/messages/sms/provider';
import { startSmsSandbox, type SmsSandbox } from '../../src/server/messages/sms/sandbox';
import { signSmsWebhook } from '../../src/server/messages/sms/webhooks';
import { startSmtpReceiver, type SmtpReceiver } from '../smtp-receiver';
import {
  startServer,
  TEST_SECRET,
  TestClock,
  type DatabaseFactory,
  type RunningServer,
} from './harness';

const SLOW = 180_000;
const PORTAL = 'https://pay.example.com';
const MINUTE = 60_000;
const DAY = '2026-01-13';
const at = (time: string) => Date.parse(`${DAY}T${time}Z`);
const plus = (days: number) => {
  const d = new Date(`${DAY}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

export function messageScheduleSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`message schedule on ${dialect}`, () => {
    let server: RunningServer;
    let smtp: SmtpReceiver;
    let sandbox: SmsSandbox;
    const clock = new TestClock(at('12:58:00'));
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const tag = randomBytes(3).toString('hex');
    const digits = () => String(100_000_000 + Math.floor(Math.random() * 899_999_999));
    const phone = () => `212555${String(1000 + Math.floor(Math.random() * 8000)).padStart(4, '0')}`;
    const ny = { account: `SC1.${digits()}`, phone: phone(), email: `ny.${tag}@example.com` };
    const nyMore = [`SC1.${digits()}`, `SC1.${digits()}`, `SC1.${digits()}`];
    const hi = { account: `SC1.${digits()}`, phone: phone(), email: `hi.${tag}@example.com` };
    const held = { account: `SC1.${digits()}`, phone: phone(), email: `hold.${tag}@example.com` };
    const gone = { account: `SC1.${digits()}`, phone: phone(), email: `gone.${tag}@example.com` };
    const letterId = 800_000 + Math.floor(Math.random() * 100_000);
    const db = () => server.database.db;
    const run = () => server.app.messages.runOnce();
    const e164 = (digits10: string) => `+1${digits10}`;

    const consent = (version: string) => ({
      givenAt: '2025-11-02T15:04:05Z',
      statementVersion: version,
      language: 'en',
    });
    const debtor = (
      key: string,
      who: { phone: string; email: string },
      place: { state: string; zip: string },
      accounts: unknown[],
    ) => ({
      key,
      firstName: 'Test',
      lastName: `Schedule${tag}`,
      ...place,
      email: who.email,
      emailConsent: consent('agency-email-v3'),
      allowSms: true,
      allowEmail: true,
      communicationPrefs: { email: true, sms: true, letter: true },
      phones: [{ phoneNumber: who.phone, type: 'mobile', textConsent: consent('agency-sms-v2') }],
      accounts,
    });
    const account = (accountNumber: string, payments: unknown[], extra: object = {}) => ({
      accountNumber,
      clientId: 'CSU',
      creditorName: 'Contoso Utilities',
      balance: 900,
      originalBalance: 900,
      statusCode: 'PPA',
      arrangements: [
        { ref: 'ppa-1', type: 'PPA', amount: 900, active: true, beginBalance: 900, payments },
      ],
      ...extra,
    });
    const postDate = (day: string, amount = 50) => ({
      date: day,
      amount,
      status: 'PostDate',
      paidWith: 'Visa ****1111',
    });

    const load = async (...records: unknown[]) => {
      const keys = deriveKeys(await loadServerSecret(db(), { secret: TEST_SECRET }));
      const rejects: unknown[] = [];
      const result = await importStream(
        db(),
        Readable.from([records.map((r) => JSON.stringify(r)).join('\n')]),
        {
          format: 'jsonl',
          identityHmacKey: keys.identityHmacKey,
          today: DAY,
          // The plans were set up days ago (a payment added after its reminder day gets none).
          now: new Date(clock.time - 5 * 24 * 60 * MINUTE),
          batchSize: 50,
          reject: (line, reasons) => {
            rejects.push({ line, reasons });
          },
        },
      );
      expect(rejects).toEqual([]);
      return result;
    };
    const rowsOf = (accountNumber: string) =>
      db()
        .selectFrom('messages')
        .selectAll()
        .where('account_number', '=', accountNumber)
        .orderBy('source')
        .orderBy('channel')
        .execute();
    /** A card payment's event, as SubmitPayment writes it (its receipt is made from it). */
    const paymentSucceeded = (
      accountNumber: string,
      confirmation: string,
      amountCents: number,
      paidOn: string,
    ) =>
      db()
        .transaction()
        .execute((trx) =>
          recordEvent(trx, {
            type: 'payment.succeeded',
            at: clock.now().toISOString(),
            subject: { accountNumber, clientId: 'CSU', debtorKey: null },
            data: {
              confirmation,
              amountCents,
              paidOn,
              method: { kind: 'card', last4: '1111', brand: 'Visa' },
            },
          }),
        );
    const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
    const textsTo = (digits10: string) => sandbox.sent(e164(digits10));
    const moveTo = (time: string) => clock.advance(at(time) - clock.time);

    beforeAll(async () => {
      smtp = await startSmtpReceiver();
      sandbox = await startSmsSandbox({ portalUrl: 'http://127.0.0.1:1', secret });
      server = await startServer(makeDatabase, {
        now: clock.now,
        sms: { provider: new HttpSmsProvider(sandbox.url), webhookSecret: secret },
        messages: {
          pollMs: 0,
          scheduleMs: 1,
          portalUrl: PORTAL,
          sender: smtpSenderFromEnv(
            { SMTP_URL: smtp.url, SMTP_FROM: 'notices@agency.example' },
            PORTAL,
          ),
        },
      });
      sandbox.setPortalUrl(server.url);
      await load(
        debtor(`sched-ny-${tag}`, ny, { state: 'NY', zip: '10001' }, [
          // Only the scheduled payment gets a reminder: not the paid one, not the cancelled one.
          account(ny.account, [
            { date: plus(1), amount: 50, status: 'Paid', confirmation: `P${tag}` },
            { date: plus(2), amount: 50, status: 'Canceled' },
            postDate(plus(3)),
            postDate(plus(33)),
          ]),
          ...nyMore.map((n, i) => account(n, [postDate(plus(1 + i))])),
        ]),
        debtor(`sched-hi-${tag}`, hi, { state: 'HI', zip: '96813' }, [
          account(hi.account, [postDate(plus(3), 75)], {
            letters: [
              {
                letterId,
                requestDate: plus(-5),
                principalBalance: 900,
                isLetterOne: true,
                options: [
                  {
                    optionNumber: 1,
                    dueDate: plus(7),
                    settlementAmount: 540,
                    paymentAmount: 540,
                    discount: 0.4,
                    numberOfPayments: 1,
                    schedule: [{ date: plus(7), amount: 540 }],
                  },
                  {
                    optionNumber: 2,
                    dueDate: plus(7),
                    settlementAmount: 630,
                    paymentAmount: 210,
                    discount: 0.3,
                    numberOfPayments: 3,
                    schedule: [
                      { date: plus(7), amount: 210 },
                      { date: plus(37), amount: 210 },
                      { date: plus(67), amount: 210 },
                    ],
                  },
                ],
              },
            ],
          }),
        ]),
        debtor(`sched-hold-${tag}`, held, { state: 'NY', zip: '10001' }, [
          account(held.account, [postDate(plus(3))]),
        ]),
        debtor(`sched-gone-${tag}`, gone, { state: 'NY', zip: '10001' }, [
          account(gone.account, [postDate(plus(3))]),
        ]),
      );
    }, SLOW);
    afterAll(async () => {
      await server?.close();
      await smtp?.close();
      await sandbox?.close();
    });

    it('records imported e-mail and text consent with its time and statement version', async () => {
      const email = await db()
        .selectFrom('email_consents')
        .selectAll()
        .where('address', '=', ny.email)
        .executeTakeFirstOrThrow();
      expect(email).toMatchObject({
        source: 'import',
        text_version: 'agency-email-v3',
        language: 'en',
        given_at: '2025-11-02T15:04:05.000Z',
      });
      const text = await db()
        .selectFrom('sms_consents')
        .selectAll()
        .where('phone_e164', '=', e164(ny.phone))
        .executeTakeFirstOrThrow();
      expect(text).toMatchObject({
        source: 'import',
        statement_version: 'agency-sms-v2',
        consented_at: '2025-11-02T15:04:05.000Z',
        withdrawn_at: null,
      });
    });

    it(
      'makes each reminder once, holds it to 08:00 in every zone, caps it, texts it with Reply STOP, and takes signed receipts',
      async () => {
        await run();
        await run(); // a second pass makes nothing more
        const nyRows = await rowsOf(ny.account);
        expect(nyRows.map((r) => [r.source.replace(/:\d+:/, ':A:'), r.channel])).toEqual([
          [`plan-payment:A:${plus(3)}`, 'email'],
          [`plan-payment:A:${plus(3)}`, 'sms'],
        ]);
        for (const row of nyRows) {
          expect(row.kind).toBe('plan-payment-reminder');
          expect(row.status).toBe('pending');
          // 07:58 in New York: due at 08:00 EST.
          expect(row.due_at).toBe(new Date(at('13:00:00')).toISOString());
        }
        const sms = nyRows.find((r) => r.channel === 'sms')!;
        expect(sms.address).toBe(e164(ny.phone));
        expect(sms.sms).toContain('Reply STOP');
        expect(sms.sms).toContain('$50.00');
        expect(sms.sms).toContain(`${PORTAL}/login?accountNumber=${ny.account}`);

        // The cap: CSU has none of its own, default.json allows 3 reminders a week per debtor. The
        // debtor has 4 payments due a reminder: 3 made, 1 kept skipped as capped (both channels).
        const more = (await Promise.all(nyMore.map(rowsOf))).flat();
        const all = [...nyRows, ...more];
        const bySource = new Map<string, string[]>();
        for (const row of all)
          bySource.set(row.source, [...(bySource.get(row.source) ?? []), row.skip_reason ?? 'ok']);
        const outcomes = [...bySource.values()].map((v) => v.join(','));
        expect(outcomes.filter((o) => o === 'ok,ok')).toHaveLength(3);
        expect(outcomes.filter((o) => o === 'capped,capped')).toHaveLength(1);

        // The letter offer ends in 7 days: one message per channel, the best option's words.
        const hiRows = await rowsOf(hi.account);
        const offer = hiRows.filter((r) => r.kind === 'letter-offer-expiring');
        expect(offer.map((r) => r.channel)).toEqual(['email', 'sms']);
        expect(offer[0]?.source).toBe(`letter-offer:${letterId}:${plus(7)}`);
        expect(offer[0]?.subject).toContain('January 20, 2026');
        expect(offer[0]?.text).toContain('$540.00');
        expect(offer[0]?.text).toContain('$360.00');
        // Hawaii address and a 212 number: 08:00 in Honolulu (18:00Z) is the first allowed time.
        for (const row of hiRows) expect(row.due_at).toBe(new Date(at('18:00:00')).toISOString());

        // 07:59 in New York: nothing goes yet.
        moveTo('12:59:00');
        await run();
        expect(mailsTo(ny.email)).toHaveLength(0);
        expect(textsTo(ny.phone)).toHaveLength(0);

        // The agency's delta file sets a cease-communication hold on the third debtor's account.
        const delta = await load({
          kind: 'hold',
          accountNumber: held.account,
          hold: 'cease-communication',
          action: 'set',
        });
        expect(delta.changed).toBe(1);

        // The fourth debtor's plan is cancelled after its reminder was made: it is not sent.
        expect((await rowsOf(gone.account)).map((r) => r.status)).toEqual(['pending', 'pending']);
        await db()
          .updateTable('arrangement_payments')
          .set({ status: 'Canceled' })
          .where('pay_date', '=', plus(3))
          .where('arrangement_id', 'in', (eb) =>
            eb
              .selectFrom('arrangements as a')
              .innerJoin('accounts as c', 'c.id', 'a.account_id')
              .select('a.id')
              .where('c.account_number', '=', gone.account),
          )
          .execute();

        // 08:00 in New York: the New York reminders go (e-mail and text); Hawaii's wait.
        moveTo('13:00:00');
        await run();
        const nyMail = mailsTo(ny.email);
        expect(nyMail.length).toBe(3);
        expect(
          nyMail.some(
            (m) => m.parsed.subject === 'Your plan payment of $50.00 is on January 16, 2026',
          ),
        ).toBe(true);
        expect(textsTo(ny.phone)).toHaveLength(3);
        for (const text of textsTo(ny.phone)) expect(text.body).toContain('Reply STOP');
        expect(mailsTo(hi.email)).toHaveLength(0);
        expect(textsTo(hi.phone)).toHaveLength(0);
        const sent = (await rowsOf(ny.account)).find((r) => r.channel === 'sms')!;
        expect(sent.status).toBe('sent');
        expect(sent.provider_id).toMatch(/^sbxsms_/);

        // The hold stopped both of the third debtor's reminders, kept as skipped for 'hold'.
        const heldRows = await rowsOf(held.account);
        expect(heldRows.map((r) => [r.channel, r.status, r.skip_reason])).toEqual([
          ['email', 'skipped', 'hold'],
          ['sms', 'skipped', 'hold'],
        ]);
        expect(mailsTo(held.email)).toHaveLength(0);
        expect(textsTo(held.phone)).toHaveLength(0);
        expect((await rowsOf(gone.account)).map((r) => [r.status, r.skip_reason])).toEqual([
          ['skipped', 'notDue'],
          ['skipped', 'notDue'],
        ]);
        expect(mailsTo(gone.email)).toHaveLength(0);
        expect(textsTo(gone.phone)).toHaveLength(0);

        // 17:59Z (12:59 in New York, 07:59 in Honolulu): still not; 18:00Z: both.
        moveTo('17:59:00');
        await run();
        expect(mailsTo(hi.email)).toHaveLength(0);
        moveTo('18:00:00');
        await run();
        expect(mailsTo(hi.email)).toHaveLength(2);
        expect(textsTo(hi.phone)).toHaveLength(2);

        // The sandbox's signed receipts mark the texts delivered.
        await expect
          .poll(
            async () =>
              (await rowsOf(ny.account)).find((r) => r.channel === 'sms')?.delivery_status,
            {
              timeout: 10_000,
            },
          )
          .toBe('delivered');
      },
      SLOW,
    );

    it('makes nothing more in another process, and nothing for a paid or cancelled payment', async () => {
      const before = await db().selectFrom('messages').select('id').execute();
      const now = clock.now();
      const current = server.app.content.current();
      // Past this process's lease (60 s): another process may take it, and finds nothing to make.
      const made = await scheduleReminders(
        db(),
        'another-process',
        {
          config: current.config,
          version: current.version,
          portalUrl: PORTAL,
          unsubscribeKey: unsubscribeKey(Buffer.alloc(32)),
          sending: true,
          smsSending: true,
          timeZone: 'America/Chicago',
          now: new Date(now.getTime() + 5 * MINUTE),
        },
        60_000,
      );
      expect(made).toBe(0);
      expect(await db().selectFrom('messages').select('id').execute()).toHaveLength(before.length);
      const sources = (await rowsOf(ny.account)).map((r) => r.source);
      expect(sources.some((s) => s.endsWith(plus(1)) || s.endsWith(plus(2)))).toBe(false);
    });

    it('stops every message of an account under an imported hold, receipts too', async () => {
      await paymentSucceeded(held.account, `H${tag}`, 5000, DAY);
      await run();
      const receipt = (await rowsOf(held.account)).filter((r) => r.kind === 'payment-receipt');
      expect(receipt.map((r) => [r.channel, r.status, r.skip_reason])).toEqual([
        ['email', 'skipped', 'hold'],
        ['sms', 'skipped', 'hold'],
      ]);
      expect(mailsTo(held.email)).toHaveLength(0);
      expect(textsTo(held.phone)).toHaveLength(0);
    });

    it('sends a receipt for a payment just made at once, at night too', async () => {
      // 09:00Z the next day: 04:00 in New York, outside contact hours.
      moveTo('23:00:00');
      clock.advance(10 * 60 * MINUTE);
      const before = mailsTo(ny.email).length;
      await paymentSucceeded(ny.account, `N${tag}`, 5000, plus(1));
      await run();
      expect(mailsTo(ny.email)).toHaveLength(before + 1);
    });

    it('takes signed delivery receipts only: 401 forged or unsigned, 400 bad input, never 5xx', async () => {
      const sms = (await rowsOf(ny.account)).find((r) => r.channel === 'sms' && r.provider_id)!;
      const smsRow = () =>
        db().selectFrom('messages').selectAll().where('id', '=', sms.id).executeTakeFirstOrThrow();
      // The sandbox posts its own receipt ('delivered') 50 ms after each send, later under load:
      // this test's receipt must come after it, or the sandbox's would be the last word.
      await expect
        .poll(async () => (await smsRow()).delivery_status, { timeout: 10_000 })
        .toBe('delivered');
      const url = `${server.url}/api/messages/sms/status`;
      const receipt = (data: object) =>
        JSON.stringify({
          type: 'message.status',
          data: {
            providerMessageId: sms.provider_id,
            messageId: sms.id,
            to: sms.address,
            status: 'failed',
            errorCode: '30003',
            // After the sandbox's receipt (its own clock is the real one).
            at: new Date().toISOString(),
            ...data,
          },
        });
      const post = (body: string, headers: Record<string, string>) =>
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        });
      const signed = (body: string) =>
        signSmsWebhook(secret, `msg_${randomBytes(6).toString('hex')}`, body);

      const body = receipt({});
      expect((await post(body, {})).status).toBe(401);
      const forged = signSmsWebhook(`whsec_${randomBytes(24).toString('base64')}`, 'msg_x', body);
      expect((await post(body, forged)).status).toBe(401);
      for (const bad of ['not json', '[]', receipt({ status: 'read' }), receipt({ to: '12' })])
        expect((await post(bad, signed(bad))).status).toBe(400);
      const other = receipt({ messageId: 'msg_000000000000000000000000' });
      const unknown = await post(other, signed(other));
      expect(unknown.status).toBe(200);
      expect(await unknown.json()).toEqual({ known: false, deliveryStatus: null });

      const ok = await post(body, signed(body));
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ known: true, deliveryStatus: 'failed' });
      const row = await smsRow();
      expect(row.delivery_status).toBe('failed');
      expect(row.delivery_error).toBe('30003');

      // Out of order: a receipt older than the one recorded changes nothing.
      const older = receipt({
        status: 'delivered',
        errorCode: null,
        at: new Date(Date.now() - 60 * MINUTE).toISOString(),
      });
      const late = await post(older, signed(older));
      expect(late.status).toBe(200);
      expect(await late.json()).toEqual({ known: true, deliveryStatus: 'failed' });
      const still = await smsRow();
      expect([still.delivery_status, still.delivery_error]).toEqual(['failed', '30003']);
    });

    it('texts only with consent in force: a reply STOP stops the next text, the e-mail still goes', async () => {
      expect(await sandbox.inbound(e164(hi.phone), 'STOP')).toBe(200);
      const confirmations = textsTo(hi.phone).length;
      const mails = mailsTo(hi.email).length;
      await paymentSucceeded(hi.account, `S${tag}`, 7500, plus(1));
      await run();
      const receipt = (await rowsOf(hi.account)).filter((r) => r.kind === 'payment-receipt');
      expect(receipt.map((r) => [r.channel, r.status, r.skip_reason])).toEqual([
        ['email', 'sent', null],
        ['sms', 'skipped', 'optedOut'],
      ]);
      expect(mailsTo(hi.email)).toHaveLength(mails + 1);
      expect(textsTo(hi.phone)).toHaveLength(confirmations);
    });

    it('a process that can send texts only leaves a due e-mail to one that can, and its pass ends', async () => {
      // A due e-mail (as one a process with SMTP_URL made, before a restart without it).
      const sent = (await rowsOf(hi.account)).find(
        (r) => r.channel === 'email' && r.status === 'sent',
      );
      expect(sent).toBeDefined();
      const id = `msg_${randomBytes(12).toString('hex')}`;
      const due = new Date(clock.time - MINUTE).toISOString();
      await db()
        .insertInto('messages')
        .values({
          ...sent!,
          id,
          source: `test-texts-only-${tag}`,
          status: 'pending',
          next_attempt_at: due,
          due_at: due,
          sent_at: null,
          lease_owner: null,
          lease_until: null,
        })
        .execute();
      const textsOnly = await startServer(makeDatabase, {
        now: clock.now,
        sms: { provider: new HttpSmsProvider(sandbox.url), webhookSecret: secret },
        messages: { pollMs: 0, portalUrl: PORTAL, sender: null },
      });
      try {
        // Handed back, the e-mail would be claimed again at once: the pass would never end.
        const pass = textsOnly.app.messages.runOnce();
        const ended = await Promise.race([
          pass.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
        ]);
        expect(ended).toBe(true);
        const row = await db()
          .selectFrom('messages')
          .select(['status', 'lease_owner'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: 'pending', lease_owner: null });
      } finally {
        await textsOnly.close();
        await db().deleteFrom('messages').where('id', '=', id).execute();
      }
    });
  });
}
