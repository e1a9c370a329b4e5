import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import {
  GRACE,
  LANGS,
  ROBERT,
  VIEWPORTS,
  horizontalOverflow,
  tr,
  useLanguage,
} from './accounts-fixtures';
import { MARIA, expect, signIn, test } from './fixtures';

async function openBankruptcy(page: Page, accountNumber: string, lang: 'en' | 'es') {
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`/accounts/${accountNumber}/bankruptcy`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tr(lang, 'Report a bankruptcy', 'Informar una bancarrota'),
  );
}

/** A calendar day `days` from today, YYYY-MM-DD. */
function day(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return date.toLocaleDateString('en-CA');
}

const toast = (page: Page, text: string) => page.locator('.fui-Toast').filter({ hasText: text });
const SUBMIT = '#bankruptcy button[type="submit"]';

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`bankruptcy (${name})`, () => {
    test.use({ viewport });

    for (const lang of LANGS) {
      test(`Maria: sections, defaults and prefill; rules; failure alert; success (${lang})`, async ({
        page,
      }) => {
        // A long journey (several submits and axe runs).
        test.slow();
        // A long journey (several submits and axe runs).
        test.slow();
        await useLanguage(page, lang);
        await signIn(page, MARIA);
        await openBankruptcy(page, 'LU1.10001', lang);
        const form = page.locator('#bankruptcy');
        await expect(form.getByRole('heading', { level: 2 })).toHaveText(
          lang === 'en'
            ? [
                'Before you begin',
                'Bankruptcy details',
                'Court details',
                'Attorney details',
                'Confirm your address and phone',
                'Finalize',
              ]
            : [
                'Antes de comenzar',
                'Datos de la bancarrota',
                'Datos del tribunal',
                'Datos del abogado',
                'Confirme su dirección y teléfono',
                'Finalizar',
              ],
        );
        await expect(form).toContainText('800-555-0100');
        await expect(form).toContainText('Maria Garcia');
        await expect(page.locator('#bankruptcy_chapter option:checked')).toHaveText(
          tr(lang, 'Chapter 7', 'Capítulo 7'),
        );
        await expect(page.locator('#bankruptcy_jointFile')).not.toBeChecked();
        await expect(page.locator('#bankruptcy_address1')).toHaveValue('123 Main St');
        await expect(page.locator('#bankruptcy_city')).toHaveValue('Springfield');
        await expect(page.locator('#bankruptcy_phoneNumber')).toHaveValue('555-201-0001');
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);

        await page.locator(SUBMIT).click();
        const caseNumber = page.locator('#bankruptcy_caseNumber');
        await expect(caseNumber).toBeFocused();
        await expect(caseNumber).toHaveAccessibleDescription(
          tr(lang, 'Case number is required', 'El número de caso es obligatorio'),
        );
        await expect(page.locator('#bankruptcy_fileDate')).toHaveAccessibleDescription(
          tr(lang, 'Filing date is required', 'La fecha de presentación es obligatoria'),
        );
        await expect(page.locator('#bankruptcy_finalVerify')).toHaveAccessibleDescription(
          tr(
            lang,
            'You must verify that the above information is accurate',
            'Debe verificar que la información anterior es correcta',
          ),
        );
        await expectNoAxeViolations(page);

        await caseNumber.fill('X');
        await page.locator('#bankruptcy_fileDate').fill(day(2));
        await page.locator('#bankruptcy_finalVerify').check();
        await page.locator(SUBMIT).click();
        await expect(caseNumber).toHaveAccessibleDescription(
          tr(
            lang,
            'Case number must be at least 2 characters',
            'El número de caso debe tener al menos 2 caracteres',
          ),
        );
        await expect(page.locator('#bankruptcy_fileDate')).toHaveAccessibleDescription(
          tr(
            lang,
            'The filing date cannot be in the future.',
            'La fecha de presentación no puede ser posterior a hoy.',
          ),
        );
        await caseNumber.fill('24-10001');
        await page.locator('#bankruptcy_fileDate').fill(day(-30));
        await page
          .locator('#bankruptcy_chapter')
          .selectOption({ label: tr(lang, 'Chapter 13', 'Capítulo 13') });

        await page.route('**/api/v2/Account/SubmitBankruptcy', (route) =>
          route.fulfill({ status: 500, json: { message: 'boom' } }),
        );
        await page.locator(SUBMIT).click();
        const alert = page.getByTestId('submit-error');
        await expect(alert).toContainText(tr(lang, 'Something went wrong', 'Algo salió mal'));
        await expect(alert).toContainText(
          tr(
            lang,
            'Your bankruptcy notice could not be submitted. Please try again later.',
            'No se pudo enviar su aviso de bancarrota. Inténtelo de nuevo más tarde.',
          ),
        );
        await expectNoAxeViolations(page);

        // A report is once per account: Maria's account is left unreported (the answer is the
        // server's success shape); the real submission is Robert's test below.
        await page.unroute('**/api/v2/Account/SubmitBankruptcy');
        let sent: Record<string, unknown> = {};
        await page.route('**/api/v2/Account/SubmitBankruptcy', async (route) => {
          sent = route.request().postDataJSON() as Record<string, unknown>;
          await route.fulfill({ json: { success: true, confirmation: 'BNK-0000000000' } });
        });
        await page.locator(SUBMIT).click();
        await expect(page).toHaveURL(/\/accounts\/LU1\.10001$/);
        const success = toast(
          page,
          tr(lang, 'Your bankruptcy notice was sent', 'Se envió su notificación de bancarrota'),
        );
        await expect(success).toContainText(
          tr(
            lang,
            'We will review the provided information and get back to you.',
            'Revisaremos la información proporcionada y nos comunicaremos con usted.',
          ),
        );
        expect(sent).toMatchObject({
          accountNumber: 'LU1.10001',
          chapter: 13,
          caseNumber: '24-10001',
          fileDate: day(-30),
          jointFile: false,
          address1: '123 Main St',
          finalVerify: true,
        });
      });

      test(`Grace: a bankruptcy already reported (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signIn(page, GRACE);
        await openBankruptcy(page, 'LU1.60002', lang);
        await expect(page.getByTestId('bankruptcy-done')).toHaveText(
          tr(
            lang,
            'A bankruptcy has already been reported for this account.',
            'Ya se informó una bancarrota para esta cuenta.',
          ),
        );
        await expect(page.locator('#bankruptcy')).toHaveCount(0);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test('Robert: a real report marks the account, once', async ({ page }) => {
  await signIn(page, ROBERT);
  await openBankruptcy(page, 'DU8.70001', 'en');
  await page.locator('#bankruptcy_caseNumber').fill('24-70001');
  await page.locator('#bankruptcy_fileDate').fill(day(-10));
  await page.locator('#bankruptcy_jointFile').check();
  await page.locator('#bankruptcy_finalVerify').check();
  const tracked = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v2/Analytic') &&
      (response.request().postDataJSON() as { event: string }).event === 'bankruptcy_submitted',
  );
  await page.locator(SUBMIT).click();
  await expect(page).toHaveURL(/\/accounts\/DU8\.70001$/);
  // The analytics event is sent and stored (204), with the chapter and nothing personal.
  const stored = await tracked;
  expect(stored.status()).toBe(204);
  expect(stored.request().postDataJSON()).toMatchObject({
    event: 'bankruptcy_submitted',
    properties: { chapter: '7' },
  });
  await expect(toast(page, 'Your bankruptcy notice was sent')).toBeVisible();
  await expect(page.getByTestId('bankruptcy-reported')).toBeVisible();
  await page.goto('/accounts/DU8.70001/bankruptcy');
  await expect(page.getByTestId('bankruptcy-done')).toBeVisible();
});

test('a closed account goes to the dashboard', async ({ page }) => {
  await signIn(page, MARIA);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/accounts/LU1.10003/bankruptcy');
  await expect(page).toHaveURL(/\/dashboard$/);
});
