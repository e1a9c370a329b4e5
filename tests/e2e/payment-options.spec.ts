import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import {
  GRACE,
  LANGS,
  LAURA,
  VIEWPORTS,
  horizontalOverflow,
  signInAs,
  tr,
  useLanguage,
} from './accounts-fixtures';
import { JOHN, MARIA, expect, test } from './fixtures';

const variants = (page: Page) =>
  page
    .getByTestId('payment-option')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-variant')));

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`payment option picker (${name})`, () => {
    test.use({ viewport });
    // Sign-in plus an axe scan per screen: allow for a busy machine.
    test.describe.configure({ timeout: 60_000 });

    for (const lang of LANGS) {
      test(`Maria: settlement, plan, pay in full and one-time (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signInAs(page, MARIA);
        await page
          .locator('[data-testid="account-card"][data-account="LU1.10001"]')
          .getByTestId('make-payment')
          .click();
        await expect(page).toHaveURL(/\/accounts\/LU1\.10001\/paymentOptions$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          tr(lang, 'Make a payment', 'Hacer un pago'),
        );
        await expect.poll(() => variants(page)).toEqual(['sif', 'bif', 'pif', 'one-time']);
        await expect(page.getByRole('heading', { level: 2 })).toHaveText(
          lang === 'en'
            ? ['Settlement', 'Balance in full (monthly plan)', 'Pay in full', 'One-time payment']
            : [
                'Acuerdo de liquidación',
                'Plan de pagos mensual del total',
                'Pagar el total',
                'Pago único',
              ],
        );
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);
        await page
          .getByRole('link', {
            name: tr(lang, 'Continue: One-time payment', 'Continuar: Pago único'),
          })
          .click();
        await expect(page).toHaveURL(/\/accounts\/LU1\.10001\/payment\/one-time/);
      });

      test(`John: bring current and one-time; Laura: no savings plan (${lang})`, async ({
        page,
      }) => {
        await useLanguage(page, lang);
        await signInAs(page, JOHN);
        await page.goto('/accounts/LU1.20001/paymentOptions');
        await expect.poll(() => variants(page)).toEqual(['bring-current', 'one-time']);
        await expectNoAxeViolations(page);
      });
    }

    test('Laura: her client takes no settlements online', async ({ page }) => {
      await signInAs(page, LAURA);
      await page.goto('/accounts/LU1.80001/paymentOptions');
      await expect.poll(() => variants(page)).toEqual(['bif', 'pif', 'one-time']);
    });
  });
}

test('no options go to the account; closed and missing accounts go home', async ({ page }) => {
  await signInAs(page, GRACE);
  await page.goto('/accounts/LU1.60003/paymentOptions');
  await expect(page).toHaveURL(/\/accounts\/LU1\.60003$/);
  await page.goto('/accounts/LU1.99999/paymentOptions');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a closed account has no payment options page', async ({ page }) => {
  await signInAs(page, MARIA);
  await page.goto('/accounts/LU1.10003/paymentOptions');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the server states the options; the picker asks for plans only to show their amounts', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(url.pathname);
  });
  const plans = () => requests.filter((p) => /\/Get(Payment|Settlement)Plans$/.test(p));
  await signInAs(page, MARIA);
  await page.goto('/accounts/LU1.10001');
  await expect(page.getByTestId('payment-options')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The account page lists the options with no plan request.
  expect(plans()).toEqual([]);
  await page.goto('/accounts/LU1.10001/paymentOptions');
  await expect.poll(() => variants(page)).toEqual(['sif', 'bif', 'pif', 'one-time']);
  await page.waitForLoadState('networkidle');
  // Issue 12: the plan cards show the plan the wizard starts with: one request per plan kind.
  expect(plans().sort()).toEqual([
    '/api/v2/Account/GetPaymentPlans',
    '/api/v2/Account/GetSettlementPlans',
  ]);
});
