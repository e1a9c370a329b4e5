/**
 * A payment the agency says came back (issue 42, item 3: a `returned` delta): after
 * `npm run db:import` of a phone payment and its return (JSON Lines) for Anna Lee's demo account,
 * the account page's transaction history shows that payment as returned, with the day, in English
 * and in Spanish, at 1280 and 375 px, axe-clean. The screenshots go to
 * test-results/returned-payment-<lang>-<width>.png.
 */
import { formatLongDay } from '../../src/domain/dates';
import { calendarDay, DEFAULT_TIME_ZONE } from '../../src/server/dates';
import { expectNoAxeViolations } from './a11y';
import { expect, signIn, test } from './fixtures';
import { LANGS, VIEWPORTS, horizontalOverflow, tr, useLanguage } from './accounts-fixtures';
import { ANNA_ACCOUNT as ACCOUNT, ANNA_BY_SSN as ANNA, importJsonLines } from './agency-import';

const CODE = 'PHRET-E2E';

test.beforeAll(() => {
  // Run again (another worker), the import changes nothing.
  const out = importJsonLines('returned-payment', [
    {
      kind: 'payment',
      accountNumber: ACCOUNT,
      ref: 'e2e-ret-1',
      date: 'today',
      amount: 40,
      confirmationCode: CODE,
    },
    { kind: 'returned', accountNumber: ACCOUNT, ref: 'e2e-ret-1', date: 'today', reason: 'R01' },
  ]);
  expect(out).toMatch(/2 of 2 records \(\d changed, \d unchanged\), 0 rejected/);
});

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`returned payment from an import (${name})`, () => {
    test.use({ viewport });
    for (const lang of LANGS) {
      test(`Anna's transaction history shows the payment returned, with its day (${lang})`, async ({
        page,
      }) => {
        await useLanguage(page, lang);
        await signIn(page, ANNA);
        await page.goto(`/accounts/${ACCOUNT}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          tr(lang, `Account ${ACCOUNT}`, `Cuenta ${ACCOUNT}`),
        );
        const day = formatLongDay(calendarDay(new Date(), DEFAULT_TIME_ZONE), lang);
        const history = page.getByTestId('history-table');
        // The payment's row: its status cell says returned, with the day (a phone's card shows each
        // cell's label beside it, hidden from the accessible name).
        const row = history.getByRole('row').filter({ hasText: CODE });
        await expect(
          row.getByRole('cell', {
            name: tr(lang, `Returned on ${day}`, `Devuelto el ${day}`),
            exact: true,
          }),
        ).toBeVisible();
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `test-results/returned-payment-${lang}-${viewport.width}.png`,
          fullPage: true,
        });
      });
    }
  });
}
