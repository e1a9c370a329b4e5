/**
 * The studio's Activity screen's API (issue 42, item 4): GET /studio/api/events against a real
 * server and database. A debtor's change made through the portal's API shows up there, newest
 * first, filtered by type, account and the agency's days; pages follow on by cursor without a
 * repeat or a gap; approvers and admins only (editors and client managers 403, no cookie 401); bad
 * input is 400 with the error body, never 5xx; and every look-up is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDay } from '../../src/server/dates';
import {
  apiValidators,
  call,
  startServer,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import { clearLockout, MARIA, signIn as debtorSignIn, snapshotDemo } from './debtor-fixtures';
import { studioClient, TestClock, type Session } from './studio-fixtures';

interface ActivityEvent {
  id: string;
  cursor: string;
  type: string;
  occurredAt: string;
  clientCode: string | null;
  accountNumber: string | null;
  debtorKey: string | null;
  data: Record<string, unknown>;
}
interface EventsPage {
  events: ActivityEvent[];
  next: string | null;
}

const schemas = apiValidators();

export function studioActivitySuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`studio activity (events) on ${dialect}`, { timeout: 120_000 }, () => {
    const clock = new TestClock(Date.now());
    const tag = `activity-${dialect.toLowerCase()}-${Date.now().toString(36)}`;
    let server: RunningServer;
    let restore: () => Promise<void>;
    const { studio, makeAccount, signIn } = studioClient(() => server, clock, tag);
    const sessions = {} as Record<'editor' | 'approver' | 'client_manager' | 'admin', Session>;
    let accounts: { account_number: string; client_id: string | null }[] = [];

    const events = (query: string, session: Session | null = sessions.approver) =>
      studio<EventsPage>(`/events${query}`, { session });

    beforeAll(async () => {
      server = await startServer(makeDatabase, { now: clock.now });
      await clearLockout(server);
      restore = await snapshotDemo(server);
      for (const role of ['editor', 'approver', 'client_manager', 'admin'] as const) {
        sessions[role] = await signIn(await makeAccount(`${role}-act`, role));
      }
      // A debtor's changes through the portal's API: one event per account of the debtor each.
      const maria = (await debtorSignIn(server, MARIA)).accessToken;
      for (const texts of [false, true, false, true]) {
        const res = await call(server, '/api/Debtor/SetCommunicationPreferences', {
          token: maria,
          body: { emails: false, letters: true, texts, emailAddress: 'maria.act@example.com' },
        });
        expect(res.status, res.text).toBe(200);
      }
      accounts = await server.database.db
        .selectFrom('accounts')
        .innerJoin('debtors', 'debtors.id', 'accounts.debtor_id')
        .select(['accounts.account_number', 'accounts.client_id'])
        .where('debtors.last_name', '=', 'Garcia')
        .orderBy('accounts.account_number')
        .execute();
      expect(accounts.length).toBeGreaterThan(1);
    }, 180_000);
    afterAll(async () => {
      await restore?.();
      await server?.close();
    });

    it('shows approvers and admins the change, newest first, by type and account', async () => {
      const [first, second] = accounts;
      if (!first || !second) throw new Error('Maria has two accounts');
      for (const session of [sessions.approver, sessions.admin]) {
        const page = await events(
          `?type=debtor.preferences_changed&account=${first.account_number}`,
          session,
        );
        expect(page.status, page.text).toBe(200);
        const [newest] = page.body.events;
        expect(newest).toMatchObject({
          type: 'debtor.preferences_changed',
          accountNumber: first.account_number,
          clientCode: first.client_id,
          data: { emails: false, letters: true, texts: true },
        });
        expect(page.body.events.every((e) => e.accountNumber === first.account_number)).toBe(true);
        expect(page.body.events.every((e) => e.type === 'debtor.preferences_changed')).toBe(true);
      }
      // Without filters: the newest events are this change's, one per account, newest first.
      const all = await events('?limit=200');
      expect(all.status, all.text).toBe(200);
      const cursors = all.body.events.map((e) => Number(e.cursor));
      expect([...cursors].sort((a, b) => b - a)).toEqual(cursors);
      const ours = all.body.events.slice(0, accounts.length);
      expect(ours.map((e) => e.accountNumber).sort()).toEqual(
        accounts.map((a) => a.account_number),
      );
      // Another type, or another account, has none of them (other suites on this database may
      // have filed disputes on the account: only that type comes back, never these events).
      const oursIds = new Set(ours.map((e) => e.id));
      const other = await events(`?type=dispute.filed&account=${first.account_number}`);
      expect(other.status, other.text).toBe(200);
      expect(other.body.events.every((e) => e.type === 'dispute.filed')).toBe(true);
      expect(other.body.events.some((e) => oursIds.has(e.id))).toBe(false);
      const elsewhere = await events(`?account=${second.account_number}`);
      expect(elsewhere.body.events.some((e) => e.accountNumber === first.account_number)).toBe(
        false,
      );
    });

    it('filters by the agency days, both ends inclusive', async () => {
      const [first] = accounts;
      const newest = (await events(`?account=${first?.account_number}&limit=1`)).body.events[0];
      if (!newest) throw new Error('an event');
      const day = calendarDay(new Date(newest.occurredAt));
      const shown = async (query: string) =>
        (await events(`?account=${first?.account_number}${query}`)).body.events.map((e) => e.id);
      expect(await shown(`&from=${day}&to=${day}`)).toContain(newest.id);
      expect(await shown(`&from=${day}`)).toContain(newest.id);
      expect(await shown(`&to=${day}`)).toContain(newest.id);
      expect(await shown(`&from=${addDays(day, 1)}`)).toEqual([]);
      expect(await shown(`&to=${addDays(day, -1)}`)).not.toContain(newest.id);
    });

    it('pages by cursor: each page older than the last, none repeated or skipped', async () => {
      const whole = (await events('?limit=9')).body.events.map((e) => e.id);
      const seen: string[] = [];
      let before: string | null = null;
      for (let i = 0; i < 3; i++) {
        const page: Awaited<ReturnType<typeof events>> = await events(
          `?limit=3${before ? `&before=${before}` : ''}`,
        );
        expect(page.status, page.text).toBe(200);
        expect(page.body.events).toHaveLength(3);
        seen.push(...page.body.events.map((e) => e.id));
        before = page.body.next;
        expect(before).toBe(page.body.events.at(-1)?.cursor);
      }
      expect(seen).toEqual(whole);
      // The last page says there is no next one.
      const oldest = await events('?before=2&limit=5');
      expect(oldest.body.next).toBeNull();
      expect(oldest.body.events.map((e) => e.cursor)).toEqual(['1']);
    });

    it('refuses editors and client managers (403) and a call without a session (401)', async () => {
      for (const session of [sessions.editor, sessions.client_manager]) {
        const res = await events('', session);
        expect(res.status, res.text).toBe(403);
        expect(schemas.check('error', res.body)).toEqual([]);
      }
      const none = await events('', null);
      expect(none.status).toBe(401);
      // A debtor's Bearer token is no studio session.
      const maria = (await debtorSignIn(server, MARIA)).accessToken;
      expect((await studio('/events', { token: maria })).status).toBe(401);
    });

    it('answers bad input 400 with the error body, never 5xx', async () => {
      for (const query of [
        '?type=payment.exploded',
        '?type=',
        '?from=2026-13-01',
        '?from=yesterday',
        '?to=2026-02-30x',
        '?from=2026-03-02&to=2026-03-01',
        '?account=%27%3Bdrop%20table',
        `?account=${'A'.repeat(41)}`,
        '?before=0',
        '?before=abc',
        '?before=-5',
        '?before=1234567890123456',
        '?limit=0',
        '?limit=201',
        '?limit=1.5',
        '?unknown=1',
      ]) {
        const res = await events(query);
        expect(res.status, `${query}: ${res.text}`).toBe(400);
        expect(schemas.check('error', res.body), query).toEqual([]);
      }
    });

    it('writes every look-up to the audit log, with its filters', async () => {
      const account = accounts[0]?.account_number ?? '';
      const before = await server.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'events.view')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      const res = await events(`?type=debtor.preferences_changed&account=${account}&limit=2`);
      expect(res.status).toBe(200);
      const rows = await server.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'events.view')
        .where('id', '>', before?.id ?? 0)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.subject).toBe(account);
      expect(JSON.parse(rows[0]?.detail ?? '{}')).toEqual({
        type: 'debtor.preferences_changed',
        shown: res.body.events.length,
      });
      // The audit log's own filter finds it.
      const audit = await studio<{ action: string }[]>('/audit?action=events.view&limit=1', {
        session: sessions.admin,
      });
      expect(audit.body[0]?.action).toBe('events.view');
    });
  });
}
