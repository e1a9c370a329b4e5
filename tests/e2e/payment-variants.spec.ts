import { type Page } from '@playwright/test';
import { VIEWPORTS, tr, useLanguage, type Lang } from './accounts-fixtures';
import { expect, test } from './fixtures';
import { JOURNEY_RUNS, TEMPLATES, paymentSlot, type TemplateName } from './payment-data';
import {
  SANDBOX,
  acceptDisclosures,
  accountNow,
  addCard,
  axeStage,
  chooseMethod,
  confirm,
  continueFrom,
  expectHeadingFocused,
  expectStage,
  paymentsWith,
  signInSlot,
  signInWithOffer,
  startFromAccount,
} from './payment-helpers';

/**
 * Every payment variant from the account page (the letter variant from an offer code) to the
 * confirmation, in English at desktop size and in Spanish on a 375 px phone: each stage checked
 * with axe, focus on each stage's heading, and the payment found through the API afterwards.
 */

interface VariantCase {
  template: TemplateName;
  /** What the confirm button says (the amount of the first payment, or the plan's total). */
  confirm: Record<Lang, RegExp>;
  /** The arrangement stage: what the debtor does there. */
  arrange?: (page: Page, lang: Lang) => Promise<void>;
}

const CASES: Record<string, VariantCase> = {
  'one-time': {
    template: 'open',
    confirm: { en: /^Pay \$60\.00$/, es: /^Pagar \$60\.00$/ },
    arrange: async (page, lang) => {
      const amount = page.locator('#payment-arrangement_amount');
      await expect(amount).toBeEditable();
      await amount.fill('60');
      // Tomorrow: a payment scheduled for a later day.
      await page
        .getByTestId('stage-arrangement')
        .getByRole('radio', { name: new RegExp(tr(lang, '^Tomorrow', '^Mañana')) })
        .check();
    },
  },
  pif: {
    template: 'open',
    confirm: { en: /^Pay \$2,450\.00$/, es: /^Pagar \$2,450\.00$/ },
    arrange: async (page) => {
      await expect(page.locator('#payment-arrangement_amount')).toHaveValue('2450.00');
      await expect(page.locator('#payment-arrangement_amount')).not.toBeEditable();
    },
  },
  bif: {
    template: 'open',
    confirm: { en: /^Set up my plan of \$2,450\.00$/, es: /^Crear mi plan de \$2,450\.00$/ },
    arrange: async (page, lang) => {
      // The longest plan first; the − button steps to a shorter one and + back.
      const chosen = page.getByTestId('plan-choice');
      const longest = await chosen.getAttribute('data-value');
      const stage = page.getByTestId('stage-arrangement');
      await stage
        .getByRole('button', { name: tr(lang, '− Fewer payments', '− Menos pagos') })
        .click();
      await expect(chosen).not.toHaveAttribute('data-value', longest ?? '');
      await expect(chosen.getByRole('table')).toBeVisible();
      await stage.getByRole('button', { name: tr(lang, '+ More payments', '+ Más pagos') }).click();
      await expect(chosen).toHaveAttribute('data-value', longest ?? '');
      await expect(chosen).toContainText(tr(lang, 'Total you pay', 'Total que paga'));
    },
  },
  sif: {
    template: 'open',
    confirm: {
      en: /^Settle my account for \$1,470\.00$/,
      es: /^Liquidar mi cuenta por \$1,470\.00$/,
    },
    arrange: async (page, lang) => {
      const chosen = page.getByTestId('plan-choice');
      await expect(chosen).toHaveAttribute('data-value', '1');
      await expect(chosen).toContainText(tr(lang, 'You save', 'Usted ahorra'));
      // Savings of $600 or more: the 1099 notice.
      await expect(chosen).toContainText('1099-C');
    },
  },
  remaining: {
    template: 'pastDue',
    confirm: { en: /^Pay \$1,200\.00$/, es: /^Pagar \$1,200\.00$/ },
  },
  'past-due': {
    template: 'pastDue',
    confirm: { en: /^Pay \$150\.00$/, es: /^Pagar \$150\.00$/ },
  },
  'bring-current': {
    template: 'pco',
    confirm: { en: /^Pay \$125\.00$/, es: /^Pagar \$125\.00$/ },
  },
  upcoming: {
    template: 'dueToday',
    confirm: { en: /^Pay \$150\.00$/, es: /^Pagar \$150\.00$/ },
  },
  letter: {
    template: 'open',
    confirm: {
      en: /^Accept the offer: \$1,470\.00$/,
      es: /^Aceptar la oferta: \$1,470\.00$/,
    },
    arrange: async (page) => {
      await expect(page.getByTestId('plan-choice')).toBeVisible();
      await expect(page.getByTestId('plan-choice').getByRole('table')).toBeVisible();
    },
  },
};

const viewportOf = (name: string) => VIEWPORTS.find((v) => v.name === name)!.viewport;

for (const [variant, spec] of Object.entries(CASES)) {
  for (const run of JOURNEY_RUNS) {
    test(`${variant}: from the account page to the confirmation (${run.lang}, ${run.viewport})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const { lang } = run;
      await page.setViewportSize(viewportOf(run.viewport));
      await useLanguage(page, lang);
      const slotName = `${variant}-${lang}-${run.viewport}`;
      const slot = paymentSlot(slotName);
      const account = slot.accounts[spec.template]!;
      expect(TEMPLATES[spec.template]).toBeDefined();

      if (variant === 'letter') {
        await signInWithOffer(page, slot.offerCodes.open!);
        await page.getByTestId('choose-option').first().click();
        await expectStage(page, 'arrangement');
      } else {
        await signInSlot(page, slotName);
        await startFromAccount(page, account, variant);
      }
      await axeStage(page);
      await spec.arrange?.(page, lang);
      await continueFrom(page, 'arrangement', 'contact-details');
      await expectHeadingFocused(page, 'contact-details');
      // Prefilled from what is on file.
      await expect(page.locator('#payment-contact-details_address1')).not.toHaveValue('');
      await axeStage(page);
      await continueFrom(page, 'contact-details', 'funding');
      await expectHeadingFocused(page, 'funding');
      await axeStage(page);
      // A letter session never sees the debtor's saved methods: it adds its own.
      const method = run.lang === 'en' || variant === 'letter' ? 'new' : 'saved';
      if (method === 'new') await addCard(page, SANDBOX.visa);
      else await chooseMethod(page, 'Visa ****1111');
      await continueFrom(page, 'funding', 'disclosure');
      await expectHeadingFocused(page, 'disclosure');
      const authorization = page.locator(
        'section[aria-labelledby="payment-disclosure__section-authorization"]',
      );
      await expect(authorization).toContainText('****1111');
      await expect(authorization).toContainText(account);
      await axeStage(page);
      await acceptDisclosures(page);
      await expectHeadingFocused(page, 'summary');
      const button = page.getByTestId('confirm-payment');
      await expect(button).toHaveText(spec.confirm[lang]);
      await axeStage(page);
      const code = await confirm(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await axeStage(page);

      if (variant === 'letter') {
        // The account's own session checks it through the API.
        await signInSlot(page, slotName);
      }
      const found = await paymentsWith(page, account, code);
      expect(found.arrangements + found.transactions).toBeGreaterThanOrEqual(1);
      expect(found.arrangements).toBeLessThanOrEqual(1);
      expect(found.transactions).toBeLessThanOrEqual(1);
      // The account page shows it at once (its data was refreshed, not cached).
      const now = await accountNow(page, account);
      expect(now.account.currentArrangementSummary).not.toBeNull();
    });
  }
}
