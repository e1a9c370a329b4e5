import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { LANGS, ROBERT, VIEWPORTS, horizontalOverflow, tr, useLanguage } from './accounts-fixtures';
import { JOHN, MARIA, expect, signIn, test } from './fixtures';

async function openContactInformation(page: Page, lang: 'en' | 'es') {
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/contact-information');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tr(lang, 'Contact information', 'Información de contacto'),
  );
}

const toast = (page: Page, text: string) => page.locator('.fui-Toast').filter({ hasText: text });
const field = (page: Page, name: string) => page.locator(`#contact-information_${name}`);
const phoneValues = (page: Page) =>
  page
    .locator('input[id^="contact-information_phones_"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

for (const [v, { name, viewport }] of VIEWPORTS.entries()) {
  test.describe(`contact information (${name})`, () => {
    test.use({ viewport });

    for (const [l, lang] of LANGS.entries()) {
      test(`Maria: name read-only, rules, a new phone, preferences, failures (${lang})`, async ({
        page,
      }) => {
        // A long journey (several submits and axe runs).
        test.slow();
        await useLanguage(page, lang);
        await signIn(page, MARIA);
        await openContactInformation(page, lang);
        const nameHint = tr(
          lang,
          'Please contact us to change your name',
          'Para cambiar su nombre, comuníquese con nosotros',
        );
        await expect(field(page, 'firstName')).toHaveValue('Maria');
        await expect(field(page, 'firstName')).not.toBeEditable();
        await expect(field(page, 'firstName')).toHaveAccessibleDescription(nameHint);
        await expect(field(page, 'lastName')).not.toBeEditable();
        await expect(field(page, 'phones_0')).toHaveValue('555-201-0001');
        await expect(field(page, 'phones_0')).not.toBeEditable();
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);

        // The spec's rules, each on its field; the first wrong field gets the focus.
        await field(page, 'city').fill('');
        await field(page, 'state').fill('i1');
        await field(page, 'zip').fill('627');
        await field(page, 'email').fill('maria@');
        await page.locator('#contact-information button[type="submit"]').click();
        await expect(field(page, 'city')).toBeFocused();
        await expect(field(page, 'city')).toHaveAccessibleDescription(
          tr(lang, 'City is required', 'La ciudad es obligatoria'),
        );
        await expect(field(page, 'state')).toHaveValue('I1');
        await expect(field(page, 'state')).toHaveAccessibleDescription(
          new RegExp(
            tr(lang, 'State must only contain letters', 'El estado solo debe contener letras'),
          ),
        );
        await expect(field(page, 'zip')).toHaveAccessibleDescription(
          tr(
            lang,
            'ZIP code must be at least 5 characters',
            'El código postal debe tener al menos 5 caracteres',
          ),
        );
        await expect(field(page, 'email')).toHaveAccessibleDescription(
          tr(lang, 'Email is invalid', 'El correo electrónico no es válido'),
        );
        await expectNoAxeViolations(page);
        await field(page, 'city').fill('Springfield');
        await field(page, 'state').fill('IL');
        await field(page, 'zip').fill('62701');
        await field(page, 'email').fill('maria.garcia@example.com');

        // A new phone is added after the ones on file; no second one while it is empty.
        const phones = page.getByRole('group', {
          name: tr(lang, 'Phone numbers', 'Números de teléfono'),
        });
        const add = phones.getByRole('button', {
          name: tr(lang, 'Add a phone number', 'Agregar un número de teléfono'),
        });
        const before = (await phoneValues(page)).length;
        await add.click();
        const added = field(page, `phones_${before}`);
        await expect(added).toBeFocused();
        await expect(add).toHaveAttribute('aria-disabled', 'true');
        const phone = `31255501${v}${l}`;
        await added.fill(phone);

        // The server fails: an error toast, the data stays.
        await page.route('**/api/v2/Account/UpdateDebtorDetails', (route) =>
          route.fulfill({ status: 500, json: { message: 'boom' } }),
        );
        await page.locator('#contact-information button[type="submit"]').click();
        await expect(
          toast(
            page,
            tr(
              lang,
              'Your contact information could not be updated. Please try again later.',
              'No se pudo actualizar su información de contacto. Inténtelo de nuevo más tarde.',
            ),
          ),
        ).toBeVisible();
        await page.unroute('**/api/v2/Account/UpdateDebtorDetails');

        await page.locator('#contact-information button[type="submit"]').click();
        await expect(
          toast(
            page,
            tr(
              lang,
              'Your contact information was updated.',
              'Se actualizó su información de contacto.',
            ),
          ),
        ).toBeVisible();
        const formatted = `312-555-01${v}${l}`;
        await expect.poll(() => phoneValues(page)).toContain(formatted);
        // Saved: now on file, so read-only.
        await expect(field(page, `phones_${before}`)).not.toBeEditable();

        // Communication preferences (Maria allows e-mail and text messages).
        const texts = page.locator('#communication-preferences_texts');
        // No channel must be on: none of the boxes is marked required (spec section 5).
        for (const box of ['emails', 'texts', 'letters']) {
          await expect(page.locator(`#communication-preferences_${box}`)).not.toHaveAttribute(
            'required',
          );
        }
        await expect(page.locator('#communication-preferences_emailAddress')).toHaveAttribute(
          'required',
        );
        await texts.check();
        const savePreferences = page.locator('#communication-preferences button[type="submit"]');
        await page.route('**/api/v2/Debtor/SetCommunicationPreferences', (route) =>
          route.fulfill({ status: 500, json: { message: 'boom' } }),
        );
        await savePreferences.click();
        await expect(
          toast(
            page,
            tr(
              lang,
              'Your communication preferences could not be updated. Please try again later.',
              'No se pudieron actualizar sus preferencias de comunicación. Inténtelo de nuevo más tarde.',
            ),
          ),
        ).toBeVisible();
        await page.unroute('**/api/v2/Debtor/SetCommunicationPreferences');
        await savePreferences.click();
        await expect(
          toast(
            page,
            tr(
              lang,
              'Your communication preferences were updated.',
              'Se actualizaron sus preferencias de comunicación.',
            ),
          ),
        ).toBeVisible();
        await expect(texts).toBeChecked();
      });

      test(`John: preferences for text messages only (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signIn(page, JOHN);
        await openContactInformation(page, lang);
        await expect(page.locator('#communication-preferences_texts')).toBeVisible();
        await expect(page.locator('#communication-preferences_emails')).toHaveCount(0);
        await expect(page.locator('#communication-preferences_emailAddress')).toHaveCount(0);
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);
      });

      test(`Robert: no communication preferences (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signIn(page, ROBERT);
        await openContactInformation(page, lang);
        await expect(field(page, 'addressLine1')).toBeVisible();
        await expect(page.locator('#communication-preferences')).toHaveCount(0);
        await expect(
          page.getByRole('heading', {
            name: tr(lang, 'Communication preferences', 'Preferencias de comunicación'),
          }),
        ).toHaveCount(0);
        await expectNoAxeViolations(page);
      });
    }
  });
}
