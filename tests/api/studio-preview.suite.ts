/**
 * The studio's preview (issue 24), tried as an attacker would, against a real server and database:
 * - who may start a preview (the role table, CSRF) and the cookie it sets (signed, Path=/,
 *   HttpOnly, SameSite=Strict, 30 minutes, no session id in it);
 * - a portal page with the cookie carries the draft's texts and `preview`, is not cached and may
 *   be framed by the studio; without it, or with a forged, expired or tampered one, an ended staff
 *   session, an unknown or published draft, the published page (framing denied);
 * - the debtor API: every /api route as registered × a preview cookie: refused (403
 *   previewReadOnly, en and es) unless the allow-list names it; sign-in, reads and CheckCard work;
 *   a SubmitPayment in a preview records nothing; a forged cookie changes nothing.
 * The suite leaves the content as it found it (a rollback at the end).
 * Calls go through fetch, not the harness's `call()`: the contract suite checks those answers
 * against the OpenAPI document, which does not describe a preview's refusal.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveKeys } from '../../src/server/auth/keys';
import { DEFAULT_TIME_ZONE, calendarDay } from '../../src/server/dates';
import { loadServerSecret } from '../../src/server/db/secret';
import { PREVIEW_COOKIE, signPreview } from '../../src/server/studio/preview';
import { PREVIEW_API_ROUTES, apiRoutesOf } from '../../src/server/studio/preview-guard';
import {
  freshIp,
  startServer,
  tempDir,
  TEST_SECRET,
  type DatabaseFactory,
  type RunningServer,
} from './harness';
import {
  PAYER_CONTACT,
  countRows,
  importFixture,
  signIn as debtorSignIn,
  signInBody,
} from './payments-fixtures';
import { TestClock, studioClient, type Account, type Session } from './studio-fixtures';

const AUTHORIZATION = 'content/payment-authorization.json';
const MINUTES_31 = 31 * 60_000;

type Json = Record<string, unknown>;

const person = { lastName: 'Previewfixture', ssn: '2718', dob: '1971-03-14' };
const fixture = {
  debtors: [
    {
      key: 'studio-preview-debtor',
      firstName: 'Petra',
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
          token: 'sbx_card_ok_preview001',
        },
      ],
      accounts: [
        {
          accountNumber: 'PRV1.10001',
          clientId: 'NWB',
          creditorName: 'Northwind Bank',
          balance: 1000,
          originalBalance: 1000,
          statusCode: 'ACT',
          dateOfReferral: 'today-30',
          lastUpdateDate: 'today-5',
        },
      ],
    },
  ],
};

interface Raw {
  status: number;
  headers: Headers;
  text: string;
  body: Json;
}

export function studioPreviewSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`studio preview on ${dialect}`, { timeout: 180_000 }, () => {
    const clock = new TestClock(Date.now());
    const tag = `preview-${dialect.toLowerCase()}-${Date.now().toString(36)}`;
    const web = tempDir('studio-preview-web-');
    let server: RunningServer;
    const { studio, makeAccount, signIn } = studioClient(() => server, clock, tag);
    const staff = {} as Record<'editor' | 'approver' | 'admin' | 'editor2', Account>;
    const sessions = {} as Record<'editor' | 'approver' | 'admin', Session>;
    let previewKey: Buffer = Buffer.alloc(0);
    let draftId = 0;
    let startVersion = 0;
    let original: Json = {};
    let debtorToken = '';
    let fundingId = 0;
    const marker = `${tag}`;
    const draftEn = `PREVIEW-EN ${marker}: I authorize this one payment.`;
    const draftEs = `PREVIEW-ES ${marker}: Autorizo este único pago.`;

    /** A raw call to the server (not recorded for the contract suite). */
    const raw = async (
      urlPath: string,
      options: {
        method?: string;
        cookie?: string;
        token?: string;
        body?: unknown;
        lang?: string;
        accept?: string;
      } = {},
    ): Promise<Raw> => {
      const headers: Record<string, string> = {
        'x-forwarded-for': freshIp(),
        'x-session-id': 'preview-suite',
      };
      if (options.cookie) headers.cookie = options.cookie;
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      if (options.lang) headers['accept-language'] = options.lang;
      if (options.accept) headers.accept = options.accept;
      let payload: string | undefined;
      if (options.body !== undefined) {
        payload = JSON.stringify(options.body);
        headers['content-type'] = 'application/json';
      }
      const response = await fetch(`${server.url}${urlPath}`, {
        method: options.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers,
        body: payload,
      });
      const text = await response.text();
      let body: Json = {};
      if ((response.headers.get('content-type') ?? '').includes('application/json') && text) {
        body = JSON.parse(text) as Json;
      }
      return { status: response.status, headers: response.headers, text, body };
    };

    const page = async (cookie?: string, urlPath = '/login') => {
      const res = await raw(urlPath, { cookie, accept: 'text/html' });
      expect(res.status).toBe(200);
      const match = /<script type="application\/json" id="portal-config">(.*?)<\/script>/s.exec(
        res.text,
      );
      const config = JSON.parse(match?.[1] ?? '{}') as Json;
      const texts = (config.content as Json | undefined)?.['payment-authorization'] as
        { single?: { en: string; es: string } } | undefined;
      return { res, config, single: texts?.single, preview: config.preview as Json | undefined };
    };

    /** Starts a preview; the cookie as a browser would send it (`name=value`). */
    const startPreview = async (session: Session, id = draftId, language = 'en') => {
      const res = await studio<Json>(`/drafts/${id}/preview`, { session, body: { language } });
      expect(res.status, res.text).toBe(200);
      const set = res.headers.getSetCookie().find((c) => c.startsWith(`${PREVIEW_COOKIE}=`));
      expect(set).toBeDefined();
      return { set: set ?? '', cookie: (set ?? '').split(';')[0] ?? '', body: res.body };
    };

    const sessionHash = (session: Session) =>
      createHash('sha256')
        .update(session.cookie.slice('studio_session='.length), 'utf8')
        .digest('hex');

    const expectPublished = async (cookie: string) => {
      const shown = await page(cookie);
      expect(shown.preview).toBeUndefined();
      expect(shown.single).toEqual(original.single);
      expect(shown.res.headers.get('x-frame-options')).toBe('DENY');
      expect(shown.res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    };

    beforeAll(async () => {
      const webDir = path.join(web.dir, 'web');
      mkdirSync(webDir, { recursive: true });
      writeFileSync(
        path.join(webDir, 'index.html'),
        '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>',
      );
      server = await startServer(makeDatabase, { now: clock.now, webDir });
      previewKey = deriveKeys(
        await loadServerSecret(server.database.db, { secret: TEST_SECRET }),
      ).previewKey;
      for (const role of ['editor', 'approver', 'admin'] as const) {
        staff[role] = await makeAccount(role, role);
        sessions[role] = await signIn(staff[role]);
      }
      staff.editor2 = await makeAccount('editor-two', 'editor');
      await importFixture(server.database.db, fixture);
      debtorToken = await debtorSignIn(server, person);
      const funding = await server.database.db
        .selectFrom('funding_methods')
        .innerJoin('debtors', 'debtors.id', 'funding_methods.debtor_id')
        .select('funding_methods.id')
        .where('debtors.external_key', '=', 'studio-preview-debtor')
        .executeTakeFirstOrThrow();
      fundingId = funding.id;
      const content = await studio<{ version: number }>('/content', { session: sessions.editor });
      startVersion = content.body.version;
      const file = await studio<{ json: Json }>(
        `/content/file?path=${encodeURIComponent(AUTHORIZATION)}`,
        { session: sessions.editor },
      );
      original = file.body.json;
      const draft = await studio<{ id: number }>('/drafts', {
        session: sessions.editor,
        body: { title: `Preview ${tag}` },
      });
      expect(draft.status, draft.text).toBe(201);
      draftId = draft.body.id;
      const put = await studio(`/drafts/${draftId}/file`, {
        session: sessions.editor,
        method: 'PUT',
        body: { path: AUTHORIZATION, json: { ...original, single: { en: draftEn, es: draftEs } } },
      });
      expect(put.status, put.text).toBe(200);
    });

    afterAll(async () => {
      if (server && startVersion) {
        const now = await studio<{ version: number }>('/content', { session: sessions.editor });
        if (now.body.version !== startVersion) {
          // A rollback is a draft another approver publishes (issue 39).
          const back = await studio<{ draft: { id: number } }>(
            `/versions/${startVersion}/rollback`,
            {
              session: sessions.approver,
              body: { comment: 'Preview suite: back to where it started' },
            },
          );
          if (back.status === 201) {
            const second = await signIn(await makeAccount('approver-two', 'approver'));
            await studio(`/drafts/${back.body.draft.id}/approve`, {
              session: second,
              body: { comment: 'Preview suite: back' },
            });
          }
        }
      }
      await server?.close();
      web.remove();
    });

    it('lets content staff start a preview (CSRF as every change) and sets a signed cookie for the whole site, HttpOnly, SameSite=Strict, for 30 minutes', async () => {
      const route = `/drafts/${draftId}/preview`;
      expect((await studio(route, { body: { language: 'en' } })).status).toBe(401);
      expect((await studio(route, { body: { language: 'en' }, token: debtorToken })).status).toBe(
        401,
      );
      // An admin is content staff too since they draft policies/ (issue 39): a preview opens.
      expect(
        (await studio(route, { session: sessions.admin, body: { language: 'en' } })).status,
      ).toBe(200);
      const noCsrf = await studio(route, {
        session: sessions.editor,
        csrf: 'x',
        body: { language: 'en' },
      });
      expect(noCsrf.status).toBe(403);
      const crossSite = await studio(route, {
        session: sessions.editor,
        origin: 'https://evil.example',
        body: { language: 'en' },
      });
      expect(crossSite.status).toBe(403);
      expect(
        (await studio(route, { session: sessions.editor, body: { language: 'fr' } })).status,
      ).toBe(400);
      expect(
        (
          await studio('/drafts/99999999/preview', {
            session: sessions.editor,
            body: { language: 'en' },
          })
        ).status,
      ).toBe(404);
      // An approver previews another's draft.
      await startPreview(sessions.approver);
      const { set, body } = await startPreview(sessions.editor, draftId, 'es');
      expect(body).toMatchObject({ draftId, language: 'es', path: '/login' });
      expect(set).toMatch(/; Max-Age=1800/);
      expect(set).toMatch(/; Path=\//);
      expect(set).toMatch(/; HttpOnly/);
      expect(set).toMatch(/; SameSite=Strict/);
      // The session id is not in it, in any form a reader could use.
      const id = sessions.editor.cookie.slice('studio_session='.length);
      expect(set).not.toContain(id);
      expect(Buffer.from(set.split('.')[1] ?? '', 'base64url').toString()).not.toContain(id);
      const ended = await studio('/preview/end', { session: sessions.editor, body: {} });
      expect(ended.status).toBe(204);
      const cleared = ended.headers.getSetCookie().join();
      expect(cleared).toContain(`${PREVIEW_COOKIE}=;`);
      expect(cleared).toContain('Expires=Thu, 01 Jan 1970');
    });

    it('serves the draft to the browser holding the cookie, never prerendered nor cached, framed only by the studio; without it the published page, framing denied', async () => {
      const { cookie } = await startPreview(sessions.editor, draftId, 'es');
      const shown = await page(cookie);
      expect(shown.single).toEqual({ en: draftEn, es: draftEs });
      expect(shown.preview).toEqual({ draftId, language: 'es' });
      expect(shown.res.text).toContain('<html lang="es">');
      expect(shown.res.headers.get('cache-control')).toBe('no-store');
      expect(shown.res.headers.get('x-frame-options')).toBeNull();
      const csp = shown.res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toContain("frame-ancestors 'none'");
      // A public page (drawn in advance for everyone) and the home page too.
      expect((await page(cookie, '/')).preview).toEqual({ draftId, language: 'es' });
      // The studio's own pages are never a preview.
      const studioPage = await raw('/studio', { cookie, accept: 'text/html' });
      expect(studioPage.text).not.toContain(draftEn);
      expect(studioPage.headers.get('x-frame-options')).toBe('DENY');
      // Without the cookie: the published page, as every debtor gets it.
      await expectPublished('');
      const plain = await page();
      expect(plain.res.text).not.toContain(marker);
      expect(plain.res.headers.get('cache-control')).toBe('private, no-cache');
    });

    it('ignores a forged, tampered, expired or unknown-draft cookie, an ended staff session and a published draft: the published page', async () => {
      const { cookie } = await startPreview(sessions.editor);
      const value = cookie.slice(PREVIEW_COOKIE.length + 1);
      const [version, payload, mac] = value.split('.');
      // A changed signature, a signature of another key, a payload changed under the same
      // signature.
      const flipped = `${mac?.[0] === 'A' ? 'B' : 'A'}${mac?.slice(1) ?? ''}`;
      await expectPublished(`${PREVIEW_COOKIE}=${version}.${payload}.${flipped}`);
      const claim = {
        draftId,
        sessionHash: sessionHash(sessions.editor),
        language: 'en' as const,
        expiresAt: clock.now().getTime() + 60_000,
      };
      await expectPublished(`${PREVIEW_COOKIE}=${signPreview(randomBytes(32), claim)}`);
      const other = signPreview(previewKey, { ...claim, draftId: draftId + 1 });
      await expectPublished(`${PREVIEW_COOKIE}=${version}.${other.split('.')[1]}.${mac}`);
      await expectPublished(`${PREVIEW_COOKIE}=garbage`);
      // The right key: the same claim is served, an expired one and an unknown draft are not.
      const good = `${PREVIEW_COOKIE}=${signPreview(previewKey, claim)}`;
      expect((await page(good)).preview).toEqual({ draftId, language: 'en' });
      await expectPublished(
        `${PREVIEW_COOKIE}=${signPreview(previewKey, { ...claim, expiresAt: clock.now().getTime() - 1 })}`,
      );
      await expectPublished(
        `${PREVIEW_COOKIE}=${signPreview(previewKey, { ...claim, draftId: 99999999 })}`,
      );
      // After 31 minutes the cookie has ended (the clock moves; the editor signs in again).
      clock.advance(MINUTES_31);
      await expectPublished(cookie);
      // Every session idled out meanwhile.
      sessions.editor = await signIn(staff.editor);
      sessions.approver = await signIn(staff.approver);
      // A staff session that ended (sign-out) ends its preview, whatever the browser keeps.
      const editor2 = await signIn(staff.editor2);
      const second = await startPreview(editor2);
      expect((await page(second.cookie)).preview).toEqual({ draftId, language: 'en' });
      const out = await studio('/sign-out', { session: editor2, body: {} });
      expect(out.status).toBe(204);
      expect(out.headers.getSetCookie().join()).toContain(`${PREVIEW_COOKIE}=;`);
      await expectPublished(second.cookie);
    });

    it('keeps the debtor API from recording anything in a preview: every route not on the allow-list is 403 previewReadOnly (en, es); sign-in, reads and checks work', async () => {
      const { cookie } = await startPreview(sessions.editor);
      const forged = `${PREVIEW_COOKIE}=${signPreview(randomBytes(32), {
        draftId,
        sessionHash: sessionHash(sessions.editor),
        language: 'en',
        expiresAt: clock.now().getTime() + 60_000,
      })}`;
      const routes = apiRoutesOf(server.app);
      // Both families of every operation, and more than a handful: the list is the app's own.
      expect(routes.length).toBeGreaterThan(60);
      expect(routes).toContain('POST /api/Account/SubmitPayment');
      expect(routes).toContain('POST /api/v2/Account/ChangePlan');
      const refused: string[] = [];
      for (const route of routes) {
        const [method = 'GET', pattern = '/'] = route.split(' ');
        const url = pattern.replace(/:([a-zA-Z]+)/g, (_m, name: string) =>
          name === 'email' ? 'someone%40example.com' : '1',
        );
        const key = `${method} ${pattern.replace(/^\/api(\/v2)?/, '') || '/'}`;
        const body = method === 'POST' || method === 'PUT' ? {} : undefined;
        const answer = await raw(url, { method, cookie, token: debtorToken, body });
        const isRefusal = answer.status === 403 && answer.text.includes('nothing you do here');
        if (PREVIEW_API_ROUTES.has(key)) {
          expect(isRefusal, `${route} is allowed in a preview`).toBe(false);
        } else {
          expect(isRefusal, `${route} must be refused in a preview: ${answer.text}`).toBe(true);
          refused.push(route);
        }
        // A cookie the server did not sign changes nothing.
        const plain = await raw(url, { method, cookie: forged, token: debtorToken, body });
        expect(plain.text.includes('nothing you do here'), route).toBe(false);
      }
      expect(refused).toEqual(
        expect.arrayContaining([
          'POST /api/Account/SubmitPayment',
          'POST /api/v2/Account/SubmitDispute',
          'POST /api/v2/Account/SubmitBankruptcy',
          'POST /api/v2/Account/CancelPlan',
          'POST /api/v2/Account/ChangePaymentDay',
          'POST /api/v2/Account/AddCreditCardFunding',
          'DELETE /api/v2/Debtor/FundingMethod',
          'POST /api/v2/Debtor/SetCommunicationPreferences',
          'POST /api/v2/Forms/Record',
          'POST /api/v2/Analytic',
        ]),
      );
      const es = await raw('/api/v2/Account/SubmitDispute', {
        cookie,
        token: debtorToken,
        body: {},
        lang: 'es',
      });
      expect(es.status).toBe(403);
      expect(es.body.message).toContain('nada de lo que haga aquí se guarda');
    });

    it('signs a demo debtor in, reads and checks a card in a preview, and refuses the payment, recording nothing', async () => {
      const { cookie } = await startPreview(sessions.editor);
      const signedIn = await raw('/api/v2/Authorization/VerifyIdentity', {
        cookie,
        body: signInBody(person),
      });
      expect(signedIn.status, signedIn.text).toBe(200);
      const token = String(signedIn.body.accessToken);
      const overview = await raw('/api/v2/Account/ListOverview', { cookie, token });
      expect(overview.status, overview.text).toBe(200);
      const check = await raw('/api/v2/Account/CheckCard?accountNumber=PRV1.10001', {
        cookie,
        token,
        body: { cardNumber: '4111111111111111' },
      });
      expect(check.status, check.text).toBe(200);
      const payments = await countRows(server.database.db, 'payment_authorizations');
      const scheduled = await countRows(server.database.db, 'arrangement_payments');
      const today = calendarDay(clock.now(), DEFAULT_TIME_ZONE);
      const submit = await raw('/api/v2/Account/SubmitPayment', {
        cookie,
        token,
        body: {
          authorizationDisclosuresAccepted: true,
          firstName: 'Petra',
          lastName: person.lastName,
          ...PAYER_CONTACT,
          accountNumber: 'PRV1.10001',
          schedule: [{ date: today, amount: 25 }],
          fundingId,
          type: 'PPA',
          paymentVariant: 'one-time',
        },
      });
      expect(submit.status).toBe(403);
      expect(submit.body.message).toContain('nothing you do here is saved');
      expect(await countRows(server.database.db, 'payment_authorizations')).toBe(payments);
      expect(await countRows(server.database.db, 'arrangement_payments')).toBe(scheduled);
      // The same debtor without the cookie (another browser) is not refused.
      const refusedElsewhere = await raw('/api/v2/Account/SubmitDispute', {
        token,
        body: {},
      });
      expect(refusedElsewhere.status).not.toBe(403);
    });

    it('stops the preview of a draft once it is published: the page is the published one, with no preview', async () => {
      const { cookie } = await startPreview(sessions.editor);
      const submit = await studio(`/drafts/${draftId}/submit`, {
        session: sessions.editor,
        body: {},
      });
      expect(submit.status, submit.text).toBe(200);
      const approved = await studio<{ version: number }>(`/drafts/${draftId}/approve`, {
        session: sessions.approver,
        body: { comment: 'Preview suite: publish to end the preview' },
      });
      expect(approved.status, approved.text).toBe(200);
      const shown = await page(cookie);
      expect(shown.preview).toBeUndefined();
      expect(shown.config.contentVersion).toBe(approved.body.version);
      expect(shown.res.headers.get('x-frame-options')).toBe('DENY');
      const again = await studio(`/drafts/${draftId}/preview`, {
        session: sessions.editor,
        body: { language: 'en' },
      });
      expect(again.status).toBe(409);
    });
  });
}
