import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import {
  CARLOS,
  GRACE,
  LANGS,
  ROBERT,
  VIEWPORTS,
  horizontalOverflow,
  signInAs,
  tr,
  useLanguage,
} from './accounts-fixtures';
import { MARIA, expect, test } from './fixtures';

async function openAccount(page: Page, accountNumber: string): Promise<void> {
  await page.goto(`/accounts/${accountNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`${accountNumber.replace('.', '\\.')}$`),
  );
}

const statuses = (page: Page) =>
  page.getByTestId('schedule-table').locator('tbody tr td:first-child [data-status]');

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`account details (${name})`, () => {
    test.use({ viewport });
    // Sign-in plus an axe scan per screen: allow for a busy machine.
    test.describe.configure({ timeout: 60_000 });

    for (const lang of LANGS) {
      test(`Carlos: past-due, upcoming and missing-funding payments (${lang})`, async ({
        page,
      }) => {
        await useLanguage(page, lang);
        await signInAs(page, CARLOS);
        await openAccount(page, 'LU1.50002');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          tr(lang, 'Account LU1.50002', 'Cuenta LU1.50002'),
        );
        await expect(page.getByTestId('client-account')).toHaveText('************5002');
        await expect(statuses(page)).toHaveText(
          lang === 'en'
            ? ['Upcoming', 'Upcoming', 'Payment method needed']
            : ['Próximo', 'Próximo', 'Falta el método de pago'],
        );
        const options = page.getByTestId('payment-options').getByRole('listitem');
        await expect(options).toHaveText(
          lang === 'en'
            ? ['Pay remaining balance', 'Pay upcoming payment']
            : ['Pagar el saldo restante', 'Pagar el próximo pago'],
        );
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);
        // The payment due today is paid from the upcoming payments section.
        await page.getByTestId('pay-now').click();
        await expect(page).toHaveURL(/\/accounts\/LU1\.50002\/payment\/upcoming/);

        await openAccount(page, 'LU1.50001');
        await expect(page.getByTestId('past-due-text')).toBeVisible();
        await expect(statuses(page).first()).toHaveText(tr(lang, 'Past due', 'Vencido'));
        await expectNoAxeViolations(page);
        await page.getByTestId('pay-now').click();
        await expect(page).toHaveURL(/\/accounts\/LU1\.50001\/payment\/past-due/);
      });

      test(`Grace: end of process, bankruptcy reported and pending post (${lang})`, async ({
        page,
      }) => {
        await useLanguage(page, lang);
        await signInAs(page, GRACE);
        await openAccount(page, 'LU1.60001');
        // One end-of-process notice: the client's site (its end-of-path link), not "call us" too.
        const endOfPath = page.getByTestId('urgent-state');
        await expect(endOfPath).toHaveAttribute('data-state', 'end_of_path');
        await expect(endOfPath).toContainText(
          tr(lang, 'Your account has moved', 'Su cuenta fue transferida'),
        );
        await expect(endOfPath.getByRole('link')).toHaveAttribute(
          'href',
          'https://pay.proseware.example.com/',
        );
        await expect(page.getByTestId('transaction-history')).toHaveCount(0);
        await expect(page.getByTestId('additional-actions')).toHaveCount(0);
        await expect(page.getByTestId('payment-options')).toHaveCount(0);
        await expectNoAxeViolations(page);

        await openAccount(page, 'LU1.60002');
        const reported = page.getByTestId('bankruptcy-reported');
        await expect(reported).toHaveText(
          tr(lang, 'Bankruptcy already reported', 'Bancarrota ya informada'),
        );
        await expect(reported).toHaveAttribute('aria-disabled', 'true');
        await expect(page.getByTestId('file-dispute')).toHaveAttribute(
          'href',
          '/accounts/LU1.60002/dispute',
        );
        await expectNoAxeViolations(page);

        await openAccount(page, 'LU1.60003');
        await expect(page.getByTestId('notice-pending-post')).toBeVisible();
        await expect(page.getByTestId('payment-options')).toContainText(
          tr(lang, 'There are no payment options', 'No hay opciones de pago'),
        );
        await expect(page.getByTestId('report-bankruptcy')).toHaveAttribute(
          'href',
          '/accounts/LU1.60003/bankruptcy',
        );
        await expectNoAxeViolations(page);
      });

      test(`Robert: DU8 settlement and an arrangement changed only by phone (${lang})`, async ({
        page,
      }) => {
        await useLanguage(page, lang);
        await signInAs(page, ROBERT);
        await openAccount(page, 'DU8.70001');
        // A SIF arrangement on a DU8 account never offers paying the remaining balance.
        await expect(page.getByTestId('payment-options')).toContainText(
          tr(lang, 'There are no payment options', 'No hay opciones de pago'),
        );
        await expect(page.getByTestId('payment-options')).not.toContainText(
          tr(lang, 'Pay remaining balance', 'Pagar el saldo restante'),
        );
        await expect(page.getByTestId('move-next-payment')).toBeVisible();
        await expectNoAxeViolations(page);

        await openAccount(page, 'LU1.70002');
        await expect(page.getByTestId('notice-not-modifiable')).toContainText('800-555-0101');
        await expect(page.getByTestId('set-payment-method')).toHaveCount(0);
        await expect(page.getByTestId('move-next-payment')).toHaveCount(0);
        await expectNoAxeViolations(page);
      });

      test(`Maria: a closed account and the schedule's show more (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signInAs(page, MARIA);
        await openAccount(page, 'LU1.10003');
        await expect(page.getByTestId('urgent-state')).toContainText(
          tr(lang, 'Settled: nothing left to pay', 'Liquidada: no queda nada por pagar'),
        );
        await expect(page.getByTestId('account-badge')).toHaveText(tr(lang, 'Closed', 'Cerrada'));
        await expect(page.getByTestId('additional-actions')).toHaveCount(0);
        await expect(page.getByTestId('payment-options')).toHaveCount(0);
        await expect(page.getByTestId('upcoming-payments')).toHaveCount(0);
        await expectNoAxeViolations(page);

        await openAccount(page, 'LU1.10002');
        const rows = page.getByTestId('schedule-table').locator('tbody tr');
        await expect(rows).toHaveCount(3);
        await page.getByTestId('schedule-show-more').click();
        // 8 open payments: 3, then 5 more, and no more button.
        await expect(rows).toHaveCount(8);
        await expect(page.getByTestId('schedule-show-more')).toHaveCount(0);
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);
      });
    }
  });
}

test('transaction history shows 5, then 5 more per click', async ({ page }) => {
  await signInAs(page, CARLOS);
  // LU1.50003: a year of monthly payments, 12 transactions; the newest is today's, still pending.
  await openAccount(page, 'LU1.50003');
  const rows = page.getByTestId('history-table').locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText('Pending');
  await page.getByTestId('history-show-more').click();
  await expect(rows).toHaveCount(10);
  await page.getByTestId('history-show-more').click();
  await expect(rows).toHaveCount(12);
  await expect(page.getByTestId('history-show-more')).toHaveCount(0);
  await expect(rows.last()).toContainText('Successful');
});

test('a missing account goes home', async ({ page }) => {
  await signInAs(page, MARIA);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/accounts/LU1.99999');
  await expect(page).toHaveURL(/\/dashboard$/);
});
