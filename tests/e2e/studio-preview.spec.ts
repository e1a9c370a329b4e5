/**
 * The studio's preview (issue 24, Done when E2E 1) against the real server: an editor changes the
 * payment authorization's single-payment text in English and Spanish, opens the preview, signs in
 * inside it as a demo debtor (a copy of Maria's LU1.10001, slot `studio-preview`), walks a one-time
 * payment to the disclosure stage and reads the draft's text there in English, then in Spanish.
 * Confirming the payment in the preview is refused and records nothing. Another browser (no
 * cookie) and this one after the preview ended are served the published text. axe on the studio's
 * page with the preview open; photos of the panel (1280 px) and of the portal in the preview
 * (375 px, en and es) go to /tmp/studio-shots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { tr, type Lang } from './accounts-fixtures';
import { expect, fillSignIn, signIn as debtorSignIn, test } from './fixtures';
import { paymentSlot } from './payment-data';
import { accountNow } from './payment-helpers';
import {
  SHOTS,
  addStaff,
  heading,
  lockContent,
  signIn,
  staffPage,
  storedText,
} from './studio-helpers';

const FILE = 'content/payment-authorization.json';
const SLOT = 'studio-preview';
const MARK = { en: 'PREVIEWED WORDING', es: 'TEXTO EN VISTA PREVIA' } as const;

/** The portal's page inside the studio's preview frame. */
async function previewFrame(page: Page): Promise<Frame> {
  const element = await page.getByTestId('studio-preview-frame').elementHandle();
  const frame = await element?.contentFrame();
  if (!frame) throw new Error('no preview frame');
  return frame;
}

async function expectFrameStage(frame: Frame, stage: string): Promise<void> {
  await expect(frame.getByTestId(`stage-${stage}`)).toHaveAttribute('data-status', 'current');
}

/** In the frame: the account's one-time payment, from its page to the disclosure stage. */
async function walkToDisclosure(frame: Frame, account: string, lang: Lang): Promise<void> {
  await frame.goto(`/accounts/${account}`);
  await frame.locator('#main li[data-variant="one-time"] a').click();
  await expectFrameStage(frame, 'arrangement');
  const amount = frame.locator('#payment-arrangement_amount');
  await expect(amount).toBeEditable();
  await amount.fill('60');
  await frame.locator('#payment-arrangement button[type="submit"]').click();
  await expectFrameStage(frame, 'contact-details');
  await frame.locator('#payment-contact-details button[type="submit"]').click();
  await expectFrameStage(frame, 'funding');
  await frame
    .getByTestId('stage-funding')
    .getByRole('radio', { name: tr(lang, 'Visa ****1111', 'Visa ****1111') })
    .check();
  await frame.locator('#payment-funding button[type="submit"]').click();
  await expectFrameStage(frame, 'disclosure');
}

const authorizationOf = (frame: Frame) =>
  frame.locator('section[aria-labelledby="payment-disclosure__section-authorization"]');

// The published text is compared with the preview's: no other spec publishes meanwhile
// (studio-helpers.ts).
let unlock = () => {};
test.beforeAll(async () => {
  // Another spec may hold the lock for its whole test.
  test.setTimeout(300_000);
  unlock = await lockContent();
});
test.afterAll(() => unlock());

test('an editor previews a changed payment authorization in the real portal, in English and Spanish; nothing of it reaches a debtor, and nothing is recorded', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  mkdirSync(SHOTS, { recursive: true });
  const slot = paymentSlot(SLOT);
  const account = slot.accounts.open!;
  const editor = addStaff('editor', 'Pat Preview');
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, editor);

  // The draft: the single-payment authorization with a marked wording, in both languages.
  await page.locator('#studio-new-draft_title').fill('Previewed single payment authorization');
  await page.locator('#studio-new-draft').getByRole('button', { name: 'New draft' }).click();
  await expect(heading(page, 'Previewed single payment authorization')).toBeVisible();
  await page.locator('#studio-file').selectOption(FILE);
  const english = page.getByLabel('Single payment authorization (English)', { exact: true });
  const spanish = page.getByLabel('Single payment authorization (Spanish)', { exact: true });
  await expect(english).toHaveAttribute('data-value', /^I, \{\{name\}\}, authorize/);
  const publishedEn = await storedText(english);
  const publishedEs = await storedText(spanish);
  await english.fill(publishedEn.replace('authorize', `${MARK.en}: authorize`));
  await spanish.fill(publishedEs.replace('autorizo', `${MARK.es}: autorizo`));
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByRole('status').first()).toContainText('Saved');

  // The preview, in English at desktop width: the portal's sign-in in a frame.
  const panel = page.locator('section[aria-labelledby="studio-preview-heading"]');
  await expect(panel.getByRole('heading', { name: 'Preview in the portal' })).toBeVisible();
  await panel.getByRole('radio', { name: 'English' }).check();
  await panel.getByRole('radio', { name: 'Desktop (1280 px)' }).check();
  await panel.getByRole('button', { name: 'Open the preview' }).click();
  const frameElement = page.getByTestId('studio-preview-frame');
  await expect(frameElement).toHaveAttribute(
    'title',
    /^Portal preview of draft \d+, English, 1280/,
  );
  await expect(frameElement).toHaveAttribute('width', '1280');
  let frame = await previewFrame(page);
  await expect(frame.getByTestId('preview-banner')).toContainText('Nothing you do here is saved');
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en');
  await expect(frame.locator('#sign-in_lastName')).toBeVisible();
  // The studio's page with the panel (the portal inside the frame is a page of its own, whose
  // landmarks are its own: it is checked by itself, in a tab of this browser, also a preview).
  await expectNoAxeViolations(page, { exclude: '[data-testid="studio-preview-frame"]' });
  const inTab = await page.context().newPage();
  await inTab.goto('/login');
  await expect(inTab.getByTestId('preview-banner')).toBeVisible();
  await expect(inTab.locator('#sign-in_lastName')).toBeVisible();
  await expectNoAxeViolations(inTab);
  await inTab.close();
  await panel.screenshot({ path: path.join(SHOTS, 'preview-panel-en-1280.png') });

  // Signed in inside the preview as a demo debtor would, the draft's wording at the disclosure.
  await fillSignIn(frame as unknown as Page, slot.identity);
  await frame.locator('#sign-in button[type="submit"]').click();
  await expect.poll(() => frame.url()).toMatch(/\/(dashboard|accounts\/[^/]+)$/);
  await walkToDisclosure(frame, account, 'en');
  await expect(authorizationOf(frame)).toContainText(`${MARK.en}: authorize`);

  // Confirming is refused: the preview records nothing.
  await frame.locator('#payment-disclosure_eSignConsent').check();
  await frame.locator('#payment-disclosure_authorizationDisclosuresAccepted').check();
  await frame.locator('#payment-disclosure button[type="submit"]').click();
  await expectFrameStage(frame, 'summary');
  const submitted = page.waitForResponse((r) => r.url().includes('/Account/SubmitPayment'));
  await frame.getByTestId('confirm-payment').click();
  const refusal = await submitted;
  expect(refusal.status()).toBe(403);
  expect(((await refusal.json()) as { message: string }).message).toContain(
    'nothing you do here is saved',
  );
  await expect(frame.getByTestId('submit-error').or(frame.getByRole('alert'))).toContainText(
    'the payment was not made',
  );

  // Spanish, at phone width: the preview starts again at the sign-in, in Spanish.
  await panel.getByRole('radio', { name: 'Spanish' }).check();
  await panel.getByRole('radio', { name: 'Phone (375 px)' }).check();
  await expect(frameElement).toHaveAttribute('title', /Spanish, 375/);
  await expect(frameElement).toHaveAttribute('width', '375');
  frame = await previewFrame(page);
  await expect(frame.locator('html')).toHaveAttribute('lang', 'es');
  await expect(frame.getByTestId('preview-banner')).toContainText('Nada de lo que haga aquí');
  await expect(frame.locator('#main h1')).toBeVisible();
  await frameElement.screenshot({ path: path.join(SHOTS, 'preview-portal-es-375-start.png') });
  await walkToDisclosure(frame, account, 'es');
  await expect(authorizationOf(frame)).toContainText(`${MARK.es}: autorizo`);
  await frameElement.screenshot({ path: path.join(SHOTS, 'preview-portal-es-375.png') });
  // The studio's own language is still English (the preview stored no choice).
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // English at phone width, photographed at the sign-in.
  await panel.getByRole('radio', { name: 'English' }).check();
  await expect(frameElement).toHaveAttribute('title', /English, 375/);
  frame = await previewFrame(page);
  await expect(frame.locator('html')).toHaveAttribute('lang', 'en');
  await walkToDisclosure(frame, account, 'en');
  await expect(authorizationOf(frame)).toContainText(`${MARK.en}: authorize`);
  await frameElement.screenshot({ path: path.join(SHOTS, 'preview-portal-en-375.png') });

  // Another browser, a debtor's: the published wording, never the draft's.
  const debtor = await staffPage(browser);
  await debtorSignIn(debtor, slot.identity);
  await debtor.goto(`/accounts/${account}`);
  const config = (await debtor.locator('#portal-config').textContent()) ?? '';
  expect(config).not.toContain(MARK.en);
  expect(config).not.toContain(MARK.es);
  expect(config).toContain(JSON.stringify(publishedEn).slice(1, 40));
  await expect(debtor.getByTestId('preview-banner')).toHaveCount(0);
  // Nothing was recorded: the account has no arrangement.
  const now = await accountNow(debtor, account);
  expect(now.account.currentArrangementSummary).toBeNull();
  await debtor.context().close();

  // Ended: this browser's portal is the published one again.
  await panel.getByRole('button', { name: 'End the preview' }).click();
  await expect(panel.getByRole('status')).toContainText('Preview ended');
  await expect(frameElement).toHaveCount(0);
  const portal = await page.context().newPage();
  await portal.goto('/login');
  await expect(portal.locator('#sign-in_lastName')).toBeVisible();
  await expect(portal.getByTestId('preview-banner')).toHaveCount(0);
  const after = (await portal.locator('#portal-config').textContent()) ?? '';
  expect(after).not.toContain(MARK.en);
  await portal.close();
});
