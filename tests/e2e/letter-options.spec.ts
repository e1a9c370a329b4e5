import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import {
  LANGS,
  VIEWPORTS,
  horizontalOverflow,
  signInAs,
  tr,
  useLanguage,
} from './accounts-fixtures';
import { MARIA, expect, test } from './fixtures';

async function enterOfferCode(page: Page, code: string): Promise<void> {
  await page.goto('/verify-letter');
  await page.locator('#verify-letter_letterCode').fill(code);
  await page.locator('#verify-letter button[type="submit"]').click();
  await expect(page).toHaveURL(/\/letter-option\//);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`letter options (${name})`, () => {
    test.use({ viewport });
    // Sign-in plus an axe scan per screen: allow for a busy machine.
    test.describe.configure({ timeout: 60_000 });

    for (const lang of LANGS) {
      test(`Maria's letter: three options, sorted, each linking to the letter payment (${lang})`, async ({
        page,
      }) => {
        await useLanguage(page, lang);
        await enterOfferCode(page, 'LU1.10001.57');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          tr(lang, 'Welcome, Maria!', '¡Le damos la bienvenida, Maria!'),
        );
        const options = page.getByTestId('letter-option');
        await expect(options).toHaveCount(3);
        await expect(options.getByTestId('discount')).toHaveText(
          lang === 'en'
            ? ['40% discount', '30% discount', '20% discount']
            : ['40 % de descuento', '30 % de descuento', '20 % de descuento'],
        );
        await expect(options.getByTestId('settlement-amount')).toHaveText([
          '$1,470.00',
          '$1,715.00',
          '$1,960.00',
        ]);
        await expect(options.nth(1)).toContainText(
          tr(lang, '3 payments of $571.67', '3 pagos de $571.67'),
        );
        await expect(options.first().getByTestId('due-label')).toHaveText(
          new RegExp(tr(lang, '^Due ', '^Vence el ')),
        );
        const choose = options.nth(2).getByTestId('choose-option');
        await expect(choose).toHaveAttribute(
          'href',
          /^\/accounts\/LU1\.10001\/payment\/letter\?letterId=57&optionId=\d+$/,
        );
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);
        await choose.click();
        await expect(page).toHaveURL(/\/accounts\/LU1\.10001\/payment\/letter/);
      });

      test(`Laura's letter: an expired option is disabled and faded (${lang})`, async ({
        page,
      }) => {
        await useLanguage(page, lang);
        await enterOfferCode(page, 'LU1.80001.91');
        const options = page.getByTestId('letter-option');
        await expect(options).toHaveCount(2);
        const expired = options.first();
        await expect(expired).toHaveAttribute('data-disabled', 'true');
        await expect(expired.getByTestId('due-label')).toHaveText(
          tr(lang, 'Expired 2 days ago', 'Venció hace 2 días'),
        );
        await expect(expired.getByTestId('choose-option')).toHaveCount(0);
        await expect(expired.getByTestId('option-unavailable')).toBeVisible();
        await expect(options.nth(1)).toHaveAttribute('data-disabled', 'false');
        await expect(options.nth(1).getByTestId('choose-option')).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  });
}

test('an account holder opens a letter of theirs too', async ({ page }) => {
  await signInAs(page, MARIA);
  await page.goto('/letter-option/LU1.10001/57');
  await expect(page.getByTestId('letter-option')).toHaveCount(3);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maria!');
});
