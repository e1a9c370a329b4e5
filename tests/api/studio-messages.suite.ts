/**
 * Messages in the studio and in My documents (issue 43, items 1 and 4; issue 44, item 4), against
 * a real server, database, SMTP server (smtp-server + mailparser) and the server's own dispatcher
 * run a pass at a time:
 * - the role matrix of the four routes (fail closed: editors and client managers 403 on the
 *   outbox, evidence and counts; no session 401), every answer checked against its schema;
 * - the preview of a kind from a draft's words in English and Spanish, with segments;
 * - the Done-when "the studio edits a message's Spanish text under the two-person rule, and the
 *   next message uses it; its evidence shows both texts", for the plan payment reminder
 *   (EDITED_KIND) of a plan payment with no method on file, made by the scheduler;
 * - the outbox and evidence show each message exactly as the SMTP server received it;
 * - counts: sent, delivered, opted out, clicked through to a payment within 7 days;
 * - a debtor's messages in My documents, and nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDay, DEFAULT_TIME_ZONE } from '../../src/server/dates';
import { recordEvent } from '../../src/server/events/record';
import { smtpSenderFromEnv } from '../../src/server/messages/outbox/smtp';
import { startSmtpReceiver, type SmtpReceiver } from '../smtp-receiver';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { clearLockout, JOHN, MARIA, signIn as debtorSignIn, snapshotDemo } from './debtor-fixtures';
import { studioClient, TestClock, type Session, type StudioCall } from './studio-fixtures';

/** The kind the Done-when edits: the plan payment reminder (a scheduled kind). */
export const EDITED_KIND = 'plan-payment-reminder';
/** The kind the lists, evidence and counts are checked with: the receipt of a payment. */
export const RECEIPT_KIND = 'payment-receipt';
const SLOW = 180_000;
const PORTAL = 'https://pay.example.com';
const MARIA_ACCOUNT = 'LU1.10001';
/** Maria's account with an active plan (the demo's PPA, its payments with no method on file). */
const PLAN_ACCOUNT = 'LU1.10002';
const NEW_SPANISH_SUBJECT = 'Recordatorio: su pago de {{amount}} vence el {{date}}';

type Role = 'editor' | 'approver' | 'client_manager' | 'admin';
interface Summary {
  id: string;
  kind: string;
  channel: string;
  status: string;
  subject: string | null;
  templateVersion: string;
  accountNumber: string | null;
  maskedAddress: string | null;
  language: string;
}
interface Evidence {
  message: Summary;
  html: string | null;
  text: string | null;
  clicks: string[];
  version: { version: number; comment: string } | null;
}
interface CountRow {
  kind: string;
  clientCode: string | null;
  made: number;
  sent: number;
  delivered: number;
  bounced: number;
  skipped: number;
  optedOut: number;
  clickedToPayment: number;
}
interface Rendering {
  subject: string | null;
  text: string | null;
  sms: string | null;
  segments: { encoding: string; units: number; segments: number } | null;
}
const schemas = apiValidators();

export function studioMessagesSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`studio messages on ${dialect}`, { timeout: SLOW }, () => {
    const clock = new TestClock(Date.now());
    const tag = `msgs-${dialect.toLowerCase()}-${Date.now().toString(36)}`;
    const address = `maria.${tag}@example.com`;
    let server: RunningServer;
    let smtp: SmtpReceiver;
    let restore: () => Promise<void>;
    const { studio, makeAccount, signIn } = studioClient(() => server, clock, tag);
    const sessions = {} as Record<Role, Session>;
    const db = () => server.database.db;
    const run = () => server.app.messages.runOnce();
    const as = <T = unknown>(who: Role | null, route: string, options: StudioCall = {}) =>
      studio<T>(route, { session: who ? sessions[who] : null, ...options });

    /** A payment.succeeded of Maria's account, as the payment journey writes it. */
    const paid = (confirmation: string) => {
      // The server's clock stands still but for sign-ins: each payment a second later.
      clock.advance(1000);
      return db()
        .transaction()
        .execute((trx) =>
          recordEvent(trx, {
            type: 'payment.succeeded',
            at: clock.now().toISOString(),
            subject: { accountNumber: MARIA_ACCOUNT, clientId: null, debtorKey: null },
            data: {
              confirmation,
              amountCents: 6000,
              paidOn: '2026-12-07',
              method: { kind: 'card', last4: '1111', brand: 'Visa' },
            },
          }),
        );
    };
    const receiptOf = async (confirmation: string) => {
      const row = await db()
        .selectFrom('messages')
        .innerJoin('events', 'events.id', 'messages.source')
        .selectAll('messages')
        .where('events.data', 'like', `%${confirmation}%`)
        .where('messages.kind', '=', RECEIPT_KIND)
        .where('messages.channel', '=', 'email')
        .executeTakeFirstOrThrow();
      return row;
    };
    const counts = async () => {
      const res = await as<{ rows: CountRow[] }>('approver', '/message-counts');
      expect(res.status, res.text).toBe(200);
      const row = res.body.rows.find((r) => r.kind === RECEIPT_KIND && r.clientCode === client);
      return (
        row ?? {
          made: 0,
          sent: 0,
          delivered: 0,
          bounced: 0,
          skipped: 0,
          optedOut: 0,
          clickedToPayment: 0,
        }
      );
    };
    let client: string | null = null;
    let before: Awaited<ReturnType<typeof counts>>;
    const ids: Record<'a' | 'b' | 'c' | 'r1' | 'r2', string> = {
      a: '',
      b: '',
      c: '',
      r1: '',
      r2: '',
    };
    const addedPayments: number[] = [];

    /**
     * The reminder of a plan payment `days` days ahead on Maria's plan, added now with no payment
     * method (as a plan set up by an agent may have): the scheduler's next pass makes it (a pass
     * looks at most every minute of the server's clock), and it goes within contact hours.
     */
    const remindOf = async (days: number) => {
      const plan = await db()
        .selectFrom('arrangements as a')
        .innerJoin('accounts as c', 'c.id', 'a.account_id')
        .select('a.id')
        .where('c.account_number', '=', PLAN_ACCOUNT)
        .where('a.active', '=', 1)
        .executeTakeFirstOrThrow();
      const today = calendarDay(clock.now(), DEFAULT_TIME_ZONE);
      const payDate = addDays(today, days);
      const added = await db()
        .insertInto('arrangement_payments')
        .values({
          arrangement_id: plan.id,
          pay_date: payDate,
          amount_cents: 1500,
          status: 'PostDate',
          is_pending_post: 0,
          is_electronic: 1,
          funding_id: null,
          paid_with: null,
          confirmation: null,
          submitted: null,
          approved: null,
          satisfied: null,
          created: addDays(today, -10),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      addedPayments.push(added.id);
      const find = () =>
        db()
          .selectFrom('messages')
          .selectAll()
          .where('source', '=', `plan-payment:${plan.id}:${payDate}`)
          .where('kind', '=', EDITED_KIND)
          .where('channel', '=', 'email')
          .executeTakeFirstOrThrow();
      clock.advance(61_000);
      await run();
      const made = await find();
      // Made outside the debtor's contact hours: it goes when they open.
      const wait = Date.parse(made.due_at) - clock.time;
      if (wait > 0) {
        clock.advance(wait);
        await run();
      }
      return find();
    };

    beforeAll(async () => {
      // The clock was made when the file's suites were collected; in a whole run this suite starts
      // many minutes later, after suites that wrote Maria's consents and messages at the real
      // time. Started from now, this suite's consent and receipts are her newest, as in life.
      clock.advance(Date.now() - clock.time);
      smtp = await startSmtpReceiver();
      server = await startServer(makeDatabase, {
        now: clock.now,
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
      // And past whatever earlier suites wrote with clocks of their own (a consent or a message
      // dated later would be taken as Maria's newest).
      const written = await Promise.all([
        db()
          .selectFrom('messages')
          .select((eb) => eb.fn.max('created_at').as('at'))
          .executeTakeFirst(),
        db()
          .selectFrom('email_consents')
          .select((eb) => eb.fn.max('given_at').as('at'))
          .executeTakeFirst(),
      ]);
      for (const row of written) {
        const at = row?.at ? Date.parse(String(row.at)) : Number.NaN;
        if (at >= clock.time) clock.advance(at - clock.time + 60_000);
      }
      for (const role of ['editor', 'approver', 'client_manager', 'admin'] as const) {
        sessions[role] = await signIn(await makeAccount(`${role}-msg`, role));
      }
      client =
        (
          await db()
            .selectFrom('accounts')
            .select('client_id')
            .where('account_number', '=', MARIA_ACCOUNT)
            .executeTakeFirstOrThrow()
        ).client_id ?? null;
      await run(); // whatever earlier suites left due is not this suite's
      smtp.mails.length = 0;
      before = await counts();
      // Maria gives her address with the portal's statement, in Spanish.
      const token = (await debtorSignIn(server, MARIA)).accessToken;
      const res = await call(server, '/api/Debtor/SetCommunicationPreferences', {
        token,
        headers: { 'accept-language': 'es' },
        body: { emails: true, letters: false, texts: false, emailAddress: address },
      });
      expect(res.status, res.text).toBe(200);
      await paid(`MA${tag}`);
      await run();
      ids.a = (await receiptOf(`MA${tag}`)).id;
      await paid(`MB${tag}`);
      await run();
      ids.b = (await receiptOf(`MB${tag}`)).id;
    }, SLOW);
    afterAll(async () => {
      await db()?.deleteFrom('email_opt_outs').where('email', '=', address).execute();
      if (addedPayments.length > 0)
        await db()?.deleteFrom('arrangement_payments').where('id', 'in', addedPayments).execute();
      await restore?.();
      await server?.close();
      await smtp?.close();
    });

    it('fails closed: the outbox, evidence and counts for approvers and admins only', async () => {
      const routes = [
        `/messages?account=${MARIA_ACCOUNT}`,
        `/messages/${ids.a}`,
        '/message-counts',
      ];
      for (const route of routes) {
        for (const role of ['approver', 'admin'] as const) {
          const res = await as(role, route);
          expect(res.status, `${role} ${route} ${res.text}`).toBe(200);
        }
        for (const role of ['editor', 'client_manager'] as const) {
          expect((await as(role, route)).status, `${role} ${route}`).toBe(403);
        }
        expect((await as(null, route)).status, route).toBe(401);
      }
      // The preview shows a draft's words with sample values: whoever reads drafts.
      for (const role of ['editor', 'approver', 'client_manager', 'admin'] as const) {
        const res = await as(role, `/messages/preview?kind=${RECEIPT_KIND}`);
        expect(res.status, `${role} ${res.text}`).toBe(200);
      }
      expect((await as(null, `/messages/preview?kind=${RECEIPT_KIND}`)).status).toBe(401);
      // A debtor's token opens none of it.
      const token = (await debtorSignIn(server, MARIA)).accessToken;
      expect((await as(null, '/message-counts', { token })).status).toBe(401);
    });

    it('answers bad input with 400 or 404, never 5xx', async () => {
      for (const route of [
        '/messages?status=delivered-maybe',
        '/messages?limit=0',
        '/messages?account=%27%3Bdrop',
        '/messages/msg_123',
        '/messages/preview',
        '/messages/preview?kind=..%2Fsecret',
        '/messages/preview?kind=payment-receipt&draft=abc',
        '/message-counts?from=2026-12-10&to=2026-12-01',
        '/message-counts?from=yesterday',
      ]) {
        const res = await as('approver', route);
        expect(res.status, `${route} ${res.text}`).toBe(400);
      }
      expect((await as('approver', `/messages/msg_${'0'.repeat(24)}`)).status).toBe(404);
      expect((await as('approver', '/messages/preview?kind=no-such-kind')).status).toBe(404);
      expect(
        (await as('approver', `/messages/preview?kind=${RECEIPT_KIND}&draft=999999`)).status,
      ).toBe(404);
    });

    it('shows each message exactly as the SMTP server received it, by account and by id', async () => {
      const page = await as<{ messages: Summary[] }>(
        'approver',
        `/messages?account=${MARIA_ACCOUNT}&kind=${RECEIPT_KIND}&limit=5`,
      );
      expect(page.status, page.text).toBe(200);
      // Each receipt is an e-mail and a text, the text kept as not sent (no text consent).
      const emails = page.body.messages.filter((m) => m.channel === 'email');
      expect(emails.map((m) => m.id).slice(0, 2)).toEqual([ids.b, ids.a]);
      expect(page.body.messages.every((m) => m.accountNumber === MARIA_ACCOUNT)).toBe(true);
      expect(emails[0]).toMatchObject({
        status: 'sent',
        language: 'es',
        maskedAddress: 'm•••@example.com',
        subject: 'Recibo de su pago de $60.00',
      });
      // Paging: one at a time, then the next.
      const first = await as<{ messages: Summary[]; next: string | null }>(
        'approver',
        `/messages?account=${MARIA_ACCOUNT}&kind=${RECEIPT_KIND}&limit=1`,
      );
      expect(first.body.messages[0]?.id).toBe(page.body.messages[0]?.id);
      const second = await as<{ messages: Summary[] }>(
        'approver',
        `/messages?account=${MARIA_ACCOUNT}&kind=${RECEIPT_KIND}&limit=1&before=${first.body.next}`,
      );
      expect(second.body.messages[0]?.id).toBe(page.body.messages[1]?.id);
      // Another status has none of them.
      const skipped = await as<{ messages: Summary[] }>(
        'approver',
        `/messages?account=${MARIA_ACCOUNT}&status=skipped`,
      );
      expect(skipped.body.messages.some((m) => m.id === ids.a || m.id === ids.b)).toBe(false);

      const evidence = await as<Evidence>('admin', `/messages/${ids.a}`);
      expect(evidence.status, evidence.text).toBe(200);
      const mail = smtp.mails.find((m) => m.messageId === `<${ids.a}@agency.example>`);
      expect(mail).toBeDefined();
      expect(evidence.body.message.subject).toBe(mail?.parsed.subject);
      expect(evidence.body.text?.trim()).toBe(mail?.parsed.text?.trim());
      expect(evidence.body.version?.version).toBe(Number(evidence.body.message.templateVersion));
      // The sign-in link carries the message's reference, and is the account-number sign-in.
      expect(evidence.body.text).toContain(
        `${PORTAL}/login?accountNumber=${MARIA_ACCOUNT}&m=${ids.a}`,
      );
      expect(evidence.body.html).toContain(`accountNumber=${MARIA_ACCOUNT}&amp;m=${ids.a}`);
      // Every look-up is in the audit log.
      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'subject'])
        .where('action', '=', 'messages.view')
        .where('subject', '=', ids.a)
        .execute();
      expect(audit.length).toBeGreaterThan(0);
    });

    it('previews the reminder from a draft in English and Spanish with its segments; the edited Spanish is what the next reminder uses, and the evidence shows both texts', async () => {
      // A reminder before the edit: the old Spanish words.
      ids.r1 = (await remindOf(2)).id;
      const published = await as<{ json: Record<string, unknown>; version: number }>(
        'editor',
        `/content/file?path=${encodeURIComponent(`messages/${EDITED_KIND}.json`)}`,
      );
      expect(published.status, published.text).toBe(200);
      const json = structuredClone(published.body.json) as {
        email: { subject: { en: string; es: string } };
      };
      const englishSubject = json.email.subject.en;
      json.email.subject.es = NEW_SPANISH_SUBJECT;

      const draft = await as<{ id: number }>('editor', '/drafts', {
        body: { title: 'Reminder ES' },
      });
      expect(draft.status, draft.text).toBe(201);
      const put = await as('editor', `/drafts/${draft.body.id}/file`, {
        method: 'PUT',
        body: { path: `messages/${EDITED_KIND}.json`, json },
      });
      expect(put.status, put.text).toBe(200);

      // The draft's preview: the new Spanish, the English as it was, and the segments.
      const preview = await as<{
        version: number;
        draft: number | null;
        channels: string[];
        languages: Record<'en' | 'es', Rendering>;
      }>('editor', `/messages/preview?kind=${EDITED_KIND}&draft=${draft.body.id}`);
      expect(preview.status, preview.text).toBe(200);
      expect(preview.body.draft).toBe(draft.body.id);
      expect(preview.body.languages.es.subject).toMatch(/^Recordatorio: su pago de \$/);
      expect(preview.body.languages.en.subject).toMatch(/^Your plan payment of \$/);
      expect(englishSubject).toBe('Your plan payment of {{amount}} is on {{date}}');
      expect(preview.body.languages.en.segments?.encoding).toBe('GSM-7');
      expect(preview.body.languages.es.segments?.segments).toBeGreaterThan(0);
      expect(preview.body.languages.en.text).toContain('/login?accountNumber=');
      // The published preview still has the old Spanish.
      const live = await as<{ languages: Record<'en' | 'es', Rendering> }>(
        'approver',
        `/messages/preview?kind=${EDITED_KIND}`,
      );
      // With the glossary's samples formatted in each language as real messages are.
      expect(live.body.languages.es.subject).toBe(
        'Su pago programado de $60.00 es el 11 de marzo de 2026',
      );
      expect(live.body.languages.en.subject).toBe(
        'Your plan payment of $60.00 is on March 11, 2026',
      );
      expect(live.body.languages.es.text).toContain('el 11 de marzo de 2026 para la cuenta');
      expect(live.body.languages.es.text).not.toMatch(/March|Visa \*{4}1111 on/);
      // The receipt's Spanish text has an ó ("Código"), outside GSM-7: UCS-2, in more parts.
      const receipt = await as<{ languages: Record<'en' | 'es', Rendering> }>(
        'approver',
        `/messages/preview?kind=${RECEIPT_KIND}`,
      );
      expect(receipt.body.languages.en.segments?.encoding).toBe('GSM-7');
      expect(receipt.body.languages.es.segments?.encoding).toBe('UCS-2');
      expect(receipt.body.languages.es.segments?.segments).toBeGreaterThan(
        receipt.body.languages.en.segments?.segments ?? 0,
      );

      // Two people: the editor submits, an approver publishes.
      const submit = await as('editor', `/drafts/${draft.body.id}/submit`, {
        body: { confirmSpanishReview: true },
      });
      expect(submit.status, submit.text).toBe(200);
      expect(
        (await as('editor', `/drafts/${draft.body.id}/approve`, { body: { comment: 'x' } })).status,
      ).toBe(403);
      const approved = await as<{ version: number }>(
        'approver',
        `/drafts/${draft.body.id}/approve`,
        {
          body: { comment: 'Spanish reminder subject' },
        },
      );
      expect(approved.status, approved.text).toBe(200);

      // The next reminder (a plan payment with no method on file: the kind's words for it).
      const r2 = await remindOf(3);
      ids.r2 = r2.id;
      expect(r2).toMatchObject({
        status: 'sent',
        language: 'es',
        template_version: String(approved.body.version),
      });
      expect(r2.subject).toMatch(
        /^Recordatorio: su pago de \$15\.00 vence el \d{1,2} de [a-z]+ de \d{4}$/,
      );
      const mail = smtp.mails.find((m) => m.messageId === `<${r2.id}@agency.example>`);
      expect(mail?.parsed.subject).toBe(r2.subject);
      expect(mail?.parsed.text).toContain('se cobrará con el método de pago que usted elija el');
      // A receipt made now is as it was (only the reminder was edited).
      await paid(`MC${tag}`);
      await run();
      const c = await receiptOf(`MC${tag}`);
      ids.c = c.id;
      expect(c).toMatchObject({ status: 'sent', subject: 'Recibo de su pago de $60.00' });

      // The evidence of the account shows both texts, each with the version it came from.
      const page = await as<{ messages: Summary[] }>(
        'approver',
        `/messages?account=${PLAN_ACCOUNT}&kind=${EDITED_KIND}&limit=6`,
      );
      expect(page.status, page.text).toBe(200);
      const [newest, older] = page.body.messages.filter((m) => m.channel === 'email');
      expect(newest).toMatchObject({ id: r2.id, subject: r2.subject, language: 'es' });
      expect(older).toMatchObject({ id: ids.r1, language: 'es' });
      expect(older?.subject).toMatch(
        /^Su pago programado de \$15\.00 es el \d{1,2} de [a-z]+ de \d{4}$/,
      );
      expect(newest?.templateVersion).toBe(String(approved.body.version));
      expect(Number(older?.templateVersion)).toBeLessThan(approved.body.version);
      const evidence = await as<Evidence>('approver', `/messages/${r2.id}`);
      expect(evidence.body.version).toMatchObject({
        version: approved.body.version,
        comment: 'Spanish reminder subject',
      });
      expect(evidence.body.text?.trim()).toBe(mail?.parsed.text?.trim());
      expect(evidence.body.html).toContain('el método de pago que usted elija');
      const before = await as<Evidence>('approver', `/messages/${ids.r1}`);
      expect(before.body.message.subject).toBe(older?.subject);
      expect(before.body.version?.version).toBeLessThan(approved.body.version);
    });

    it('shows a message taken over from a lapsed lease as in doubt, in the list and its evidence', async () => {
      // The state a process killed mid-send leaves: the reminder pending under its lease, run out.
      const lapsed = new Date(clock.time - 60_000).toISOString();
      await db()
        .updateTable('messages')
        .set({
          status: 'pending',
          sent_at: null,
          lease_owner: 'killed-process',
          lease_until: lapsed,
          next_attempt_at: lapsed,
        })
        .where('id', '=', ids.r2)
        .execute();
      await run();
      // Another process took it over and sent it: the SMTP server has its Message-ID twice.
      const copies = smtp.mails.filter((m) => m.messageId === `<${ids.r2}@agency.example>`);
      expect(copies).toHaveLength(2);
      const page = await as<{ messages: (Summary & { inDoubtAt: string | null })[] }>(
        'approver',
        `/messages?account=${PLAN_ACCOUNT}&kind=${EDITED_KIND}&limit=6`,
      );
      expect(page.status, page.text).toBe(200);
      const taken = page.body.messages.find((m) => m.id === ids.r2);
      expect(taken).toMatchObject({ status: 'sent', inDoubtAt: clock.now().toISOString() });
      expect(page.body.messages.find((m) => m.id === ids.r1)?.inDoubtAt).toBeNull();
      const evidence = await as<{ message: { inDoubtAt: string | null } }>(
        'admin',
        `/messages/${ids.r2}`,
      );
      expect(evidence.body.message.inDoubtAt).toBe(clock.now().toISOString());
      expect(
        (await as<{ message: { inDoubtAt: string | null } }>('admin', `/messages/${ids.a}`)).body
          .message.inDoubtAt,
      ).toBeNull();
    });

    it('counts sent, delivered, opted out and clicked through to a payment within 7 days', async () => {
      // A's link is opened through the sign-in page; B's was opened 10 days ago (long past).
      const click = (message: string, accountNumber = MARIA_ACCOUNT) =>
        call(server, '/api/v2/Messages/Click', { body: { message, accountNumber } });
      expect((await click(ids.a)).status).toBe(204);
      expect((await click(ids.a, 'LU1.99999')).status).toBe(204); // not its account: not kept
      expect((await click(`msg_${'f'.repeat(24)}`)).status).toBe(204); // no such message
      expect((await click('nope')).status).toBe(400);
      const old = clock.now().getTime() - 10 * 24 * 3600 * 1000;
      await db()
        .insertInto('message_clicks')
        .values({
          id: `clk_${tag.replace(/[^0-9a-z]/g, '').slice(-24)}`,
          message_id: ids.b,
          clicked_at: new Date(old).toISOString(),
          until_at: new Date(old + 7 * 24 * 3600 * 1000).toISOString(),
        })
        .execute();
      const evidence = await as<Evidence>('approver', `/messages/${ids.a}`);
      expect(evidence.body.clicks).toHaveLength(1);
      // A payment now: within 7 days of A's click, not of B's.
      await paid(`MD${tag}`);
      await run();
      // The one-click opt-out of the last receipt sent.
      const d = await receiptOf(`MD${tag}`);
      const mail = smtp.mails.find((m) => m.messageId === `<${d.id}@agency.example>`);
      const unsubscribe = /^<([^>]+)>$/.exec(mail?.header('List-Unsubscribe') ?? '')?.[1];
      expect(unsubscribe).toBeDefined();
      const post = await fetch(unsubscribe!.replace(PORTAL, server.url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(post.status).toBe(200);

      const after = await counts();
      // Four receipts, each an e-mail and a text; the texts are kept, not sent (no text consent).
      expect(after.made - before.made).toBe(8);
      expect(after.skipped - before.skipped).toBe(4);
      expect(after.sent - before.sent).toBe(4);
      expect(after.delivered - before.delivered).toBe(4);
      expect(after.bounced - before.bounced).toBe(0);
      expect(after.optedOut - before.optedOut).toBe(1);
      expect(after.clickedToPayment - before.clickedToPayment).toBe(1);
    });

    it("shows a debtor the messages sent to them, as sent, and nobody else's", async () => {
      const maria = (await debtorSignIn(server, MARIA)).accessToken;
      const list = await call<{ id: string; subject: string | null; language: string }[]>(
        server,
        '/api/v2/Messages',
        { token: maria },
      );
      expect(list.status, list.text).toBe(200);
      expect(schemas.check('document-message-list', list.body)).toEqual([]);
      const shown = list.body.map((m) => m.id);
      expect(shown).toEqual(expect.arrayContaining([ids.a, ids.b, ids.c, ids.r1, ids.r2]));
      expect(shown.indexOf(ids.r2)).toBeLessThan(shown.indexOf(ids.r1));
      expect(shown.indexOf(ids.c)).toBeLessThan(shown.indexOf(ids.a));
      const one = await call<{ html: string; message: { subject: string } }>(
        server,
        `/api/v2/Messages/${ids.c}`,
        { token: maria },
      );
      expect(one.status, one.text).toBe(200);
      expect(schemas.check('document-message', one.body)).toEqual([]);
      const row = await db()
        .selectFrom('messages')
        .select('html')
        .where('id', '=', ids.c)
        .executeTakeFirstOrThrow();
      expect(one.body.html).toBe(row.html);
      expect(one.body.message.subject).toBe('Recibo de su pago de $60.00');
      // Another debtor: not in their list, and 404 by id; no token: 401; v1: no such route.
      const john = (await debtorSignIn(server, JOHN)).accessToken;
      const theirs = await call<{ id: string }[]>(server, '/api/v2/Messages', { token: john });
      expect(theirs.body.some((m) => m.id === ids.c)).toBe(false);
      expect((await call(server, `/api/v2/Messages/${ids.c}`, { token: john })).status).toBe(404);
      expect((await call(server, `/api/v2/Messages/${ids.c}`)).status).toBe(401);
      expect((await call(server, `/api/v2/Messages/nope`, { token: maria })).status).toBe(400);
      expect((await call(server, `/api/Messages`, { token: maria })).status).toBe(404);
    });
  });
}
