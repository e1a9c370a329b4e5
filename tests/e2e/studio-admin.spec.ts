/**
 * The studio's admin screens (issue 24) against the real server: an admin made with
 * `npm run staff:add` adds an approver on the Staff screen (its setup key shown once, with what to
 * do with it), the new approver signs in with it, the admin disables another member after a
 * confirmation; the approver filters the audit log by action and staff member and downloads the
 * CSV of the same filters. axe runs on each screen at 1280 and 375 px in English and Spanish, and
 * each is photographed into /tmp/studio-shots. No content is published: this spec may run beside
 * any other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { URI } from 'otpauth';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';
import {
  PASSWORD,
  SHOTS,
  addStaff,
  checkEveryWay,
  heading,
  setLanguage,
  signIn,
  staffPage,
} from './studio-helpers';

test('an admin adds and disables staff; an approver filters the audit log and downloads it', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const admin = addStaff('admin', 'Ada Admin');
  const leaving = addStaff('editor', 'Lee Leaving');
  await signIn(page, admin);
  await expect(page.getByText('Administrators manage staff accounts')).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Staff' }).click();
  await expect(heading(page, 'Staff')).toBeVisible();
  const table = page.getByTestId('studio-staff-table');
  await expect(table.getByRole('row', { name: /Ada Admin \(you\)/ })).toBeVisible();
  // The admin's own row has no Disable button.
  await expect(
    table.getByRole('row', { name: /Ada Admin \(you\)/ }).getByRole('button', { name: /Disable/ }),
  ).toHaveCount(0);

  // A weak password is the server's refusal, in words; then a strong one makes the account.
  const email = `new-approver-${Date.now().toString(36)}@agency.test`;
  await page.locator('#studio-staff-create_email').fill(email);
  await page.locator('#studio-staff-create_name').fill('Nia New');
  await page.getByRole('radio', { name: /^Approver/ }).check();
  await page.locator('#studio-staff-create_password').fill('aaaaaaaaaaaaaa');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByTestId('studio-error')).toContainText('The password is too weak');
  await page.locator('#studio-staff-create_password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Add staff member' }).click();
  const secret = page.getByTestId('studio-staff-secret');
  await expect(secret).toContainText('Nia New can now set up their sign-in code');
  await expect(secret).toContainText('This is shown only once');
  const link = await page.getByRole('textbox', { name: 'Setup link (otpauth)' }).inputValue();
  const key = await page.getByRole('textbox', { name: 'Setup key' }).inputValue();
  expect(link).toMatch(/^otpauth:\/\/totp\//);
  expect(link).toContain(`secret=${key}`);
  await expect(table.getByRole('row', { name: /Nia New/ })).toContainText('approver');
  // The form is empty again: the password is not kept.
  await expect(page.locator('#studio-staff-create_password')).toHaveValue('');
  await checkEveryWay(page, 'staff-secret');
  await page.getByRole('button', { name: 'Done: I have given it' }).click();
  await expect(secret).toHaveCount(0);

  // Disabling asks first; Cancel keeps the member.
  const row = table.getByRole('row', { name: /Lee Leaving/ });
  const dialog = page.getByTestId('studio-staff-disable');
  // The question in each language and width (the language is switched with the dialog closed).
  for (const [language, disable, cancel] of [
    ['es', 'Desactivar a Lee Leaving', 'Cancelar'],
    ['en', 'Disable Lee Leaving', 'Cancel'],
  ] as const) {
    await setLanguage(page, language);
    await row.getByRole('button', { name: disable }).click();
    await expect(dialog).toContainText('Lee Leaving');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      await page.screenshot({ path: path.join(SHOTS, `staff-disable-${language}-${width}.png`) });
    }
    await dialog.getByRole('button', { name: cancel }).click();
    await expect(dialog).toHaveCount(0);
  }
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Disable Lee Leaving' }).click();
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Lee Leaving is disabled.' }),
  ).toBeVisible();
  await expect(row).toContainText('Disabled');
  await expect(row.getByRole('button')).toHaveCount(0);
  await checkEveryWay(page, 'staff');

  // The new approver signs in with the key they were given, and reads the audit log.
  const totp = URI.parse(link);
  const approver = await staffPage(browser);
  await signIn(approver, { email, name: 'Nia New', code: () => totp.generate() });
  await approver.getByRole('navigation').getByRole('link', { name: 'Audit log' }).click();
  await expect(heading(approver, 'Audit log')).toBeVisible();
  const entries = approver.getByTestId('studio-audit-table');
  // Their own sign-in is logged (other tests' studio actions may be newer: the workers share it).
  await expect(
    entries.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Signed in' }),
  ).not.toHaveCount(0);
  await checkEveryWay(approver, 'audit');
  // Filtered by action: only the admin's two staff changes of this test (and others' of theirs).
  await approver
    .locator('#studio-audit-filter_action')
    .selectOption({ label: 'Staff member disabled' });
  await approver.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(approver).toHaveURL(/action=staff\.disable/);
  const disabled = entries.getByRole('row', { name: new RegExp(leaving.email) });
  await expect(disabled).toContainText('Staff member disabled');
  await expect(disabled).toContainText(admin.email);
  for (const cell of await entries.locator('[data-column="action"]').allTextContents()) {
    expect(cell).toContain('Staff member disabled');
  }
  // And by staff member: the admin, named in the log, is in the list.
  await approver.locator('#studio-audit-filter_staffId').selectOption({ label: admin.email });
  await approver.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(approver).toHaveURL(/staffId=\d+/);
  await expect(entries.getByRole('row')).toHaveCount(2);
  // The CSV has the same filters.
  const csvLink = approver.getByTestId('studio-audit-csv');
  await expect(csvLink).toHaveAttribute(
    'href',
    /\/studio\/api\/audit\.csv\?action=staff\.disable&staffId=\d+/,
  );
  const [download] = await Promise.all([approver.waitForEvent('download'), csvLink.click()]);
  const csv = readFileSync((await download.path()) ?? '', 'utf8').split('\r\n');
  expect(csv[0]).toContain('action');
  expect(csv.filter((line) => line.includes('staff.disable'))).toHaveLength(1);
  expect(csv.join('\n')).toContain(leaving.email);
  await checkEveryWay(approver, 'audit-filtered');
  // An approver has no Staff screen.
  await expect(approver.getByRole('navigation').getByRole('link', { name: 'Staff' })).toHaveCount(
    0,
  );
  await approver.goto('/studio/staff');
  await expect(heading(approver, 'Drafts and versions')).toBeVisible();
  await approver.context().close();
});
