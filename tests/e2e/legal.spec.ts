import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';

const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
];

for (const size of SIZES) {
  test.describe(`legal texts at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    test('terms of use: a page with back link, logo and language switch, in both languages', async ({
      page,
    }) => {
      await page.goto('/login');
      await page.locator('#main').getByRole('link', { name: 'terms of use' }).click();
      await expect(page).toHaveURL(/\/terms$/);
      const legal = page.getByTestId('legal-page');
      await expect(legal.getByRole('heading', { level: 1 })).toHaveText('Terms of use');
      await expect(legal.getByRole('img', { name: 'MRS logo' })).toBeVisible();
      await expect(legal).toContainText('This is a communication from a debt collector.');
      await expectNoAxeViolations(page);

      await legal.getByRole('button', { name: 'Español' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(legal.getByRole('heading', { level: 1 })).toHaveText('Términos de uso');
      await expect(legal).toContainText('Esta es una comunicación de un cobrador de deudas.');
      await expectNoAxeViolations(page);

      await legal.getByRole('link', { name: 'Volver' }).click();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('privacy policy: 7 years, the privacy notice and home links, in both languages', async ({
      page,
    }) => {
      await page.goto('/privacy');
      const legal = page.getByTestId('legal-page');
      await expect(legal.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
      await expect(legal).toContainText('7 years');
      await expect(legal.getByRole('link', { name: 'privacy notice' })).toHaveAttribute(
        'href',
        '/privacy-notice',
      );
      await expect(legal.getByRole('link', { name: 'home page' })).toHaveAttribute('href', '/');
      await expectNoAxeViolations(page);
      await legal.getByRole('button', { name: 'Español' }).click();
      await expect(legal.getByRole('heading', { level: 1 })).toHaveText('Política de privacidad');
      await expect(legal).toContainText('7 años');
      await expectNoAxeViolations(page);
      // Opened directly there is no earlier page: Back goes home.
      await legal.getByRole('link', { name: 'Volver' }).click();
      await expect(page).toHaveURL(/\/login$/);
    });

    for (const [label, title, titleEs, text] of [
      ['Terms of use', 'Terms of use', 'Términos de uso', 'at least 1 business day'],
      ['Privacy policy', 'Privacy policy', 'Política de privacidad', '7 years'],
      ['State disclosures', 'State disclosures', 'Divulgaciones estatales', 'Wisconsin'],
    ] as const) {
      test(`footer: ${label} opens as a dialog in both languages`, async ({ page }) => {
        await page.goto('/login');
        const footer = page.getByRole('contentinfo');
        const opener = footer.getByRole('button', { name: label });
        await opener.click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText(text);
        await expectNoAxeViolations(page);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();

        await footer.getByRole('button', { name: 'Español' }).click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'es');
        await footer.getByRole('button', { name: titleEs }).click();
        const dialogEs = page.getByRole('dialog', { name: titleEs });
        await expect(dialogEs).toBeVisible();
        await expectNoAxeViolations(page);
        await dialogEs.getByRole('button', { name: 'Cerrar' }).click();
        await expect(dialogEs).toBeHidden();
        await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden', 'true');
      });
    }

    test('state disclosures name the states with required notices', async ({ page }) => {
      await page.goto('/login');
      await page
        .getByRole('contentinfo')
        .getByRole('button', { name: 'State disclosures' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'State disclosures' });
      for (const state of [
        'California',
        'Colorado',
        'Massachusetts',
        'Minnesota',
        'New York',
        'New York City',
        'North Carolina',
        'Tennessee',
        'Washington',
        'Wisconsin',
      ]) {
        await expect(dialog.getByRole('heading', { name: state, exact: true })).toBeVisible();
      }
    });
  });
}
