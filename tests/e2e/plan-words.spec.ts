/**
 * Issue 40: what a plan takes, exactly, and the accessibility statement.
 *
 * Item 2: a plan whose last payment differs names it ("11 monthly payments of $204.16 and a last
 * payment of $204.24") on the plan choice, the review, the success page and the authorization
 * PDF, in English and Spanish. Maria's LU1.10001 (balance in full, $2,450.00): 12 payments of
 * $204.16 leave $204.24 for the last.
 *
 * Item 6: /accessibility, a content document with a page of its own, is linked from the footer of
 * /login, /dashboard and a payment stage, in both languages, and axe finds nothing on it at
 * desktop and phone sizes.
 */
import { LANGS, VIEWPORTS, signInAs, tr, useLanguage } from './accounts-fixtures';
import { expectNoAxeViolations } from './a11y';
import { MARIA, expect, test } from './fixtures';
import {
  acceptDisclosures,
  chooseMethod,
  confirm,
  continueFrom,
  expectStage,
  signInSlot,
} from './payment-helpers';
import { extractPdfText } from '../pdf-reader';

test.describe.configure({ timeout: 90_000 });

for (const lang of LANGS) {
  test(`a plan with an uneven last payment names it on the choice, the review and the PDF (${lang})`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    const slot = await signInSlot(page, `uneven-plan-${lang}`);
    const account = slot.accounts.open!;
    const words = tr(
      lang,
      '11 monthly payments of $204.16 and a last payment of $204.24',
      '11 pagos mensuales de $204.16 y un último pago de $204.24',
    );
    await page.goto(`/accounts/${account}/payment/bif`);
    await expectStage(page, 'arrangement');
    const stage = page.getByTestId('stage-arrangement');
    // The choice: 12 payments, the longest plan, is the default.
    await expect(page.getByTestId('plan-choice')).toHaveAttribute('data-value', '12');
    await expect(page.getByRole('slider')).toHaveAttribute('aria-valuetext', words);
    await expect(stage).toContainText(words);
    await expect(stage).toContainText(tr(lang, 'Last payment', 'Último pago'));

    await continueFrom(page, 'arrangement', 'contact-details');
    await continueFrom(page, 'contact-details', 'funding');
    await chooseMethod(page, 'Visa ****1111');
    await continueFrom(page, 'funding', 'disclosure');
    await acceptDisclosures(page);
    // The review: the arrangement's lines say what each payment takes.
    await expect(page.getByTestId('stage-arrangement')).toContainText(words);
    await expect(page.getByTestId('stage-arrangement')).toContainText(
      tr(lang, 'Amounts', 'Montos'),
    );

    await confirm(page);
    await expect(page.getByTestId('payment-summary')).toContainText(words);
    const download = page.waitForEvent('download');
    await page.getByTestId('download-authorization').click();
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    const text = (await extractPdfText(readFileSync(file))).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(
      tr(
        lang,
        `This is a recurring authorization for ${words}.`,
        `Esta es una autorización recurrente para ${words}.`,
      ),
    );
  });
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`the accessibility statement at ${name} size`, () => {
    test.use({ viewport });
    for (const lang of LANGS) {
      test(`/accessibility states the standard, the tests, the limits, other ways and the review, and axe finds nothing (${lang})`, async ({
        page,
      }) => {
        await useLanguage(page, lang);
        await page.goto('/login');
        const footer = page.getByRole('contentinfo');
        await footer
          .getByRole('link', { name: tr(lang, 'Accessibility', 'Accesibilidad') })
          .click();
        await expect(page).toHaveURL(/\/accessibility$/);
        const legal = page.getByTestId('legal-page');
        await expect(legal.getByRole('heading', { level: 1 })).toHaveText(
          tr(lang, 'Accessibility statement', 'Declaración de accesibilidad'),
        );
        await expect(legal).toContainText('WCAG) 2.2');
        await expect(legal).toContainText(tr(lang, 'level AA', 'nivel AA'));
        await expect(legal).toContainText('axe');
        await expect(legal).toContainText('375');
        await expect(legal).toContainText(tr(lang, 'Known limits', 'Limitaciones conocidas'));
        await expect(legal.getByRole('link', { name: '711' })).toHaveAttribute('href', 'tel:711');
        await expect(legal.getByRole('link', { name: '800-555-0100' })).toHaveAttribute(
          'href',
          'tel:+18005550100',
        );
        // The mail address is the agency's (flows/content/agency.json).
        await expect(legal.locator('address')).toContainText('PO Box 1000');
        await expect(legal).toContainText(tr(lang, 'December 6, 2026', '6 de diciembre de 2026'));
        await expectNoAxeViolations(page);
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        ).toBeLessThanOrEqual(0);
      });
    }
  });
}

for (const lang of LANGS) {
  test(`/accessibility is linked from the footer of /login, /dashboard and a payment stage (${lang})`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    const link = () =>
      page
        .getByRole('contentinfo')
        .getByRole('link', { name: tr(lang, 'Accessibility', 'Accesibilidad') });
    await page.goto('/login');
    await expect(link()).toHaveAttribute('href', '/accessibility');
    await signInAs(page, MARIA);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(link()).toHaveAttribute('href', '/accessibility');
    await page.goto('/accounts/LU1.10001/payment/pif');
    await expectStage(page, 'arrangement');
    await expect(link()).toHaveAttribute('href', '/accessibility');
    // It opens the statement, and Back returns to the payment.
    await link().click();
    await expect(page).toHaveURL(/\/accessibility$/);
    await page
      .getByTestId('legal-page')
      .getByRole('link', { name: tr(lang, 'Back', 'Volver') })
      .click();
    await expectStage(page, 'arrangement');
  });
}
