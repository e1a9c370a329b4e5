/**
 * The payment journey as a screen reader and voice control meet it (issue 21), in English and
 * Spanish: the plan slider's − and + buttons carry what they show in their names and the plan a
 * button chose is announced; after paying, the focus is on the confirmation's heading; the date
 * field of "Another day" has a label of its own and the allowed range as its hint.
 */
import { addDays, todayInAgencyZone } from '../../src/domain/dates';
import { LANGS, LAURA, signInAs, tr, useLanguage, type Lang } from './accounts-fixtures';
import { MARIA, expect, test } from './fixtures';
import {
  acceptDisclosures,
  axeStage,
  chooseMethod,
  confirm,
  continueFrom,
  expectStage,
  signInSlot,
  startFromAccount,
} from './payment-helpers';

test.describe.configure({ timeout: 60_000 });

for (const lang of LANGS) {
  test(`the plan slider's − and + buttons are named by what they show, and a step is announced (${lang})`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    // Maria's LU1.10001 (balance in full): plans of 1 to 12 payments; looked at, not paid.
    await signInAs(page, MARIA);
    await page.goto('/accounts/LU1.10001/payment/bif');
    await expectStage(page, 'arrangement');
    const stage = page.getByTestId('stage-arrangement');
    // What the buttons show is in their names (a voice-control user says what they see), with
    // what they do.
    const fewer = stage.locator('button').filter({ hasText: /^−$/ });
    const more = stage.locator('button').filter({ hasText: /^\+$/ });
    for (const button of [fewer, more]) {
      const shown = (await button.textContent()) ?? '';
      const name = (await button.getAttribute('aria-label')) ?? shown;
      expect(name.startsWith(shown), `the name "${name}" holds "${shown}"`).toBe(true);
    }
    await expect(fewer).toHaveAccessibleName(tr(lang, '− Fewer payments', '− Menos pagos'));
    await expect(more).toHaveAccessibleName(tr(lang, '+ More payments', '+ Más pagos'));
    // The longest plan first: + is at its end, still focusable.
    const chosen = page.getByTestId('plan-choice');
    await expect(chosen).toHaveAttribute('data-value', '12');
    await expect(more).toHaveAttribute('aria-disabled', 'true');
    const status = stage.getByRole('status');
    await expect(status).toHaveText('');

    await fewer.click();
    await expect(chosen).toHaveAttribute('data-value', '11');
    // The last payment takes the cents left over, and is named (issue 40).
    const eleven = tr(
      lang,
      '10 monthly payments of $222.72 and a last payment of $222.80',
      '10 pagos mensuales de $222.72 y un último pago de $222.80',
    );
    await expect(status).toHaveText(eleven);
    await expect(page.getByRole('slider')).toHaveAttribute('aria-valuetext', eleven);
    await more.click();
    await expect(chosen).toHaveAttribute('data-value', '12');
    await expect(status).toHaveText(
      tr(
        lang,
        '11 monthly payments of $204.16 and a last payment of $204.24',
        '11 pagos mensuales de $204.16 y un último pago de $204.24',
      ),
    );
    await expect(more).toBeFocused();
    await axeStage(page);
  });
}

for (const lang of LANGS) {
  test(`after paying, the focus is on the confirmation's heading, also after Back (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, lang);
    const slot = await signInSlot(page, `success-focus-${lang}`);
    await startFromAccount(page, slot.accounts.open!, 'one-time');
    await continueFrom(page, 'arrangement', 'contact-details');
    await continueFrom(page, 'contact-details', 'funding');
    await chooseMethod(page, 'Visa ****1111');
    await continueFrom(page, 'funding', 'disclosure');
    await acceptDisclosures(page);
    await confirm(page);
    // Paid today: the heading says it is confirmed, and a screen reader says it first.
    const heading = page.getByRole('heading', {
      level: 1,
      name: tr(lang, 'Thank you: your payment is confirmed', 'Gracias: su pago está confirmado'),
    });
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    // Back leads to the confirmation again (never to paying twice), with the same focus.
    await page.goBack();
    await expect(page).toHaveURL(/\/success$/);
    await expect(heading).toBeFocused();
    await axeStage(page);
  });
}

/** A day `offset` days from the agency's today as the page writes it. */
const day = (offset: number, lang: Lang) =>
  new Date(`${addDays(todayInAgencyZone(), offset)}T12:00:00Z`).toLocaleDateString(
    lang === 'en' ? 'en-US' : 'es-ES',
    { dateStyle: 'long', timeZone: 'UTC' },
  );

/** Each client's maxSinglePayDaysInFuture (flows/clients): NWB 30 days, ADW (Laura) 15. */
const ANOTHER_DAY = [
  { lang: 'en', who: MARIA, account: 'LU1.10001', days: 30 },
  { lang: 'es', who: LAURA, account: 'LU1.80001', days: 15 },
] as const;

for (const { lang, who, account, days } of ANOTHER_DAY) {
  test(`"Another day" opens a date field with a visible label and the allowed range as its hint (${lang}, ${days} days)`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    await signInAs(page, who);
    await page.goto(`/accounts/${account}/payment/one-time`);
    await expectStage(page, 'arrangement');
    const stage = page.getByTestId('stage-arrangement');
    await stage
      .getByRole('radio', { name: tr(lang, 'Another day', 'Otro día'), exact: true })
      .check();
    const name = tr(lang, 'Day you want to pay', 'Día en que desea pagar');
    const label = stage.locator('label[for="payment-arrangement_paymentDate"]');
    await expect(label).toBeVisible();
    await expect(label).toHaveText(new RegExp(`^${name}`));
    const field = stage.getByLabel(name);
    await expect(field).toHaveAttribute('type', 'date');
    await expect(field).toHaveAccessibleName(name);
    await expect(field).toHaveAccessibleDescription(
      tr(
        lang,
        `Up to ${days} days from today: by ${day(days, lang)}.`,
        `Hasta ${days} días a partir de hoy: a más tardar el ${day(days, lang)}.`,
      ),
    );
    await expect(field).toHaveAttribute('max', addDays(todayInAgencyZone(), days));
    await axeStage(page);
  });
}
