import type { Page, Response } from '@playwright/test';
import { startPortal, type Portal } from '../../scripts/lib/portal';
import { expectNoAxeViolations } from './a11y';
import {
  MARIA,
  appReady,
  expect,
  fillSignIn,
  signInWithForm,
  submitSignIn,
  switchToSpanish,
  test,
  watchHydration,
} from './fixtures';

/**
 * A session that ends on the server (issue 20) sends the browser to sign-in, which says why, in
 * the page's language: idle (no call for the idle limit), limit (the absolute limit), ended
 * (signed out elsewhere). The idle and limit cases run against a portal of their own, started
 * with small limits, so the server's real end is what the browser meets.
 */

type Language = 'en' | 'es';

const MESSAGES = {
  idle: {
    // SESSION_IDLE_MINUTES 0.1 (6 s), as the page config tells the browser.
    en: 'You were signed out because there was no activity for 0.1 minutes. Please sign in again.',
    es: 'Se cerró su sesión porque no hubo actividad durante 0,1 minutos. Vuelva a iniciar sesión.',
  },
  limit: {
    // SESSION_MAX_HOURS 0.003 (10.8 s).
    en: 'For your security, a session lasts at most 0.003 hours. Please sign in again.',
    es: 'Por su seguridad, una sesión dura como máximo 0,003 horas. Vuelva a iniciar sesión.',
  },
  ended: {
    en: 'Your session has ended. Please sign in again.',
    es: 'Su sesión ha terminado. Vuelva a iniciar sesión.',
  },
} as const;

const VIEW_DETAILS: Record<Language, string> = {
  en: 'View details for account LU1.10002',
  es: 'Ver detalles de la cuenta LU1.10002',
};

const notice = (page: Page) => page.getByTestId('signed-out-notice');

const isRefresh = (response: Response) => response.url().endsWith('/api/Authorization/Refresh');

/** Signs Maria in through the sign-in page at `base`, in `language`, and waits for the dashboard. */
async function signInAs(page: Page, base: string, language: Language): Promise<void> {
  await page.goto(`${base}/login`);
  await appReady(page);
  if (language === 'es') await switchToSpanish(page);
  await fillSignIn(page, MARIA);
  await submitSignIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('account-card')).toHaveCount(3);
}

/**
 * The sign-in page says `text` once, at the top of its card (above the form), as an alert that
 * axe-core finds nothing wrong with; a reload of the page does not say it again.
 */
async function expectToldOnce(page: Page, text: string): Promise<void> {
  await expect(page).toHaveURL(/\/login$/);
  await expect(notice(page)).toHaveText(text);
  await expect(notice(page)).toHaveAttribute('role', 'alert');
  const noticeBox = await notice(page).boundingBox();
  const headingBox = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(noticeBox && headingBox && noticeBox.y + noticeBox.height <= headingBox.y).toBe(true);
  await expectNoAxeViolations(page);
  await page.reload();
  await appReady(page);
  await expect(page.locator('#sign-in_lastName')).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
}

test.describe('a session ended on the server for inactivity', () => {
  let portal: Portal;
  test.beforeAll(async () => {
    portal = await startPortal('portal-session-idle-', {
      NODE_ENV: 'production',
      SESSION_IDLE_MINUTES: '0.1',
    });
  });
  test.afterAll(() => portal.stop());

  for (const language of ['en', 'es'] as const) {
    test(`the next click goes to sign-in, which says the session ended for inactivity (${language})`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.clock.install();
      await page.goto(`${portal.base}/login`);
      await appReady(page);
      if (language === 'es') await switchToSpanish(page);
      // The browser's timers stand still from here: its own idle logout (by the same 6 s) and the
      // token keeper never run, so what ends the session is the server.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      await fillSignIn(page, MARIA);
      await submitSignIn(page);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('account-card')).toHaveCount(3);
      // Six seconds without a call end the session on the server.
      await page.waitForTimeout(6_500);
      // Back at the computer just before the access token's expiry (so the app renews the token
      // before its next call, as after a sleep), and the user clicks.
      const expiresAt = await page.evaluate(() => {
        const token = sessionStorage.getItem('portalAccessToken') ?? '';
        const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
        const { exp } = JSON.parse(atob(part)) as { exp: number };
        return exp * 1000 + Number(sessionStorage.getItem('portalClockOffset') ?? 0);
      });
      await page.clock.setSystemTime(expiresAt - 3_000);
      const refused = page.waitForResponse(isRefresh);
      await page.getByRole('link', { name: VIEW_DETAILS[language] }).click();
      await expect(notice(page)).toHaveText(MESSAGES.idle[language]);
      // What ended it was the server's refusal to renew, for inactivity.
      const refresh = await refused;
      expect(refresh.status()).toBe(401);
      expect(await refresh.json()).toMatchObject({ reason: 'idle' });
      await page.clock.resume(); // axe-core needs running timers
      await expectToldOnce(page, MESSAGES.idle[language]);
    });
  }
});

test.describe('a session at its absolute limit', () => {
  let portal: Portal;
  test.beforeAll(async () => {
    portal = await startPortal('portal-session-limit-', {
      NODE_ENV: 'production',
      SESSION_MAX_HOURS: '0.003',
    });
  });
  test.afterAll(() => portal.stop());

  for (const language of ['en', 'es'] as const) {
    test(`ends at that moment, with one refused refresh, on sign-in saying why (${language})`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const refreshes: Response[] = [];
      page.on('response', (response) => {
        if (isRefresh(response)) refreshes.push(response);
      });
      await signInAs(page, portal.base, language);
      // Every token is capped at the session's end, 10.8 s after sign-in: nothing is renewed
      // before it, and at it the one refresh the server refuses takes the user to sign-in,
      // without a click.
      await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
      await expect(notice(page)).toHaveText(MESSAGES.limit[language]);
      expect(refreshes).toHaveLength(1);
      expect(refreshes[0]!.status()).toBe(401);
      expect(await refreshes[0]!.json()).toMatchObject({ reason: 'limit' });
      await expectToldOnce(page, MESSAGES.limit[language]);
    });
  }
});

test.describe('signed out elsewhere', () => {
  for (const language of ['en', 'es'] as const) {
    test(`the next navigation ends at sign-in, which says the session has ended (${language})`, async ({
      page,
    }) => {
      await signInAs(page, '', language);
      // The session is ended from elsewhere: its refresh token, sent to Logout.
      const refreshToken = await page.evaluate(() => sessionStorage.getItem('portalRefreshToken'));
      const logout = await page.request.post('/api/Authorization/Logout', {
        headers: { 'X-Session-Id': crypto.randomUUID() },
        data: { refreshToken },
      });
      expect(logout.status()).toBe(204);
      const refused = page.waitForResponse(isRefresh);
      await page.getByRole('link', { name: VIEW_DETAILS[language] }).click();
      await expect(notice(page)).toHaveText(MESSAGES.ended[language]);
      const refresh = await refused;
      expect(refresh.status()).toBe(401);
      expect(await refresh.json()).toMatchObject({ reason: 'ended' });
      await expectToldOnce(page, MESSAGES.ended[language]);
    });
  }
});

test('signing out with Log out says nothing on the sign-in page', async ({ page }) => {
  await signInWithForm(page, MARIA);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('#sign-in_lastName')).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
});

test('on a sign-in page the server drew, the message comes once the page is taken over, without a mismatch', async ({
  page,
}) => {
  const { errors, headingReplaced } = await watchHydration(page);
  // A session ended in this tab, and /login is then loaded afresh (drawn by the server, which
  // knows nothing of it).
  await page.goto('/terms');
  await page.evaluate(() => sessionStorage.setItem('portalSignedOutReason', 'ended'));
  await page.goto('/login');
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  await appReady(page);
  await expect(notice(page)).toHaveText(MESSAGES.ended.en);
  // Hydrated (the server's heading kept, not drawn again), with no error.
  expect(await headingReplaced()).toBe(false);
  expect(errors).toEqual([]);
});
