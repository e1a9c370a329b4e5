/**
 * Rule expressions are not an editor's (issue 44, item 6), through the studio API against a real
 * server and database: a save that adds, removes or changes a rule (a message's `trigger.when`,
 * any value the file's meta-schema says nothing of) is refused, 403 draftRulesNotAllowed, to every
 * role that may not change rules (editor, client manager), and nothing is saved; the same file's
 * words and settings still save. A value the meta-schema forbids is left to the checks. The roles that may (RULE_ROLES: admin) pass the guard. No draft is published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type DatabaseFactory, type RunningServer } from './harness';
import { TestClock, studioClient, type Session, type StudioCall } from './studio-fixtures';

type Json = Record<string, unknown>;
interface Draft {
  id: number;
  files: Record<string, unknown>;
}

const MESSAGE = 'messages/plan-created.json';
const CLIENT = 'clients/NWB.json';
const POLICY = 'policies/sign-in.json';

export function studioRulesSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`studio rules by role on ${dialect}`, { timeout: 180_000 }, () => {
    const clock = new TestClock(Date.now());
    const tag = `rules-${dialect.toLowerCase()}-${Date.now().toString(36)}`;
    let server: RunningServer;
    const { studio, makeAccount, signIn } = studioClient(() => server, clock, tag);
    const sessions = {} as Record<'editor' | 'client_manager' | 'admin', Session>;
    const as = <T = unknown>(who: keyof typeof sessions, route: string, options: StudioCall = {}) =>
      studio<T>(route, { session: sessions[who], ...options });
    const fileOf = async (path: string): Promise<Json> => {
      const res = await as<{ json: Json }>(
        'editor',
        `/content/file?path=${encodeURIComponent(path)}`,
      );
      expect(res.status, res.text).toBe(200);
      return res.body.json;
    };
    const draftOf = async (who: keyof typeof sessions) => {
      const res = await as<Draft>(who, '/drafts', { body: { title: `Rules ${who}` } });
      expect(res.status, res.text).toBe(201);
      return res.body.id;
    };
    const put = (who: keyof typeof sessions, id: number, path: string, json: unknown) =>
      as<Draft & { message?: string }>(who, `/drafts/${id}/file`, {
        method: 'PUT',
        body: { path, json },
      });

    beforeAll(async () => {
      server = await startServer(makeDatabase, { now: clock.now });
      for (const role of ['editor', 'client_manager', 'admin'] as const) {
        sessions[role] = await signIn(await makeAccount(role.replace('_', '-'), role));
      }
    }, 170_000);

    afterAll(async () => {
      await server?.close();
    });

    it('refuses an editor a changed, added or removed rule, and saves their words', async () => {
      const message = await fileOf(MESSAGE);
      const trigger = message.trigger as Json;
      const id = await draftOf('editor');
      for (const json of [
        { ...message, trigger: { ...trigger, when: { '!!': { var: 'schedule.0' } } } },
        { ...message, trigger: { events: trigger.events } },
        { ...message, trigger: { ...trigger, when: true } },
      ]) {
        const res = await put('editor', id, MESSAGE, json);
        expect(res.status, res.text).toBe(403);
        expect(res.body.message).toBeTruthy();
        expect(res.text).not.toContain('schedule');
      }
      const draft = await as<Draft>('editor', `/drafts/${id}`);
      expect(draft.body.files).toEqual({});
      // The same file's words are theirs to change.
      const title = message.title as { en: string; es: string };
      const words = { ...message, title: { en: `${title.en} (changed)`, es: title.es } };
      const ok = await put('editor', id, MESSAGE, words);
      expect(ok.status, ok.text).toBe(200);
      expect(Object.keys(ok.body.files)).toEqual([MESSAGE]);
    });

    it('refuses a client manager a rule, even in a file of another shape', async () => {
      const client = await fileOf(CLIENT);
      const message = await fileOf(MESSAGE);
      const id = await draftOf('client_manager');
      // A message's shape (its trigger's rule) in a client file: the rule is refused first.
      const res = await put('client_manager', id, CLIENT, message);
      expect(res.status, res.text).toBe(403);
      const same = await put('client_manager', id, CLIENT, {
        ...client,
        name: `${String(client.name)} (changed)`,
      });
      expect(same.status, same.text).toBe(200);
    });

    it('lets a role that may change rules past the guard (the checks still judge the file)', async () => {
      const message = await fileOf(MESSAGE);
      const id = await draftOf('admin');
      const res = await put('admin', id, POLICY, message);
      expect(res.status, res.text).toBe(200);
      expect((res.body as unknown as { checks: unknown[] }).checks.length).toBeGreaterThan(0);
    });
  });
}
