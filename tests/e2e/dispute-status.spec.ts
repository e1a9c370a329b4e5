/**
 * A dispute's status from the agency's import file (issue 42, item 3): after `npm run db:import`
 * of a `dispute` delta record (JSON Lines) for Anna Lee's demo account, the account page shows
 * the status and its day, in English and in Spanish, at 1280 and 375 px, axe-clean. The
 * screenshots go to test-results/dispute-status-<lang>-<width>.png.
 */
import { expectNoAxeViolations } from './a11y';
import { expect, signIn, test } from './fixtures';
import { LANGS, VIEWPORTS, horizontalOverflow, tr, useLanguage } from './accounts-fixtures';
import { ANNA_ACCOUNT as ACCOUNT, ANNA_BY_SSN as ANNA, importJsonLines } from './agency-import';

test.beforeAll(() => {
  const out = importJsonLines('dispute-status', [
    { kind: 'dispute', accountNumber: ACCOUNT, status: 'under-review', date: '2026-11-20' },
  ]);
  expect(out).toMatch(/1 of 1 records \((0|1) changed, (0|1) unchanged\), 0 rejected/);
});

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`dispute status from an import (${name})`, () => {
    test.use({ viewport });
    for (const lang of LANGS) {
      test(`Anna's account page shows the dispute's status and day (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signIn(page, ANNA);
        await page.goto(`/accounts/${ACCOUNT}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          tr(lang, `Account ${ACCOUNT}`, `Cuenta ${ACCOUNT}`),
        );
        const notice = page.getByText(tr(lang, 'Your dispute', 'Su disputa'), { exact: true });
        await expect(notice).toBeVisible();
        await expect(
          page.getByText(
            tr(
              lang,
              'Your dispute has been under review since November 20, 2026.',
              'Su disputa está en revisión desde el 20 de noviembre de 2026.',
            ),
          ),
        ).toBeVisible();
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `test-results/dispute-status-${lang}-${viewport.width}.png`,
          fullPage: true,
        });
      });
    }
  });
}
