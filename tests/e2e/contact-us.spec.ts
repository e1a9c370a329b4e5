import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { LANGS, VIEWPORTS, horizontalOverflow, tr, useLanguage } from './accounts-fixtures';
import { MARIA, expect, signIn, test } from './fixtures';

const field = (page: Page, name: string) => page.locator(`#contact-us_${name}`);
const SUBMIT = '#contact-us button[type="submit"]';

async function expectTitle(page: Page, lang: 'en' | 'es') {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tr(lang, 'Contact us', 'Comuníquese con nosotros'),
  );
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`contact us (${name})`, () => {
    test.use({ viewport });

    for (const lang of LANGS) {
      test(`public: rules, email confirmation, a failure, then sent (${lang})`, async ({
        page,
      }) => {
        // A long journey (several submits and axe runs).
        test.slow();
        await useLanguage(page, lang);
        await page.goto('/contact-us');
        await expectTitle(page, lang);
        await expect(page.getByTestId('contact-us-prompt')).toHaveAttribute('href', '/login');
        await expect(page.getByTestId('contact-us-address')).toContainText('PO Box 1000');
        await expect(page.getByRole('contentinfo')).toBeVisible();
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);

        await page.locator(SUBMIT).click();
        await expect(field(page, 'name')).toBeFocused();
        await expect(field(page, 'name')).toHaveAccessibleDescription(
          tr(lang, 'Name is required', 'El nombre es obligatorio'),
        );
        await expect(field(page, 'reason')).toHaveAccessibleDescription(
          tr(lang, 'Please choose a reason.', 'Elija un motivo.'),
        );
        await expect(field(page, 'phoneNumber')).toHaveAccessibleDescription(
          new RegExp(tr(lang, 'Phone number is required', 'El número de teléfono es obligatorio')),
        );
        await expect(field(page, 'message')).toHaveAccessibleDescription(
          tr(lang, 'Message is required', 'El mensaje es obligatorio'),
        );
        await expect(field(page, 'finalVerify')).toHaveAccessibleDescription(
          tr(
            lang,
            'You must verify that the above information is accurate',
            'Debe verificar que la información anterior es correcta',
          ),
        );
        await expectNoAxeViolations(page);

        await field(page, 'name').fill('Pat Doe');
        await field(page, 'account').fill('12345');
        await field(page, 'reason').selectOption({ label: tr(lang, 'A payment', 'Un pago') });
        await field(page, 'phoneNumber').fill('3125550100');
        await field(page, 'message').fill('Please call me about my account.');
        await field(page, 'commEmail').check();
        await field(page, 'email').fill('pat@example.com');
        await field(page, 'emailConfirm').fill('pat@example.org');
        await field(page, 'finalVerify').check();
        await page.locator(SUBMIT).click();
        await expect(field(page, 'account')).toBeFocused();
        await expect(field(page, 'account')).toHaveAccessibleDescription(
          tr(lang, 'A valid account number is required', 'Se requiere un número de cuenta válido'),
        );
        await expect(field(page, 'emailConfirm')).toHaveAccessibleDescription(
          tr(
            lang,
            'The email addresses do not match',
            'Las direcciones de correo electrónico no coinciden',
          ),
        );
        await expectNoAxeViolations(page);
        await field(page, 'account').fill('LU1.10001');
        await field(page, 'emailConfirm').fill('pat@example.com');

        await page.route('**/api/v2/Guest/ContactUs', (route) =>
          route.fulfill({ status: 500, json: { message: 'boom' } }),
        );
        await page.locator(SUBMIT).click();
        await expect(page.getByTestId('submit-error')).toContainText(
          tr(
            lang,
            'Your message could not be sent. Please try again later.',
            'No se pudo enviar su mensaje. Inténtelo de nuevo más tarde.',
          ),
        );
        await expectNoAxeViolations(page);
        await page.unroute('**/api/v2/Guest/ContactUs');

        const tracked = page.waitForResponse(
          (response) =>
            response.url().endsWith('/api/v2/Analytic') &&
            (response.request().postDataJSON() as { event: string }).event ===
              'contact_us_submitted',
        );
        await page.locator(SUBMIT).click();
        const event = await tracked;
        expect(event.status()).toBe(204);
        expect(event.request().postDataJSON()).toMatchObject({
          properties: { signedIn: false, reason: 'payment' },
        });
        const confirmation = page.getByTestId('contact-us-confirmation');
        await expect(confirmation).toContainText(
          tr(lang, 'Your message was sent', 'Su mensaje fue enviado'),
        );
        await expect(page.getByTestId('contact-us-code')).toHaveText(
          /^MSG-(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}$/,
        );
        await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
        await expectNoAxeViolations(page);
      });

      test(`signed in: name and phone filled in; the account must be one of theirs (${lang})`, async ({
        page,
      }) => {
        // A long journey (several submits and axe runs).

        test.slow();
        await useLanguage(page, lang);
        await signIn(page, MARIA);
        await expect(page).not.toHaveURL(/\/login/);
        await page.goto('/dashboard/contact-us');
        await expectTitle(page, lang);
        await expect(page.getByTestId('contact-us-prompt')).toHaveCount(0);
        await expect(field(page, 'name')).toHaveValue('Maria Garcia');
        await expect(field(page, 'phoneNumber')).toHaveValue('555-201-0001');
        await expectNoAxeViolations(page);

        // John's account: a valid format, but not Maria's.
        await field(page, 'account').fill('LU1.20001');
        await field(page, 'reason').selectOption({
          label: tr(lang, 'My account information', 'La información de mi cuenta'),
        });
        await field(page, 'message').fill('Is my address up to date?');
        await field(page, 'finalVerify').check();
        await page.locator(SUBMIT).click();
        await expect(field(page, 'account')).toBeFocused();
        await expect(field(page, 'account')).toHaveAccessibleDescription(
          tr(lang, 'A valid account number is required', 'Se requiere un número de cuenta válido'),
        );
        await expectNoAxeViolations(page);

        await field(page, 'account').fill('LU1.10001');
        await page.locator(SUBMIT).click();
        await expect(page.getByTestId('contact-us-code')).toHaveText(
          /^MSG-(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}$/,
        );
      });
    }
  });
}
