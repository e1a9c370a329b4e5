import { startPortal, type Portal } from '../../scripts/lib/portal';
import { VIEWPORTS, tr, useLanguage, type Lang } from './accounts-fixtures';
import { expectNoAxeViolations } from './a11y';
import { MARIA, expect, fillSignIn, submitSignIn, test } from './fixtures';
import { flowsFixture, flowsWith, type FlowsCopy } from './flows-fixture';
import {
  SANDBOX,
  acceptDisclosures,
  accountNow,
  addCard,
  apiGet,
  axeStage,
  confirm,
  continueFrom,
  expectStage,
  paymentsWith,
} from './payment-helpers';

/**
 * Journeys are data (issue 22): tests/fixtures/flows-half adds a payment variant, "Pay half of
 * your balance", and offers it to an account without a plan, with no change under src/. The
 * built portal, started on flows/ with the fixture laid over it, offers the variant on the
 * option picker and takes the payment through every stage; the server records it.
 */

const ACCOUNT = 'LU1.10001';

let flows: FlowsCopy;

test.beforeAll(() => {
  flows = flowsWith(flowsFixture('flows-half'));
});

test.afterAll(() => flows?.remove());

const RUNS: { lang: Lang; viewport: (typeof VIEWPORTS)[number]['name'] }[] = [
  { lang: 'en', viewport: 'desktop' },
  { lang: 'es', viewport: 'phone' },
];

const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

for (const run of RUNS) {
  test(`a variant added as data: half of the balance, from its card to the confirmation (${run.lang}, ${run.viewport})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { lang } = run;
    // A portal of its own (fresh demo data): a payment changes what the account offers.
    const portal: Portal = await startPortal('portal-flows-half-', {
      NODE_ENV: 'production',
      FLOWS_DIR: flows.dir,
    });
    const context = await browser.newContext({
      baseURL: portal.base,
      viewport: VIEWPORTS.find((v) => v.name === run.viewport)?.viewport,
    });
    const page = await context.newPage();
    try {
      await useLanguage(page, lang);
      await page.goto('/login');
      await fillSignIn(page, MARIA);
      await submitSignIn(page);
      await expect(page).toHaveURL(/\/(dashboard|accounts\/[^/]+)$/);
      const before = await apiGet<{ account: { balance: number } }>(
        page,
        `/api/v2/Account/Detailed?accountNumber=${ACCOUNT}`,
      );
      const balance = Math.round(before.body.account.balance * 100);
      // Half the balance, rounded to cents as the amount rules round it.
      const half = Math.round(balance / 2);

      // The option picker: the fixture's card, with its title, its description and its amount.
      await page.goto(`/accounts/${ACCOUNT}/paymentOptions`);
      const card = page.locator('[data-testid="payment-option"][data-variant="half"]');
      await expect(card.getByRole('heading', { level: 2 })).toHaveText(
        tr(lang, 'Pay half of your balance', 'Pagar la mitad de su saldo'),
      );
      await expect(card).toContainText(
        tr(
          lang,
          'Pay half of your balance in one payment, today or within 15 days.',
          'Pague la mitad de su saldo en un solo pago, hoy o en los próximos 15 días.',
        ),
      );
      await expect(card.getByTestId('option-amount')).toHaveText(money(half));
      await expectNoAxeViolations(page);
      await card.getByRole('link').click();

      // Arrangement: the amount is fixed at half the balance.
      await expectStage(page, 'arrangement');
      await expect(page).toHaveURL(/\/payment\/half\/arrangement/);
      const amount = page.locator('#payment-arrangement_amount');
      await expect(amount).toHaveValue((half / 100).toFixed(2));
      await expect(amount).not.toBeEditable();
      if (lang === 'es') {
        // A payment scheduled for a later day, this time.
        await page
          .getByTestId('stage-arrangement')
          .getByRole('radio', { name: /^Mañana/ })
          .check();
      }
      await axeStage(page);
      await continueFrom(page, 'arrangement', 'contact-details');
      await continueFrom(page, 'contact-details', 'funding');
      await addCard(page, SANDBOX.visa);
      await continueFrom(page, 'funding', 'disclosure');
      await acceptDisclosures(page);
      await expect(page.getByTestId('confirm-payment')).toHaveText(
        `${tr(lang, 'Pay', 'Pagar')} ${money(half)}`,
      );
      await axeStage(page);
      const code = await confirm(page);
      expect(code).toMatch(/^WP(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await axeStage(page);

      // The server recorded it: the account has the payment of that confirmation.
      const found = await paymentsWith(page, ACCOUNT, code);
      expect(found.transactions + found.arrangements).toBeGreaterThanOrEqual(1);
      const after = await accountNow(page, ACCOUNT);
      const paid = after.transactions.find((t) => t.confirmationCode === code);
      const scheduled = after.arrangements.find((a) =>
        a.details.some((d) => d.confirmation === code),
      );
      expect(paid?.amount ?? (scheduled ? half / 100 : null)).toBe(half / 100);
    } finally {
      await context.close();
      portal.stop();
    }
  });
}
