/**
 * The studio's journeys end to end (issue 24, Done when 4, 5 and 7), against the real server with
 * no restart: a debtor pays; an editor rewords the payment authorization in English and Spanish
 * and an approver publishes it; the next debtor's disclosure stage shows the new words, and the
 * authorization they accept records the new version; the evidence screen shows the old and the
 * new text behind the two confirmation codes. A client manager turns credit cards off for
 * Proseware (clients/PRS.json, in the generic editor), an approver publishes it, and the add-card
 * form then refuses a credit card on a Proseware account (CheckCard). The approver rolls the
 * content back to the version before, so other specs see the shipped texts. It holds the studio's
 * content lock (studio-helpers.ts) for its whole run, so no other spec publishes meanwhile.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  acceptDisclosures,
  chooseMethod,
  confirm,
  continueFrom,
  SANDBOX,
  signInSlot,
  startFromAccount,
} from './payment-helpers';
import {
  addStaff,
  checkEveryWay,
  heading,
  lockContent,
  signIn,
  staffPage,
  type Staff,
} from './studio-helpers';

const FILE = 'content/payment-authorization.json';
const CLIENT = 'clients/PRS.json';
const NEW_EN =
  'I, {{name}}, hereby authorize {{agency}} to take one electronic payment of {{amount}} from {{method}} on {{date}}, for account {{accountNumber}} ({{creditor}}). To cancel it, call {{phone}} at least 1 business day before {{date}}.';
const NEW_ES =
  'Yo, {{name}}, por la presente autorizo a {{agency}} a realizar un único pago electrónico de {{amount}} con {{method}} el {{date}}, para la cuenta {{accountNumber}} ({{creditor}}). Para cancelarlo, llame al {{phone}} al menos 1 día hábil antes del {{date}}.';

let unlock = () => {};
test.beforeAll(async () => {
  // Another spec may hold the lock for its whole test.
  test.setTimeout(300_000);
  unlock = await lockContent();
});
test.afterAll(() => unlock());

/** A debtor pays $amount once with their saved Visa; answers the disclosure stage's text and the code. */
async function payOnce(page: Page, slotName: string, amount: string) {
  const slot = await signInSlot(page, slotName);
  const account = slot.accounts.open!;
  await startFromAccount(page, account, 'one-time');
  await page.locator('#payment-arrangement_amount').fill(amount);
  await continueFrom(page, 'arrangement', 'contact-details');
  await continueFrom(page, 'contact-details', 'funding');
  await chooseMethod(page, 'Visa ****1111');
  await continueFrom(page, 'funding', 'disclosure');
  const disclosure = (await page.getByTestId('stage-disclosure').textContent()) ?? '';
  await acceptDisclosures(page);
  return { disclosure, code: await confirm(page) };
}

/** A staff member's draft of one file: new draft, the file picked, `change` done, saved, submitted. */
async function draft(page: Page, title: string, file: string, change: () => Promise<void>) {
  await page.locator('#studio-new-draft_title').fill(title);
  await page.locator('#studio-new-draft').getByRole('button', { name: 'New draft' }).click();
  await expect(heading(page, title)).toBeVisible();
  await page.locator('#studio-file').selectOption(file);
  await change();
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByRole('status').first()).toContainText('Saved. Every check passes.');
  await page.getByTestId('studio-submit').click();
  await expect(heading(page, `Review: ${title}`)).toBeVisible();
}

/** The approver publishes a submitted draft from their home; answers the new version. */
async function publish(page: Page, title: string, comment: string): Promise<number> {
  await page.goto('/studio');
  await page.getByTestId('studio-drafts').getByRole('link', { name: title }).click();
  await expect(heading(page, `Review: ${title}`)).toBeVisible();
  await page.locator('#studio-decision_comment').fill(comment);
  await page.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(heading(page, 'History')).toBeVisible();
  const newest = page.getByTestId('studio-versions').getByRole('row').nth(1);
  await expect(newest).toContainText(comment);
  // The first cell reads "Version 5 (live)" (its label is there for a phone's stacked rows).
  const cell = (await newest.locator('td').first().textContent()) ?? '';
  return Number(/(\d+) \(live\)/.exec(cell)?.[1]);
}

interface EvidenceAnswer {
  publishedVersion: number;
  texts: { authorization: string };
}

test('a published authorization text and a client setting are live at once; the evidence shows both texts; a rollback restores them', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const people: Record<'editor' | 'approver' | 'manager' | 'reviewer', Staff> = {
    editor: addStaff('editor', 'Eli Editor'),
    approver: addStaff('approver', 'Ava Approver'),
    reviewer: addStaff('approver', 'Rex Reviewer'),
    manager: addStaff('client_manager', 'Cam Manager'),
  };

  // A payment before the publish: the shipped wording.
  const before = await payOnce(page, 'studio-before', '60');
  expect(before.disclosure).toContain('to make a single electronic payment of $60.00');

  // The editor rewords it in English and Spanish; the approver publishes it.
  const editor = await staffPage(browser);
  await signIn(editor, people.editor);
  await draft(editor, 'Hereby authorize', FILE, async () => {
    await editor.getByLabel('Single payment authorization (English)', { exact: true }).fill(NEW_EN);
    await editor.getByLabel('Single payment authorization (Spanish)', { exact: true }).fill(NEW_ES);
  });
  const approver = await staffPage(browser);
  await signIn(approver, people.approver);
  const textVersion = await publish(approver, 'Hereby authorize', 'Plainer authorization, e2e.');

  // With no restart, the next debtor's disclosure stage has the new words.
  const debtor = await (await browser.newContext()).newPage();
  const after = await payOnce(debtor, 'studio-after', '70');
  expect(after.disclosure).toContain('hereby authorize');
  expect(after.disclosure).toContain('to take one electronic payment of $70.00');
  await debtor.context().close();

  // Its authorization records the new version; the first keeps the old (the studio's API).
  const evidence = async (code: string) => {
    const res = await approver.request.get(`/studio/api/evidence/${code}`);
    expect(res.status()).toBe(200);
    return (await res.json()) as EvidenceAnswer;
  };
  const first = await evidence(before.code);
  const second = await evidence(after.code);
  expect(second.publishedVersion).toBe(textVersion);
  expect(first.publishedVersion).toBeLessThan(textVersion);
  expect(second.texts.authorization).toContain('hereby authorize');
  expect(first.texts.authorization).toContain('single electronic payment');

  // The evidence screen shows the old and the new text behind the two codes.
  await approver.getByRole('navigation').getByRole('link', { name: 'Evidence' }).click();
  await expect(heading(approver, 'Evidence')).toBeVisible();
  const show = async (code: string) => {
    await approver.locator('#studio-evidence_confirmation').fill(code);
    await approver
      .locator('#studio-evidence')
      .getByRole('button', { name: 'Show evidence' })
      .click();
    const found = approver.getByRole('region', { name: `Payment ${code}` });
    await expect(found).toBeVisible();
    return found;
  };
  const old = await show(before.code);
  await expect(old).toContainText('to make a single electronic payment of $60.00');
  await expect(old).not.toContainText('hereby authorize');
  const made = await show(after.code);
  await expect(made).toContainText('hereby authorize');
  await expect(made).toContainText('to take one electronic payment of $70.00');
  await expect(made).toContainText('Plainer authorization, e2e.');
  await expect(made).toContainText('Eli Editor');
  await expect(made).toContainText('Ava Approver');
  await checkEveryWay(approver, 'evidence-payment');

  // A client manager turns credit cards off for Proseware; the approver publishes it.
  const manager = await staffPage(browser);
  await signIn(manager, people.manager);
  await draft(manager, 'Proseware: no credit cards', CLIENT, async () => {
    const credit = manager.getByRole('switch', {
      name: 'Client settings: Proseware Lending: credit cards allowed',
    });
    await expect(credit).toBeChecked();
    await credit.uncheck();
  });
  await publish(approver, 'Proseware: no credit cards', 'Proseware asked for no credit cards.');

  // The add-card form then refuses a credit card on a Proseware account (CheckCard).
  const payer = await (await browser.newContext()).newPage();
  const slot = await signInSlot(payer, 'studio-client');
  await startFromAccount(payer, slot.accounts.open!, 'one-time');
  await continueFrom(payer, 'arrangement', 'contact-details');
  await continueFrom(payer, 'contact-details', 'funding');
  const funding = payer.getByTestId('stage-funding');
  await expect(funding.getByRole('radio', { name: 'Visa ****1111' })).toHaveCount(0);
  await payer.getByTestId('add-method').click();
  const dialog = payer.getByTestId('add-method-dialog');
  await dialog.locator('#add-card_cardNumber').fill(SANDBOX.visa);
  await dialog.locator('#add-card_cardExpiration').fill('1230');
  await dialog.locator('#add-card button[type="submit"]').click();
  await expect(dialog).toContainText(
    'Credit cards are not supported for payments on this account.',
  );
  await payer.context().close();

  // The approver asks for a rollback to the version before both (a draft, issue 39); another
  // approver publishes it, so other specs see the shipped content.
  await approver.goto(`/studio/history/${first.publishedVersion}/rollback`);
  await expect(heading(approver, `Roll back to version ${first.publishedVersion}`)).toBeVisible();
  await approver.locator('#studio-rollback_comment').fill('Back to the shipped texts after e2e.');
  await approver.getByRole('button', { name: 'Make the rollback draft' }).click();
  await expect(approver).toHaveURL(/\/studio\/drafts\/\d+\/review$/);
  const reviewer = await staffPage(browser);
  await signIn(reviewer, people.reviewer);
  await reviewer.goto(new URL(approver.url()).pathname);
  await expect(heading(reviewer, /Review: Back to the shipped texts/)).toBeVisible();
  await reviewer.locator('#studio-decision_comment').fill('Rollback after e2e, checked.');
  await reviewer.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(heading(reviewer, 'History')).toBeVisible();
  const live = reviewer.getByTestId('studio-versions').getByRole('row').nth(1);
  await expect(live).toContainText('Rollback after e2e, checked.');
  await expect(live).toContainText('Payment authorization');
  await expect(live).toContainText('Client settings: Proseware Lending');
  await reviewer.context().close();
  for (const staff of [editor, approver, manager]) await staff.context().close();
});
