/**
 * The staff studio's screens (issue 24) against the real server: two staff members made with
 * `npm run staff:add` in the e2e server's database, signed in with password and TOTP code. The
 * editor drafts a change of the payment authorization's `single` text in English and Spanish, a
 * bad placeholder fails a check and keeps submit disabled, the fix lets it through; the editor
 * cannot decide on their own draft; the approver sees the word diff, approves, and the history
 * shows the new version. axe runs on every screen at 1280 and 375 px in English and Spanish, and
 * each is photographed into /tmp/studio-shots for a look.
 */
import { appReady, expect, test } from './fixtures';
import {
  PASSWORD,
  addStaff,
  checkEveryWay,
  heading,
  lockContent,
  setLanguage,
  signIn,
  staffPage,
} from './studio-helpers';

const FILE = 'content/payment-authorization.json';

// This spec publishes and rolls back: no other spec publishes meanwhile (studio-helpers.ts).
let unlock = () => {};
test.beforeAll(async () => {
  // Another spec may hold the lock for its whole test.
  test.setTimeout(300_000);
  unlock = await lockContent();
});
test.afterAll(() => unlock());

test('an editor drafts a text change, a check blocks it until fixed, an approver publishes it and rolls it back', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const editor = addStaff('editor', 'Erin Editor');
  const approver = addStaff('approver', 'Alex Approver');
  const reviewer = addStaff('approver', 'Rae Reviewer');

  // Sign-in, then the editor's home.
  await page.goto('/studio');
  await appReady(page);
  await expect(heading(page, 'Sign in to the content studio')).toBeVisible();
  await checkEveryWay(page, 'sign-in');
  // A wrong code is refused, the fields stay.
  await page.locator('#studio-sign-in_email').fill(editor.email);
  await page.locator('#studio-sign-in_password').fill(PASSWORD);
  await page.locator('#studio-sign-in_code').fill('000000');
  await page.locator('#studio-sign-in').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('studio-error')).toContainText('not right');
  await signIn(page, editor);
  await expect(page.getByTestId('studio-who')).toHaveText('Erin Editor (editor)');
  await expect(page.getByTestId('studio-versions')).toContainText('Imported from the deployment');
  await checkEveryWay(page, 'home');
  // A reload keeps the session: GET /me gives the CSRF token again (the new draft below needs it).
  await page.reload();
  await expect(heading(page, 'Drafts and versions')).toBeVisible();

  // A new draft, the payment authorization's single text in both languages.
  await page.locator('#studio-new-draft_title').fill('Clearer single payment authorization');
  await page.locator('#studio-new-draft').getByRole('button', { name: 'New draft' }).click();
  await expect(heading(page, 'Clearer single payment authorization')).toBeVisible();
  await expect(heading(page, 'Clearer single payment authorization')).toBeFocused();
  await page.locator('#studio-file').selectOption(FILE);
  const english = page.getByLabel('Single payment authorization (English)', { exact: true });
  const spanish = page.getByLabel('Single payment authorization (Spanish)', { exact: true });
  await expect(english).toHaveAttribute('data-value', /^I, \{\{name\}\}, authorize/);
  await english.fill(
    'I, {{name}}, authorize {{agency}} to take one electronic payment of {{amount}} from {{method}} on {{date}}, for account {{accountNumber}} ({{creditor}}). To cancel it, call {{phone}} at least 1 business day before {{date}}.',
  );
  // A bad placeholder: {{nombre}} is not a value the portal fills in.
  await spanish.fill(
    'Yo, {{nombre}}, autorizo a {{agency}} a realizar un único pago electrónico de {{amount}} con {{method}} el {{date}}, para la cuenta {{accountNumber}} ({{creditor}}). Para cancelarlo, llame al {{phone}} al menos 1 día hábil antes del {{date}}.',
  );
  const submit = page.getByTestId('studio-submit');
  await expect(submit).toBeDisabled();
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByRole('status').first()).toContainText('Saved. 1 check fails.');
  // The check shows at the field (the text of /single) and in the list at the top; submit waits.
  const summary = page.getByTestId('studio-checks');
  await expect(summary).toContainText('placeholders differ');
  await expect(page.locator('[data-pointer="/single"]')).toContainText('placeholders differ');
  await expect(submit).toBeDisabled();
  await checkEveryWay(page, 'editor');
  // A check is the server's words in the studio's language: a switch reads them again.
  await setLanguage(page, 'es');
  await expect(summary).toContainText('los marcadores no coinciden');
  await expect(page.locator('[data-pointer="/single"]')).toContainText(
    'los marcadores no coinciden',
  );
  await setLanguage(page, 'en');
  await expect(summary).toContainText('placeholders differ');
  // The check's link takes the focus to its field.
  await summary.getByRole('link').first().click();
  await expect(english).toBeFocused();

  await spanish.fill(
    'Yo, {{name}}, autorizo a {{agency}} a realizar un único pago electrónico de {{amount}} con {{method}} el {{date}}, para la cuenta {{accountNumber}} ({{creditor}}). Para cancelarlo, llame al {{phone}} al menos 1 día hábil antes del {{date}}.',
  );
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByRole('status').first()).toContainText('Saved. Every check passes.');
  await expect(summary).toHaveCount(0);
  await expect(submit).toBeEnabled();
  await submit.click();

  // The author sees the review, and no decision of their own.
  await expect(heading(page, 'Review: Clearer single payment authorization')).toBeVisible();
  await expect(page.getByText('Submitted: an approver will publish it')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve and publish' })).toHaveCount(0);
  await checkEveryWay(page, 'review-author');
  // Signed out, the studio's screens lead to its sign-in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page, 'Sign in to the content studio')).toBeVisible();
  await page.goto('/studio/history');
  await expect(page).toHaveURL(/\/studio\/sign-in$/);

  // The approver: the draft waits on their home; its review shows the word diff.
  const second = await staffPage(browser);
  await signIn(second, approver);
  // Other specs' drafts may wait too on this shared server (studio-words, studio-editing).
  await expect(second.getByText(/^\d+ drafts? (is|are) waiting for your review\.$/)).toBeVisible();
  const row = second.getByTestId('studio-drafts').getByRole('row', {
    name: /Clearer single payment authorization/,
  });
  await expect(row).toContainText('Waiting for review');
  await expect(row).toContainText('Erin Editor');
  await row.getByRole('link', { name: 'Clearer single payment authorization' }).click();
  await expect(heading(second, 'Review: Clearer single payment authorization')).toBeVisible();
  const single = second.locator('[data-pointer="/single"]');
  // "to make a single" became "to take one": each run marked, and named for a screen reader.
  await expect(single.locator('del').first()).toHaveText('removed: make a');
  await expect(single.locator('ins').first()).toHaveText('added: take');
  await expect(single.locator('ins').nth(1)).toHaveText('added: one');
  await expect(single.locator('[lang="es"] del').first()).toContainText('Esta autorización');
  await checkEveryWay(second, 'review');

  // A decision needs a comment.
  await second.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(second.locator('#studio-decision_comment')).toBeFocused();
  await second
    .locator('#studio-decision_comment')
    .fill('Plainer words for the single payment, agreed with compliance.');
  await second.getByRole('button', { name: 'Approve and publish' }).click();

  // The history shows the new version, who drafted and approved it, and what it changed.
  await expect(heading(second, 'History')).toBeVisible();
  const newest = second.getByTestId('studio-versions').getByRole('row').nth(1);
  await expect(newest).toContainText('(live)');
  await expect(newest).toContainText('Plainer words for the single payment');
  await expect(newest).toContainText('Erin Editor');
  await expect(newest).toContainText('Alex Approver');
  await expect(newest).toContainText('Payment authorization');
  await checkEveryWay(second, 'history');

  // A rollback is a draft restoring version 1's files (issue 39): another approver publishes it.
  await second
    .getByTestId('studio-versions')
    .getByRole('row')
    .nth(2)
    .getByRole('link', { name: /Roll back to version/ })
    .click();
  await expect(heading(second, /Roll back to version \d+/)).toBeVisible();
  const target = Number(/\d+/.exec((await heading(second, /Roll back/).textContent()) ?? '')?.[0]);
  await checkEveryWay(second, 'rollback');
  await second.locator('#studio-rollback_comment').fill('Back to the imported wording for now.');
  await second.getByRole('button', { name: 'Make the rollback draft' }).click();
  await expect(second).toHaveURL(/\/studio\/drafts\/\d+\/review$/);
  await expect(heading(second, /Review: Back to the imported wording/)).toBeVisible();
  const review = new URL(second.url()).pathname;
  // Its requester cannot publish it: a second approver does.
  const third = await staffPage(browser);
  await signIn(third, reviewer);
  await third.goto(review);
  await expect(heading(third, /Review: Back to the imported wording/)).toBeVisible();
  await third.locator('#studio-decision_comment').fill('Rollback checked by a second approver.');
  await third.getByRole('button', { name: 'Approve and publish' }).click();
  await expect(heading(third, 'History')).toBeVisible();
  const rolledBack = third.getByTestId('studio-versions').getByRole('row').nth(1);
  await expect(rolledBack).toContainText(`${target + 2} (live)`);
  await expect(rolledBack).toContainText('Rollback checked by a second approver.');
  await expect(rolledBack).toContainText('Rae Reviewer');
  await expect(rolledBack).toContainText('Payment authorization');
  await third.context().close();
  await second.goto('/studio');
  await expect(heading(second, 'Drafts and versions')).toBeVisible();
  await second.getByRole('link', { name: 'Evidence' }).click();
  await expect(heading(second, 'Evidence')).toBeVisible();
  await second.locator('#studio-evidence_confirmation').fill('WPNOSUCHCODE');
  await second.locator('#studio-evidence').getByRole('button', { name: 'Show evidence' }).click();
  await expect(second.getByTestId('studio-error')).toContainText('not found');
  await checkEveryWay(second, 'evidence');
  await second.context().close();
});
