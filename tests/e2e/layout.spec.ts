import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { MARIA, appReady, expect, signIn, switchToSpanish, test } from './fixtures';

const PHONE = { width: 375, height: 812 };

test.describe('header and footer per role', () => {
  test('a guest has offer code, sign in and the language switch; the footer links to /contact-us', async ({
    page,
  }) => {
    await page.goto('/login');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Enter offer code' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await expect(banner.getByRole('link', { name: 'Log out' })).toHaveCount(0);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact-us',
    );
    await expect(footer.getByTestId('agency-address')).toContainText('PO Box 1000');
    await expect(footer.getByTestId('agency-hours')).toHaveText(
      '9am–5pm Eastern, Monday to Friday; TTY 711',
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} MRS`);
    await switchToSpanish(page);
    await expect(footer.getByTestId('agency-hours')).toContainText('hora del Este');
    await expect(footer.getByTestId('collector-notice')).toHaveText(
      'Esta es una comunicación de un cobrador de deudas.',
    );
  });

  test('an account user has dashboard, my details, contact us and log out; the footer links to /dashboard/contact-us', async ({
    page,
  }) => {
    await signIn(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'My details' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Contact us' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Log out' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }),
    ).toHaveAttribute('href', '/dashboard/contact-us');
    await expectNoAxeViolations(page);
  });

  test('the letter entry dialog verifies an offer code and opens its options page', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('banner').getByRole('button', { name: 'Enter offer code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Look up your offer' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.locator('#letter-dialog_letterCode').fill('LU1.99999.1');
    await dialog.getByRole('button', { name: 'Look up your offer' }).click();
    await expect(dialog.getByTestId('form-error')).toHaveText(
      'The offer code you entered was not found. Please try again.',
    );
    await dialog.locator('#letter-dialog_letterCode').fill('LU1.10001.57');
    await dialog.getByRole('button', { name: 'Look up your offer' }).click();
    await expect(page).toHaveURL(/\/letter-option\/LU1\.10001\/57$/);
    await expect(dialog).toBeHidden();
    await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
    // On the letter options page the letter item is hidden.
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Enter offer code' }),
    ).toHaveCount(0);
  });

  test('the letter entry dialog in Spanish', async ({ page }) => {
    await page.goto('/login');
    await switchToSpanish(page);
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Ingresar código de oferta' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Busque su oferta' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('mobile menu at 375 px', () => {
  test.use({ viewport: PHONE });

  test('opens and closes by keyboard, keeps focus inside, returns it to the menu button', async ({
    page,
  }) => {
    await signIn(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The page has committed (a navigation moves the focus to the main region when it does).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maria Garcia!');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: 'Log out' })).toBeHidden();
    const menuButton = banner.getByRole('button', { name: 'Menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (const name of [
      'Dashboard',
      'Update contact information',
      'Payment methods',
      'Contact us',
      'Log out',
    ]) {
      await expect(drawer.getByRole('link', { name })).toBeVisible();
    }
    await expect(drawer.getByRole('button', { name: 'Enter offer code' })).toBeVisible();
    await expectNoAxeViolations(page);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();

    await switchToSpanishFromMenu(page);
    const drawerEs = page.getByRole('dialog', { name: 'Menú' });
    await expect(drawerEs.getByRole('link', { name: 'Cerrar sesión' })).toBeVisible();
    await expectNoAxeViolations(page);
    await drawerEs.getByRole('link', { name: 'Métodos de pago' }).click();
    await expect(page).toHaveURL(/\/funding-methods$/);
    await expect(drawerEs).toBeHidden();
  });

  test('a page change closes the menu: Back while it is open', async ({ page }) => {
    await page.goto('/login');
    await page.locator('#main').getByRole('link', { name: 'terms of use' }).click();
    await expect(page.getByTestId('legal-page')).toBeVisible();
    await page.getByTestId('menu-button').click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('#sign-in')).toBeVisible();
    // Closed and gone, not left on screen without the focus (and so hidden from screen readers).
    await expect(page.locator('[role="dialog"]')).toHaveCount(0);
    await expect(page.locator('#main')).toBeFocused();
    await expect(page.getByTestId('menu-button')).toHaveAttribute('aria-expanded', 'false');
  });

  test('the sign-in form in Spanish keeps every control inside the form', async ({ page }) => {
    await page.goto('/login');
    await switchToSpanishFromMenu(page);
    await page.keyboard.press('Escape');
    const form = page.locator('#main form').first();
    await expect(form.locator('select').first()).toBeVisible();
    // The longest option ("Últimos 4 dígitos del número de Seguro Social") made the native select
    // as wide as itself, past the text inputs' right edge and the form's padding.
    const edges = await form.evaluate((node) => {
      const right = (el: Element) => Math.round(el.getBoundingClientRect().right);
      return {
        inputs: [...node.querySelectorAll('.fui-Input')].map(right),
        selects: [...node.querySelectorAll('select')].map(right),
      };
    });
    expect(edges.selects.length).toBeGreaterThan(0);
    const inputEdge = Math.max(...edges.inputs);
    for (const edge of edges.selects) expect(edge).toBeLessThanOrEqual(inputEdge);
  });

  test('a guest sees sign in and the offer code in the menu', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Log out' })).toHaveCount(0);
    await drawer.getByRole('button', { name: 'Enter offer code' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Look up your offer' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

async function switchToSpanishFromMenu(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

test.describe('navigation', () => {
  test('a slow page shows the loading bar after 250 ms', async ({ page }) => {
    await page.route(/\/assets\/legal-page-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/login');
    await expect(page.getByTestId('loading-bar')).toHaveCount(0);
    await page.locator('#main').getByRole('link', { name: 'terms of use' }).click();
    await expect(page.getByRole('progressbar', { name: 'Loading page' })).toBeVisible();
    await expect(page.getByTestId('legal-page')).toBeVisible();
    await expect(page.getByTestId('loading-bar')).toHaveCount(0);
  });

  test('a fast page shows no loading bar', async ({ page }) => {
    // The sign-in page's code is in the browser's cache first (assets are cached as immutable).
    // The page's clock stands still from the click on: however slow the machine, the page arrives
    // before 250 ms of the page's time have passed, and the bar must not follow it afterwards.
    await page.clock.install();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await appReady(page);
    await page.goto('/terms');
    await expect(page.getByTestId('legal-page')).toBeVisible();
    // The server's page is painted before its scripts have taken it over (their start runs in
    // timer tasks): the clock stands still only once they have.
    await appReady(page);
    const seen: boolean[] = [];
    await page.exposeFunction('sawBar', () => seen.push(true));
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="loading-bar"]')) {
          (window as unknown as { sawBar: () => void }).sawBar();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByTestId('legal-page').getByRole('link', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('#sign-in')).toBeVisible();
    await page.clock.runFor(400);
    await page.waitForTimeout(100);
    expect(seen).toEqual([]);
    await expect(page.getByTestId('loading-bar')).toHaveCount(0);
  });

  test('each navigation starts at the top of the page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/terms');
    await expect(page.getByTestId('legal-page')).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a page that fails to load shows the error page with Reload, in both languages', async ({
    page,
  }) => {
    await page.route(/\/assets\/legal-page-[^/]*\.js$/, (route) =>
      route.fulfill({ status: 500, body: 'down' }),
    );
    await page.goto('/login');
    await page.locator('#main').getByRole('link', { name: 'terms of use' }).click();
    const error = page.getByTestId('error-page');
    await expect(error).toContainText('We encountered an error loading this page.');
    await expect(error.getByRole('heading', { level: 1 })).toHaveText('Something went wrong');
    await expect(error).toContainText('If the problem persists');
    await expectNoAxeViolations(page);
    await switchToSpanish(page);
    await expect(error).toContainText('Se produjo un error al cargar esta página.');
    await expectNoAxeViolations(page);
    await page.unroute(/\/assets\/legal-page-[^/]*\.js$/);
    await error.getByRole('button', { name: 'Volver a cargar' }).click();
    await expect(page.getByTestId('legal-page')).toBeVisible();
  });
});

/**
 * A form whose fields' code is loaded on demand (a radio group, a money field, a checkbox) appears
 * whole: every field is there when its submit button first is, so nothing pops in a moment later,
 * pushing the button down under a pointer on its way to it (a click meant for Continue then lands
 * in the radio group). Watched from the first mutation, in a fresh browser with nothing cached.
 */
test.describe('forms appear whole', () => {
  test('the payment amount stage and the bankruptcy form: no field is added after the submit button', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const first: Record<string, string[]> = {};
      const fields = (form: Element) =>
        [...form.querySelectorAll(`[id^="${form.id}_"]`)].map((element) => element.id).sort();
      new MutationObserver(() => {
        for (const form of document.querySelectorAll('form.rjsf[id]')) {
          if (first[form.id] || !form.querySelector('button[type="submit"]')) continue;
          first[form.id] = fields(form);
        }
      }).observe(document, { childList: true, subtree: true });
      Object.assign(window, {
        lateFields: () =>
          Object.entries(first).flatMap(([id, seen]) => {
            const form = document.getElementById(id);
            return form ? fields(form).filter((field) => !seen.includes(field)) : [];
          }),
        formsSeen: () => Object.keys(first),
      });
    });
    const lateFields = () =>
      page.evaluate(() => (window as unknown as { lateFields: () => string[] }).lateFields());
    const formsSeen = () =>
      page.evaluate(() => (window as unknown as { formsSeen: () => string[] }).formsSeen());

    await signIn(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/accounts/LU1.10001/payment/one-time');
    await expect(page.locator('#payment-arrangement_dateChoice')).toBeVisible();
    await expect(page.locator('#payment-arrangement_amount')).toBeVisible();
    // React shows a part that waited for its code up to 300 ms after the rest.
    await page.waitForTimeout(500);
    expect(await formsSeen()).toContain('payment-arrangement');
    expect(await lateFields()).toEqual([]);

    await page.goto('/accounts/LU1.10001/bankruptcy');
    await expect(page.locator('#bankruptcy_jointFile')).toBeVisible();
    await page.waitForTimeout(500);
    expect(await formsSeen()).toContain('bankruptcy');
    expect(await lateFields()).toEqual([]);
  });
});
