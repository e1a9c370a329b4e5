import { leakedSecrets } from '../leaks';
import type { Page, Request } from '@playwright/test';
import { MARIA, expect, fillSignIn, signInWithForm, submitSignIn, test } from './fixtures';

const SENTRY_CHUNK = /\/assets\/sentry-[^/]*\.js$/;

/** Collects the bodies of POST /api/v2/Analytic while letting them reach the server. */
async function recordAnalytics(page: Page) {
  const events: { event: string; properties?: Record<string, unknown> }[] = [];
  const statuses: number[] = [];
  await page.route('**/api/v2/Analytic', async (route) => {
    events.push(route.request().postDataJSON() as (typeof events)[number]);
    const response = await route.fetch();
    statuses.push(response.status());
    await route.fulfill({ response });
  });
  return { events, statuses };
}

test.describe('monitoring', () => {
  test('without a DSN the Sentry SDK is never requested', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request: Request) => requests.push(request.url()));
    await signInWithForm(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/terms');
    await expect(page.getByTestId('legal-page')).toBeVisible();
    await page.waitForTimeout(500);
    expect(requests.filter((url) => /sentry/i.test(url))).toEqual([]);
  });

  test('with a DSN the SDK loads after first paint and an error page is reported, scrubbed', async ({
    page,
    baseURL,
  }) => {
    // The server injects this block when SENTRY_DSN is set; here the page is given one pointing
    // at this origin, so the CSP's connect-src 'self' allows it and the envelope can be caught.
    const dsn = `${baseURL!.replace('://', '://publickey@')}/7`;
    await page.route(
      (url) => url.pathname === '/login',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(
          'id="portal-config">{',
          `id="portal-config">{"monitoring":{"dsn":"${dsn}","environment":"e2e"},`,
        );
        await route.fulfill({ response, body });
      },
    );
    const envelopes: string[] = [];
    await page.route(/\/api\/7\/envelope\//, async (route) => {
      envelopes.push(route.request().postData() ?? '');
      await route.fulfill({ status: 200, body: '{}' });
    });
    await page.route(/\/assets\/legal-page-[^/]*\.js$/, (route) =>
      route.fulfill({ status: 500, body: 'down' }),
    );
    const sdk = page.waitForRequest(SENTRY_CHUNK);
    await page.goto('/login?accountNumber=LU1.10001&actionID=promo');
    await sdk;
    await page.locator('#main').getByRole('link', { name: 'terms of use' }).click();
    await expect(page.getByTestId('error-page')).toBeVisible();
    await expect.poll(() => envelopes.some((body) => body.includes('"exception"'))).toBe(true);
    const report = envelopes.find((body) => body.includes('"exception"'))!;
    expect(report).toContain('"environment":"e2e"');
    expect(report).not.toContain('LU1.10001');
    expect(report).not.toContain('promo');
  });
});

test.describe('analytics', () => {
  test('page views and a sign-in with its link action are posted and stored', async ({ page }) => {
    const { events, statuses } = await recordAnalytics(page);
    await page.goto('/login?actionID=spring-letter');
    await fillSignIn(page, MARIA);
    await submitSignIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect
      .poll(() => events.map((e) => e.event))
      .toEqual(['page_view', 'user_logged_in', 'link_action', 'page_view']);
    expect(events[0]!.properties).toEqual({ path: '/login', language: 'en' });
    expect(events[1]!.properties).toEqual({ method: 'account' });
    expect(events[2]!.properties).toEqual({ actionId: 'spring-letter' });
    expect(events[3]!.properties).toEqual({ path: '/dashboard', language: 'en' });
    await expect.poll(() => statuses).toEqual([204, 204, 204, 204]);
    // No personal data in any event.
    expect(leakedSecrets([JSON.stringify(events)], ['Garcia', '1234', '1980'])).toEqual([]);
  });

  test('a failed sign-in is posted with its reason', async ({ page }) => {
    const { events } = await recordAnalytics(page);
    await signInWithForm(page, { ...MARIA, first: ['SocialSecurityNumber', '9999'] });
    await expect(page.getByTestId('form-error')).toBeVisible();
    await expect
      .poll(() => events.filter((e) => e.event === 'login_failed').map((e) => e.properties))
      .toEqual([{ reason: 'no_match' }]);
  });

  test('letter verification success and failure are posted', async ({ page }) => {
    const { events } = await recordAnalytics(page);
    await page.goto('/verify-letter');
    await page.locator('#verify-letter_letterCode').fill('LU1.99999.1');
    await page.locator('#verify-letter button[type="submit"]').click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await page.locator('#verify-letter_letterCode').fill('LU1.10001.57');
    await page.locator('#verify-letter button[type="submit"]').click();
    await expect(page).toHaveURL(/\/letter-option\//);
    await expect
      .poll(() => events.filter((e) => e.event !== 'page_view').map((e) => e.event))
      .toEqual(['letter_verification_failed', 'letter_verified', 'user_logged_in']);
    await expect
      .poll(() => events.filter((e) => e.event === 'page_view').map((e) => e.properties?.path))
      .toEqual(['/verify-letter', '/letter-option/:id/:id']);
  });
});
