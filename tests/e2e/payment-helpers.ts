/**
 * Steps of the payment journey as a debtor takes them, and what the API says afterwards. Stage
 * forms have the ids `payment-<stage>`; their fields `payment-<stage>_<field>`.
 */
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { horizontalOverflow, tr, type Lang } from './accounts-fixtures';
import { expect, signIn } from './fixtures';
import { paymentSlot, type PaymentSlot } from './payment-data';

export const STAGES = [
  'arrangement',
  'contact-details',
  'funding',
  'disclosure',
  'summary',
] as const;
export type Stage = (typeof STAGES)[number];

/** Signs a slot's debtor in; with one account they land on its page. */
export async function signInSlot(page: Page, name: string): Promise<PaymentSlot> {
  const slot = paymentSlot(name);
  await signIn(page, slot.identity);
  await expect(page).toHaveURL(/\/(dashboard|accounts\/[^/]+)$/);
  return slot;
}

/** Signs in with an offer code (a letter session) and opens the letter's options. */
export async function signInWithOffer(page: Page, code: string): Promise<void> {
  await page.goto('/verify-letter');
  await page.locator('#verify-letter_letterCode').fill(code);
  await page.locator('#verify-letter button[type="submit"]').click();
  await expect(page).toHaveURL(/\/letter-option\//);
}

/** From the account page: the link of a payment option, then the journey's first stage. */
export async function startFromAccount(
  page: Page,
  accountNumber: string,
  variant: string,
): Promise<void> {
  if (!page.url().endsWith(`/accounts/${accountNumber}`)) {
    await page.goto(`/accounts/${accountNumber}`);
  }
  await page.locator(`#main li[data-variant="${variant}"] a`).click();
  await expectStage(page, 'arrangement');
}

export async function expectStage(page: Page, stage: Stage): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/payment/[a-z-]+/${stage}(\\?|$)`));
  await expect(page.getByTestId(`stage-${stage}`)).toHaveAttribute('data-status', 'current');
}

/** Continue on a stage with a form; waits for the next one. */
export async function continueFrom(page: Page, stage: Stage, next: Stage): Promise<void> {
  await page.locator(`#payment-${stage} button[type="submit"]`).click();
  await expectStage(page, next);
}

/** Chooses a saved method on the funding stage by its name. */
export async function chooseMethod(page: Page, name: string): Promise<void> {
  await page.getByTestId('stage-funding').getByRole('radio', { name }).check();
}

/** Adds a card in the funding stage's dialog; the new card is chosen for the payment. */
export async function addCard(page: Page, cardNumber: string, expiry = '1230'): Promise<void> {
  await page.getByTestId('add-method').click();
  const dialog = page.getByTestId('add-method-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('#add-card_cardNumber').fill(cardNumber);
  await dialog.locator('#add-card_cardExpiration').fill(expiry);
  await dialog.locator('#add-card button[type="submit"]').click();
  await expect(dialog).toHaveCount(0);
}

export async function acceptDisclosures(page: Page): Promise<void> {
  await page.locator('#payment-disclosure_eSignConsent').check();
  await page.locator('#payment-disclosure_authorizationDisclosuresAccepted').check();
  await continueFrom(page, 'disclosure', 'summary');
}

/** Confirms on the review stage and waits for the success page; returns the confirmation code. */
export async function confirm(page: Page): Promise<string> {
  await page.getByTestId('confirm-payment').click();
  await expect(page).toHaveURL(/\/success(\?|$)/, { timeout: 20_000 });
  const code = (await page.getByTestId('confirmation-code').textContent()) ?? '';
  expect(code).toMatch(/^WP(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}$/);
  return code;
}

/** A signed-in GET on the API with the page's own session. */
export async function apiGet<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  const [token, sid] = await page.evaluate(() => [
    sessionStorage.getItem('portalAccessToken'),
    sessionStorage.getItem('portalSessionId'),
  ]);
  const res = await page.request.get(path, {
    headers: { Authorization: `Bearer ${token}`, 'X-Session-Id': sid ?? 'e2e' },
  });
  const text = await res.text();
  return { status: res.status(), body: (text ? JSON.parse(text) : undefined) as T };
}

interface Detailed {
  account: { isPaymentPendingPost: boolean; currentArrangementSummary: { type: string } | null };
  transactions: { confirmationCode: string | null; amount: number }[];
  arrangements: { type: string; active: boolean; details: { confirmation: string | null }[] }[];
}

/** The account as the API has it now. */
export async function accountNow(page: Page, accountNumber: string): Promise<Detailed> {
  const res = await apiGet<Detailed>(
    page,
    `/api/v2/Account/Detailed?accountNumber=${accountNumber}`,
  );
  expect(res.status).toBe(200);
  return res.body;
}

/** How many payments carry this confirmation code (arrangement payments and transactions). */
export async function paymentsWith(page: Page, accountNumber: string, code: string) {
  const account = await accountNow(page, accountNumber);
  return {
    transactions: account.transactions.filter((t) => t.confirmationCode === code).length,
    arrangements: account.arrangements.filter((a) => a.details.some((d) => d.confirmation === code))
      .length,
  };
}

/**
 * Checks the screen as a debtor meets it: axe finds nothing, and the page does not scroll
 * sideways (a wide table or plan must not widen a phone's page).
 */
export async function axeStage(page: Page): Promise<void> {
  await expectNoAxeViolations(page);
  // At most 0: with a dialog open the page cannot scroll at all (a negative figure).
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

/** The stage heading has focus (after a stage change). */
export async function expectHeadingFocused(page: Page, stage: Stage): Promise<void> {
  await expect(page.locator(`#payment-stage-${stage}`)).toBeFocused();
}

export const SANDBOX = {
  visa: '4111111111111111',
  mastercard: '5555555555554444',
  visaDebit: '4000056655665556',
  insufficientFunds: '4000000000009995',
  exceedsLimit: '4000000000009987',
  notPermitted: '4000000000009979',
};

/** The message of a SubmitPayment error code, in the page language. */
export function declineText(lang: Lang, code: 'insufficient' | 'limit' | 'bank'): string {
  switch (code) {
    case 'insufficient':
      return tr(
        lang,
        'Your payment was declined for insufficient funds. Please use another payment method.',
        'Su pago fue rechazado por fondos insuficientes. Use otro método de pago.',
      );
    case 'limit':
      return tr(
        lang,
        'Your payment was declined because it exceeds the limit of your card or account. Please use another payment method or a smaller amount.',
        'Su pago fue rechazado porque supera el límite de su tarjeta o cuenta. Use otro método de pago o un monto menor.',
      );
    default:
      return tr(
        lang,
        'Your bank declined this payment. Please contact your bank, or use another payment method.',
        'Su banco rechazó este pago. Comuníquese con su banco o use otro método de pago.',
      );
  }
}
