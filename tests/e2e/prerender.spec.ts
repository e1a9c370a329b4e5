import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { startPortal } from '../../scripts/lib/portal';
import {
  MARIA,
  expect,
  expectScriptsAfterFirstPaint,
  fillSignIn,
  submitSignIn,
  test,
  watchHydration,
} from './fixtures';

/**
 * The public pages come drawn by the server (src/server/http/prerender.ts): their text is in the
 * HTML before any script runs, in the language of the portalLanguage cookie, and the browser takes
 * the drawn page over (hydration) instead of drawing it again.
 */

const HEADINGS = {
  '/login': { en: 'Sign in to your account', es: 'Inicie sesión en su cuenta' },
  '/terms': { en: 'Terms of use', es: 'Términos de uso' },
  // A content document with a page of its own (flows/content/accessibility.json `path`).
  '/accessibility': { en: 'Accessibility statement', es: 'Declaración de accesibilidad' },
} as const;

/** The text of the page's first h1 in raw HTML (tags inside it dropped). */
function headingIn(html: string): string | undefined {
  const inner = /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1];
  return inner?.replace(/<[^>]+>/g, '').trim();
}

/** Waits until React has the page (the drawn page is inert until then). */
async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

test.describe('public pages drawn on the server', () => {
  for (const [address, heading] of Object.entries(HEADINGS)) {
    test(`${address}: the HTML already holds the heading, in the cookie's language`, async ({
      request,
    }) => {
      const english = await request.get(address, { headers: { accept: 'text/html' } });
      expect(english.status()).toBe(200);
      const englishHtml = await english.text();
      expect(englishHtml).toContain('<html lang="en">');
      expect(headingIn(englishHtml)).toBe(heading.en);
      // Fluent's styles come with it: the page is laid out before its scripts run.
      expect(englishHtml).toMatch(/<style [^>]*data-make-styles-bucket/);

      const spanish = await request.get(address, {
        headers: { accept: 'text/html', cookie: 'portalLanguage=es' },
      });
      const spanishHtml = await spanish.text();
      expect(spanishHtml).toContain('<html lang="es">');
      expect(headingIn(spanishHtml)).toBe(heading.es);
    });
  }

  test('a drawn page is painted before its scripts are asked for, then taken over', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/login');
    await hydrated(page);
    // Every script was asked for after the page's text was painted (boot-script.ts).
    await expectScriptsAfterFirstPaint(page);
    expect(scripts.length).toBeGreaterThan(1);
    // The HTML names them instead of loading them.
    const html = await (
      await page.request.get('/login', { headers: { accept: 'text/html' } })
    ).text();
    expect(html).toMatch(/<meta name="portal-entry" content="\/assets\/[^"]+\.js">/);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
  });

  test("the server's renderer is not served", async ({ request }) => {
    for (const file of ['/.prerender/entry-server.js', '/.vite/manifest.json']) {
      expect((await request.get(file)).status()).toBe(404);
    }
  });

  test('with JavaScript off, /login and /terms still show their text', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.locator('h1')).toHaveText(HEADINGS['/login'].en);
      await expect(page.locator('#sign-in_lastName')).toBeVisible();
      await page.goto('/terms');
      await expect(page.locator('h1')).toHaveText(HEADINGS['/terms'].en);
    } finally {
      await context.close();
    }
  });

  test('the browser takes /login over without errors, and signing in works', async ({ page }) => {
    const watched = await watchHydration(page);
    await page.goto('/login');
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS['/login'].en);
    // The skip link is the first stop on the page once it is live.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    expect(await watched.headingReplaced()).toBe(false);
    await fillSignIn(page, MARIA);
    await submitSignIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maria Garcia!');
    expect(watched.errors).toEqual([]);
  });

  test('in Spanish (the stored choice and its cookie), /terms hydrates in Spanish and switches to English', async ({
    page,
    baseURL,
  }) => {
    await page.addInitScript(() => localStorage.setItem('portalLanguage', 'es'));
    await page.context().addCookies([{ name: 'portalLanguage', value: 'es', url: baseURL! }]);
    const watched = await watchHydration(page);
    await page.goto('/terms');
    await hydrated(page);
    const legal = page.getByTestId('legal-page');
    await expect(legal.getByRole('heading', { level: 1 })).toHaveText(HEADINGS['/terms'].es);
    expect(await watched.headingReplaced()).toBe(false);
    await legal.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(legal.getByRole('heading', { level: 1 })).toHaveText(HEADINGS['/terms'].en);
    // The choice is kept for the next page the server draws.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'portalLanguage')?.value).toBe('en');
    expect(watched.errors).toEqual([]);
  });

  test('a Spanish choice kept only in localStorage draws the page afresh in Spanish', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('portalLanguage', 'es'));
    const watched = await watchHydration(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADINGS['/login'].es);
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    expect(watched.errors).toEqual([]);
  });
});

test('a text changed in flows/ is in the drawn page after a restart, with no build', async ({
  request,
}) => {
  test.setTimeout(90_000);
  const repo = fileURLToPath(new URL('../..', import.meta.url));
  const tmp = mkdtempSync(path.join(tmpdir(), 'portal-prerender-'));
  const flowsDir = path.join(tmp, 'flows');
  cpSync(path.join(repo, 'flows'), flowsDir, { recursive: true });
  const textsFile = path.join(flowsDir, 'texts', 'sign-in.json');
  const texts = JSON.parse(readFileSync(textsFile, 'utf8')) as {
    title: { en: string; es: string };
  };
  texts.title = { en: 'Welcome back, please sign in', es: 'Bienvenido de nuevo, inicie sesión' };
  writeFileSync(textsFile, JSON.stringify(texts, null, 2));

  const portal = await startPortal('portal-flows-data-', {
    NODE_ENV: 'production',
    FLOWS_DIR: flowsDir,
  });
  try {
    const base = portal.base;
    for (const [language, cookie] of [
      ['en', ''],
      ['es', 'portalLanguage=es'],
    ] as const) {
      const page = await request.get(`${base}/login`, {
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
      expect(headingIn(await page.text())).toBe(texts.title[language]);
    }
  } finally {
    portal.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
});
