/**
 * The studio's Activity screen (issue 42, item 4) against the real server: an admin adds a webhook
 * endpoint (a real receiver started here, which checks every signature with `standardwebhooks`)
 * and sees its secret once; a debtor changes their contact preferences through the portal's API;
 * an approver finds that event on the Activity screen filtered by type and account; the admin sees
 * the endpoint's deliveries (the receiver refused the first with a 500) and redelivers it, which
 * the receiver then takes; rotating the secret asks first and shows the new one once. An editor
 * has no Activity link and is refused at its addresses. axe runs on each screen at 1280 and 375 px
 * in English and Spanish, and each is photographed into /tmp/studio-shots.
 */
import type { Page } from '@playwright/test';
import { startReceiver, type Receiver } from '../api/webhook-receiver';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import { addStaff, checkEveryWay, heading, setLanguage, signIn, staffPage } from './studio-helpers';

/** ACME's account (seed): a debtor whose preferences no other spec reads. */
const ACCOUNT = 'LU1.30001';
const ACME = {
  lastName: 'Acme Supply LLC',
  option1: 'MRSAccountNumber',
  option2: 'LastName',
  accountNumber: ACCOUNT,
};

/** The debtor changes their communication preferences through the portal's own API. */
async function debtorChangesPreferences(page: Page): Promise<void> {
  // The portal's browser session id, as the web app sends it.
  const headers = { 'x-session-id': crypto.randomUUID() };
  const signedIn = await page.request.post('/api/Authorization/VerifyIdentity', {
    headers,
    data: ACME,
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  const changed = await page.request.post('/api/Debtor/SetCommunicationPreferences', {
    headers: { ...headers, authorization: `Bearer ${accessToken}` },
    data: { emails: false, letters: true, texts: false, emailAddress: 'billing@acme.example' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

test('events by type and account for an approver; webhook endpoints, their secret once, deliveries and redelivery for an admin; refused to an editor', async ({
  browser,
  page,
}) => {
  test.setTimeout(300_000);
  const admin = addStaff('admin', 'Ada Activity');
  const approver = addStaff('approver', 'Abe Approver');
  const editor = addStaff('editor', 'Eve Editor');
  let secret = '';
  let receiver: Receiver | undefined;
  try {
    // The receiver refuses every delivery (500) until the admin redelivers, then takes them (204).
    let accepting = false;
    receiver = await startReceiver({
      secrets: () => [secret],
      answer: () => (accepting ? 204 : 500),
    });
    const url = receiver.url;

    // The admin adds an endpoint: its secret is shown once, with a warning and a Copy button.
    await signIn(page, admin);
    await page.getByRole('navigation').getByRole('link', { name: 'Activity' }).click();
    await expect(heading(page, 'Activity')).toBeFocused();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(heading(page, 'Webhooks')).toBeFocused();
    // An empty address: the error summary names the field.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByTestId('error-summary')).toContainText(
      'Enter the address events are sent to.',
    );
    await page.locator('#studio-webhook-create_url').fill(url);
    await page.locator('#studio-webhook-create_description').fill('Agency CRM (e2e)');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = page.getByTestId('studio-webhook-secret');
    await expect(shown).toContainText('shown only once');
    secret = await page.getByTestId('studio-webhook-secret-value').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(shown.getByRole('button', { name: 'Copy secret' })).toBeVisible();
    const table = page.getByTestId('studio-webhooks-table');
    const row = table.getByRole('row').filter({ hasText: url });
    await expect(row).toContainText('Enabled');
    await checkEveryWay(page, 'activity-webhook-secret');
    await shown.getByRole('button', { name: 'Done: I have stored it' }).click();
    await expect(shown).toHaveCount(0);
    await page.reload();
    await expect(heading(page, 'Webhooks')).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // A debtor's change: one event, sent to the endpoint.
    await debtorChangesPreferences(page);

    // The approver finds it by type and account.
    const other = await staffPage(browser);
    await signIn(other, approver);
    await other.getByRole('navigation').getByRole('link', { name: 'Activity' }).click();
    await expect(heading(other, 'Activity')).toBeFocused();
    await other
      .locator('#studio-activity-filter_type')
      .selectOption({ label: 'Contact preferences changed' });
    await other.locator('#studio-activity-filter_account').fill(ACCOUNT);
    await other.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(other).toHaveURL(/type=debtor\.preferences_changed/);
    await expect(other).toHaveURL(new RegExp(`account=${ACCOUNT.replace('.', '\\.')}`));
    const events = other.getByTestId('studio-events-table');
    const event = events.getByRole('row').filter({ hasText: ACCOUNT }).first();
    await expect(event).toContainText('Contact preferences changed');
    await expect(event).toContainText('Emails no');
    await expect(event).toContainText('Letters yes');
    for (const cell of await events.locator('[data-column="account"]').allTextContents()) {
      expect(cell).toContain(ACCOUNT);
    }
    for (const cell of await events.locator('[data-column="type"]').allTextContents()) {
      expect(cell).toContain('Contact preferences changed');
    }
    await event
      .getByRole('button', { name: /^Show the data of Contact preferences changed/ })
      .click();
    await expect(event.getByTestId('studio-event-data')).toContainText('"letters": true');
    await checkEveryWay(other, 'activity-events');
    // Another type with the same account: none of these.
    await other.locator('#studio-activity-filter_type').selectOption({ label: 'Dispute filed' });
    await other.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(other.getByText('No event matches these filters.')).toBeVisible();
    // The approver sees the endpoints and their log, but cannot change or redeliver.
    await other.getByRole('link', { name: 'Webhooks' }).click();
    await expect(heading(other, 'Webhooks')).toBeFocused();
    await expect(other.getByRole('button', { name: 'Add endpoint' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: /^Rotate the secret/ })).toHaveCount(0);
    await other.context().close();

    // The admin sees the delivery the receiver refused, and redelivers it.
    await expect.poll(() => receiver?.received.length ?? 0, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(receiver.received[0]?.verified).toEqual([true]);
    expect(receiver.received[0]?.event.accountNumber).toBe(ACCOUNT);
    const log = page.getByTestId('studio-deliveries');
    const delivery = log.getByRole('row').filter({ hasText: ACCOUNT }).first();
    /** The log as the server has it now (it is read when shown). */
    const logShows = async (text: string) =>
      expect(async () => {
        await page.reload();
        await row.getByRole('button', { name: `Show the deliveries to ${url}` }).click();
        await expect(delivery).toContainText(text, { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
    await logShows('HTTP 500');
    await expect(delivery).toContainText('Waiting');
    await checkEveryWay(page, 'activity-deliveries');
    accepting = true;
    await delivery.getByRole('button', { name: /^Redeliver Contact preferences changed/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'queued again' })).toBeVisible();
    await expect
      .poll(() => receiver?.received.filter((r) => r.answered === 204).length ?? 0, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await logShows('Delivered');
    await expect(delivery).toContainText('HTTP 204');
    await expect(delivery).toContainText('HTTP 500');

    // Rotating asks first; the new secret is shown once.
    await row.getByRole('button', { name: `Rotate the secret of ${url}` }).click();
    const dialog = page.getByTestId('studio-webhook-rotate');
    await expect(dialog).toContainText('shown once');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('studio-webhook-secret')).toHaveCount(0);
    await row.getByRole('button', { name: `Rotate the secret of ${url}` }).click();
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await page.getByTestId('studio-webhook-secret-value').inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'Done: I have stored it' }).click();
    // Disable and enable.
    await row.getByRole('button', { name: `Disable ${url}` }).click();
    await expect(row).toContainText('Disabled');
    await row.getByRole('button', { name: `Enable ${url}` }).click();
    await expect(row).toContainText('Enabled');
    await setLanguage(page, 'en');

    // An editor: no Activity link, and refused at its addresses.
    const third = await staffPage(browser);
    await signIn(third, editor);
    await expect(third.getByRole('navigation').getByRole('link', { name: 'Activity' })).toHaveCount(
      0,
    );
    for (const address of ['/studio/activity', '/studio/activity/webhooks']) {
      await third.goto(address);
      await expect(heading(third, 'Activity')).toBeVisible();
      await expect(third.getByTestId('studio-activity-refused')).toContainText(
        'for approvers and admins',
      );
      await expect(third.getByTestId('studio-events-table')).toHaveCount(0);
    }
    await checkEveryWay(third, 'activity-refused');
    await third.context().close();
  } finally {
    await receiver?.close();
  }
});
