import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { CARLOS, LANGS, VIEWPORTS, horizontalOverflow, tr, useLanguage } from './accounts-fixtures';
import { JOHN, expect, signIn, test } from './fixtures';

/** Adds a bank account for the signed-in debtor through the API (adding belongs to the payment flow). */
async function addBankAccount(page: Page, accountNumber: string, bankAccountNumber: string) {
  const [token, sid] = await page.evaluate(() => [
    sessionStorage.getItem('portalAccessToken'),
    sessionStorage.getItem('portalSessionId'),
  ]);
  const res = await page.request.post('/api/v2/Account/AddBankAccountFunding', {
    headers: { Authorization: `Bearer ${token}`, 'X-Session-Id': sid ?? 'e2e' },
    data: {
      accountNumber,
      bankAccountType: 'savings',
      bankAccountNumber,
      bankRoutingNumber: '011000015',
      firstName: 'John',
      lastName: 'Smith',
    },
  });
  expect(res.status()).toBe(200);
}

/** A toast's title (Fluent also copies it into a live region). */
const toast = (page: Page, text: string) =>
  page.locator('.fui-ToastTitle').filter({ hasText: text });

/**
 * Fluent's toaster sits outside the page landmarks (axe 'region'): the page is checked once the
 * toasts have closed (they pause while hovered, so the pointer moves away first).
 */
async function axeOnceToastsClose(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator('.fui-Toast')).toHaveCount(0, { timeout: 15_000 });
  await expectNoAxeViolations(page);
}

async function openFundingMethods(page: Page, lang: 'en' | 'es') {
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/funding-methods');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tr(lang, 'Payment methods', 'Métodos de pago'),
  );
}

for (const [v, { name, viewport }] of VIEWPORTS.entries()) {
  test.describe(`funding methods (${name})`, () => {
    test.use({ viewport });

    for (const [l, lang] of LANGS.entries()) {
      test(`Carlos: saved methods with brand, mask and expiry; a failed delete (${lang})`, async ({
        page,
      }) => {
        // A long journey (several submits and axe runs).
        test.slow();
        await useLanguage(page, lang);
        await signIn(page, CARLOS);
        await openFundingMethods(page, lang);
        const items = page.getByTestId('funding-method');
        await expect(items).toHaveCount(3);
        await expect(items.nth(0)).toContainText(
          tr(lang, 'Visa ending in 1111', 'Visa terminada en 1111'),
        );
        await expect(items.nth(0)).toContainText(tr(lang, 'Credit card', 'Tarjeta de crédito'));
        await expect(items.nth(0).getByTestId('expired')).toHaveCount(0);
        await expect(items.nth(1)).toContainText(
          tr(
            lang,
            'Checking account ending in 6789',
            'Cuenta bancaria de cheques terminada en 6789',
          ),
        );
        await expect(items.nth(2)).toContainText(
          tr(lang, 'Mastercard ending in 4444', 'Mastercard terminada en 4444'),
        );
        await expect(items.nth(2).getByTestId('expired')).toHaveText(
          tr(lang, 'Expired', 'Vencida'),
        );
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);

        // The server fails: an error toast, and the method stays.
        await page.route('**/api/v2/Debtor/FundingMethod?**', (route) =>
          route.fulfill({ status: 500, json: { message: 'boom' } }),
        );
        await page
          .getByRole('button', {
            name: tr(lang, 'Delete Visa ending in 1111', 'Eliminar Visa terminada en 1111'),
          })
          .click();
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toContainText(
          tr(lang, 'Delete this payment method?', '¿Desea eliminar este método de pago?'),
        );
        await expectNoAxeViolations(page);
        await dialog
          .getByRole('button', {
            name: tr(lang, 'Delete payment method', 'Eliminar método de pago'),
          })
          .click();
        await expect(
          toast(
            page,
            tr(
              lang,
              'There was an error deleting the payment method. Please try again later.',
              'Ocurrió un error al eliminar el método de pago. Inténtelo de nuevo más tarde.',
            ),
          ),
        ).toBeVisible();
        await expect(dialog).toHaveCount(0);
        await expect(items).toHaveCount(3);
        await axeOnceToastsClose(page);
      });

      test(`John: no saved methods, then one deleted with the keyboard (${lang})`, async ({
        page,
      }) => {
        // A long journey (several submits and axe runs).

        test.slow();
        await useLanguage(page, lang);
        await signIn(page, JOHN);
        await openFundingMethods(page, lang);
        const empty = page.getByTestId('funding-methods-empty');
        await expect(empty).toHaveText(
          tr(lang, 'You have no saved payment methods.', 'No tiene métodos de pago guardados.'),
        );
        await expectNoAxeViolations(page);

        const last4 = `00${v + 1}${l + 1}`;
        await addBankAccount(page, 'LU1.20001', `0001112${last4}`);
        await page.reload();
        const item = page.getByTestId('funding-method');
        await expect(item).toHaveCount(1);
        const name = tr(
          lang,
          `Savings account ending in ${last4}`,
          `Cuenta bancaria de ahorros terminada en ${last4}`,
        );
        await expect(item).toContainText(name);

        const remove = page.getByRole('button', {
          name: tr(lang, `Delete ${name}`, `Eliminar ${name}`),
        });
        await remove.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toBeVisible();
        await expectNoAxeViolations(page);
        // Cancel first and focused (Enter on arrival deletes nothing), the action last, in red.
        const buttons = dialog.getByRole('button');
        await expect(buttons).toHaveText([
          tr(lang, 'Cancel', 'Cancelar'),
          tr(lang, 'Delete payment method', 'Eliminar método de pago'),
        ]);
        await expect(buttons.nth(0)).toBeFocused();
        const confirm = dialog.getByRole('button', {
          name: tr(lang, 'Delete payment method', 'Eliminar método de pago'),
        });
        const [red, green, blue] = await confirm.evaluate((button) =>
          (getComputedStyle(button).backgroundColor.match(/\d+/g) ?? []).map(Number),
        );
        expect(red).toBeGreaterThan(150);
        expect(red! - Math.max(green!, blue!)).toBeGreaterThan(80);
        await page.keyboard.press('Tab');
        await expect(confirm).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(
          toast(page, tr(lang, 'The payment method was deleted.', 'Se eliminó el método de pago.')),
        ).toBeVisible();
        await expect(empty).toBeVisible();
        await axeOnceToastsClose(page);
      });
    }
  });
}
