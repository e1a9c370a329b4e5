import type { Locator, Page } from '@playwright/test';
import { useLanguage } from './accounts-fixtures';
import { expect, test } from './fixtures';
import { paymentSlot } from './payment-data';
import {
  SANDBOX,
  acceptDisclosures,
  accountNow,
  addCard,
  axeStage,
  chooseMethod,
  confirm,
  continueFrom,
  declineText,
  expectStage,
  paymentsWith,
  signInSlot,
  signInWithOffer,
  startFromAccount,
} from './payment-helpers';

/**
 * The payment journey's behaviours: declines, duplicates, expired and refused methods, exactly
 * once (a double click, a lost answer, a reload while paying), keyboard-only use, stage order,
 * Back and reload, Change, the existing-payment question, the guards, a business payer, the
 * confirmation page and the analytics events.
 */

test.describe.configure({ timeout: 120_000 });

/** Through the stages after the arrangement with a saved method or a new card. */
async function throughToSummary(page: Page, method: { saved: string } | { card: string }) {
  await continueFrom(page, 'arrangement', 'contact-details');
  await continueFrom(page, 'contact-details', 'funding');
  if ('saved' in method) await chooseMethod(page, method.saved);
  else await addCard(page, method.card);
  await continueFrom(page, 'funding', 'disclosure');
  await acceptDisclosures(page);
}

async function startOneTime(page: Page, slotName: string, amount = '50'): Promise<string> {
  const slot = await signInSlot(page, slotName);
  const account = slot.accounts.open!;
  await startFromAccount(page, account, 'one-time');
  await page.locator('#payment-arrangement_amount').fill(amount);
  return account;
}

const paymentError = (page: Page) => page.getByTestId('payment-error');

test('each sandbox decline is told in words, the expired method cannot be chosen, and another method pays', async ({
  page,
}) => {
  const account = await startOneTime(page, 'declines');
  await continueFrom(page, 'arrangement', 'contact-details');
  await continueFrom(page, 'contact-details', 'funding');
  const expired = page
    .getByTestId('stage-funding')
    .getByRole('radio', { name: /Mastercard \*\*\*\*4444/ });
  await expect(expired).toBeDisabled();
  await expect(page.getByTestId('stage-funding')).toContainText(
    'This payment method has expired. Choose another one or add a new one.',
  );

  const declines = [
    [SANDBOX.insufficientFunds, 'insufficient'],
    [SANDBOX.exceedsLimit, 'limit'],
    [SANDBOX.notPermitted, 'bank'],
  ] as const;
  for (const [index, [card, code]] of declines.entries()) {
    if (index > 0) {
      await page.getByTestId('change-funding').click();
      await expectStage(page, 'funding');
    }
    await addCard(page, card);
    await continueFrom(page, 'funding', 'disclosure');
    await acceptDisclosures(page);
    await page.getByTestId('confirm-payment').click();
    await expect(paymentError(page)).toContainText(declineText('en', code));
    await expect(paymentError(page)).toBeFocused();
    await axeStage(page);
  }
  await page.getByTestId('change-funding').click();
  await chooseMethod(page, 'Visa ****1111');
  await continueFrom(page, 'funding', 'disclosure');
  await acceptDisclosures(page);
  const code = await confirm(page);
  expect(await paymentsWith(page, account, code)).toEqual({ transactions: 1, arrangements: 1 });
});

test('the same payment from two tabs: the second is told it is a duplicate, nothing is paid twice', async ({
  page,
  context,
}) => {
  const account = await startOneTime(page, 'duplicate');
  await throughToSummary(page, { saved: 'Visa ****1111' });
  // The same debtor in a second tab, to the same point.
  const second = await context.newPage();
  await second.setExtraHTTPHeaders({ 'X-Forwarded-For': '10.9.9.9' });
  await startOneTime(second, 'duplicate');
  await throughToSummary(second, { saved: 'Visa ****1111' });

  const code = await confirm(page);
  await second.getByTestId('confirm-payment').click();
  await expect(paymentError(second)).toContainText(
    'A duplicate payment has been detected. Please contact customer support or try again tomorrow.',
  );
  expect(await paymentsWith(page, account, code)).toEqual({ transactions: 1, arrangements: 1 });
  expect((await accountNow(page, account)).transactions).toHaveLength(1);
});

test('a client without credit cards: only debit cards and bank accounts, a credit card refused at its field', async ({
  page,
}) => {
  const slot = await signInSlot(page, 'no-credit');
  const account = slot.accounts.noCredit!;
  await startFromAccount(page, account, 'one-time');
  await continueFrom(page, 'arrangement', 'contact-details');
  await continueFrom(page, 'contact-details', 'funding');
  const funding = page.getByTestId('stage-funding');
  // The saved Visa is a credit card: not offered here.
  await expect(funding.getByRole('radio', { name: 'Visa ****1111' })).toHaveCount(0);
  await expect(funding.getByRole('radio', { name: /Checking \*\*\*\*6789/ })).toBeVisible();
  await page.getByTestId('add-method').click();
  const dialog = page.getByTestId('add-method-dialog');
  await expect(dialog).toContainText('This account accepts: debit cards.');
  await dialog.locator('#add-card_cardNumber').fill(SANDBOX.visa);
  await dialog.locator('#add-card_cardExpiration').fill('1230');
  await dialog.locator('#add-card button[type="submit"]').click();
  await expect(dialog.locator('#add-card_cardNumber')).toBeFocused();
  await expect(dialog).toContainText(
    'Credit cards are not supported for payments on this account.',
  );
  await axeStage(page);
  await dialog.locator('#add-card_cardNumber').fill(SANDBOX.visaDebit);
  await dialog.locator('#add-card button[type="submit"]').click();
  await expect(dialog).toHaveCount(0);
  await expect(funding.getByRole('radio', { name: 'Visa ****5556' })).toBeChecked();
  await continueFrom(page, 'funding', 'disclosure');
  await acceptDisclosures(page);
  const code = await confirm(page);
  expect(await paymentsWith(page, account, code)).toEqual({ transactions: 1, arrangements: 1 });
});

test('a double-clicked confirm pays once', async ({ page }) => {
  const account = await startOneTime(page, 'double-click', '61');
  await throughToSummary(page, { saved: 'Visa ****1111' });
  await page.getByTestId('confirm-payment').dblclick();
  await expect(page).toHaveURL(/\/success$/, { timeout: 20_000 });
  const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';
  expect(await paymentsWith(page, account, code)).toEqual({ transactions: 1, arrangements: 1 });
  const now = await accountNow(page, account);
  expect(now.transactions).toHaveLength(1);
  expect(now.arrangements).toHaveLength(1);
});

test('an answer lost on the way: trying again replays the first answer, and pays once', async ({
  page,
}) => {
  const account = await startOneTime(page, 'dropped-answer', '62');
  await throughToSummary(page, { saved: 'Visa ****1111' });
  const keys: string[] = [];
  await page.route('**/api/v2/Account/SubmitPayment', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.continue();
    // The server takes the payment; its answer never reaches the browser.
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.getByTestId('confirm-payment').click();
  await expect(paymentError(page)).toContainText('you will not be charged twice');
  const replayed = page.waitForResponse('**/api/v2/Account/SubmitPayment');
  await page.getByTestId('confirm-payment').click();
  const answer = await replayed;
  expect(answer.headers()['idempotent-replayed']).toBe('true');
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  await expect(page).toHaveURL(/\/success$/);
  const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';
  expect(await paymentsWith(page, account, code)).toEqual({ transactions: 1, arrangements: 1 });
  expect((await accountNow(page, account)).transactions).toHaveLength(1);
});

test('a reload while paying asks the server what happened before offering to pay again', async ({
  page,
}) => {
  const account = await startOneTime(page, 'reload-while-paying', '63');
  await throughToSummary(page, { saved: 'Visa ****1111' });
  let reached!: () => void;
  const atServer = new Promise<void>((resolve) => (reached = resolve));
  let held = false;
  await page.route('**/api/v2/Account/SubmitPayment', async (route) => {
    if (held) return route.continue();
    held = true;
    await route.fetch();
    reached();
    // The answer is held back: the page is reloaded before it arrives.
  });
  await page.getByTestId('confirm-payment').click();
  await atServer;
  const resent = page.waitForResponse('**/api/v2/Account/SubmitPayment');
  await page.reload();
  expect((await resent).headers()['idempotent-replayed']).toBe('true');
  await expect(page).toHaveURL(/\/success$/);
  const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';
  expect(await paymentsWith(page, account, code)).toEqual({ transactions: 1, arrangements: 1 });
  expect((await accountNow(page, account)).transactions).toHaveLength(1);
});

/** Presses Tab until `target` has focus. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Submits the current stage's form from the keyboard. */
async function keyboardContinue(page: Page, stage: string): Promise<void> {
  await tabTo(page, page.locator(`#payment-${stage} button[type="submit"]`));
  await page.keyboard.press('Enter');
}

async function keyboardRest(page: Page): Promise<void> {
  await expectStage(page, 'contact-details');
  await keyboardContinue(page, 'contact-details');
  await expectStage(page, 'funding');
  await tabTo(page, page.getByTestId('stage-funding').getByRole('radio').first());
  await page.keyboard.press('Space');
  await expect(
    page.getByTestId('stage-funding').getByRole('radio', { name: 'Visa ****1111' }),
  ).toBeChecked();
  await keyboardContinue(page, 'funding');
  await expectStage(page, 'disclosure');
  await tabTo(page, page.locator('#payment-disclosure_eSignConsent'));
  await page.keyboard.press('Space');
  await tabTo(page, page.locator('#payment-disclosure_authorizationDisclosuresAccepted'));
  await page.keyboard.press('Space');
  await keyboardContinue(page, 'disclosure');
  await expectStage(page, 'summary');
  await tabTo(page, page.getByTestId('confirm-payment'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/success$/, { timeout: 20_000 });
}

test('a one-time payment with the keyboard only', async ({ page }) => {
  const slot = await signInSlot(page, 'keyboard-one-time');
  const account = slot.accounts.open!;
  await page.goto(`/accounts/${account}`);
  const link = page.locator('#main li[data-variant="one-time"] a');
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expectStage(page, 'arrangement');
  const amount = page.locator('#payment-arrangement_amount');
  await tabTo(page, amount);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('45.5');
  await keyboardContinue(page, 'arrangement');
  await keyboardRest(page);
  const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';
  expect(await paymentsWith(page, account, code)).toEqual({ transactions: 1, arrangements: 1 });
  expect((await accountNow(page, account)).transactions[0]?.amount).toBe(45.5);
});

test('a savings plan with the keyboard only: the slider and its buttons', async ({ page }) => {
  const slot = await signInSlot(page, 'keyboard-sif');
  const account = slot.accounts.open!;
  await page.goto(`/accounts/${account}/payment/sif`);
  await expectStage(page, 'arrangement');
  const chosen = page.getByTestId('plan-choice');
  await expect(chosen).toHaveAttribute('data-value', '1');
  await tabTo(page, page.getByRole('slider'));
  await page.keyboard.press('ArrowRight');
  await expect(chosen).toHaveAttribute('data-value', '3');
  // The + button does the same without the slider.
  await tabTo(
    page,
    page.getByTestId('stage-arrangement').getByRole('button', { name: '+ More payments' }),
  );
  await page.keyboard.press('Enter');
  await expect(chosen).toHaveAttribute('data-value', '6');
  await expect(chosen.getByRole('row')).toHaveCount(7);
  await keyboardContinue(page, 'arrangement');
  await keyboardRest(page);
  const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';
  expect((await paymentsWith(page, account, code)).arrangements).toBe(1);
  expect((await accountNow(page, account)).account.currentArrangementSummary?.type).toBe('SIF');
});

test('stages in order, Back and Forward, reload, Change and the first error focused', async ({
  page,
}) => {
  const slot = await signInSlot(page, 'navigation');
  const account = slot.accounts.open!;
  const base = `/accounts/${account}/payment/one-time`;
  // A later stage opened by its URL: the first stage, with the reason.
  await page.goto(`${base}/summary`);
  await expectStage(page, 'arrangement');
  await expect(page.getByTestId('early-notice')).toHaveText(
    'Please complete the previous step first',
  );

  // A failed Continue: the summary lists the error and focus is on the field.
  await page.locator('#payment-arrangement_amount').fill('');
  await page.locator('#payment-arrangement button[type="submit"]').click();
  await expect(page.locator('#payment-arrangement_amount')).toBeFocused();
  await expect(page.getByTestId('error-summary')).toContainText(
    'Enter the amount you want to pay.',
  );
  await page.locator('#payment-arrangement_amount').fill('5');
  await page.locator('#payment-arrangement button[type="submit"]').click();
  await expect(page.getByTestId('error-summary')).toContainText('Amount must be at least $25.00.');
  await axeStage(page);
  await page.locator('#payment-arrangement_amount').fill('77');
  await continueFrom(page, 'arrangement', 'contact-details');

  // Back returns to the amount as it was left; Forward comes back.
  await page.goBack();
  await expectStage(page, 'arrangement');
  await expect(page.locator('#payment-arrangement_amount')).toHaveValue('77.00');
  await page.goForward();
  await expectStage(page, 'contact-details');
  await page.locator('#payment-contact-details_phoneNumber').fill('5553001999');
  await continueFrom(page, 'contact-details', 'funding');

  // A reload keeps the answers.
  await page.reload();
  await expectStage(page, 'funding');
  await expect(page.getByTestId('stage-arrangement')).toContainText('$77.00');
  await expect(page.getByTestId('stage-contact-details')).toContainText('555-300-1999');
  await chooseMethod(page, 'Visa ****1111');
  await continueFrom(page, 'funding', 'disclosure');
  await acceptDisclosures(page);

  // Change from the review returns to the review; a changed amount asks for the consent again.
  await page.getByTestId('change-contact-details').click();
  await expectStage(page, 'contact-details');
  await continueFrom(page, 'contact-details', 'summary');
  await page.getByTestId('change-arrangement').click();
  await page.locator('#payment-arrangement_amount').fill('78');
  await continueFrom(page, 'arrangement', 'disclosure');
  await expect(page.locator('#payment-disclosure_eSignConsent')).not.toBeChecked();
  await acceptDisclosures(page);
  await expect(page.getByTestId('confirm-payment')).toHaveText('Pay $78.00');
  const code = await confirm(page);

  // After paying, Back does not offer to pay again.
  await page.goBack();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByTestId('confirmation-code')).toHaveText(code);
  const pdf = page.waitForEvent('download');
  await page.getByTestId('download-authorization').click();
  const file = await (await pdf).path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByRole('button', { name: 'Print this page' })).toBeVisible();
});

test('the existing-payment question: asked as the stage shows, Cancel stays, Continue goes on', async ({
  page,
}) => {
  const slot = await signInSlot(page, 'existing-payment');
  const account = slot.accounts.paidToday!;
  const checks: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/Account/GetExistingPayment'))
      checks.push(request.postData() ?? '');
  });
  await page.goto(`/accounts/${account}/payment/past-due`);
  await expectStage(page, 'arrangement');
  // Asked for the suggested schedule as soon as the stage shows, before any Continue ...
  await expect.poll(() => checks.length).toBe(1);
  expect(JSON.parse(checks[0]!)).toMatchObject({ accountNumber: account });
  await page.locator('#payment-arrangement button[type="submit"]').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('A payment is already scheduled');
  await axeStage(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expectStage(page, 'arrangement');
  await page.locator('#payment-arrangement button[type="submit"]').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Continue to payment' }).click();
  await expectStage(page, 'contact-details');
  // ... and both Continues kept the suggestion: they used that answer, with no request of theirs.
  expect(checks).toHaveLength(1);
});

test('the guards: a closed account goes home, a variant not offered to the option picker, a letter session to sign-in', async ({
  page,
}) => {
  const slot = await signInSlot(page, 'guards');
  await page.goto(`/accounts/${slot.accounts.closed}/payment/one-time`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/accounts/${slot.accounts.open}/payment/remaining`);
  await expect(page).toHaveURL(new RegExp(`/accounts/${slot.accounts.open}/paymentOptions$`));
  await page.goto(`/accounts/${slot.accounts.open}/payment/nonsense`);
  await expect(page).toHaveURL(new RegExp(`/accounts/${slot.accounts.open}/paymentOptions$`));
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signInWithOffer(page, paymentSlot('guards').offerCodes.open!);
  await page.goto(`/accounts/${slot.accounts.open}/payment/one-time`);
  await expect(page).toHaveURL(/\/login$/);
});

test('a business pays: its name on file, the name of the person authorizing asked for', async ({
  page,
}) => {
  await useLanguage(page, 'es');
  const slot = await signInSlot(page, 'business');
  const account = slot.accounts.business!;
  await startFromAccount(page, account, 'one-time');
  await continueFrom(page, 'arrangement', 'contact-details');
  const business = page.locator('#payment-contact-details_businessName');
  await expect(business).toHaveValue(/Tester Business/);
  await expect(business).not.toBeEditable();
  await page.locator('#payment-contact-details button[type="submit"]').click();
  await expect(page.getByTestId('error-summary')).toContainText('El nombre es obligatorio');
  await expect(page.locator('#payment-contact-details_firstName')).toBeFocused();
  await axeStage(page);
  await page.locator('#payment-contact-details_firstName').fill('Ana');
  await page.locator('#payment-contact-details_lastName').fill('Firmante');
  await continueFrom(page, 'contact-details', 'funding');
  await chooseMethod(page, 'Visa ****1111');
  await continueFrom(page, 'funding', 'disclosure');
  await expect(
    page.locator('section[aria-labelledby="payment-disclosure__section-authorization"]'),
  ).toContainText('Yo, Ana Firmante (Tester Business');
  await acceptDisclosures(page);
  await confirm(page);
});

test('payment analytics: started, each stage, submitted, succeeded and a failure with its code', async ({
  page,
}) => {
  const events: { event: string; properties?: Record<string, unknown> }[] = [];
  await page.route('**/api/v2/Analytic', async (route) => {
    events.push(route.request().postDataJSON() as (typeof events)[number]);
    await route.fulfill({ response: await route.fetch() });
  });
  await startOneTime(page, 'analytics', '55');
  await continueFrom(page, 'arrangement', 'contact-details');
  await continueFrom(page, 'contact-details', 'funding');
  await addCard(page, SANDBOX.insufficientFunds);
  await continueFrom(page, 'funding', 'disclosure');
  await acceptDisclosures(page);
  await page.getByTestId('confirm-payment').click();
  await expect(paymentError(page)).toBeVisible();
  await page.getByTestId('change-funding').click();
  await chooseMethod(page, 'Visa ****1111');
  await continueFrom(page, 'funding', 'disclosure');
  await acceptDisclosures(page);
  await confirm(page);
  const payment = () =>
    events.filter((e) => e.event.startsWith('payment_')).map((e) => [e.event, e.properties]);
  await expect
    .poll(payment)
    .toContainEqual(['payment_succeeded', { variant: 'one-time', payments: 1 }]);
  const seen = payment();
  expect(seen[0]).toEqual(['payment_started', { variant: 'one-time' }]);
  expect(seen).toContainEqual([
    'payment_stage_completed',
    { variant: 'one-time', stage: 'funding' },
  ]);
  expect(seen).toContainEqual(['payment_submitted', { variant: 'one-time', stages: 5 }]);
  expect(seen).toContainEqual([
    'payment_failed',
    { variant: 'one-time', reason: 'Decline-InsufficientFunds' },
  ]);
  // No personal data: no names, amounts typed, card numbers or account numbers.
  expect(JSON.stringify(seen)).not.toMatch(/Tester|4000000000009995|EP1\./);
});
