import type { Page } from '@playwright/test';
import { formatLongDay, todayInAgencyZone } from '../../src/domain/dates';
import { formatUsd } from '../../src/domain/money';
import { expectNoAxeViolations } from './a11y';
import {
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
import { expect, test } from './fixtures';
import { accountNow, signInSlot } from './payment-helpers';

/**
 * The plan managed online (issue 22), as a debtor does it from the account page: cancel the plan
 * (with a payment less than 1 business day away, and without), move every payment to another
 * day, change the number of payments; and an account that cannot be changed online offers only
 * the phone number. Each journey is a page file of flows/pages with stages.
 */

/** The screen as the debtor meets it: axe finds nothing, nothing scrolls sideways. */
async function checkScreen(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

/** The offer on the account page's plan section, followed to its journey. */
async function openOffer(page: Page, accountNumber: string, offer: string): Promise<void> {
  await page.goto(`/accounts/${accountNumber}`);
  const link = page.getByTestId(`offer-${offer}`);
  await expect(link).toBeVisible();
  const box = await link.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
  await link.click();
  await expect(page.getByTestId(`${offer}-stage`).first()).toBeVisible();
}

const date = (day: string, lang: Lang) => formatLongDay(day, lang);

/** A plan's words as the choice shows them: its equal payments and, when it differs, the last. */
function planWordsOf(lang: Lang, schedule: readonly { amount: number }[]): string {
  const amounts = schedule.map((p) => p.amount);
  const first = amounts[0]!;
  const last = amounts[amounts.length - 1]!;
  if (last === first) {
    return tr(
      lang,
      `${amounts.length} monthly payments of ${formatUsd(first, 'en')}`,
      `${amounts.length} pagos mensuales de ${formatUsd(first, 'es')}`,
    );
  }
  const count = amounts.length - 1;
  return tr(
    lang,
    `${count} ${count === 1 ? 'payment' : 'monthly payments'} of ${formatUsd(first, 'en')} and a last payment of ${formatUsd(last, 'en')}`,
    `${count} ${count === 1 ? 'pago' : 'pagos mensuales'} de ${formatUsd(first, 'es')} y un último pago de ${formatUsd(last, 'es')}`,
  );
}

for (const lang of LANGS) {
  for (const { name, viewport } of VIEWPORTS) {
    test(`cancel a plan: nothing more is taken (${lang}, ${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      const slot = await signInSlot(page, `plan-cancel-${lang}-${name}`);
      const accountNumber = slot.accounts.planMethods!;
      await openOffer(page, accountNumber, 'cancel-plan');
      await expect(page).toHaveURL(new RegExp(`/accounts/${accountNumber}/plan/cancel$`));
      // What cancelling means, said first.
      const consequences = page.getByTestId('cancel-plan-consequences');
      await expect(consequences).toContainText(tr(lang, 'stays due', 'sigue adeudado'));
      await expect(consequences).toContainText(
        tr(lang, 'already sent to your bank will still be taken', 'ya enviados a su banco'),
      );
      await expect(page.getByTestId('cancel-plan-kept')).toHaveCount(0);
      await expect(page.getByTestId('cancel-plan-stopped').getByRole('row')).toHaveCount(4);
      await checkScreen(page);

      // Confirming needs the box: the error summary says so.
      const submit = page.locator('#plan-cancel-confirm button[type="submit"]');
      await submit.click();
      await expect(page.locator('#plan-cancel-confirm_confirmed')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await page.locator('#plan-cancel-confirm_confirmed').check();
      const answer = page.waitForResponse((r) => r.url().includes('/Account/CancelPlan'));
      await submit.click();
      const response = await answer;
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { kept: unknown[]; stopped: unknown[] };
      expect(body.kept).toEqual([]);
      expect(body.stopped).toHaveLength(3);
      expect(response.request().headers()['idempotency-key']).toBeTruthy();

      const confirmation = page.getByTestId('cancel-plan-confirmation');
      await expect(confirmation).toBeVisible();
      await expect(page.getByTestId('cancel-plan-code')).toHaveText(/\S+/);
      await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
      await checkScreen(page);

      // Nothing more is taken: no active plan, no payment to come.
      const account = await accountNow(page, accountNumber);
      expect(account.arrangements.filter((a) => a.active)).toHaveLength(0);
      await confirmation.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/accounts/${accountNumber}$`));
      await expect(page.getByTestId('plan-change-offers')).toHaveCount(0);
    });

    test(`cancel a plan with a payment within the cutoff: it is still taken (${lang}, ${name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      const slot = await signInSlot(page, `plan-cancel-cutoff-${lang}-${name}`);
      const accountNumber = slot.accounts.dueToday!;
      await openOffer(page, accountNumber, 'cancel-plan');
      const today = todayInAgencyZone();
      // The screen says, with its date, that today's payment is still taken.
      const kept = page.getByTestId('cancel-plan-kept');
      await expect(kept).toContainText(date(today, lang));
      await expect(kept).toContainText(
        tr(lang, 'will still be taken', 'se cobrará de todos modos'),
      );
      await checkScreen(page);
      await page.locator('#plan-cancel-confirm_confirmed').check();
      const answer = page.waitForResponse((r) => r.url().includes('/Account/CancelPlan'));
      await page.locator('#plan-cancel-confirm button[type="submit"]').click();
      const body = (await (await answer).json()) as { kept: { date: string }[] };
      expect(body.kept.map((payment) => payment.date)).toEqual([today]);
      await expect(page.getByTestId('cancel-plan-confirmation')).toBeVisible();
      // The account page still lists today's payment, but offers no change to a cancelled plan:
      // the number to call instead.
      await page.goto(`/accounts/${accountNumber}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('notice-not-modifiable')).toContainText(/\d{3}-\d{3}-\d{4}/);
      await expect(page.getByTestId('plan-change-offers')).toHaveCount(0);
      await expect(page.getByTestId('urgent-offers')).toHaveCount(0);
    });

    test(`change the payment day: each payment's new date, then the account shows them (${lang}, ${name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      const slot = await signInSlot(page, `plan-day-${lang}-${name}`);
      const accountNumber = slot.accounts.planMethods!;
      await openOffer(page, accountNumber, 'change-payment-day');
      await expect(page).toHaveURL(new RegExp(`/accounts/${accountNumber}/plan/payment-day$`));
      await checkScreen(page);
      // The plan's next payment is 10 days away: a day that is not its day.
      const inTen = new Date(`${todayInAgencyZone()}T12:00:00Z`);
      inTen.setUTCDate(inTen.getUTCDate() + 10);
      const day = inTen.getUTCDate() === 15 ? 16 : 15;
      await page
        .getByLabel(tr(lang, 'New payment day of the month', 'Nuevo día de pago del mes'))
        .selectOption({ label: String(day) });
      const preview = page.waitForResponse((r) => r.url().includes('/Account/PaymentDayChange'));
      await page.locator('#plan-day-choice button[type="submit"]').click();
      const seen = (await (await preview).json()) as { moved: { from: string; date: string }[] };
      // The new dates, beside the old ones; the heading has focus.
      const stage = page.getByTestId('change-payment-day-stage');
      await expect(stage).toBeFocused();
      await expect(stage).toContainText(
        tr(lang, 'Your new payment dates', 'Sus nuevas fechas de pago'),
      );
      const moved = page.getByTestId('change-payment-day-moved');
      await expect(moved.getByRole('row')).toHaveCount(4);
      await expect(moved).toContainText(date(seen.moved[0]!.from, lang));
      await expect(moved).toContainText(date(seen.moved[0]!.date, lang));
      await checkScreen(page);
      await page.locator('#plan-day-confirm_confirmed').check();
      const answer = page.waitForResponse((r) => r.url().includes('/Account/ChangePaymentDay'));
      await page.locator('#plan-day-confirm button[type="submit"]').click();
      const response = await answer;
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { moved: { date: string }[] };
      expect(body.moved).toHaveLength(3);
      for (const payment of body.moved) expect(Number(payment.date.slice(8))).toBe(day);
      const confirmation = page.getByTestId('change-payment-day-confirmation');
      await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
      await checkScreen(page);
      // The account page shows the new schedule.
      await confirmation.getByRole('link').click();
      await expect(page.getByTestId('next-payment-text')).toContainText(
        date(body.moved[0]!.date, lang),
      );
    });

    test(`change a plan: the new schedule beside the current one, then on the account page (${lang}, ${name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      const slot = await signInSlot(page, `plan-change-${lang}-${name}`);
      const accountNumber = slot.accounts.planMethods!;
      const options = page.waitForResponse((r) => r.url().includes('/Account/PlanChangeOptions'));
      await openOffer(page, accountNumber, 'change-plan');
      await expect(page).toHaveURL(new RegExp(`/accounts/${accountNumber}/plan/change$`));
      const offered = (await (await options).json()) as {
        current: { date: string; amount: number }[];
        choices: {
          months: number;
          perMonth: number;
          schedule: { date: string; amount: number }[];
        }[];
      };
      expect(offered.choices.length).toBeGreaterThan(1);
      const choice = offered.choices.find((c) => c.months !== offered.current.length)!;
      await expect(page.getByTestId('change-plan-now')).toContainText(
        tr(lang, 'Paid so far', 'Pagado hasta ahora'),
      );
      await checkScreen(page);
      await page
        .getByRole('radio', {
          name: planWordsOf(lang, choice.schedule),
        })
        .check();
      await page.locator('#plan-months-choice button[type="submit"]').click();
      const stage = page.getByTestId('change-plan-stage');
      await expect(stage).toBeFocused();
      await expect(stage).toContainText(
        tr(lang, 'Your new plan beside your plan now', 'Su nuevo plan junto a su plan actual'),
      );
      // What changes, in words: the last payment named when it differs (issue 40).
      await expect(page.locator('#main')).toContainText(planWordsOf(lang, choice.schedule));
      // The new schedule beside the current one.
      await expect(page.getByTestId('change-plan-current').getByRole('row')).toHaveCount(
        offered.current.length + 1,
      );
      await expect(page.getByTestId('change-plan-new').getByRole('row')).toHaveCount(
        choice.months + 1,
      );
      await expect(page.getByTestId('change-plan-totals')).toContainText(
        formatUsd(choice.perMonth, lang),
      );
      await expect(page.locator('#plan-change-confirm')).toContainText(
        tr(lang, 'recurring electronic payments', 'pagos electrónicos recurrentes'),
      );
      await checkScreen(page);
      // Back keeps the choice.
      await page.getByTestId('change-plan-back').click();
      await expect(page.getByTestId('change-plan-stage')).toBeFocused();
      await page.locator('#plan-months-choice button[type="submit"]').click();
      await page.locator('#plan-change-confirm_eSignConsent').check();
      await page.locator('#plan-change-confirm_authorizationDisclosuresAccepted').check();
      const answer = page.waitForResponse((r) => r.url().includes('/Account/ChangePlan'));
      await page.locator('#plan-change-confirm button[type="submit"]').click();
      const response = await answer;
      expect(response.status()).toBe(200);
      expect(((await response.json()) as { kind: string }).kind).toBe('change-plan');
      const confirmation = page.getByTestId('change-plan-confirmation');
      await expect(confirmation.getByRole('heading', { level: 2 })).toBeFocused();
      await expect(confirmation).toContainText(planWordsOf(lang, choice.schedule));
      await checkScreen(page);
      // The account page shows the new schedule.
      await confirmation.getByRole('link').click();
      const next = page.getByTestId('next-payment-text');
      await expect(next).toContainText(date(choice.schedule[0]!.date, lang));
      await expect(next).toContainText(formatUsd(choice.schedule[0]!.amount, lang));
    });

    test(`a choice left empty: the error summary, focus on the field (${lang}, ${name})`, async ({
      page,
    }) => {
      test.setTimeout(60_000); // two journeys' first stages, each checked by axe
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      // Nothing is submitted: the demo debtor's plan stays as it is.
      await signInAs(page, SAM);
      await page.goto('/accounts/LU1.90002/plan/payment-day');
      const day = page.locator('#plan-day-choice_day');
      await expect(day).toHaveValue('');
      await page.locator('#plan-day-choice button[type="submit"]').click();
      const summary = page.getByTestId('error-summary');
      await expect(summary).toContainText(tr(lang, 'There is a problem', 'Hay un problema'));
      await expect(summary.getByRole('link')).toHaveText(
        tr(lang, 'Please choose a day.', 'Elija un día.'),
      );
      await expect(day).toBeFocused();
      await expect(day).toHaveAttribute('aria-invalid', 'true');
      await checkScreen(page);
      // The summary's link leads back to the field.
      await page.getByTestId('change-payment-day-stage').first().focus();
      await summary.getByRole('link').click();
      await expect(day).toBeFocused();
      // A day chosen: the next stage, with the new dates.
      await day.selectOption({ label: '20' });
      await page.locator('#plan-day-choice button[type="submit"]').click();
      await expect(page.getByTestId('change-payment-day-moved')).toBeVisible();

      // Change my plan: the number of payments is a required choice too.
      await page.goto('/accounts/LU1.90002/plan/change');
      const months = page.locator('#plan-months-choice');
      await expect(months.getByRole('radio').first()).toBeVisible();
      await months.locator('button[type="submit"]').click();
      await expect(summary.getByRole('link')).toHaveText(
        tr(lang, 'Please choose a number of payments.', 'Elija un número de pagos.'),
      );
      await expect(months.getByRole('radio').first()).toBeFocused();
      await checkScreen(page);
    });

    test(`an account that cannot be changed online offers only the phone number (${lang}, ${name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      await signInAs(page, ROBERT);
      await page.goto('/accounts/LU1.70002');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('LU1.70002');
      await expect(page.locator('#main')).toContainText(/\d{3}-\d{3}-\d{4}/);
      await expect(page.getByTestId('plan-change-offers')).toHaveCount(0);
      await expect(page.locator('a[href*="/plan/"]')).toHaveCount(0);
      await checkScreen(page);
      // Its address says the same, with the number.
      await page.goto('/accounts/LU1.70002/plan/cancel');
      await expect(page.getByTestId('cancel-plan-unavailable')).toContainText(/\d{3}-\d{3}-\d{4}/);
      await expect(page.locator('#plan-cancel-confirm')).toHaveCount(0);
      await checkScreen(page);
    });
  }
}

test('change the payment day with the keyboard only', async ({ page }) => {
  const slot = await signInSlot(page, 'plan-day-keyboard');
  const accountNumber = slot.accounts.planMethods!;
  await page.goto(`/accounts/${accountNumber}`);
  const offer = page.getByTestId('offer-change-payment-day');
  await offer.focus();
  await page.keyboard.press('Enter');
  const select = page.getByLabel('New payment day of the month');
  await expect(select).toBeVisible();
  await select.focus();
  await select.selectOption({ label: '20' });
  await page.keyboard.press('Tab');
  await expect(page.locator('#plan-day-choice button[type="submit"]')).toBeFocused();
  await page.keyboard.press('Enter');
  const stage = page.getByTestId('change-payment-day-stage');
  await expect(stage).toBeFocused();
  await expect(page.getByTestId('change-payment-day-moved')).toBeVisible();
  const box = page.locator('#plan-day-confirm_confirmed');
  for (let i = 0; i < 30; i += 1) {
    if (await box.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(box).toBeFocused();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.locator('#plan-day-confirm button[type="submit"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByTestId('change-payment-day-confirmation').getByRole('heading', { level: 2 }),
  ).toBeFocused();
});

test('cancel a plan: a retry after a lost answer replays it (one Idempotency-Key)', async ({
  page,
}) => {
  const slot = await signInSlot(page, 'plan-cancel-retry');
  const accountNumber = slot.accounts.planMethods!;
  const keys: string[] = [];
  let first = true;
  await page.route('**/api/v2/Account/CancelPlan', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (first) {
      // The server cancels the plan, but its answer never reaches the page.
      first = false;
      await route.fetch();
      await route.abort('failed');
      return;
    }
    await route.continue();
  });
  await openOffer(page, accountNumber, 'cancel-plan');
  await page.locator('#plan-cancel-confirm_confirmed').check();
  const submit = page.locator('#plan-cancel-confirm button[type="submit"]');
  await submit.click();
  await expect(page.getByTestId('submit-error')).toContainText('We could not make the change');
  const answer = page.waitForResponse((r) => r.url().includes('/Account/CancelPlan'));
  await submit.click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByTestId('cancel-plan-code')).toHaveText(/\S+/);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
});
