/**
 * The studio's cookies fail safe (issue 39, item 8; src/server/studio/cookies.ts): the staff
 * session and the preview cookie are `__Host-` prefixed, Secure, Path=/, on every request but one
 * over plain http to a loopback host, where they keep their plain names without Secure (a browser
 * refuses a Secure cookie there). Behind https (X-Forwarded-Proto from the harness's trusted
 * proxy) and on any other host (X-Forwarded-Host), the server accepts the `__Host-` cookie back
 * and ignores a cookie of the plain name.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/server/studio/cookies';
import { totpCode } from '../../src/server/studio/totp';
import { startServer, tempDir, type DatabaseFactory, type RunningServer } from './harness';
import { PASSWORD, studioClient, TestClock, type Account } from './studio-fixtures';

type Json = Record<string, unknown>;

/** How a request arrives: plain http to 127.0.0.1, https behind the proxy, or another host. */
const ARRIVALS = {
  https: { 'x-forwarded-proto': 'https' },
  otherHost: { 'x-forwarded-host': 'portal.example' },
} as const;

export function studioCookiesSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`studio cookies fail safe on ${dialect}`, { timeout: 120_000 }, () => {
    const clock = new TestClock();
    const tag = randomBytes(4).toString('hex');
    const web = tempDir('studio-cookies-web-');
    let server: RunningServer;
    const { studio, makeAccount } = studioClient(() => server, clock, `cookies-${tag}`);
    let editor: Account;

    beforeAll(async () => {
      const webDir = path.join(web.dir, 'web');
      mkdirSync(webDir, { recursive: true });
      writeFileSync(
        path.join(webDir, 'index.html'),
        '<!doctype html><html lang="en"><head><title>t</title></head><body><div id="root"></div></body></html>',
      );
      server = await startServer(makeDatabase, { now: clock.now, webDir });
      editor = await makeAccount('cookie-editor', 'editor');
    });

    afterAll(async () => {
      await server?.close();
      web.remove();
    });

    const signIn = async (headers: Record<string, string>) => {
      // A new TOTP step for every sign-in (a code is accepted once).
      clock.advance(31_000);
      const answer = await studio<{ csrfToken: string }>('/sign-in', {
        body: {
          email: editor.email,
          password: PASSWORD,
          code: totpCode(editor.secret, clock.now()),
        },
        headers,
      });
      expect(answer.status, answer.text).toBe(200);
      return answer;
    };

    /** A portal page's config, asked for with `cookie` as the browser would send it. */
    const pageConfig = async (cookie: string, headers: Record<string, string>) => {
      const res = await fetch(`${server.url}/login`, {
        headers: { accept: 'text/html', cookie, ...headers },
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      const match = /<script type="application\/json" id="portal-config">(.*?)<\/script>/s.exec(
        text,
      );
      return JSON.parse(match?.[1] ?? '{}') as Json;
    };

    it('names loopback hosts: 127.0.0.0/8, localhost and ::1 only', () => {
      for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '[::1]', '::1']) {
        expect(isLoopbackHost(host), host).toBe(true);
      }
      for (const host of [
        'portal.example',
        '10.0.0.1',
        '127.0.0.1.example',
        'localhost.evil',
        '',
      ]) {
        expect(isLoopbackHost(host), host).toBe(false);
      }
    });

    it('over plain http to 127.0.0.1: the plain names, without Secure, as before', async () => {
      const res = await signIn({});
      const cookies = res.headers.getSetCookie();
      const session = cookies.find((c) => c.startsWith('studio_session=')) ?? '';
      expect(session).toMatch(/; Path=\/studio(;|$)/);
      expect(session).toMatch(/; HttpOnly/i);
      expect(session).not.toMatch(/; Secure/i);
      expect(cookies.join('\n')).not.toContain('__Host-');
      const pair = session.split(';')[0] ?? '';
      const csrf = res.body.csrfToken;
      expect((await studio('/me', { session: { cookie: pair, csrf } })).status).toBe(200);

      const draft = await studio<{ id: number }>('/drafts', {
        session: { cookie: pair, csrf },
        body: { title: `Cookies ${tag}` },
      });
      expect(draft.status, draft.text).toBe(201);
      const preview = await studio(`/drafts/${draft.body.id}/preview`, {
        session: { cookie: pair, csrf },
        body: { language: 'en' },
      });
      expect(preview.status, preview.text).toBe(200);
      const set = preview.headers.getSetCookie().find((c) => c.startsWith('portal_preview=')) ?? '';
      expect(set).toMatch(/; Path=\/(;|$)/);
      expect(set).not.toMatch(/; Secure/i);
      expect((await pageConfig(set.split(';')[0] ?? '', {})).preview).toBeDefined();
    });

    for (const [arrival, headers] of Object.entries(ARRIVALS)) {
      it(`${arrival === 'https' ? 'behind https' : 'on another host'}: __Host- names, Secure, Path=/, and only those are read back`, async () => {
        const res = await signIn(headers);
        const cookies = res.headers.getSetCookie();
        expect(cookies.some((c) => c.startsWith('studio_session='))).toBe(false);
        const session = cookies.find((c) => c.startsWith('__Host-studio_session=')) ?? '';
        expect(session).toMatch(/; Path=\/(;|$)/);
        expect(session).toMatch(/; Secure/i);
        expect(session).toMatch(/; HttpOnly/i);
        expect(session).toMatch(/; SameSite=Strict/i);
        expect(session).not.toMatch(/; Domain=/i);
        const pair = session.split(';')[0] ?? '';
        const value = pair.slice('__Host-studio_session='.length);
        const csrf = res.body.csrfToken;

        // Accepted back under its name; the same value under the plain name is not read here.
        const me = await studio<Json>('/me', { session: { cookie: pair, csrf }, headers });
        expect(me.status, me.text).toBe(200);
        expect(me.body.csrfToken).toBe(csrf);
        const plain = { cookie: `studio_session=${value}`, csrf };
        expect((await studio('/me', { session: plain, headers })).status).toBe(401);

        const draft = await studio<{ id: number }>('/drafts', {
          session: { cookie: pair, csrf },
          body: { title: `Cookies ${arrival} ${tag}` },
          headers,
        });
        expect(draft.status, draft.text).toBe(201);
        const preview = await studio(`/drafts/${draft.body.id}/preview`, {
          session: { cookie: pair, csrf },
          body: { language: 'en' },
          headers,
        });
        expect(preview.status, preview.text).toBe(200);
        const setCookies = preview.headers.getSetCookie();
        expect(setCookies.some((c) => c.startsWith('portal_preview='))).toBe(false);
        const set = setCookies.find((c) => c.startsWith('__Host-portal_preview=')) ?? '';
        expect(set).toMatch(/; Path=\/(;|$)/);
        expect(set).toMatch(/; Secure/i);
        const previewPair = set.split(';')[0] ?? '';
        expect((await pageConfig(previewPair, headers)).preview).toBeDefined();
        const previewValue = previewPair.slice('__Host-portal_preview='.length);
        const plainPreview = await pageConfig(`portal_preview=${previewValue}`, headers);
        expect(plainPreview.preview).toBeUndefined();

        // Sign-out clears the cookies it set, by the same names and attributes.
        const out = await studio('/sign-out', {
          method: 'POST',
          session: { cookie: pair, csrf },
          headers,
        });
        expect(out.status).toBe(204);
        const cleared = out.headers.getSetCookie().join('\n');
        expect(cleared).toMatch(/__Host-studio_session=;[^\n]*Path=\/(;|\n|$)[^\n]*/);
        expect(cleared).toMatch(/__Host-studio_session=;[^\n]*; Secure/i);
        expect(cleared).toMatch(/__Host-portal_preview=;[^\n]*; Secure/i);
      });
    }
  });
}
