/**
 * The studio's content API (issue 24, slice 3: drafts, checks, review, publish, evidence), tried
 * as an attacker would, against a real server and database:
 * - every content route × {no session, a debtor's token, editor, approver, client manager, admin,
 *   a disabled staff member} answers what the role table says; CSRF is refused on every change;
 * - areas: a client manager cannot change a text file, an editor cannot change a client file,
 *   nobody but the author changes a draft, paths outside flows/ are refused;
 * - the checks of check:config show in a draft (a missing Spanish text, placeholders that differ,
 *   a client setting out of range), and such a draft cannot be submitted;
 * - an editor cannot approve; an approver publishes, and the new text is live at once (index.html
 *   and the next payment's authorization) with no restart; return with a comment; a stale draft
 *   is 409; a rollback restores the old text;
 * - evidence: the texts behind two payments' confirmation codes, before and after a publish;
 * - a client manager turns credit cards off for a client and CheckCard then refuses one.
 * The suite leaves the content as it found it (a rollback at the end).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, calendarDay } from '../../src/server/dates';
import type { StaffRole } from '../../src/server/db/types';
import { call, startServer, tempDir, type DatabaseFactory, type RunningServer } from './harness';
import {
  CARDS,
  PAYER_CONTACT,
  importFixture,
  signIn as debtorSignIn,
  type SubmitAnswer,
} from './payments-fixtures';
import {
  TestClock,
  studioClient,
  type Account,
  type Session,
  type StudioCall,
} from './studio-fixtures';

const AUTHORIZATION = 'content/payment-authorization.json';
const CLIENT = 'clients/NWB.json';
const POLICY = 'policies/sign-in.json';

interface Check {
  path: string;
  pointer: string;
  code: string;
  values: Record<string, unknown>;
  message: string;
}
interface Draft {
  id: number;
  status: string;
  area: string;
  baseVersion: number;
  changed: string[];
  reviewComment: string | null;
  publishedVersion: number | null;
  files: Record<string, unknown>;
  checks: Check[];
}
interface ErrorAnswer {
  message: string;
  errors?: { path: string; keyword: string; message: string }[];
}
type Json = Record<string, unknown>;

const person = { lastName: 'Studiofixture', ssn: '3141', dob: '1969-07-20' };
const account = (accountNumber: string) => ({
  accountNumber,
  clientId: 'NWB',
  creditorName: 'Northwind Bank',
  balance: 1000,
  originalBalance: 1000,
  statusCode: 'ACT',
  dateOfReferral: 'today-30',
  lastUpdateDate: 'today-5',
});
const fixture = {
  debtors: [
    {
      key: 'studio-content-debtor',
      firstName: 'Stella',
      lastName: person.lastName,
      ssnLast4: person.ssn,
      dateOfBirth: person.dob,
      fundingMethods: [
        {
          ref: 'visa',
          type: 'card',
          brand: 'visa',
          last4: '0004',
          expiration: '2031-06',
          token: 'sbx_card_ok_studio0001',
        },
      ],
      accounts: [account('STU1.10001'), account('STU1.10002'), account('STU1.10003')],
    },
  ],
};

export function studioContentSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(
    `studio content: drafts, checks, review, publish on ${dialect}`,
    { timeout: 180_000 },
    () => {
      // The server's clock follows the real one (payments are dated today), moved on by each
      // sign-in so a TOTP code is never used twice.
      const clock = new TestClock(Date.now());
      const tag = `content-${dialect.toLowerCase()}-${Date.now().toString(36)}`;
      const web = tempDir('studio-content-web-');
      let server: RunningServer;
      const { studio, makeAccount, signIn } = studioClient(() => server, clock, tag);
      const staff = {} as Record<StaffRole | 'approver2' | 'disabled' | 'editor2', Account>;
      const sessions = {} as Record<StaffRole | 'approver2' | 'editor2', Session>;
      let debtorToken = '';
      let fundingId = 0;
      let startVersion = 0;
      let original: Json = {};

      const as = <T = unknown>(
        who: keyof typeof sessions,
        route: string,
        options: StudioCall = {},
      ) => studio<T>(route, { session: sessions[who], ...options });

      const newDraft = async (
        who: 'editor' | 'client_manager' | 'editor2' | 'admin',
        title: string,
      ) => {
        const res = await as<Draft>(who, '/drafts', { body: { title } });
        expect(res.status, res.text).toBe(201);
        return res.body;
      };
      const putFile = (who: keyof typeof sessions, id: number, file: string, json: unknown) =>
        as<Draft & ErrorAnswer>(who, `/drafts/${id}/file`, {
          method: 'PUT',
          body: { path: file, json },
        });
      const published = async (file: string, version?: number) => {
        const res = await as<{ json: Json; version: number; metaSchema: Json | null }>(
          'editor',
          `/content/file?path=${encodeURIComponent(file)}${version ? `&version=${version}` : ''}`,
        );
        expect(res.status, res.text).toBe(200);
        return res.body;
      };
      /** The authorization file with a new single-payment text, in both languages. */
      const authorizationWith = (en: string, es: string): Json => ({
        ...original,
        single: { en, es },
      });
      const submitted = async (who: 'editor' | 'client_manager' | 'editor2', id: number) => {
        // Texts of these drafts whose English changed alone (here or in a version published by
        // an earlier test) are confirmed: "Spanish needs review" has its own suite.
        const res = await as<Draft>(who, `/drafts/${id}/submit`, {
          method: 'POST',
          body: { confirmSpanishReview: true },
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.status).toBe('submitted');
      };
      const approve = (
        id: number,
        comment = 'Approved for release',
        who: 'approver' | 'approver2' = 'approver',
      ) =>
        as<{ version: number } & ErrorAnswer>(who, `/drafts/${id}/approve`, { body: { comment } });

      const today = () => calendarDay(clock.now(), DEFAULT_TIME_ZONE);
      const pay = async (accountNumber: string, amount: number): Promise<string> => {
        const res = await call<SubmitAnswer>(server, '/api/Account/SubmitPayment', {
          token: debtorToken,
          body: {
            authorizationDisclosuresAccepted: true,
            firstName: 'Stella',
            lastName: person.lastName,
            ...PAYER_CONTACT,
            accountNumber,
            schedule: [{ date: today(), amount }],
            fundingId,
            type: 'PPA',
            paymentVariant: 'one-time',
          },
        });
        expect(res.status, res.text).toBe(200);
        expect(res.body.errors, res.text).toEqual([]);
        return res.body.paymentSubmission?.confirmation ?? '';
      };
      const pageConfig = async () => {
        const page = await call(server, '/', { headers: { accept: 'text/html' } });
        expect(page.status).toBe(200);
        const match = /<script type="application\/json" id="portal-config">(.*?)<\/script>/s.exec(
          page.text,
        );
        return JSON.parse(match?.[1] ?? '{}') as Json;
      };

      beforeAll(async () => {
        const webDir = path.join(web.dir, 'web');
        mkdirSync(webDir, { recursive: true });
        writeFileSync(
          path.join(webDir, 'index.html'),
          '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
        );
        server = await startServer(makeDatabase, { now: clock.now, webDir });
        for (const role of ['editor', 'approver', 'client_manager', 'admin'] as const) {
          staff[role] = await makeAccount(role.replace('_', '-'), role);
          sessions[role] = await signIn(staff[role]);
        }
        staff.approver2 = await makeAccount('approver-two', 'approver');
        sessions.approver2 = await signIn(staff.approver2);
        staff.editor2 = await makeAccount('editor-two', 'editor');
        sessions.editor2 = await signIn(staff.editor2);
        staff.disabled = await makeAccount('disabled', 'editor');
        await importFixture(server.database.db, fixture);
        debtorToken = await debtorSignIn(server, person);
        const funding = await server.database.db
          .selectFrom('funding_methods')
          .innerJoin('debtors', 'debtors.id', 'funding_methods.debtor_id')
          .select('funding_methods.id')
          .where('debtors.external_key', '=', 'studio-content-debtor')
          .executeTakeFirstOrThrow();
        fundingId = funding.id;
        const content = await as<{ version: number }>('editor', '/content');
        startVersion = content.body.version;
        original = (await published(AUTHORIZATION)).json;
      });

      afterAll(async () => {
        // Leave the content as the suite found it, for the suites after this one.
        if (server && startVersion) {
          const now = await as<{ version: number }>('editor', '/content');
          if (now.body.version !== startVersion) {
            // A rollback is a draft another approver publishes (issue 39).
            const back = await as<{ draft: { id: number } }>(
              'approver',
              `/versions/${startVersion}/rollback`,
              { body: { comment: 'Content suite: back to where it started' } },
            );
            if (back.status === 201) {
              await approve(back.body.draft.id, 'Content suite: back', 'approver2');
            }
          }
        }
        await server?.close();
        web.remove();
      });

      it('answers each content route by the role table: 401 without a session, with a debtor token or for a disabled member, 403 for a role without the right', async () => {
        const disabledSession = await signIn(staff.disabled);
        const ownDraft = {
          editor: (await newDraft('editor', 'Matrix (editor)')).id,
          client_manager: (await newDraft('client_manager', 'Matrix (client manager)')).id,
          admin: (await newDraft('admin', 'Matrix (admin)')).id,
        };
        const ownFile = {
          editor: 'texts/common.json',
          client_manager: CLIENT,
          admin: 'policies/sign-in.json',
        };
        const own = (role: Role) =>
          role === 'client_manager' || role === 'admin' ? role : ('editor' as const);
        const any = ownDraft.editor;
        type Role = 'editor' | 'approver' | 'client_manager' | 'admin';
        // Each route; `expect` is the answer for a role allowed on it (past the guard).
        const routes: {
          method: string;
          path: (role: Role) => string;
          roles: Role[];
          body?: (role: Role) => unknown;
          expect: number;
        }[] = [
          {
            method: 'GET',
            path: () => '/content',
            roles: ['editor', 'approver', 'client_manager', 'admin'],
            expect: 200,
          },
          {
            method: 'GET',
            path: () => `/content/file?path=${CLIENT}`,
            roles: ['editor', 'approver', 'client_manager', 'admin'],
            expect: 200,
          },
          {
            method: 'GET',
            path: () => '/versions',
            roles: ['editor', 'approver', 'client_manager', 'admin'],
            expect: 200,
          },
          {
            method: 'GET',
            path: () => '/drafts',
            roles: ['editor', 'approver', 'client_manager', 'admin'],
            expect: 200,
          },
          {
            method: 'POST',
            path: () => '/drafts',
            roles: ['editor', 'client_manager', 'admin'],
            body: () => ({ title: 'New' }),
            expect: 201,
          },
          {
            method: 'GET',
            path: () => `/drafts/${any}`,
            roles: ['editor', 'approver', 'client_manager', 'admin'],
            expect: 200,
          },
          {
            method: 'PUT',
            path: (role) => `/drafts/${ownDraft[own(role)]}/file`,
            roles: ['editor', 'client_manager', 'admin'],
            body: (role) => ({
              path: ownFile[own(role)],
              json: { $schema: '../../schemas/meta/texts.schema.json', x: { en: 'X', es: 'X' } },
            }),
            // The file is set (a texts file's shape in a client file only fails its checks).
            expect: 200,
          },
          {
            method: 'DELETE',
            path: (role) => `/drafts/${ownDraft[own(role)]}/file?path=${ownFile[own(role)]}`,
            roles: ['editor', 'client_manager', 'admin'],
            expect: 200,
          },
          {
            method: 'POST',
            path: (role) => `/drafts/${ownDraft[own(role)]}/submit`,
            roles: ['editor', 'client_manager', 'admin'],
            body: () => ({}),
            // Nothing changed yet: past the guard, refused as empty.
            expect: 422,
          },
          {
            method: 'GET',
            path: () => `/drafts/${any}/review`,
            roles: ['editor', 'approver', 'client_manager', 'admin'],
            expect: 200,
          },
          // Not submitted: past the guard, 409.
          {
            method: 'POST',
            path: () => `/drafts/${any}/approve`,
            roles: ['approver'],
            body: () => ({ comment: 'ok' }),
            expect: 409,
          },
          {
            method: 'POST',
            path: () => `/drafts/${any}/return`,
            roles: ['approver'],
            body: () => ({ comment: 'no' }),
            expect: 409,
          },
          // No such version: past the guard, 404 (nothing is published).
          {
            method: 'POST',
            path: () => '/versions/999999/rollback',
            roles: ['approver'],
            body: () => ({ comment: 'x' }),
            expect: 404,
          },
          {
            method: 'GET',
            path: () => '/evidence/WP0000000000',
            // Debtors' names, phones and bankruptcy details: not for editors (issue 39).
            roles: ['approver', 'admin'],
            expect: 404,
          },
        ];
        const send = (route: (typeof routes)[number], role: Role, options: StudioCall) =>
          studio(route.path(role), {
            method: route.method,
            ...(route.body ? { body: route.body(role) } : {}),
            ...options,
          });
        for (const route of routes) {
          const label = `${route.method} ${route.path('editor')}`;
          expect((await send(route, 'editor', {})).status, `${label} no session`).toBe(401);
          expect(
            (await send(route, 'editor', { token: debtorToken })).status,
            `${label} debtor token`,
          ).toBe(401);
        }
        const admin = sessions.admin;
        const off = await studio(`/staff/${staff.disabled.id}/disable`, {
          method: 'POST',
          body: {},
          session: admin,
        });
        expect(off.status, off.text).toBe(200);
        for (const route of routes) {
          const res = await send(route, 'editor', { session: disabledSession });
          expect(res.status, `disabled ${route.method} ${route.path('editor')}`).toBe(401);
        }
        for (const role of ['editor', 'approver', 'client_manager', 'admin'] as const) {
          for (const route of routes) {
            const res = await send(route, role, { session: sessions[role] });
            const expected = route.roles.includes(role) ? route.expect : 403;
            expect(res.status, `${role} ${route.method} ${route.path(role)}: ${res.text}`).toBe(
              expected,
            );
          }
        }
        // Nothing was published by any of it.
        expect((await as<{ version: number }>('editor', '/content')).body.version).toBe(
          startVersion,
        );
      });

      it('refuses every state change without the CSRF token, with a wrong one or from a foreign Origin (403), and changes nothing', async () => {
        const draft = await newDraft('editor', 'CSRF');
        const changes: [string, string, unknown][] = [
          ['POST', '/drafts', { title: 'CSRF' }],
          ['PUT', `/drafts/${draft.id}/file`, { path: AUTHORIZATION, json: original }],
          ['DELETE', `/drafts/${draft.id}/file?path=${AUTHORIZATION}`, undefined],
          ['POST', `/drafts/${draft.id}/submit`, {}],
          ['POST', `/drafts/${draft.id}/approve`, { comment: 'x' }],
          ['POST', `/drafts/${draft.id}/return`, { comment: 'x' }],
          ['POST', `/versions/${startVersion}/rollback`, { comment: 'x' }],
        ];
        const drafts = async () => (await as<unknown[]>('editor', '/drafts')).body.length;
        const before = await drafts();
        for (const [method, route, body] of changes) {
          const who =
            route.includes('approve') || route.includes('return') || route.includes('rollback')
              ? 'approver'
              : 'editor';
          const session = sessions[who];
          const cases: [string, StudioCall][] = [
            ['no token', { session: { cookie: session.cookie, csrf: '' }, csrf: false }],
            ['wrong token', { session, csrf: 'x'.repeat(43) }],
            ['another session’s token', { session, csrf: sessions.client_manager.csrf }],
            ['foreign origin', { session, origin: 'https://evil.example' }],
          ];
          for (const [label, options] of cases) {
            const res = await studio(route, {
              method,
              ...(body === undefined ? {} : { body }),
              ...options,
            });
            expect(res.status, `${method} ${route} ${label}`).toBe(403);
          }
        }
        expect(await drafts()).toBe(before);
        const still = await as<Draft>('editor', `/drafts/${draft.id}`);
        expect(still.body).toMatchObject({ status: 'editing', changed: [] });
        expect((await as<{ version: number }>('editor', '/content')).body.version).toBe(
          startVersion,
        );
      });

      it('keeps each author to their own area and draft, and paths inside flows/', async () => {
        const texts = await newDraft('editor', 'Area: texts');
        const clients = await newDraft('client_manager', 'Area: clients');
        const nwb = (await published(CLIENT)).json;
        // A client manager cannot change a text file, an editor cannot change a client file.
        expect((await putFile('client_manager', clients.id, AUTHORIZATION, original)).status).toBe(
          403,
        );
        expect((await putFile('editor', texts.id, CLIENT, nwb)).status).toBe(403);
        // policies/ (the sign-in policy) is the admins' area alone (issue 39); an admin drafts
        // nothing else.
        const policy = (await published(POLICY)).json;
        const changedPolicy = { ...policy, $comment: 'Drafted by an admin' };
        expect((await putFile('editor', texts.id, POLICY, changedPolicy)).status).toBe(403);
        expect((await putFile('client_manager', clients.id, POLICY, changedPolicy)).status).toBe(
          403,
        );
        const policies = await newDraft('admin', 'Area: policies');
        expect(policies.area).toBe('policies');
        const byAdmin = await putFile('admin', policies.id, POLICY, changedPolicy);
        expect(byAdmin.status, byAdmin.text).toBe(200);
        expect(byAdmin.body.changed).toEqual([POLICY]);
        expect((await putFile('admin', policies.id, AUTHORIZATION, original)).status).toBe(403);
        expect((await putFile('admin', policies.id, CLIENT, nwb)).status).toBe(403);
        // Nobody changes or submits another's draft, whatever their role.
        expect((await putFile('editor2', texts.id, AUTHORIZATION, original)).status).toBe(403);
        expect((await putFile('client_manager', texts.id, CLIENT, nwb)).status).toBe(403);
        expect((await as('editor2', `/drafts/${texts.id}/submit`, { body: {} })).status).toBe(403);
        // Paths: not a folder of flows/, leaving it, not JSON, not an object.
        for (const bad of [
          'nope/x.json',
          '../package.json',
          'texts/../clients/NWB.json',
          'texts/x.js',
          '/texts/a.json',
          'texts/.hidden.json',
          'texts',
        ]) {
          const res = await putFile('editor', texts.id, bad, original);
          expect(res.status, bad).toBe(400);
        }
        expect(
          (await putFile('editor', texts.id, AUTHORIZATION, ['not', 'an', 'object'])).status,
        ).toBe(400);
        expect(
          (await as('editor', `/drafts/${texts.id}/file?path=..%2Fx.json`, { method: 'DELETE' }))
            .status,
        ).toBe(400);
        // A new file in a known folder is fine (its checks will say what it lacks).
        const added = await putFile('editor', texts.id, 'texts/zz-new.json', {
          hello: { en: 'Hi', es: 'Hola' },
        });
        expect(added.status, added.text).toBe(200);
        expect(added.body.changed).toEqual(['texts/zz-new.json']);
        expect(added.body.checks).toContainEqual({
          path: 'texts/zz-new.json',
          pointer: '/$schema',
          code: 'missingMetaSchema',
          values: {},
          message: 'missing: every flow file names its meta-schema',
        });
        // The meta-schema a file names may only be one of schemas/meta/.
        const sneaky = await putFile('editor', texts.id, 'texts/zz-new.json', {
          $schema: '../../package.json',
          hello: { en: 'Hi', es: 'Hola' },
        });
        expect(sneaky.status).toBe(200);
        expect(sneaky.body.checks.map((c) => `${c.pointer} ${c.message}`).join('\n')).toMatch(
          /\/\$schema cannot load meta-schema \.\.\/\.\.\/package\.json \(not a meta-schema of schemas\/meta\/\)/,
        );
        expect(sneaky.text).not.toContain('"version"');
        const unknownDraft = await putFile('editor', 999999, AUTHORIZATION, original);
        expect(unknownDraft.status).toBe(404);
      });

      it('refuses a placeholder the authorization may not use ({{ssnFull}} in both languages): in the checks and on submit (issue 40)', async () => {
        const draft = await newDraft('editor', 'Authorization with an unknown value');
        const auth = original as { single: { en: string; es: string } };
        const put = await putFile('editor', draft.id, AUTHORIZATION, {
          ...auth,
          single: {
            en: `${auth.single.en} Your SSN is {{ssnFull}}.`,
            es: `${auth.single.es} Su número de Seguro Social es {{ssnFull}}.`,
          },
        });
        expect(put.status, put.text).toBe(200);
        const undeclared = {
          path: AUTHORIZATION,
          pointer: '/single',
          code: 'placeholderNotDeclared',
          values: { placeholder: 'ssnFull' },
        };
        const english =
          'placeholder "ssnFull" is not declared for this text in flows/glossary/placeholders.json: it would be shown as nothing';
        expect(put.body.checks).toEqual([{ ...undeclared, message: english }]);
        const refused = await as<ErrorAnswer>('editor', `/drafts/${draft.id}/submit`, {
          body: {},
        });
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toEqual([
          { path: `${AUTHORIZATION}#/single`, keyword: 'check', message: english },
        ]);
        const spanish = await as<ErrorAnswer>('editor', `/drafts/${draft.id}/submit`, {
          body: {},
          headers: { 'accept-language': 'es' },
        });
        expect(spanish.status).toBe(422);
        expect(spanish.body.errors).toEqual([
          {
            path: `${AUTHORIZATION}#/single`,
            keyword: 'check',
            message:
              'el marcador "ssnFull" no está declarado para este texto en flows/glossary/placeholders.json: se mostraría vacío',
          },
        ]);
        // Still a draft: nothing was submitted.
        expect((await as<Draft>('editor', `/drafts/${draft.id}`)).body).toMatchObject({
          status: 'editing',
        });
      });

      it('edits a message like any text: its file and meta-schema, a Spanish reminder, and refuses one without the opt-out (issue 43)', async () => {
        const REMINDER = 'messages/plan-payment-reminder.json';
        const file = await published(REMINDER);
        expect(file.metaSchema).toMatchObject({ $id: '/schemas/meta/message.json' });
        const reminder = file.json as {
          email: { blocks: { type: string; text?: { en: string; es: string } }[] };
          sms: { blocks: { type: string }[] };
        };
        const draft = await newDraft('editor', 'Reminder in Spanish');
        const blocks = reminder.email.blocks.map((block, i) =>
          i === 1 && block.text
            ? { ...block, text: { ...block.text, es: `${block.text.es} Gracias.` } }
            : block,
        );
        const edited = await putFile('editor', draft.id, REMINDER, {
          ...reminder,
          email: { ...reminder.email, blocks },
        });
        expect(edited.status, edited.text).toBe(200);
        expect(edited.body.checks).toEqual([]);
        const withoutOptOut = await putFile('editor', draft.id, REMINDER, {
          ...reminder,
          sms: { blocks: reminder.sms.blocks.filter((block) => block.type !== 'optOut') },
        });
        expect(withoutOptOut.status, withoutOptOut.text).toBe(200);
        expect(withoutOptOut.body.checks).toEqual([
          {
            path: REMINDER,
            pointer: '/sms/blocks',
            code: 'messageWithoutOptOut',
            values: { channel: 'sms' },
            message:
              'the text message has no "optOut" block: every message says how to opt out (Reg F 1006.6(e))',
          },
        ]);
        const spanish = await as<ErrorAnswer>('editor', `/drafts/${draft.id}/submit`, {
          body: {},
          headers: { 'accept-language': 'es' },
        });
        expect(spanish.status).toBe(422);
        expect(spanish.body.errors).toEqual([
          {
            path: `${REMINDER}#/sms/blocks`,
            keyword: 'check',
            message:
              'el mensaje de texto no tiene un bloque "optOut": cada mensaje dice cómo dejar de recibir mensajes (Reg F 1006.6(e))',
          },
        ]);
      });

      it('shows the checks of check:config in a draft (missing Spanish, different placeholders, a client setting out of range) and refuses to submit it', async () => {
        const texts = await newDraft('editor', 'Broken texts');
        const broken = await putFile('editor', texts.id, AUTHORIZATION, {
          ...original,
          single: { en: 'Pay {{amount}} to {{bogus}} today.' },
          agreement: {
            en: 'By confirming you pay {{total}}.',
            es: 'Al confirmar paga {{total}} con {{bogus}}.',
          },
        });
        expect(broken.status, broken.text).toBe(200);
        const missingSpanish = {
          path: AUTHORIZATION,
          pointer: '/single',
          code: 'missingText',
          values: { language: 'es' },
        };
        const placeholders = {
          path: AUTHORIZATION,
          pointer: '/agreement',
          code: 'placeholdersDiffer',
          values: { en: ['total'], es: ['bogus', 'total'] },
        };
        expect(broken.body.checks).toEqual(
          expect.arrayContaining([
            { ...missingSpanish, message: 'missing Spanish text (es)' },
            {
              ...placeholders,
              message: 'placeholders differ: en {{total}} vs es {{bogus,total}}',
            },
          ]),
        );
        // The same checks when the draft is read again.
        expect((await as<Draft>('approver', `/drafts/${texts.id}`)).body.checks).toEqual(
          broken.body.checks,
        );
        // In Spanish for a staff member whose studio speaks Spanish: the same checks, codes,
        // values, files and pointers, in other words.
        const enSpanish = await as<Draft>('approver', `/drafts/${texts.id}`, {
          headers: { 'accept-language': 'es' },
        });
        expect(enSpanish.body.checks).toEqual(
          expect.arrayContaining([
            { ...missingSpanish, message: 'falta el texto en español (es)' },
            {
              ...placeholders,
              message:
                'los marcadores no coinciden: en {{total}} y es {{bogus,total}} (los dos idiomas deben usar los mismos)',
            },
          ]),
        );
        expect(enSpanish.body.checks.map(({ message: _, ...check }) => check)).toEqual(
          broken.body.checks.map(({ message: _, ...check }) => check),
        );
        const refused = await as<ErrorAnswer>('editor', `/drafts/${texts.id}/submit`, { body: {} });
        expect(refused.status).toBe(422);
        expect(refused.body.errors).toContainEqual({
          path: `${AUTHORIZATION}#/single`,
          keyword: 'check',
          message: 'missing Spanish text (es)',
        });
        const spanish = await as<ErrorAnswer>('editor', `/drafts/${texts.id}/submit`, {
          body: {},
          headers: { 'accept-language': 'es' },
        });
        expect(spanish.body.message).toBe(
          'Este borrador tiene problemas que debe corregir primero. Cada uno aparece con su archivo.',
        );
        expect(spanish.body.errors).toContainEqual({
          path: `${AUTHORIZATION}#/single`,
          keyword: 'check',
          message: 'falta el texto en español (es)',
        });

        const clients = await newDraft('client_manager', 'Broken client');
        const nwb = (await published(CLIENT)).json as { payment: Json };
        const range = await putFile('client_manager', clients.id, CLIENT, {
          ...nwb,
          payment: { ...nwb.payment, maxMonthlyPayments: 500, minSinglePayment: -1 },
        });
        expect(range.status, range.text).toBe(200);
        const maximum = {
          path: CLIENT,
          pointer: '/payment/maxMonthlyPayments',
          code: 'meta',
          values: {
            keyword: 'maximum',
            params: { comparison: '<=', limit: 120 },
            detail: 'must be <= 120',
          },
        };
        const minimum = {
          path: CLIENT,
          pointer: '/payment/minSinglePayment',
          code: 'meta',
          values: {
            keyword: 'minimum',
            params: { comparison: '>=', limit: 0 },
            detail: 'must be >= 0',
          },
        };
        expect(range.body.checks).toEqual(
          expect.arrayContaining([
            { ...maximum, message: 'must be <= 120' },
            { ...minimum, message: 'must be >= 0' },
          ]),
        );
        // A client manager whose studio speaks Spanish reads the meta-schema's limits and an
        // unknown setting in Spanish (Accept-Language as a browser sends it).
        const rangeEs = await as<Draft>('client_manager', `/drafts/${clients.id}/file`, {
          method: 'PUT',
          body: {
            path: CLIENT,
            json: {
              ...nwb,
              payment: { ...nwb.payment, maxMonthlyPayments: 500, minSinglePayment: -1, extra: 1 },
            },
          },
          headers: { 'accept-language': 'es-US,es;q=0.9,en;q=0.5' },
        });
        expect(rangeEs.status, rangeEs.text).toBe(200);
        expect(rangeEs.body.checks).toEqual(
          expect.arrayContaining([
            { ...maximum, message: 'debe ser <= 120' },
            { ...minimum, message: 'debe ser >= 0' },
            {
              path: CLIENT,
              pointer: '/payment',
              code: 'meta',
              values: {
                keyword: 'additionalProperties',
                params: { additionalProperty: 'extra' },
                detail: 'unknown property "extra"',
              },
              message: 'la propiedad "extra" no se conoce',
            },
          ]),
        );
        expect(
          (await as('client_manager', `/drafts/${clients.id}/submit`, { body: {} })).status,
        ).toBe(422);
        const drafts = await as<Draft[]>('approver', '/drafts');
        for (const id of [texts.id, clients.id])
          expect(drafts.body.find((d) => d.id === id)?.status).toBe('editing');
      });

      let oldConfirmation = '';
      let newConfirmation = '';
      let textVersion = 0;
      const NEW_EN =
        'I, {{name}}, authorize {{agency}} to charge one payment of {{amount}} to {{method}} on {{date}} for account {{accountNumber}} ({{creditor}}). Call {{phone}} to cancel.';
      const NEW_ES =
        'Yo, {{name}}, autorizo a {{agency}} a cobrar un pago de {{amount}} a {{method}} el {{date}} por la cuenta {{accountNumber}} ({{creditor}}). Llame al {{phone}} para cancelarlo.';

      it('publishes an approved draft: not by an editor, by an approver; the new text is live at once, for index.html and the next payment', async () => {
        oldConfirmation = await pay('STU1.10001', 60);
        const draft = await newDraft('editor', 'Shorter single-payment authorization');
        const set = await putFile(
          'editor',
          draft.id,
          AUTHORIZATION,
          authorizationWith(NEW_EN, NEW_ES),
        );
        expect(set.status, set.text).toBe(200);
        expect(set.body.checks).toEqual([]);
        expect(set.body.changed).toEqual([AUTHORIZATION]);
        await submitted('editor', draft.id);
        // Submitted: no more changes by the author.
        expect((await putFile('editor', draft.id, AUTHORIZATION, original)).status).toBe(409);

        const review = await as<{
          files: {
            path: string;
            texts: { pointer: string; en: { op: string; text: string }[] }[];
          }[];
        }>('approver', `/drafts/${draft.id}/review`);
        expect(review.status, review.text).toBe(200);
        expect(review.body.files).toHaveLength(1);
        const single = review.body.files[0]?.texts.find((t) => t.pointer === '/single');
        expect(single?.en).toContainEqual({ op: 'added', text: 'charge' });
        expect(single?.en).toContainEqual({
          op: 'same',
          text: 'I, {{name}}, authorize {{agency}} to ',
        });
        expect(
          single?.en
            .filter((r) => r.op !== 'added')
            .map((r) => r.text)
            .join(''),
        ).toBe((original.single as { en: string }).en);

        // The author, an editor, cannot approve it (an editor never approves); nor without a comment.
        const own = await as<ErrorAnswer>('editor', `/drafts/${draft.id}/approve`, {
          body: { comment: 'Mine' },
        });
        expect(own.status).toBe(403);
        for (const body of [{}, { comment: '   ' }, { comment: 'x'.repeat(2001) }]) {
          expect((await as('approver', `/drafts/${draft.id}/approve`, { body })).status).toBe(400);
        }
        const ok = await approve(draft.id, 'Shorter authorization, reviewed by compliance');
        expect(ok.status, ok.text).toBe(200);
        textVersion = ok.body.version;
        expect(textVersion).toBeGreaterThan(startVersion);
        // Approved once: a second approval is refused.
        expect((await approve(draft.id, 'Again', 'approver2')).status).toBe(409);

        // Live with no restart: the page's config and the next payment's authorization.
        const config = (await pageConfig()) as {
          content: Record<string, { single: Json }>;
          contentVersion?: number;
        };
        expect(config.content['payment-authorization']?.single).toEqual({ en: NEW_EN, es: NEW_ES });
        expect(config.contentVersion).toBe(textVersion);
        newConfirmation = await pay('STU1.10002', 70);
        const after = await as<Draft>('editor', `/drafts/${draft.id}`);
        expect(after.body).toMatchObject({
          status: 'published',
          publishedVersion: textVersion,
          reviewComment: 'Shorter authorization, reviewed by compliance',
        });
        const versions = await as<
          {
            version: number;
            comment: string;
            draftedBy: { id: number };
            approvedBy: { id: number };
            changed: string[];
          }[]
        >('client_manager', '/versions');
        expect(versions.body[0]).toMatchObject({
          version: textVersion,
          comment: 'Shorter authorization, reviewed by compliance',
          draftedBy: { id: staff.editor.id },
          approvedBy: { id: staff.approver.id },
          changed: [AUTHORIZATION],
        });
        expect((await published(AUTHORIZATION)).json.single).toEqual({ en: NEW_EN, es: NEW_ES });
        expect((await published(AUTHORIZATION, startVersion)).json.single).toEqual(original.single);
      });

      it('never lets an approver review a draft of their own (403), whatever made it', async () => {
        // No route lets an approver write a draft; one written in the database is still refused.
        const now = new Date().toISOString();
        const row = await server.database.db
          .insertInto('content_drafts')
          .values({
            author_id: staff.approver2.id,
            area: 'texts',
            base_version: textVersion,
            files: JSON.stringify({ [AUTHORIZATION]: original }),
            title: 'Own',
            status: 'submitted',
            created_at: now,
            updated_at: now,
            submitted_at: now,
            reviewer_id: null,
            review_comment: null,
            published_version: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        expect((await approve(row.id, 'Mine', 'approver2')).status).toBe(403);
        const back = await as('approver2', `/drafts/${row.id}/return`, {
          body: { comment: 'Mine' },
        });
        expect(back.status).toBe(403);
        expect(
          (await as('approver', `/drafts/${row.id}/return`, { body: { comment: 'Not this way' } }))
            .status,
        ).toBe(200);
      });

      it('shows the evidence behind two confirmation codes: the old text before the publish, the new one after', async () => {
        const before = await as<Json>('approver', `/evidence/${oldConfirmation}`);
        expect(before.status, before.text).toBe(200);
        const after = await as<Json>('admin', `/evidence/${newConfirmation}`);
        expect(after.status, after.text).toBe(200);
        const text = (answer: Json) => (answer.texts as { authorization: string }).authorization;
        expect(text(before.body)).toContain('to make a single electronic payment of $60.00');
        expect(text(after.body)).toContain('to charge one payment of $70.00');
        expect(text(after.body)).not.toContain('single electronic payment');
        expect(before.body).toMatchObject({
          confirmation: oldConfirmation,
          language: 'en',
          publishedVersion: startVersion,
        });
        expect(after.body).toMatchObject({
          confirmation: newConfirmation,
          language: 'en',
          publishedVersion: textVersion,
          version: {
            version: textVersion,
            comment: 'Shorter authorization, reviewed by compliance',
            draftedBy: { id: staff.editor.id, name: 'editor' },
            approvedBy: { id: staff.approver.id, name: 'approver' },
          },
        });
        expect(typeof after.body.agreedAt).toBe('string');
        expect((await as('approver', '/evidence/WPNOSUCHCODE')).status).toBe(404);
        expect((await as('approver', '/evidence/bad code!')).status).toBe(400);
        expect((await as('client_manager', `/evidence/${newConfirmation}`)).status).toBe(403);
        expect((await as('editor', `/evidence/${newConfirmation}`)).status).toBe(403);
      });

      it('returns a draft to its author with a comment; the author changes and submits it again', async () => {
        const draft = await newDraft('editor2', 'To be returned');
        await putFile(
          'editor2',
          draft.id,
          AUTHORIZATION,
          authorizationWith(`${NEW_EN} Thank you.`, `${NEW_ES} Gracias.`),
        );
        await submitted('editor2', draft.id);
        expect((await as('approver', `/drafts/${draft.id}/return`, { body: {} })).status).toBe(400);
        const back = await as<Draft>('approver', `/drafts/${draft.id}/return`, {
          body: { comment: 'Say thanks in the agreement instead.' },
        });
        expect(back.status, back.text).toBe(200);
        expect(back.body).toMatchObject({
          status: 'returned',
          reviewComment: 'Say thanks in the agreement instead.',
        });
        expect((await approve(draft.id)).status).toBe(409);
        const again = await putFile(
          'editor2',
          draft.id,
          AUTHORIZATION,
          authorizationWith(`${NEW_EN} Thanks.`, `${NEW_ES} Gracias.`),
        );
        expect(again.status, again.text).toBe(200);
        await submitted('editor2', draft.id);
        const withdrawn = await as('approver2', `/drafts/${draft.id}/return`, {
          body: { comment: 'Not needed after all.' },
        });
        expect(withdrawn.status).toBe(200);
      });

      it('finds a text by its words in English or Spanish, named for people, in a draft too (issue 44)', async () => {
        interface Found {
          total: number;
          results: {
            path: string;
            pointer: string;
            name: string;
            group: string;
            inDraft: boolean;
          }[];
        }
        const english = await as<Found>(
          'editor',
          `/search?q=${encodeURIComponent('1 BUSINESS day')}`,
        );
        expect(english.status, english.text).toBe(200);
        const recurring = english.body.results.find(
          (r) => r.path === AUTHORIZATION && r.pointer === '/recurring',
        );
        expect(recurring).toMatchObject({
          name: 'Recurring payment authorization',
          inDraft: false,
        });
        // Accents and capitals ignored; named in the caller's language.
        const spanish = await as<Found>('editor', `/search?q=${encodeURIComponent('DIA habil')}`, {
          headers: { 'accept-language': 'es' },
        });
        expect(spanish.status, spanish.text).toBe(200);
        expect(
          spanish.body.results.find((r) => r.path === AUTHORIZATION && r.pointer === '/recurring')
            ?.name,
        ).toBe('Autorización de pagos recurrentes');
        // A draft's words are found in it, and only there.
        const draft = await newDraft('editor', 'Search: a draft');
        const put = await putFile(
          'editor',
          draft.id,
          AUTHORIZATION,
          authorizationWith(`${NEW_EN} Zanzibar.`, `${NEW_ES} Zanzíbar.`),
        );
        expect(put.status, put.text).toBe(200);
        const inDraft = await as<Found>('editor', `/search?q=zanzibar&draft=${draft.id}`);
        expect(inDraft.status, inDraft.text).toBe(200);
        expect(inDraft.body.results.map((r) => [r.pointer, r.inDraft])).toEqual([
          ['/single', true],
        ]);
        const outside = await as<Found>('editor', '/search?q=zanzibar');
        expect(outside.body.total).toBe(0);
        // Bad input is a 400 with the error body, never 5xx.
        for (const query of ['', '?q=', `?q=${'x'.repeat(201)}`, '?q=a&draft=0', '?q=a&other=1']) {
          const bad = await as('editor', `/search${query}`);
          expect(bad.status, query).toBe(400);
        }
        await as('editor', `/drafts/${draft.id}/file?path=${AUTHORIZATION}`, { method: 'DELETE' });
      });

      it('refuses a stale draft (409) when a newer version changed the same file, and publishes one over the newest when it did not', async () => {
        const first = await newDraft('editor', 'Stale: first');
        const second = await newDraft('editor2', 'Stale: second');
        const other = await newDraft('editor2', 'Stale: another file');
        await putFile(
          'editor',
          first.id,
          AUTHORIZATION,
          authorizationWith(`${NEW_EN} (1)`, `${NEW_ES} (1)`),
        );
        await putFile(
          'editor2',
          second.id,
          AUTHORIZATION,
          authorizationWith(`${NEW_EN} (2)`, `${NEW_ES} (2)`),
        );
        const common = (await published('texts/common.json')).json;
        const changedCommon = JSON.parse(
          JSON.stringify(common).replace(/"en":"([^"]*)"/, '"en":"$1 (edited)"'),
        ) as Json;
        await putFile('editor2', other.id, 'texts/common.json', changedCommon);
        for (const [who, id] of [
          ['editor', first.id],
          ['editor2', second.id],
          ['editor2', other.id],
        ] as const)
          await submitted(who, id);
        const one = await approve(first.id, 'First wins');
        expect(one.status, one.text).toBe(200);
        const stale = await approve(second.id, 'Second loses');
        expect(stale.status, stale.text).toBe(409);
        expect(stale.body.errors?.map((e) => e.path)).toEqual([AUTHORIZATION]);
        expect((await as<Draft>('editor2', `/drafts/${second.id}`)).body.status).toBe('submitted');
        const over = await approve(other.id, 'Another file: published over the newest');
        expect(over.status, over.text).toBe(200);
        // Both changes are in the newest version.
        expect((await published(AUTHORIZATION)).json.single).toEqual({
          en: `${NEW_EN} (1)`,
          es: `${NEW_ES} (1)`,
        });
        expect((await published('texts/common.json')).json).toEqual(changedCommon);
      });

      it('rolls back through a draft: its requester cannot approve it, a second approver publishes the old text live; a version published in between that changed the same file makes it stale (409)', async () => {
        const rollback = (comment: string) =>
          as<{ draft: Draft & { rollbackOf: number }; rollbackOf: number } & ErrorAnswer>(
            'approver',
            `/versions/${startVersion}/rollback`,
            { body: { comment } },
          );
        expect(
          (await as('approver', `/versions/${startVersion}/rollback`, { body: {} })).status,
        ).toBe(400);
        const before = (await as<{ version: number }>('editor', '/content')).body.version;
        // A rollback publishes nothing by itself: it is a submitted draft.
        const first = await rollback('Back to the text as it was (first try)');
        expect(first.status, first.text).toBe(201);
        expect(first.body.rollbackOf).toBe(startVersion);
        expect(first.body.draft).toMatchObject({
          status: 'submitted',
          area: 'rollback',
          rollbackOf: startVersion,
          baseVersion: before,
        });
        expect(first.body.draft.changed).toContain(AUTHORIZATION);
        expect((await as<{ version: number }>('editor', '/content')).body.version).toBe(before);
        expect((await published(AUTHORIZATION)).json.single).not.toEqual(original.single);
        // A version published in between changes the same file: the rollback is stale.
        const between = await newDraft('editor', 'In between the rollback');
        const set = await putFile(
          'editor',
          between.id,
          AUTHORIZATION,
          authorizationWith(`${NEW_EN} (between)`, `${NEW_ES} (between)`),
        );
        expect(set.status, set.text).toBe(200);
        await submitted('editor', between.id);
        expect((await approve(between.id, 'Published in between', 'approver2')).status).toBe(200);
        const stale = await approve(first.body.draft.id, 'Roll back', 'approver2');
        expect(stale.status, stale.text).toBe(409);
        expect(stale.body.errors?.map((e) => e.path)).toContain(AUTHORIZATION);

        const res = await rollback('Back to the text as it was');
        expect(res.status, res.text).toBe(201);
        const id = res.body.draft.id;
        // Not by its requester, not by an editor: a second approver.
        const own = await approve(id, 'My own rollback', 'approver');
        expect(own.status, own.text).toBe(403);
        expect(
          (await as('editor', `/drafts/${id}/approve`, { body: { comment: 'x' } })).status,
        ).toBe(403);
        expect((await published(AUTHORIZATION)).json.single).not.toEqual(original.single);
        const ok = await approve(id, 'Second pair of eyes on the rollback', 'approver2');
        expect(ok.status, ok.text).toBe(200);
        expect((await published(AUTHORIZATION)).json.single).toEqual(original.single);
        const config = (await pageConfig()) as { content: Record<string, { single: Json }> };
        expect(config.content['payment-authorization']?.single).toEqual(original.single);
        const versions = await as<
          {
            version: number;
            draftId: number | null;
            draftedBy: { id: number };
            approvedBy: { id: number };
          }[]
        >('editor', '/versions');
        expect(versions.body[0]).toMatchObject({
          version: ok.body.version,
          draftId: id,
          draftedBy: { id: staff.approver.id },
          approvedBy: { id: staff.approver2.id },
        });
        const confirmation = await pay('STU1.10003', 80);
        const evidence = await as<{ texts: { authorization: string }; publishedVersion: number }>(
          'approver',
          `/evidence/${confirmation}`,
        );
        expect(evidence.body.texts.authorization).toContain(
          'to make a single electronic payment of $80.00',
        );
        expect(evidence.body.publishedVersion).toBe(ok.body.version);
      });

      it('lets a client manager turn credit cards off for a client: once an approver publishes it, CheckCard refuses a credit card for that client’s account', async () => {
        const check = (cardNumber: string) =>
          call<string>(server, '/api/Account/CheckCard?accountNumber=STU1.10001', {
            token: debtorToken,
            body: { cardNumber, accountNumber: 'STU1.10001' },
          });
        expect((await check(CARDS.visaCredit)).body).toBe('Ok');
        const draft = await newDraft('client_manager', 'Northwind: no credit cards');
        const nwb = (await published(CLIENT)).json as { payment: Json };
        const set = await putFile('client_manager', draft.id, CLIENT, {
          ...nwb,
          payment: { ...nwb.payment, allowCreditCard: false },
        });
        expect(set.status, set.text).toBe(200);
        expect(set.body).toMatchObject({ area: 'clients', checks: [] });
        await submitted('client_manager', draft.id);
        const review = await as<{ files: { path: string; values: Json[] }[] }>(
          'approver',
          `/drafts/${draft.id}/review`,
        );
        expect(review.body.files).toEqual([
          {
            path: CLIENT,
            status: 'changed',
            texts: [],
            // Each value named for people (flows/studio/), in the caller's language.
            values: [
              {
                pointer: '/payment/allowCreditCard',
                before: true,
                after: false,
                name: 'Client settings: Northwind Bank: credit cards allowed',
              },
            ],
          },
        ]);
        const ok = await approve(draft.id, 'Northwind stops taking credit cards');
        expect(ok.status, ok.text).toBe(200);
        expect((await check(CARDS.visaCredit)).body).toBe('CreditDisabled');
        expect((await check(CARDS.mcDebit)).body).toBe('Ok');
      });

      it('writes every step to the audit log', async () => {
        const res = await as<{ action: string; staffId: number | null; subject: string | null }[]>(
          'approver',
          '/audit?limit=1000',
        );
        expect(res.status).toBe(200);
        const actions = new Set(res.body.map((entry) => entry.action));
        for (const action of [
          'draft.create',
          'draft.update',
          'draft.submit',
          'draft.approve',
          'draft.return',
          'content.publish',
          'content.rollback',
          'evidence.view',
        ])
          expect(actions, action).toContain(action);
        expect(res.body).toContainEqual(
          expect.objectContaining({ action: 'content.rollback', staffId: staff.approver.id }),
        );
      });
    },
  );
}
