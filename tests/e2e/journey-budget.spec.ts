import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { startPortal, type Portal } from '../../scripts/lib/portal';
import { useLanguage } from './accounts-fixtures';
import { MARIA, expect, fillSignIn, submitSignIn, test } from './fixtures';
import { flowsFixture, mergeJson } from './flows-fixture';
import { axeStage } from './payment-helpers';

/**
 * A payment journey stage and a variant are data: the fixture tests/fixtures/journey-budget adds
 * "Your monthly budget" (a form, its schema and a stage of flows/journeys/payment.json) to copies
 * of flows/ and schemas/, with the "half of the balance" variant of tests/fixtures/flows-half, and
 * the built portal, restarted on them with no change under src/ and no build, shows the stage
 * between the payment details and the contact details, warns when the payment is above 30% of the
 * income, lists its answers on the review and takes a payment of half the balance through it.
 */
const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixture = path.join(repo, 'tests/fixtures/journey-budget');

function budgetTree(): { dir: string; flows: string; schemas: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-journey-budget-'));
  const flows = path.join(dir, 'flows');
  const schemas = path.join(dir, 'schemas');
  cpSync(path.join(repo, 'flows'), flows, { recursive: true });
  cpSync(path.join(repo, 'schemas'), schemas, { recursive: true });
  cpSync(path.join(fixture, 'flows'), flows, { recursive: true });
  cpSync(path.join(fixture, 'schemas'), schemas, { recursive: true });
  // And the variant of tests/fixtures/flows-half ("half of the balance"), merged in.
  for (const file of ['journeys/payment.json', 'rules/payment-options.json']) {
    const target = path.join(flows, file);
    const patch = JSON.parse(
      readFileSync(path.join(flowsFixture('flows-half'), file), 'utf8'),
    ) as Parameters<typeof mergeJson>[1];
    const base = JSON.parse(readFileSync(target, 'utf8')) as Parameters<typeof mergeJson>[0];
    writeFileSync(target, JSON.stringify(mergeJson(base, patch)));
  }
  const journeyFile = path.join(flows, 'journeys', 'payment.json');
  const journey = JSON.parse(readFileSync(journeyFile, 'utf8')) as { stages: { id: string }[] };
  const stage = JSON.parse(readFileSync(path.join(fixture, 'stage.json'), 'utf8')) as {
    id: string;
  };
  const at = journey.stages.findIndex((s) => s.id === 'arrangement') + 1;
  journey.stages.splice(at, 0, stage);
  writeFileSync(journeyFile, JSON.stringify(journey));
  return { dir, flows, schemas };
}

let tree: ReturnType<typeof budgetTree>;
let portal: Portal;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  tree = budgetTree();
  portal = await startPortal('portal-journey-budget-', {
    NODE_ENV: 'production',
    FLOWS_DIR: tree.flows,
    SCHEMAS_DIR: tree.schemas,
  });
});

test.afterAll(() => {
  portal?.stop();
  if (tree) rmSync(tree.dir, { recursive: true, force: true });
});

const TEXT = {
  en: {
    title: 'Your monthly budget',
    required: 'Enter your monthly income.',
    warning: 'A payment of $500.00 is more than 30% of your monthly income.',
    income: 'Monthly income',
  },
  es: {
    title: 'Su presupuesto mensual',
    required: 'Escriba su ingreso mensual.',
    warning: 'Un pago de $500.00 es más del 30 % de su ingreso mensual.',
    income: 'Ingreso mensual',
  },
} as const;

async function toBudget(page: Page, lang: 'en' | 'es', variant = 'one-time'): Promise<void> {
  await useLanguage(page, lang);
  await page.goto(`${portal.base}/login`);
  await fillSignIn(page, MARIA);
  await submitSignIn(page);
  await expect(page).toHaveURL(/\/(dashboard|accounts\/[^/]+)$/);
  await page.goto(`${portal.base}/accounts/LU1.10001/payment/${variant}`);
  await expect(page).toHaveURL(new RegExp(`/payment/${variant}/arrangement$`));
  if (variant === 'one-time') await page.locator('#payment-arrangement_amount').fill('500');
  await page.locator('#payment-arrangement button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/payment/${variant}/budget$`));
  await expect(page.getByTestId('stage-budget')).toHaveAttribute('data-status', 'current');
  await expect(page.getByRole('heading', { name: TEXT[lang].title })).toBeFocused();
}

for (const lang of ['en', 'es'] as const) {
  for (const width of [1280, 375]) {
    test(`a stage added as data asks, warns and is checked (${lang}, ${width} px)`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await toBudget(page, lang);
      const form = page.locator('#payment-budget');
      // Empty: the error summary names the field, and focus goes to it.
      await form.locator('button[type="submit"]').click();
      await expect(page.getByTestId('error-summary')).toContainText(TEXT[lang].required);
      // The warning shows while the payment is above 30% of the income.
      await page.locator('#payment-budget_monthlyIncome').fill('1000');
      await page.locator('#payment-budget_monthlyExpenses').fill('800');
      await expect(form).toContainText(TEXT[lang].warning);
      await axeStage(page);
      await page.screenshot({ path: `test-results/journey-budget-${lang}-${width}.png` });
      await page.locator('#payment-budget_monthlyIncome').fill('5000');
      await expect(form).not.toContainText(TEXT[lang].warning);
      await form.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(/\/payment\/one-time\/contact-details$/);
      // Completed, the stage lists its answers with the form's labels.
      await expect(page.getByTestId('stage-budget')).toContainText(TEXT[lang].income);
    });
  }
}

test('a payment of half the balance goes through the added stage, whose answers stay in the browser', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await toBudget(page, 'en', 'half');
  await page.locator('#payment-budget_monthlyIncome').fill('5000');
  await page.locator('#payment-budget_monthlyExpenses').fill('3000');
  await page.locator('#payment-budget button[type="submit"]').click();
  await expect(page).toHaveURL(/\/contact-details$/);
  await page.locator('#payment-contact-details button[type="submit"]').click();
  await expect(page).toHaveURL(/\/funding$/);
  const methods = page.getByTestId('stage-funding').getByRole('radio');
  if ((await methods.count()) === 0) {
    await page.getByTestId('add-method').click();
    const dialog = page.getByTestId('add-method-dialog');
    await dialog.locator('#add-card_cardNumber').fill('4111111111111111');
    await dialog.locator('#add-card_cardExpiration').fill('1230');
    await dialog.locator('#add-card button[type="submit"]').click();
    await expect(dialog).toHaveCount(0);
  } else {
    await methods.first().check();
  }
  await page.locator('#payment-funding button[type="submit"]').click();
  await expect(page).toHaveURL(/\/disclosure$/);
  await page.locator('#payment-disclosure_eSignConsent').check();
  await page.locator('#payment-disclosure_authorizationDisclosuresAccepted').check();
  await page.locator('#payment-disclosure button[type="submit"]').click();
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByTestId('stage-budget')).toContainText('$5,000.00');
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/Account/SubmitPayment')) requests.push(request.postData() ?? '');
  });
  await page.getByTestId('confirm-payment').click();
  await expect(page).toHaveURL(/\/success(\?|$)/, { timeout: 20_000 });
  await expect(page.getByTestId('confirmation-code')).toHaveText(
    /^WP(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}$/,
  );
  // The stage's answers were not sent: the request is the spec's, and the server took it.
  expect(requests.length).toBeGreaterThan(0);
  for (const body of requests) {
    expect(body).not.toContain('monthlyIncome');
    expect(JSON.parse(body)).toMatchObject({ paymentVariant: 'half', type: 'PPA' });
  }
});
