/**
 * Translation state through the studio API (issue 44, item 5; studio/translations.ts), against a
 * real server and database:
 * - a text whose English changed after its Spanish was saved is flagged in the draft, in its
 *   review and in GET /translations; saving the Spanish clears it; the English going back clears it;
 * - submitting such a draft is 409 until the author confirms, and the confirmation is an audit row
 *   naming the texts;
 * - approving it writes the state of the new published version; a later draft starts from it and
 *   saving the Spanish there clears it in the next version.
 * The suite leaves the content as it found it (a rollback at the end).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type DatabaseFactory, type RunningServer } from './harness';
import {
  TestClock,
  studioClient,
  type Account,
  type Session,
  type StudioCall,
} from './studio-fixtures';

const FILE = 'content/payment-authorization.json';
const POINTER = '/recurring';
const OLD_DAYS = 'at least 1 business day before';
const NEW_DAYS = 'at least 3 business days before';

type Json = Record<string, unknown>;
type Text = { en: string; es: string };
interface Flag {
  path: string;
  pointer: string;
  englishThen: string;
}
interface Draft {
  id: number;
  status: string;
  checks: { code: string }[];
  translations: Flag[];
}
interface Flagged extends Flag {
  en: string;
  es: string;
}
interface Translations {
  version: number;
  published: Flagged[];
  drafts: { id: number; title: string; status: string; texts: Flagged[] }[];
}
interface ErrorAnswer {
  message: string;
  errors?: { path: string; keyword: string; message: string }[];
}

export function studioTranslationsSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`studio translation state on ${dialect}`, { timeout: 180_000 }, () => {
    const clock = new TestClock(Date.now());
    const tag = `translations-${dialect.toLowerCase()}-${Date.now().toString(36)}`;
    let server: RunningServer;
    const { studio, makeAccount, signIn } = studioClient(() => server, clock, tag);
    const staff = {} as Record<'editor' | 'approver' | 'approver2', Account>;
    const sessions = {} as Record<'editor' | 'approver' | 'approver2', Session>;
    let startVersion = 0;
    let original: Json = {};
    let text: Text = { en: '', es: '' };

    const as = <T = unknown>(who: keyof typeof sessions, route: string, options: StudioCall = {}) =>
      studio<T>(route, { session: sessions[who], ...options });
    const newDraft = async (title: string) => {
      const res = await as<Draft>('editor', '/drafts', { body: { title } });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    const save = async (id: number, value: Text) => {
      const res = await as<Draft>('editor', `/drafts/${id}/file`, {
        method: 'PUT',
        body: { path: FILE, json: { ...original, recurring: value } },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.checks, res.text).toEqual([]);
      return res.body;
    };
    const approve = async (id: number, who: 'approver' | 'approver2' = 'approver') => {
      const res = await as<{ version: number }>(who, `/drafts/${id}/approve`, {
        body: { comment: 'Translation suite' },
      });
      expect(res.status, res.text).toBe(200);
      return res.body.version;
    };
    const flagged = async () => {
      const res = await as<Translations>('editor', '/translations');
      expect(res.status, res.text).toBe(200);
      return res.body;
    };

    beforeAll(async () => {
      server = await startServer(makeDatabase, { now: clock.now });
      for (const role of ['editor', 'approver'] as const) {
        staff[role] = await makeAccount(role, role);
        sessions[role] = await signIn(staff[role]);
      }
      staff.approver2 = await makeAccount('approver-two', 'approver');
      sessions.approver2 = await signIn(staff.approver2);
      const file = await as<{ json: Json; version: number }>(
        'editor',
        `/content/file?path=${encodeURIComponent(FILE)}`,
      );
      expect(file.status, file.text).toBe(200);
      startVersion = file.body.version;
      original = file.body.json;
      text = original.recurring as Text;
      expect(text.en).toContain(OLD_DAYS);
      // A fresh database is migrated and seeded here when this suite runs alone.
    }, 170_000);

    afterAll(async () => {
      if (server && startVersion) {
        const now = await as<{ version: number }>('editor', '/content');
        if (now.body.version !== startVersion) {
          const back = await as<{ draft: { id: number } }>(
            'approver',
            `/versions/${startVersion}/rollback`,
            { body: { comment: 'Translation suite: back to where it started' } },
          );
          if (back.status === 201) await approve(back.body.draft.id, 'approver2');
        }
      }
      await server?.close();
    });

    it('flags a text whose English changed after its Spanish was saved, and clears it when the Spanish is saved or the English goes back', async () => {
      const draft = await newDraft('Cancellation deadline: English first');
      expect(draft.translations).toEqual([]);
      const newEn = text.en.replace(OLD_DAYS, NEW_DAYS);
      const flaggedDraft = await save(draft.id, { en: newEn, es: text.es });
      expect(flaggedDraft.translations).toEqual([
        { path: FILE, pointer: POINTER, englishThen: text.en },
      ]);
      // The same in the draft read again, its review and the view of every flagged text.
      expect((await as<Draft>('editor', `/drafts/${draft.id}`)).body.translations).toEqual(
        flaggedDraft.translations,
      );
      const review = await as<{ translations: Flag[] }>('approver', `/drafts/${draft.id}/review`);
      expect(review.body.translations).toEqual(flaggedDraft.translations);
      const view = await flagged();
      expect(view.drafts.find((d) => d.id === draft.id)?.texts).toEqual([
        {
          path: FILE,
          pointer: POINTER,
          englishThen: text.en,
          en: newEn,
          es: text.es,
          // Named for people in the caller's language (flows/studio/).
          name: 'Recurring payment authorization',
        },
      ]);
      // A second English change keeps the English the Spanish was saved against.
      const again = await save(draft.id, { en: `${newEn} `, es: text.es });
      expect(again.translations[0]?.englishThen).toBe(text.en);
      // The English back as it was: nothing to review.
      expect((await save(draft.id, { en: text.en, es: `${text.es} ` })).translations).toEqual([]);
      await save(draft.id, { en: newEn, es: `${text.es} ` });
      const newEs = text.es.replace('1 día hábil', '3 días hábiles');
      expect(newEs).not.toBe(text.es);
      const cleared = await save(draft.id, { en: newEn, es: newEs });
      expect(cleared.translations).toEqual([]);
      expect((await flagged()).drafts.find((d) => d.id === draft.id)).toBeUndefined();
      // Dropping the file brings back the base version's state (none).
      const dropped = await as<Draft>(
        'editor',
        `/drafts/${draft.id}/file?path=${encodeURIComponent(FILE)}`,
        { method: 'DELETE' },
      );
      expect(dropped.status, dropped.text).toBe(200);
      expect(dropped.body.translations).toEqual([]);
    });

    it('refuses to submit with Spanish to review until the author confirms, records the confirmation in the audit log, and keeps the flag in the published version until a later draft saves the Spanish', async () => {
      const draft = await newDraft('Cancellation deadline: English only');
      const newEn = text.en.replace(OLD_DAYS, NEW_DAYS);
      await save(draft.id, { en: newEn, es: text.es });
      for (const body of [undefined, {}, { confirmSpanishReview: false }]) {
        const refused = await as<ErrorAnswer>('editor', `/drafts/${draft.id}/submit`, {
          method: 'POST',
          ...(body !== undefined && { body }),
        });
        expect(refused.status, refused.text).toBe(409);
        expect(refused.body.errors).toEqual([
          { path: `${FILE}#${POINTER}`, keyword: 'spanishNeedsReview', message: text.en },
        ]);
      }
      const wrong = await as<ErrorAnswer>('editor', `/drafts/${draft.id}/submit`, {
        body: { confirmSpanishReview: 'yes' },
      });
      expect(wrong.status, wrong.text).toBe(400);
      const submitted = await as<Draft>('editor', `/drafts/${draft.id}/submit`, {
        body: { confirmSpanishReview: true },
      });
      expect(submitted.status, submitted.text).toBe(200);
      expect(submitted.body.status).toBe('submitted');
      const audit = await as<{ action: string; staffId: number; subject: string; detail: Json }[]>(
        'approver',
        `/audit?action=draft.spanish-confirm&staffId=${staff.editor.id}`,
      );
      expect(audit.status, audit.text).toBe(200);
      expect(audit.body).toEqual([
        expect.objectContaining({
          action: 'draft.spanish-confirm',
          staffId: staff.editor.id,
          subject: `draft:${draft.id}`,
          detail: { id: draft.id, texts: [{ path: FILE, pointer: POINTER }] },
        }),
      ]);

      const version = await approve(draft.id);
      const published = await flagged();
      expect(published.version).toBe(version);
      expect(published.published).toEqual([
        {
          path: FILE,
          pointer: POINTER,
          englishThen: text.en,
          en: newEn,
          es: text.es,
          // Named for people in the caller's language (flows/studio/).
          name: 'Recurring payment authorization',
        },
      ]);
      // A new draft starts from the published state, for a file it does not change yet...
      const next = await newDraft('Cancellation deadline: Spanish');
      expect(next.translations).toEqual([{ path: FILE, pointer: POINTER, englishThen: text.en }]);
      // ...and for a file it changes elsewhere (both languages of another text).
      const single = original.single as Text;
      const other = await as<Draft>('editor', `/drafts/${next.id}/file`, {
        method: 'PUT',
        body: {
          path: FILE,
          json: {
            ...original,
            recurring: { en: newEn, es: text.es },
            single: { en: `${single.en} `, es: `${single.es} ` },
          },
        },
      });
      expect(other.body.translations).toEqual(next.translations);
      const newEs = text.es.replace('1 día hábil', '3 días hábiles');
      const cleared = await save(next.id, { en: newEn, es: newEs });
      expect(cleared.translations).toEqual([]);
      const plain = await as<Draft>('editor', `/drafts/${next.id}/submit`, { method: 'POST' });
      expect(plain.status, plain.text).toBe(200);
      await approve(next.id, 'approver2');
      expect((await flagged()).published).toEqual([]);
    });
  });
}
