import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { VIEWPORTS, tr, useLanguage, type Lang } from './accounts-fixtures';
import { MARIA, expect, signIn, test } from './fixtures';

// A page whose data fails to load says so and offers Try again, which loads it without a reload.
const cases: { lang: Lang; viewport: (typeof VIEWPORTS)[number] }[] = [
  { lang: 'en', viewport: VIEWPORTS[0] },
  { lang: 'es', viewport: VIEWPORTS[1] },
];

for (const { lang, viewport } of cases) {
  test.describe(`a failed page load (${viewport.name})`, () => {
    test.use({ viewport: viewport.viewport });
    test.describe.configure({ timeout: 60_000 });

    test(`offers Try again, which loads the dashboard (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      let failing = false;
      let asked = 0;
      await page.route('**/api/v2/Account/ListOverview', async (route) => {
        asked += 1;
        if (failing) await route.fulfill({ status: 503, json: { message: 'down' } });
        else await route.continue();
      });
      await signIn(page, MARIA);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('account-card')).toHaveCount(3);
      // The accounts' read fails from now on: the page is loaded afresh.
      failing = true;
      await page.reload();

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        tr(lang, 'Something went wrong', 'Algo salió mal'),
      );
      const alert = page.getByTestId('query-error');
      await expect(alert).toContainText(
        tr(
          lang,
          'An error occurred. Please try again later.',
          'Ocurrió un error. Inténtelo de nuevo más tarde.',
        ),
      );
      await expect(page.getByTestId('account-card')).toHaveCount(0);
      await expectNoAxeViolations(page);
      const retry = alert.getByRole('button', { name: tr(lang, 'Try again', 'Intentar de nuevo') });
      const box = await retry.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(24);

      failing = false;
      const before = asked;
      await retry.click();
      await expect(page.getByTestId('account-card')).toHaveCount(3);
      await expect(alert).toHaveCount(0);
      expect(asked).toBeGreaterThan(before);
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
}

/** The box around an input: its border width and background. */
async function boxLook(page: Page, selector: string) {
  return page.locator(selector).evaluate((input) => {
    const box = getComputedStyle(input.closest('.fui-Input')!);
    return { border: box.borderTopWidth, background: box.backgroundColor };
  });
}

for (const { lang, viewport } of cases) {
  test.describe(`read-only values (${viewport.name})`, () => {
    test.use({ viewport: viewport.viewport });

    test(`look like text, editable ones like boxes (${lang})`, async ({ page }) => {
      await useLanguage(page, lang);
      await signIn(page, MARIA);
      await expect(page).toHaveURL(/\/dashboard$/);
      await page.goto('/contact-information');
      const name = page.locator('#contact-information_firstName');
      await expect(name).toHaveValue('Maria');
      await expect(name).not.toBeEditable();
      expect(await boxLook(page, '#contact-information_firstName')).toEqual({
        border: '0px',
        background: 'rgba(0, 0, 0, 0)',
      });
      const city = await boxLook(page, '#contact-information_city');
      expect(city.border).not.toBe('0px');
      expect(city.background).not.toBe('rgba(0, 0, 0, 0)');
      // The action row: a 44 px primary button, clear of the last field.
      const submit = page.locator('#contact-information button[type="submit"]');
      expect((await submit.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    });
  });
}
