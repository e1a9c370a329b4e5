import { expectNoAxeViolations } from './a11y';
import {
  CARLOS,
  GRACE,
  LANGS,
  ROBERT,
  VIEWPORTS,
  horizontalOverflow,
  tr,
  useLanguage,
} from './accounts-fixtures';
import { ACME, JOHN, MARIA, expect, signIn, signInWithForm, test } from './fixtures';

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`dashboard (${name})`, () => {
    test.use({ viewport });
    // Sign-in plus an axe scan per screen: allow for a busy machine.
    test.describe.configure({ timeout: 60_000 });

    for (const lang of LANGS) {
      test(`Maria sees her cards, rings and payment links (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signIn(page, MARIA);
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          tr(lang, 'Welcome, Maria Garcia!', '¡Le damos la bienvenida, Maria Garcia!'),
        );
        const cards = page.getByTestId('account-card');
        // De-duplicated and sorted; LU1.10004 closed 90 days ago is not shown.
        await expect(cards).toHaveCount(3);
        await expect(cards.locator('h3')).toHaveText([/LU1\.10001$/, /LU1\.10002$/, /LU1\.10003$/]);

        const open = cards.nth(0);
        await expect(open.getByTestId('account-balance')).toHaveText('$2,450.00');
        await expect(open.getByTestId('client-account')).toHaveText('************1001');
        await expect(
          open.getByText(tr(lang, 'Northwind Bank Visa', 'Northwind Bank Visa')),
        ).toBeVisible();
        await expect(open.getByRole('img')).toHaveAccessibleName(
          tr(lang, '0% of the debt paid off: Not started', '0 % de la deuda pagado: Sin comenzar'),
        );
        await expect(open.getByTestId('make-payment')).toHaveAttribute(
          'href',
          '/accounts/LU1.10001/paymentOptions',
        );

        const plan = cards.nth(1);
        await expect(plan.getByTestId('remaining-of-original')).toHaveText(
          tr(lang, '$1,200.00 remaining of $1,500.00', 'Quedan $1,200.00 de $1,500.00'),
        );
        await expect(plan.getByTestId('total-paid')).toHaveText('$300.00');
        await expect(plan.getByTestId('progress-ring')).toHaveAttribute('data-percent', '20');
        await expect(plan.getByTestId('progress-ring')).toHaveAttribute(
          'data-state',
          'in_progress',
        );
        await expect(plan.getByTestId('make-payment')).toBeVisible();

        const closed = cards.nth(2);
        await expect(closed.getByText(tr(lang, 'Closed', 'Cerrada'))).toBeVisible();
        await expect(closed.getByTestId('progress-ring')).toHaveCount(0);
        await expect(closed.getByTestId('make-payment')).toHaveCount(0);
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);

        await plan
          .getByRole('link', {
            name: tr(
              lang,
              'View details for account LU1.10002',
              'Ver detalles de la cuenta LU1.10002',
            ),
          })
          .click();
        await expect(page).toHaveURL(/\/accounts\/LU1\.10002$/);
      });
    }

    test('Grace: end of process, bankruptcy and a paid-off pending payment', async ({ page }) => {
      await signIn(page, GRACE);
      const card = (n: string) => page.locator(`[data-testid="account-card"][data-account="${n}"]`);
      await expect(card('LU1.60001').getByTestId('account-badge')).toHaveText('End of process');
      await expect(card('LU1.60001').getByTestId('progress-ring')).toHaveCount(0);
      await expect(card('LU1.60001').getByTestId('make-payment')).toHaveCount(0);
      await expect(card('LU1.60002').getByTestId('make-payment')).toBeVisible();
      await expect(card('LU1.60003').getByTestId('pending-payments')).toHaveText('$900.00');
      await expect(card('LU1.60003').getByTestId('progress-ring')).toHaveAttribute(
        'data-state',
        'paid_off',
      );
      await expect(card('LU1.60003').getByTestId('make-payment')).toHaveCount(0);
    });

    test('Robert: a settlement ring on its own base; no payment where nothing is offered', async ({
      page,
    }) => {
      await useLanguage(page, 'es');
      await signIn(page, ROBERT);
      const card = (n: string) => page.locator(`[data-testid="account-card"][data-account="${n}"]`);
      // SIF of 1,500 with 1,000 left: floor(33.3) = 33.
      await expect(card('DU8.70001').getByRole('img')).toHaveAccessibleName(
        '33 % de la deuda pagado: En curso',
      );
      await expect(card('LU1.70002').getByTestId('progress-ring')).toBeVisible();
      await expect(card('LU1.70002').getByTestId('make-payment')).toHaveCount(0);
      await expectNoAxeViolations(page);
    });

    test('Carlos: PCO accounts show the minimum payment due and no ring', async ({ page }) => {
      await signIn(page, CARLOS);
      const pco = page.locator('[data-testid="account-card"][data-account="LU1.50001"]');
      await expect(pco.getByTestId('minimum-payment-due')).toHaveText('$100.00');
      await expect(pco.getByTestId('progress-ring')).toHaveCount(0);
      await expect(pco.getByTestId('make-payment')).toBeVisible();
    });
  });
}

test('the dashboard loads every card from one account request', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push(url.pathname);
  });
  // Through the form: the sign-in itself loads the account list the dashboard then draws.
  await signInWithForm(page, MARIA);
  await expect(page).toHaveURL(/\/dashboard$/);
  const cards = page.getByTestId('account-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(1).getByTestId('progress-ring')).toHaveAttribute('data-percent', '20');
  await expect(cards.nth(0).getByTestId('make-payment')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const perCard = requests.filter((p) =>
    /\/Account\/(Detailed|GetPaymentPlans|GetSettlementPlans)$/.test(p),
  );
  expect(perCard).toEqual([]);
  expect(requests.filter((p) => p.endsWith('/Account/ListOverview'))).toHaveLength(1);
});

test('a single account goes straight to its details', async ({ page }) => {
  await signIn(page, JOHN);
  await expect(page).toHaveURL(/\/accounts\/LU1\.20001$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/accounts\/LU1\.20001$/);
});

test('a business lands on its account with the client account masked', async ({ page }) => {
  await signIn(page, ACME);
  await expect(page).toHaveURL(/\/accounts\/LU1\.30001$/);
  await expect(page.getByTestId('debtor-name')).toHaveText('Acme Supply LLC');
  await expect(page.getByTestId('client-account')).toHaveText('************9012');
});

/**
 * A screen-reader user moving by landmarks hears each one's name: Carlos's LU1.50001 and
 * LU1.50003 are both past due by $100.00, so each urgent-state region is also named by its
 * account, and no two landmarks share a name (axe's landmark-unique, among every rule).
 */
for (const lang of LANGS) {
  test(`Carlos: two accounts past due by the same amount are two landmarks with names of their own (${lang})`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    await signIn(page, CARLOS);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('account-card')).toHaveCount(3);
    const title = tr(lang, 'Past due: $100.00', 'Pago vencido: $100.00');
    const account = tr(lang, 'Account number', 'Número de cuenta');
    const pastDue = ['LU1.50001', 'LU1.50003'];
    for (const accountNumber of pastDue) {
      const card = page.locator(`[data-testid="account-card"][data-account="${accountNumber}"]`);
      await expect(card.getByTestId('urgent-state').getByRole('heading')).toHaveText(title);
    }
    await expectNoAxeViolations(page);
    for (const accountNumber of pastDue) {
      await expect(
        page.getByRole('region', { name: `${title} ${account}: ${accountNumber}`, exact: true }),
      ).toHaveAttribute('data-testid', 'urgent-state');
    }
  });
}
