import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { CARLOS, LANGS, VIEWPORTS, signInAs, tr, useLanguage } from './accounts-fixtures';
import { expect, test } from './fixtures';

// Carlos's LU1.50001: the dialogs change its next payment (date, method), which no other spec
// asserts on. Tests of one file run in order, so the moves below never race each other.
const ACCOUNT = 'LU1.50001';
// Carlos's LU1.50003: today's payment was already taken, last month's is past due.
const PAID_TODAY = 'LU1.50003';

async function openAccount(page: Page, accountNumber = ACCOUNT): Promise<void> {
  await page.goto(`/accounts/${accountNumber}`);
  await expect(page.getByTestId('upcoming-payments')).toBeVisible();
}

/** The app root is never left hidden from assistive technology (fluentui#35139). */
async function expectRootVisible(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
}

const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`account dialogs (${name})`, () => {
    test.use({ viewport });
    // Sign-in plus an axe scan per screen: allow for a busy machine.
    test.describe.configure({ timeout: 60_000 });

    for (const lang of LANGS) {
      test(`set payment method (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signInAs(page, CARLOS);
        await openAccount(page);
        await page.getByTestId('set-payment-method').click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        const method = dialog.getByRole('combobox', {
          name: tr(lang, 'Payment method', 'Método de pago'),
        });
        // Saved methods that have not expired: the Mastercard ****4444 is left out.
        await expect(method.locator('option:not([value=""])')).toHaveText([
          'Visa ****1111',
          tr(lang, 'Checking ****6789', 'Cuenta de cheques ****6789'),
        ]);
        await expectNoAxeViolations(page);

        // Submitting without a method says what is missing, on the field.
        await dialog
          .getByRole('button', {
            name: tr(lang, 'Set payment method', 'Establecer método de pago'),
          })
          .click();
        await expect(
          dialog.getByText(tr(lang, 'Choose a payment method.', 'Elija un método de pago.')),
        ).toBeVisible();

        // English attaches to this payment only, Spanish to all future payments.
        if (lang === 'es')
          await dialog.getByRole('radio', { name: 'Todos los pagos futuros' }).check();
        await method.selectOption({ label: 'Visa ****1111' });
        await dialog
          .getByRole('button', {
            name: tr(lang, 'Set payment method', 'Establecer método de pago'),
          })
          .click();
        await expect(dialog).toHaveCount(0);
        // The toast (its text is also in Fluent's live region).
        await expect(
          page
            .getByText(tr(lang, 'The payment method was set.', 'Se estableció el método de pago.'))
            .first(),
        ).toBeVisible();
        await expectRootVisible(page);
        await expect(page.getByTestId('set-payment-method')).toBeFocused();
      });

      test(`set payment method failure (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signInAs(page, CARLOS);
        await page.route('**/Account/AttachFunding*', (route) =>
          route.fulfill({ status: 500, json: { message: 'x' } }),
        );
        await openAccount(page);
        await page.getByTestId('set-payment-method').click();
        const dialog = page.getByRole('dialog');
        await dialog.locator('select').selectOption({ label: 'Visa ****1111' });
        await dialog
          .getByRole('button', {
            name: tr(lang, 'Set payment method', 'Establecer método de pago'),
          })
          .click();
        await expect(dialog.getByTestId('dialog-error')).toHaveText(
          tr(
            lang,
            'There was an error setting the payment method.',
            'Se produjo un error al establecer el método de pago.',
          ),
        );
        await dialog.getByRole('button', { name: tr(lang, 'Cancel', 'Cancelar') }).click();
        await expect(dialog).toHaveCount(0);
        await expectRootVisible(page);
      });

      test(`move next payment (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signInAs(page, CARLOS);
        await openAccount(page);
        const argsAnswer = page.waitForResponse(/MoveNextPaymentArgs/);
        await page.getByTestId('move-next-payment').click();
        const args = (await (await argsAnswer).json()) as {
          currentDate: string;
          latestDate: string;
        };
        const dialog = page.getByRole('dialog');
        const date = dialog.getByLabel(tr(lang, 'New payment date', 'Nueva fecha de pago'));
        await expect(date).toHaveAttribute('max', args.latestDate);
        await expect(dialog).toContainText(
          tr(lang, 'The latest possible date is', 'La fecha más tardía posible es el'),
        );
        await expectNoAxeViolations(page);

        const submit = dialog.getByRole('button', {
          name: tr(lang, 'Move payment', 'Cambiar la fecha'),
        });
        await date.fill(args.currentDate);
        await submit.click();
        await expect(
          dialog.getByText(
            tr(
              lang,
              'Payment already scheduled for this day',
              'El pago ya está programado para este día',
            ),
          ),
        ).toBeVisible();
        await date.fill(addDays(args.latestDate, 1));
        await expect(
          dialog.getByText(
            tr(lang, 'The new date cannot be after', 'La nueva fecha no puede ser posterior al'),
          ),
        ).toBeVisible();

        const target = addDays(args.currentDate, 1);
        await date.fill(target);
        await submit.click();
        await expect(dialog).toHaveCount(0);
        await expect(
          page.getByText(tr(lang, 'Your payment was moved to', 'Su pago se cambió al')).first(),
        ).toBeVisible();
        await expectRootVisible(page);
      });

      test(`move next payment failure (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signInAs(page, CARLOS);
        await page.route('**/Account/MoveNextPayment', (route) =>
          route.fulfill({ status: 500, json: { message: 'x' } }),
        );
        await openAccount(page);
        const argsAnswer = page.waitForResponse(/MoveNextPaymentArgs/);
        await page.getByTestId('move-next-payment').click();
        const args = (await (await argsAnswer).json()) as { currentDate: string };
        const dialog = page.getByRole('dialog');
        await dialog
          .getByLabel(tr(lang, 'New payment date', 'Nueva fecha de pago'))
          .fill(addDays(args.currentDate, 1));
        await dialog
          .getByRole('button', { name: tr(lang, 'Move payment', 'Cambiar la fecha') })
          .click();
        await expect(dialog.getByTestId('dialog-error')).toHaveText(
          tr(
            lang,
            'Error An error occurred while moving the payment.',
            'Error Se produjo un error al cambiar la fecha del pago.',
          ),
        );
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        await expectRootVisible(page);
      });

      test(`a payment already made today asks before paying again (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signInAs(page, CARLOS);
        await openAccount(page, PAID_TODAY);
        await page.getByTestId('pay-now').click();
        const dialog = page.getByRole('alertdialog');
        await expect(dialog).toContainText(
          tr(lang, 'A payment is already scheduled', 'Ya hay un pago programado'),
        );
        await expectNoAxeViolations(page);
        await dialog.getByRole('button', { name: tr(lang, 'Cancel', 'Cancelar') }).click();
        await expect(dialog).toHaveCount(0);
        await expect(page).toHaveURL(new RegExp(`/accounts/${PAID_TODAY}$`));

        await page.getByTestId('pay-now').click();
        await page
          .getByRole('alertdialog')
          .getByRole('button', { name: tr(lang, 'Continue to payment', 'Continuar con el pago') })
          .click();
        await expect(page).toHaveURL(new RegExp(`/accounts/${PAID_TODAY}/payment/past-due`));
        await expectRootVisible(page);
      });
    }
  });
}
