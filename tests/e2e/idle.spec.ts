import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import {
  MARIA,
  expect,
  fillSignIn,
  signInWithForm,
  submitSignIn,
  switchToSpanish,
  test,
} from './fixtures';

/**
 * Signs Maria in and waits until the idle watcher runs (it is loaded at sign-in; the clock must not
 * jump before it counts). Then the clock stops, and one pointer move at a known moment is the last
 * activity, so the countdown starts at exactly 5:00 ten minutes later.
 */
async function signInWatched(page: Page, submit: () => Promise<void>): Promise<void> {
  const watcher = page.waitForResponse(/\/assets\/idle-watcher-[^/]*\.js$/);
  await submit();
  await expect(page).toHaveURL(/\/dashboard$/);
  await watcher;
  await page.waitForTimeout(200);
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2000);
  await page.mouse.move(5, 5);
}

test.describe('idle session', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('after 10 idle minutes a warning counts down from 5:00; Stay signed in closes it', async ({
    page,
  }) => {
    await signInWatched(page, () => signInWithForm(page, MARIA));
    await page.clock.fastForward('09:59');
    const dialog = page.getByRole('alertdialog', { name: 'Your session is about to expire' });
    await expect(dialog).toHaveCount(0);
    await page.clock.fastForward('00:01');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('idle-countdown')).toHaveText('5:00');
    await page.clock.fastForward('00:01');
    await expect(dialog.getByTestId('idle-countdown')).toHaveText('4:59');
    await page.clock.fastForward('01:00');
    await expect(dialog.getByTestId('idle-countdown')).toHaveText('3:59');
    await page.clock.resume(); // axe-core needs running timers
    await expectNoAxeViolations(page);
    // Staying is activity on the server too: the session is renewed there.
    const renewed = page.waitForResponse(
      (response) => response.url().endsWith('/api/Authorization/Refresh'),
      { timeout: 10_000 },
    );
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    expect((await renewed).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
  });

  test('at 15 idle minutes the session ends and the dialog closes', async ({ page }) => {
    await signInWatched(page, () => signInWithForm(page, MARIA));
    await page.clock.fastForward('10:00');
    const dialog = page.getByRole('alertdialog', { name: 'Your session is about to expire' });
    await expect(dialog).toBeVisible();
    await page.clock.fastForward('05:00');
    await expect(page).toHaveURL(/\/login$/);
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
    expect(await page.evaluate(() => sessionStorage.getItem('portalAccessToken'))).toBeNull();
    // The sign-in page says why, by the idle limit of the page config.
    await expect(page.getByTestId('signed-out-notice')).toHaveText(
      'You were signed out because there was no activity for 15 minutes. Please sign in again.',
    );
  });

  test('in Spanish, the sign-in page after the idle logout says why in Spanish', async ({
    page,
  }) => {
    await page.goto('/login');
    await switchToSpanish(page);
    await signInWatched(page, async () => {
      await fillSignIn(page, MARIA);
      await submitSignIn(page);
    });
    await page.clock.fastForward('15:00');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('signed-out-notice')).toHaveText(
      'Se cerró su sesión porque no hubo actividad durante 15 minutos. Vuelva a iniciar sesión.',
    );
  });

  test('in Spanish, Log out in the warning signs out', async ({ page }) => {
    await page.goto('/login');
    await switchToSpanish(page);
    await signInWatched(page, async () => {
      await fillSignIn(page, MARIA);
      await submitSignIn(page);
    });
    await page.clock.fastForward('10:00');
    const dialog = page.getByRole('alertdialog', { name: 'Su sesión está por vencer' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('idle-countdown')).toHaveText('5:00');
    await page.clock.resume(); // axe-core needs running timers
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(dialog).toHaveCount(0);
    // A sign-out the user chose: nothing to explain.
    await expect(page.locator('#sign-in_lastName')).toBeVisible();
    await expect(page.getByTestId('signed-out-notice')).toHaveCount(0);
  });

  test('a guest is never warned', async ({ page }) => {
    await page.goto('/login');
    await page.clock.fastForward('16:00');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('activity restarts the idle time', async ({ page }) => {
    await signInWatched(page, () => signInWithForm(page, MARIA));
    await page.clock.fastForward('08:00');
    await page.mouse.move(10, 10);
    await page.mouse.move(200, 200);
    await page.clock.fastForward('08:00');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });
});

test.describe('session renewal', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('an active user stays signed in past the 15-minute access token', async ({ page }) => {
    await signInWatched(page, () => signInWithForm(page, MARIA));
    const first = await page.evaluate(() => sessionStorage.getItem('portalAccessToken'));
    const renewed = page.waitForResponse(
      (response) => response.url().endsWith('/api/Authorization/Refresh') && response.ok(),
    );
    // Sixteen busy minutes: the token is renewed a minute before it expires.
    for (let minute = 1; minute <= 16; minute += 1) {
      await page.clock.fastForward('01:00');
      await page.mouse.move(minute * 10, 40);
    }
    await renewed;
    const second = await page.evaluate(() => sessionStorage.getItem('portalAccessToken'));
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    // The renewed token is the one the server now accepts for this session's calls.
    const overview = await page.request.get('/api/v2/Account/ListOverview', {
      headers: { Authorization: `Bearer ${second}`, 'X-Session-Id': 'e2e-renewal' },
    });
    expect(overview.status()).toBe(200);
    await page.clock.resume();
    await page.getByRole('link', { name: /View details.*LU1\.10001/ }).click();
    await expect(page).toHaveURL(/\/accounts\/LU1\.10001$/);
  });

  test('logging out ends the session on the server: its token is refused', async ({ page }) => {
    await page.clock.resume();
    await signInWithForm(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => sessionStorage.getItem('portalAccessToken'));
    const loggedOut = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/Authorization/Logout') && response.status() === 204,
    );
    await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await loggedOut;
    const after = await page.request.get('/api/v2/Account/ListOverview', {
      headers: { Authorization: `Bearer ${token}`, 'X-Session-Id': 'e2e-logout' },
    });
    expect(after.status()).toBe(401);
  });
});
