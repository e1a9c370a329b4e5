/**
 * Issue 12: each dashboard card and the account page lead with the one thing the account needs
 * now (flows/rules/urgent-state.json), the option picker shows each option in money with the
 * suggested one marked, letter options say what they save, and on a 375 px phone the schedule and
 * history tables are stacked rows that never scroll sideways.
 */
import type { Locator, Page } from '@playwright/test';
import { addDays, todayInAgencyZone } from '../../src/domain/dates';
import { expectNoAxeViolations } from './a11y';
import {
  CARLOS,
  GRACE,
  LANGS,
  ROBERT,
  SAM,
  VIEWPORTS,
  horizontalOverflow,
  signInAs,
  tr,
  useLanguage,
  type Lang,
} from './accounts-fixtures';
import { JOHN, MARIA, expect, test } from './fixtures';

/** A demo day (`today+N`, loaded relative to the server's day) as the page writes it. */
const day = (offset: number, lang: Lang) =>
  new Date(`${addDays(todayInAgencyZone(), offset)}T12:00:00Z`).toLocaleDateString(
    lang === 'en' ? 'en-US' : 'es-ES',
    { dateStyle: 'long', timeZone: 'UTC' },
  );

const card = (page: Page, accountNumber: string) =>
  page.locator(`[data-testid="account-card"][data-account="${accountNumber}"]`);

async function openAccount(page: Page, accountNumber: string): Promise<void> {
  await page.goto(`/accounts/${accountNumber}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`${accountNumber.replace('.', '\\.')}$`),
  );
  // The heading comes with the server-drawn frame; the footer shows once the data is drawn.
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

test.describe.configure({ timeout: 60_000 });

for (const lang of LANGS) {
  test.describe(`urgent state (${lang})`, () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test('dashboard: past due with its pay action, paid off, one primary action per card', async ({
      page,
    }) => {
      await useLanguage(page, lang);
      await signInAs(page, MARIA);
      const pastDue = card(page, 'LU1.10002').getByTestId('urgent-state');
      await expect(pastDue).toHaveAttribute('data-state', 'past_due');
      await expect(pastDue).toHaveAttribute('data-intent', 'warning');
      await expect(pastDue.getByRole('heading')).toHaveText(
        tr(lang, 'Past due: $150.00', 'Pago vencido: $150.00'),
      );
      await expect(pastDue).toContainText(day(-10, lang));
      const pay = pastDue.getByTestId('urgent-action');
      await expect(pay).toHaveText(tr(lang, 'Pay $150.00 now', 'Pagar $150.00 ahora'));
      await expect(pay).toHaveAttribute('href', '/accounts/LU1.10002/payment/past-due');
      expect((await box(pay)).height).toBeGreaterThanOrEqual(44);

      const settled = card(page, 'LU1.10003');
      await expect(settled.getByTestId('urgent-state')).toHaveAttribute('data-state', 'settled');
      await expect(settled.getByTestId('urgent-state').getByRole('heading')).toHaveText(
        tr(lang, 'Settled: nothing left to pay', 'Liquidada: no queda nada por pagar'),
      );
      await expect(settled.getByTestId('account-badge')).toHaveText(tr(lang, 'Closed', 'Cerrada'));
      await expect(card(page, 'LU1.10001').getByTestId('urgent-state')).toHaveAttribute(
        'data-state',
        'choose_option',
      );
      // The plan changes are offered with a plan only: the past-due one, not the others.
      await expect(pastDue.getByTestId('urgent-offers').getByRole('link')).toHaveCount(3);
      await expect(card(page, 'LU1.10001').getByTestId('urgent-offers')).toHaveCount(0);
      await expect(settled.getByTestId('urgent-offers')).toHaveCount(0);
      await expect(page.getByTestId('urgent-offers-phone')).toHaveCount(0);
      await expectNoAxeViolations(page);

      await pay.click();
      await expect(page).toHaveURL(/\/accounts\/LU1\.10002\/payment\/past-due/);
    });

    test('dashboard and account: a payment method is needed', async ({ page }) => {
      await useLanguage(page, lang);
      await signInAs(page, SAM);
      await expect(page).toHaveURL(/\/dashboard$/);
      const needed = card(page, 'LU1.90001').getByTestId('urgent-state');
      await expect(needed).toHaveAttribute('data-state', 'payment_method_needed');
      await expect(needed.getByRole('heading')).toHaveText(
        tr(
          lang,
          `Payment method needed for ${day(12, lang)}`,
          `Falta el método de pago para el ${day(12, lang)}`,
        ),
      );
      await expect(needed).toContainText('$100.00');
      await expect(card(page, 'LU1.90002').getByTestId('urgent-state')).toHaveAttribute(
        'data-state',
        'next_payment',
      );
      await expect(card(page, 'LU1.90002').getByTestId('urgent-state')).toContainText(
        `$150.00 ${tr(lang, 'on', 'el')} ${day(10, lang)}`,
      );
      await expectNoAxeViolations(page);

      // The card leads to the account, where the same action opens the payment-method dialog.
      await needed.getByTestId('urgent-action').click();
      await expect(page).toHaveURL(/\/accounts\/LU1\.90001$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/LU1\.90001$/);
      const notice = page.getByTestId('urgent-state');
      await expect(notice).toHaveAttribute('data-state', 'payment_method_needed');
      await expect(notice.getByTestId('urgent-action')).toHaveText(
        tr(lang, 'Set a payment method for $100.00', 'Establecer un método de pago para $100.00'),
      );
      await expectNoAxeViolations(page);
      await notice.getByTestId('urgent-action').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });

    test('account: paid off, one end-of-process notice, bankruptcy reported', async ({ page }) => {
      await useLanguage(page, lang);
      await signInAs(page, GRACE);
      const badges = (names: string[]) =>
        expect(page.getByTestId('account-badge')).toHaveText(names);

      await openAccount(page, 'LU1.60003');
      await expect(page.getByTestId('urgent-state')).toHaveAttribute('data-state', 'paid_off');
      await expect(page.getByTestId('urgent-state').getByRole('heading')).toHaveText(
        tr(lang, 'Paid off: nothing left to pay', 'Pagada: no queda nada por pagar'),
      );
      await expect(page.getByTestId('urgent-action')).toHaveCount(0);
      await badges([tr(lang, 'Payment pending', 'Pago pendiente')]);
      await expectNoAxeViolations(page);

      // The client takes the payments on its own site: that notice alone, not "call us" as well.
      await openAccount(page, 'LU1.60001');
      await expect(page.getByTestId('urgent-state')).toHaveCount(1);
      await expect(page.getByTestId('urgent-state')).toHaveAttribute('data-state', 'end_of_path');
      await expect(page.getByTestId('urgent-state')).not.toContainText('800-555-0188');
      await expect(page.getByTestId('urgent-action')).toHaveAttribute(
        'href',
        'https://pay.proseware.example.com/',
      );
      await expect(page.locator('[data-testid^="notice-"]')).toHaveCount(0);
      await badges([tr(lang, 'End of process', 'Fin del proceso')]);
      await expectNoAxeViolations(page);

      await openAccount(page, 'LU1.60002');
      await expect(page.getByTestId('urgent-state')).toHaveAttribute('data-state', 'bankruptcy');
      await expect(page.getByTestId('urgent-state')).toContainText('800-555-0100');
      await badges([tr(lang, 'Bankruptcy reported', 'Bancarrota notificada')]);
      await expectNoAxeViolations(page);
    });

    test('account: a past-due payment is paid from the notice', async ({ page }) => {
      await useLanguage(page, lang);
      await signInAs(page, CARLOS);
      await openAccount(page, 'LU1.50001');
      const notice = page.getByTestId('urgent-state');
      await expect(notice).toHaveAttribute('data-state', 'past_due');
      await expect(notice).toContainText(day(-5, lang));
      await notice
        .getByRole('button', { name: tr(lang, 'Pay $100.00 now', 'Pagar $100.00 ahora') })
        .click();
      await expect(page).toHaveURL(/\/accounts\/LU1\.50001\/payment\/past-due/);
    });

    test('option cards say what each option means in money, the suggested one marked', async ({
      page,
    }) => {
      await useLanguage(page, lang);
      await signInAs(page, MARIA);
      await page.goto('/accounts/LU1.10001/paymentOptions');
      const option = (variant: string) =>
        page.locator(`[data-testid="payment-option"][data-variant="${variant}"]`);
      await expect(page.getByTestId('payment-option')).toHaveCount(4);

      // The savings plan saves the most: suggested, and the only card so marked.
      await expect(page.locator('[data-suggested="true"]')).toHaveCount(1);
      await expect(option('sif')).toHaveAttribute('data-suggested', 'true');
      await expect(option('sif').getByTestId('suggested-mark')).toHaveText(
        tr(lang, 'Suggested', 'Sugerida'),
      );
      await expect(option('sif').getByTestId('option-amount')).toHaveText('$1,470.00');
      await expect(option('sif').getByTestId('option-total')).toHaveText('$1,470.00');
      await expect(option('sif').getByTestId('option-savings')).toHaveText('$980.00');
      await expect(option('sif').getByTestId('suggested-why')).toContainText('$980.00');

      await expect(option('bif').getByTestId('option-amount')).toHaveText(
        tr(
          lang,
          '$204.16 × 11 payments and a last payment of $204.24',
          '$204.16 × 11 pagos y un último pago de $204.24',
        ),
      );
      await expect(option('bif').getByTestId('option-total')).toHaveText('$2,450.00');
      await expect(option('bif').getByTestId('option-savings')).toHaveText('$0.00');

      await expect(option('pif').getByTestId('option-amount')).toHaveText('$2,450.00');
      await expect(option('pif').getByTestId('option-deadline')).toHaveText(day(15, lang));
      await expect(option('one-time').getByTestId('option-amount')).toHaveText(
        tr(lang, 'from $25.00', 'desde $25.00'),
      );
      await expectNoAxeViolations(page);
    });

    test('PCO: bring current is suggested, with the minimum payment due', async ({ page }) => {
      await useLanguage(page, lang);
      await signInAs(page, JOHN);
      await expect(page.getByTestId('urgent-state')).toHaveAttribute('data-state', 'minimum_due');
      await expect(page.getByTestId('urgent-action')).toHaveText(
        tr(lang, 'Pay $125.00 now', 'Pagar $125.00 ahora'),
      );
      // The account page: the urgent notice asks for the minimum payment; the statement notice
      // gives its date and does not say the same again (urgent-state.json coversNotices).
      await page.goto('/accounts/LU1.20001');
      await expect(page.getByTestId('urgent-state')).toHaveAttribute('data-state', 'minimum_due');
      const statement = page.getByTestId('notice-statement');
      await expect(statement).toContainText(
        tr(lang, 'Your most recent statement was issued on', 'Su estado de cuenta más reciente'),
      );
      await expect(statement).not.toContainText(
        tr(lang, 'bring your account current', 'poner su cuenta al día'),
      );
      await page.goto('/accounts/LU1.20001/paymentOptions');
      const current = page.locator('[data-testid="payment-option"][data-variant="bring-current"]');
      await expect(current).toHaveAttribute('data-suggested', 'true');
      await expect(current.getByTestId('option-amount')).toHaveText('$125.00');
      await expectNoAxeViolations(page);
    });

    test('letter options say what they save', async ({ page }) => {
      await useLanguage(page, lang);
      await signInAs(page, MARIA);
      await page.goto('/letter-option/LU1.10001/57');
      await expect(page.getByTestId('option-savings')).toHaveText(
        ['$980.00', '$735.00', '$490.00'].map((amount) =>
          tr(lang, `You save ${amount}`, `Usted ahorra ${amount}`),
        ),
      );
      await expectNoAxeViolations(page);
    });
  });

  test.describe(`phones first (${lang})`, () => {
    test.use({ viewport: { width: 375, height: 812 } });

    /** Each row is a card: its cells one above the other, inside the screen. */
    async function expectStackedRows(table: Locator): Promise<void> {
      const rows = table.locator('tbody tr');
      const count = await rows.count();
      expect(count).toBeGreaterThan(0);
      for (let r = 0; r < count; r += 1) {
        const cells = rows.nth(r).locator('td:visible');
        const n = await cells.count();
        expect(n).toBeGreaterThanOrEqual(3);
        const boxes = [];
        for (let c = 0; c < n; c += 1) boxes.push(await box(cells.nth(c)));
        for (let c = 0; c < n; c += 1) {
          const cell = boxes[c]!;
          expect(cell.x).toBeGreaterThanOrEqual(0);
          expect(cell.x + cell.width).toBeLessThanOrEqual(375);
          if (c > 0)
            expect(cell.y).toBeGreaterThanOrEqual(boxes[c - 1]!.y + boxes[c - 1]!.height - 1);
        }
      }
    }

    test('schedule and history are stacked rows, targets large enough, no sideways scroll', async ({
      page,
    }) => {
      await useLanguage(page, lang);
      await signInAs(page, SAM);
      await openAccount(page, 'LU1.90001');
      const schedule = page.getByTestId('schedule-table');
      await expectStackedRows(schedule);
      // Each value on one line: an amount is as tall as one line of text.
      const amount = schedule.locator('tbody tr').first().locator('td[data-column="amount"]');
      await expect(amount).toContainText('$100.00');
      expect((await box(amount)).height).toBeLessThan(40);
      // Touch targets: at least 24 × 24 px; the one primary action 44 px high.
      for (const button of await schedule.getByRole('button').all()) {
        const { width, height } = await box(button);
        expect(width).toBeGreaterThanOrEqual(24);
        expect(height).toBeGreaterThanOrEqual(24);
      }
      expect((await box(page.getByTestId('urgent-action'))).height).toBeGreaterThanOrEqual(44);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);

      await page.goto('/dashboard');
      await expect(page.getByTestId('account-card')).toHaveCount(2);
      expect(await horizontalOverflow(page)).toBe(0);
    });

    test('the transaction history is stacked too', async ({ page }) => {
      await useLanguage(page, lang);
      await signInAs(page, CARLOS);
      await openAccount(page, 'LU1.50003');
      await expectStackedRows(page.getByTestId('history-table'));
      await expectStackedRows(page.getByTestId('schedule-table'));
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
    });

    test('option cards and the past-due notice fit the phone', async ({ page }) => {
      await useLanguage(page, lang);
      await signInAs(page, MARIA);
      await page.goto('/accounts/LU1.10001/paymentOptions');
      await expect(page.getByTestId('payment-option')).toHaveCount(4);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
      await page.goto('/dashboard');
      await expect(card(page, 'LU1.10002').getByTestId('urgent-action')).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
    });
  });
}

/** The plan changes the urgent state offers (flows/pages `offer` place urgent), in order. */
const PLAN_CHANGES = [
  { name: 'change-plan', path: 'plan/change', en: 'Change my plan', es: 'Cambiar mi plan' },
  {
    name: 'change-payment-day',
    path: 'plan/payment-day',
    en: 'Change my payment day',
    es: 'Cambiar mi día de pago',
  },
  { name: 'cancel-plan', path: 'plan/cancel', en: 'Cancel my plan', es: 'Cancelar mi plan' },
];

/** The urgent notice offers each plan change for the account, as a link at least 24 px high. */
async function expectPlanChanges(notice: Locator, accountNumber: string, lang: Lang) {
  const links = notice.getByTestId('urgent-offers').getByRole('link');
  await expect(links).toHaveText(PLAN_CHANGES.map((change) => tr(lang, change.en, change.es)));
  for (const [i, change] of PLAN_CHANGES.entries()) {
    await expect(links.nth(i)).toHaveAttribute('href', `/accounts/${accountNumber}/${change.path}`);
    await expect(links.nth(i)).toHaveAttribute('data-testid', `urgent-offer-${change.name}`);
    expect((await box(links.nth(i))).height).toBeGreaterThanOrEqual(24);
  }
  await expect(notice.getByTestId('urgent-offers-phone')).toHaveCount(0);
}

/** With URGENT_SCREENSHOTS set, the screen as a PNG in that folder (to look at, not compared). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.URGENT_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/urgent-${name}.png`, fullPage: true });
}

for (const lang of LANGS) {
  for (const { name, viewport } of VIEWPORTS) {
    test(`the urgent state offers the plan changes, on the dashboard and the account page (${lang}, ${name})`, async ({
      page,
    }) => {
      test.setTimeout(90_000); // two screens, each checked by axe
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      await signInAs(page, SAM);
      await expect(page).toHaveURL(/\/dashboard$/);
      // Both plans can be changed online: each card's notice offers the changes, whatever it says.
      const next = card(page, 'LU1.90002').getByTestId('urgent-state');
      await expect(next).toHaveAttribute('data-state', 'next_payment');
      await expectPlanChanges(next, 'LU1.90002', lang);
      const needed = card(page, 'LU1.90001').getByTestId('urgent-state');
      await expect(needed).toHaveAttribute('data-state', 'payment_method_needed');
      await expectPlanChanges(needed, 'LU1.90001', lang);
      // The notice's own action stays its one button; the offers are links beside it.
      await expect(needed.getByTestId('urgent-action')).toHaveCount(1);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, `dashboard-${lang}-${name}`);

      // The account page leads with the same notice and the same links; the plan section keeps its own.
      await openAccount(page, 'LU1.90002');
      const notice = page.getByTestId('urgent-state');
      await expectPlanChanges(notice, 'LU1.90002', lang);
      await expect(page.getByTestId('plan-change-offers').getByRole('link')).toHaveCount(3);
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, `account-${lang}-${name}`);
      await notice.getByTestId('urgent-offer-change-payment-day').click();
      await expect(page).toHaveURL(/\/accounts\/LU1\.90002\/plan\/payment-day$/);
      await expect(page.getByTestId('change-payment-day-stage').first()).toBeVisible();
    });

    test(`a plan that cannot be changed online: the urgent state gives only the phone number (${lang}, ${name})`, async ({
      page,
    }) => {
      test.setTimeout(90_000); // two screens, each checked by axe
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      await signInAs(page, ROBERT);
      await expect(page).toHaveURL(/\/dashboard$/);
      const fixed = card(page, 'LU1.70002').getByTestId('urgent-state');
      await expect(fixed.getByTestId('urgent-offers-phone')).toHaveText(
        tr(
          lang,
          'To change your payment plan or its payment method, please call us at 800-555-0101.',
          'Para cambiar su plan de pagos o su método de pago, llámenos al 800-555-0101.',
        ),
      );
      // The number is a link that calls it, never split across lines.
      const call = fixed.getByRole('link', { name: '800-555-0101' });
      await expect(call).toHaveAttribute('href', 'tel:8005550101');
      expect((await box(call)).height).toBeLessThan(30);
      await expect(fixed.getByTestId('urgent-offers')).toHaveCount(0);
      await expect(card(page, 'LU1.70002').locator('a[href*="/plan/"]')).toHaveCount(0);
      // The other account's plan can be changed online: its notice offers the changes.
      await expectPlanChanges(
        card(page, 'DU8.70001').getByTestId('urgent-state'),
        'DU8.70001',
        lang,
      );
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, `not-modifiable-dashboard-${lang}-${name}`);

      // The account page: no link anywhere; its notice gives the number (not said twice).
      await openAccount(page, 'LU1.70002');
      await expect(page.locator('a[href*="/plan/"]')).toHaveCount(0);
      await expect(page.getByTestId('urgent-offers-phone')).toHaveCount(0);
      await expect(page.getByTestId('notice-not-modifiable')).toContainText('800-555-0101');
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
      await shot(page, `not-modifiable-account-${lang}-${name}`);
    });
  }
}
