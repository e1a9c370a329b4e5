import type { Page } from '@playwright/test';
import { MARIA, expect, expectScriptsAfterFirstPaint, pageErrors, signIn, test } from './fixtures';

/**
 * The signed-in screens a debtor lands on come as their frame, drawn by the server for no one in
 * particular (src/server/http/prerender.ts `FRAME_PATHS`, src/web/lib/signed-in-frame.ts): the
 * signed-in header, the heading where it needs no data, the introduction and skeletons. The
 * browser of someone signed in takes the frame over and the data fills it in place.
 */

const ACCOUNT = 'LU1.10001';

const FRAME = {
  en: {
    accountsHeading: 'Your accounts',
    intro: 'Here are your accounts with us.',
    accountHeading: `Account ${ACCOUNT}`,
    logOut: 'Log out',
  },
  es: {
    accountsHeading: 'Sus cuentas',
    intro: 'Aquí están sus cuentas con nosotros.',
    accountHeading: `Cuenta ${ACCOUNT}`,
    logOut: 'Cerrar sesión',
  },
} as const;

/** The markup inside #root, and whether it is a signed-in frame. */
function rootOf(html: string): { markup: string; signedIn: boolean } {
  const start = /<div id="root"([^>]*)>/.exec(html);
  return {
    markup: start ? html.slice(start.index + start[0].length) : '',
    signedIn: start?.[1]?.includes('data-signed-in') ?? false,
  };
}

/** Text of the markup with tags dropped (one space between elements). */
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/**
 * Console errors, page errors and the sum of layout shifts (PerformanceObserver), from the first
 * byte of the page on.
 */
async function watch(page: Page): Promise<{ errors: string[]; shifts: () => Promise<number> }> {
  const errors = pageErrors(page);
  await page.addInitScript(() => {
    const scope = window as unknown as { layoutShift: number };
    scope.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) scope.layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return {
    errors,
    shifts: () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
  };
}

test.describe('signed-in screens drawn as their frame', () => {
  test('the HTML holds the frame in the cookie language, with nothing personal', async ({
    request,
  }) => {
    for (const language of ['en', 'es'] as const) {
      const headers = {
        accept: 'text/html',
        ...(language === 'es' ? { cookie: 'portalLanguage=es' } : {}),
      };
      const texts = FRAME[language];
      const dashboard = await (await request.get('/dashboard', { headers })).text();
      expect(dashboard).toContain(`<html lang="${language}">`);
      const root = rootOf(dashboard);
      expect(root.signedIn).toBe(true);
      expect(root.markup).toMatch(
        new RegExp(`<h2[^>]*>${texts.accountsHeading}</h2>`.replace('.', '\\.')),
      );
      expect(textOf(root.markup)).toContain(texts.intro);
      expect(textOf(root.markup)).toContain(texts.logOut);
      expect(root.markup).toContain('data-page-pending');
      expect(textOf(root.markup)).not.toContain('Maria');
      // The page still starts its own data requests (page-requests.ts).
      expect(dashboard).toContain('/api/v2/Account/ListOverview');

      const account = await (await request.get(`/accounts/${ACCOUNT}`, { headers })).text();
      expect(rootOf(account).signedIn).toBe(true);
      expect(/<h1[^>]*>(.*?)<\/h1>/s.exec(rootOf(account).markup)?.[1]).toBe(texts.accountHeading);
    }
  });

  test('an address that is not a plain account number gets no frame', async ({ request }) => {
    for (const address of [
      '/accounts/%3Cb%3Ex',
      '/accounts/a%22b',
      '/accounts/PORTALFRAMESLOT0X',
    ]) {
      const html = await (await request.get(address, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('<b>x');
    }
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px: painted before any script, taken over with no error, filled with no layout shift`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, MARIA);
      const watched = await watch(page);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maria Garcia!');
      await expect(page.locator('#root')).not.toHaveAttribute('inert');
      await expectScriptsAfterFirstPaint(page);
      await expect(page.getByText('Here are your accounts with us.')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      // Let any late change land before the shifts are summed (each page has its own).
      await page.waitForTimeout(300);
      expect(await watched.shifts()).toBe(0);

      // The account page, loaded afresh: its heading is the server's, kept (hydrated).
      await page.goto(`/accounts/${ACCOUNT}`);
      await page.evaluate(() => {
        const heading = document.querySelector('h1');
        (window as unknown as { drawnHeading: Element | null }).drawnHeading = heading;
      });
      await expect(page.getByRole('heading', { name: 'Account summary' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { drawnHeading: Element | null }).drawnHeading ===
            document.querySelector('h1'),
        ),
      ).toBe(true);
      await page.waitForTimeout(300);
      expect(await watched.shifts()).toBe(0);
      expect(watched.errors).toEqual([]);
    });
  }

  test('in Spanish at 375 px, the longer welcome keeps the two lines the frame reserved', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.addInitScript(() => localStorage.setItem('portalLanguage', 'es'));
    await page.context().addCookies([{ name: 'portalLanguage', value: 'es', url: baseURL! }]);
    await signIn(page, MARIA);
    const watched = await watch(page);
    await page.goto('/dashboard');
    const heading = page.getByRole('heading', { level: 1 });
    // The whole welcome stays the heading's text (screen readers, the tab title); it is shown in
    // two lines at most.
    await expect(heading).toHaveText('¡Le damos la bienvenida, Maria Garcia!');
    await expect(page.getByText(FRAME.es.intro)).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForTimeout(300);
    expect(await watched.shifts()).toBe(0);
    expect(watched.errors).toEqual([]);
  });

  test('signed out, /dashboard still ends on sign-in', async ({ page }) => {
    const watched = await watch(page);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
    expect(watched.errors).toEqual([]);
  });

  test('with JavaScript off, the frame shows its header, heading and introduction', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`/accounts/${ACCOUNT}`);
      await expect(page.locator('h1')).toHaveText(FRAME.en.accountHeading);
      await expect(page.getByRole('link', { name: 'Log out' })).toBeVisible();
      // The footer waits for the page's content (styles/global.css).
      await expect(page.getByRole('contentinfo')).toBeHidden();
    } finally {
      await context.close();
    }
  });
});
