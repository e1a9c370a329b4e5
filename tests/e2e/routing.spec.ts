import type { Page } from '@playwright/test';
import { MARIA, appReady, expect, signInWithForm, switchToSpanish, test } from './fixtures';

test('an unknown path goes to the root, which needs a session', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path for a signed-in user ends on the dashboard', async ({ page }) => {
  await signInWithForm(page, MARIA);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the my details pages are reachable from the menu', async ({ page }) => {
  await signInWithForm(page, MARIA);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'My details' }).click();
  await page.getByRole('menuitem', { name: 'Payment methods' }).click();
  await expect(page).toHaveURL(/\/funding-methods$/);
  await page.getByRole('button', { name: 'My details' }).click();
  await page.getByRole('menuitem', { name: 'Update contact information' }).click();
  await expect(page).toHaveURL(/\/contact-information$/);
});

test('the language choice survives a reload', async ({ page }) => {
  await page.goto('/login');
  await switchToSpanish(page);
  expect(await page.evaluate(() => localStorage.getItem('portalLanguage'))).toBe('es');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicie sesión en su cuenta');
  await expect(page.getByText('Esta es una comunicación de un cobrador de deudas.')).toBeVisible();
});

/** The portalLanguage cookie of the page's context (the server's copy of the choice). */
async function languageCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'portalLanguage')?.value;
}

/**
 * Spec section 1: only en and es; the default and the fallback are en. The stored choice decides,
 * and the cookie the server draws pages from follows it: a stored value the portal does not speak
 * is English, though the cookie still says Spanish.
 */
test('a stored language the portal does not speak is English after a reload of a page drawn on the server', async ({
  page,
}) => {
  await page.goto('/login');
  await appReady(page);
  await switchToSpanish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicie sesión en su cuenta');
  expect(await languageCookie(page)).toBe('es');
  await page.evaluate(() => localStorage.setItem('portalLanguage', 'fr'));
  const reloaded = await page.reload();
  // The server drew the page from the cookie, in Spanish; the app draws it in English.
  expect(await reloaded?.text()).toContain('data-prerendered="es"');
  await appReady(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
  await expect(page.getByTestId('collector-notice')).toHaveText(
    'This is a communication from a debt collector.',
  );
  // The store says English now, and the cookie follows: the next page comes drawn in English.
  expect(await page.evaluate(() => localStorage.getItem('portalLanguage'))).toBe('en');
  expect(await languageCookie(page)).toBe('en');
  const next = await page.request.get('/login', { headers: { accept: 'text/html' } });
  expect(await next.text()).toContain('data-prerendered="en"');
});

test('a stored language the portal does not speak is English after a reload of a signed-in page', async ({
  page,
}) => {
  await signInWithForm(page, MARIA);
  await expect(page).toHaveURL(/\/dashboard$/);
  await switchToSpanish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^¡Le damos la bienvenida/);
  expect(await languageCookie(page)).toBe('es');
  await page.evaluate(() => localStorage.setItem('portalLanguage', 'fr'));
  const asked: { address: string; language: string | undefined }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/ListOverview|PrimaryDebtorInfo/.test(url.pathname)) {
      asked.push({ address: url.pathname, language: request.headers()['accept-language'] });
    }
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maria Garcia!');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The page's own requests and the app's agree on English: each is asked for once.
  expect(asked.sort((a, b) => a.address.localeCompare(b.address))).toEqual([
    { address: '/api/v2/Account/ListOverview', language: 'en' },
    { address: '/api/v2/Debtor/PrimaryDebtorInfo', language: 'en' },
  ]);
  expect(await page.evaluate(() => localStorage.getItem('portalLanguage'))).toBe('en');
  expect(await languageCookie(page)).toBe('en');
});

test('the footer carries the collector notice and the skip link works', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByTestId('collector-notice')).toHaveText(
    'This is a communication from a debt collector.',
  );
  // Keyboard use starts once the drawn page is the app's (it is inert until then).
  await appReady(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await skip.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
});

/**
 * On a fresh load of a signed-in page, its data is asked for as the route starts, not after the
 * page's code has arrived (no request waterfall): with the page's chunk held back, the data
 * request is sent while the chunk is still on its way. The page's HTML names the chunk (the
 * screens' common one, scripts/lib/vite-first-load-chunks.ts) as a modulepreload, so the browser
 * asks for it with the entry.
 */
for (const { path, data, chunk } of [
  { path: '/dashboard', data: '/api/v2/Account/ListOverview', chunk: /signed-in-[^/]*\.js$/ },
  {
    path: '/accounts/LU1.10001',
    data: '/api/v2/Account/Detailed',
    chunk: /signed-in-[^/]*\.js$/,
  },
]) {
  test(`a reload of ${path} asks for its data alongside its code`, async ({ page }) => {
    await signInWithForm(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const html = await (await page.request.get(path, { headers: { accept: 'text/html' } })).text();
    // Named for after the first paint on a page drawn on the server (boot-script.ts).
    const preloads = [
      ...html.matchAll(
        /<(?:link rel="modulepreload" crossorigin href|meta name="portal-module" content)="([^"]+)">/g,
      ),
    ];
    expect(preloads.some((match) => chunk.test(match[1]!))).toBe(true);

    let chunkArrived = false;
    let dataWhileChunkHeld = false;
    // The chunk is held until the data request is seen, for 10 s at most (not a fixed second: on
    // a busy machine the entry alone may take longer to run). A page that asked for its data only
    // once its code had arrived would hold it the whole 10 s and never send it while held.
    let dataAsked!: () => void;
    const dataSeen = new Promise<void>((resolve) => (dataAsked = resolve));
    page.on('request', (request) => {
      if (new URL(request.url()).pathname !== data) return;
      if (!chunkArrived) dataWhileChunkHeld = true;
      dataAsked();
    });
    // Routing turns the browser cache off, so the reload asks for the chunk again.
    await page.route(chunk, async (route) => {
      await Promise.race([dataSeen, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      chunkArrived = true;
      await route.continue();
    });
    await page.reload();
    // The page's content, not the frame the server drew (whose heading shows before any code).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-page-pending]')).toHaveCount(0);
    expect(chunkArrived).toBe(true);
    expect(dataWhileChunkHeld).toBe(true);
  });
}

/**
 * A signed-in screen's first data is asked for by the page itself, before any of the app's code
 * has arrived (src/server/http/page-requests.ts): with the app's entry script held back, the
 * requests go out all the same. Once the app runs it takes their answers over: each is sent once.
 */
for (const { path, data } of [
  {
    path: '/dashboard',
    data: ['/api/v2/Debtor/PrimaryDebtorInfo', '/api/v2/Account/ListOverview'],
  },
  {
    path: '/accounts/LU1.10001',
    data: [
      '/api/v2/Account/Detailed?accountNumber=LU1.10001',
      '/api/v2/Account/GetPaymentSettings?accountNumber=LU1.10001',
    ],
  },
]) {
  test(`a reload of ${path} asks for its data before the app's code has arrived, once`, async ({
    page,
  }) => {
    await signInWithForm(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const sent: string[] = [];
    const whileHeld = new Set<string>();
    let entryArrived = false;
    let allAsked!: () => void;
    const allSeen = new Promise<void>((resolve) => (allAsked = resolve));
    page.on('request', (request) => {
      const url = new URL(request.url());
      const address = url.pathname + url.search;
      if (!data.includes(address)) return;
      sent.push(address);
      if (!entryArrived) whileHeld.add(address);
      if (whileHeld.size === data.length) allAsked();
    });
    // The entry is held until every request is seen, for 10 s at most: an app that asked only once
    // its code had run would hold it the whole 10 s and send nothing while it is held.
    await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await Promise.race([allSeen, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      entryArrived = true;
      await route.continue();
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-page-pending]')).toHaveCount(0);
    expect(entryArrived).toBe(true);
    expect([...whileHeld].sort()).toEqual([...data].sort());
    expect(sent.sort()).toEqual([...data].sort());
  });
}

test('a language kept only in localStorage is the one the page asks for its data in', async ({
  page,
  context,
}) => {
  await signInWithForm(page, MARIA);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Spanish chosen, but no cookie: the server draws the page in English; the app speaks Spanish.
  await page.evaluate(() => localStorage.setItem('portalLanguage', 'es'));
  await context.clearCookies();
  const asked: { address: string; language: string | undefined }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/ListOverview|PrimaryDebtorInfo/.test(url.pathname)) {
      asked.push({ address: url.pathname, language: request.headers()['accept-language'] });
    }
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^¡Le damos la bienvenida/);
  // Asked for once each, in Spanish: the app took the page's answers over.
  expect(asked.sort((a, b) => a.address.localeCompare(b.address))).toEqual([
    { address: '/api/v2/Account/ListOverview', language: 'es' },
    { address: '/api/v2/Debtor/PrimaryDebtorInfo', language: 'es' },
  ]);
});

test('a tab whose access token has expired asks the page for no data with it', async ({ page }) => {
  await signInWithForm(page, MARIA);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The saved clock offset puts the token's expiry an hour in the past on this browser's clock.
  await page.evaluate(() => sessionStorage.setItem('portalClockOffset', String(-3_600_000)));
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/v2/')) asked.push(request.url());
  });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  expect(asked.filter((url) => /ListOverview|PrimaryDebtorInfo/.test(url))).toEqual([]);
});

/**
 * No layout shift while a signed-in page loads: with its data held back, the page holds its
 * skeleton (the frame the server drew) and the footer waits (it is drawn once, under the content);
 * nothing moves.
 */
for (const { path, data } of [
  { path: '/dashboard', data: '**/api/v2/Account/ListOverview' },
  { path: '/accounts/LU1.10001', data: '**/api/v2/Account/Detailed?**' },
]) {
  test(`${path} loads without a layout shift`, async ({ page }) => {
    await signInWithForm(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.route(data, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.waitForTimeout(500);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  });
}
