/**
 * The studio's admin screens (issue 24; issue 39) against the real server: an admin made with
 * `npm run staff:add` invites an approver on the Staff screen (a one-time link, shown once, no
 * password and no setup key for the admin); the member opens it, chooses their own password and
 * sets up their own authenticator; the approver role waits for a second admin, who approves it;
 * the new approver signs in with what only they know; the admin disables another member after a
 * confirmation; the approver filters the audit log by action and staff member and downloads the
 * CSV of the same filters. axe runs on each screen at 1280 and 375 px in English and Spanish, and
 * each is photographed into /tmp/studio-shots. No content is published: this spec may run beside
 * any other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { URI } from 'otpauth';
import { PNG } from 'pngjs';
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

const NEW_PASSWORD = 'Another-e2e-Password-2';

/** What an authenticator app's camera reads from the page's QR code. */
async function scanQr(page: Page): Promise<string | undefined> {
  const image = page.getByTestId('studio-totp-qr');
  await expect(image).toBeVisible();
  const png = PNG.sync.read(await image.screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test('an admin invites staff, a second admin approves the role, and disables staff; an approver filters the audit log and downloads it', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  const admin = addStaff('admin', 'Ada Admin');
  const second = addStaff('admin', 'Sam Second');
  const leaving = addStaff('editor', 'Lee Leaving');
  await signIn(page, admin);
  await page.getByRole('navigation').getByRole('link', { name: 'Staff' }).click();
  await expect(heading(page, 'Staff')).toBeVisible();
  const table = page.getByTestId('studio-staff-table');
  await expect(table.getByRole('row', { name: /Ada Admin \(you\)/ })).toBeVisible();
  // The admin's own row has no Disable button.
  await expect(
    table.getByRole('row', { name: /Ada Admin \(you\)/ }).getByRole('button', { name: /Disable/ }),
  ).toHaveCount(0);

  // The admin invites a member: no password field; the answer is a one-time link (issue 39).
  const email = `new-approver-${Date.now().toString(36)}@agency.test`;
  await expect(page.locator('#studio-staff-create_password')).toHaveCount(0);
  await page.locator('#studio-staff-create_email').fill(email);
  await page.locator('#studio-staff-create_name').fill('Nia New');
  await page.getByRole('radio', { name: /^Approver/ }).check();
  await page.getByRole('button', { name: 'Invite staff member' }).click();
  const invitation = page.getByTestId('studio-staff-invitation');
  await expect(invitation).toContainText('Invitation for Nia New');
  await expect(invitation).toContainText('This link is shown only once');
  await expect(invitation).toContainText('waits for another admin');
  const url = await page.getByTestId('studio-invitation-link').inputValue();
  expect(url).toMatch(/\/studio\/join#[A-Za-z0-9_-]{43}$/);
  await expect(invitation).not.toContainText('otpauth');
  const newRow = table.getByRole('row', { name: /Nia New/ });
  await expect(newRow).toContainText('Invited');
  await expect(newRow).toContainText('approver: waiting for a second admin');
  await checkEveryWay(page, 'staff-invitation');
  await page.getByRole('button', { name: 'Done: I have given it' }).click();
  await expect(invitation).toHaveCount(0);
  // The admin who asked cannot approve the role.
  const grants = page.getByTestId('studio-grants-table');
  const grant = grants.getByRole('row', { name: /Nia New/ });
  await expect(grant).toContainText('another admin approves it');
  await expect(grant.getByRole('button', { name: /Approve/ })).toHaveCount(0);

  // The member opens the link: their own password (twice), then their own authenticator.
  const member = await staffPage(browser);
  await member.goto(url);
  await expect(heading(member, 'Set up your studio account')).toBeVisible();
  await expect(member.getByText(email)).toBeVisible();
  await member.locator('#studio-join-password_password').fill(PASSWORD);
  await member.locator('#studio-join-password_passwordAgain').fill(`${PASSWORD}x`);
  await member.getByRole('button', { name: 'Continue' }).click();
  await expect(member.getByTestId('studio-error')).toContainText('not the same');
  await checkEveryWay(member, 'join-password');
  await member.locator('#studio-join-password_password').fill(PASSWORD);
  await member.locator('#studio-join-password_passwordAgain').fill(PASSWORD);
  await member.getByRole('button', { name: 'Continue' }).click();
  const link = await member.getByRole('textbox', { name: 'Setup link (otpauth)' }).inputValue();
  const key = await member.getByRole('textbox', { name: 'Setup key' }).inputValue();
  expect(link).toMatch(/^otpauth:\/\/totp\//);
  expect(link).toContain(`secret=${key}`);
  // The app's camera reads the same link from the QR code.
  expect(await scanQr(member)).toBe(link);
  await checkEveryWay(member, 'join-totp');
  const totp = URI.parse(link);
  await member.locator('#studio-totp-code_code').fill(totp.generate());
  await member.getByRole('button', { name: 'Confirm' }).click();
  await expect(member.getByTestId('studio-join-done')).toContainText('Your account is ready');
  await checkEveryWay(member, 'join-done');
  // The link works once.
  await member.goto('/studio');
  await member.goto(url);
  await expect(member.getByTestId('studio-error')).toContainText('can no longer be used');

  // A second admin approves the role.
  const other = await staffPage(browser);
  await signIn(other, second);
  await other.goto('/studio/staff');
  await expect(heading(other, 'Staff')).toBeVisible();
  const pending = other.getByTestId('studio-grants-table').getByRole('row', { name: /Nia New/ });
  await expect(pending).toContainText('Ada Admin');
  await checkEveryWay(other, 'staff-grants');
  await pending.getByRole('button', { name: 'Approve the role approver for Nia New' }).click();
  await expect(
    other.getByRole('status').filter({ hasText: 'Nia New is now approver.' }),
  ).toBeVisible();
  await other.context().close();

  // A lesser role is given at once (approver and admin wait for a second admin, as above).
  await page.reload();
  await expect(heading(page, 'Staff')).toBeVisible();
  await table
    .getByRole('row', { name: /Lee Leaving/ })
    .getByRole('button', { name: 'Change the role of Lee Leaving' })
    .click();
  const roleDialog = page.getByTestId('studio-staff-role');
  await roleDialog.getByRole('radio', { name: 'client manager' }).check();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'staff-role-en-1280.png') });
  await roleDialog.getByRole('button', { name: 'Change role' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Lee Leaving is now client manager.' }),
  ).toBeVisible();
  await expect(table.getByRole('row', { name: /Lee Leaving/ })).toContainText('client manager');

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

  // The new approver signs in with their own password and authenticator, and reads the audit log.
  const approver = member;
  await approver.context().clearCookies();
  // A new TOTP step: the code that confirmed the invitation is not taken twice.
  const step = 30_000 - (Date.now() % 30_000);
  await approver.waitForTimeout(step + 500);
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
  // The filtered answer has replaced the whole log (staff:add's own staff.create rows name the
  // same emails) before a row is picked.
  await expect(
    entries.locator('[data-column="action"]').filter({ hasNotText: 'Staff member disabled' }),
  ).toHaveCount(0);
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

/** Waits for the authenticator's next 30-second step: a code is accepted once. */
async function nextStep(page: Page): Promise<void> {
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
}

test('a member changes their own password and sets up a new authenticator on My account', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const member = addStaff('editor', 'Max Member');
  await signIn(page, member);
  await page.getByRole('navigation').getByRole('link', { name: 'My account' }).click();
  await expect(heading(page, 'My account')).toBeVisible();
  await checkEveryWay(page, 'account');
  // A wrong current password is refused in words; the new one twice must match.
  await page.locator('#studio-password-change_currentPassword').fill('Not-my-password-1');
  await page.locator('#studio-password-change_code').fill('123456');
  await page.locator('#studio-password-change_newPassword').fill(NEW_PASSWORD);
  await page.locator('#studio-password-change_newPasswordAgain').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('studio-error')).toContainText('not the same');
  await page.locator('#studio-password-change_newPasswordAgain').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('studio-error')).toContainText('password or code is not right');
  await nextStep(page);
  await page.locator('#studio-password-change_currentPassword').fill(PASSWORD);
  await page.locator('#studio-password-change_code').fill(member.code());
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password is changed' }),
  ).toBeVisible();

  // A new authenticator: the password and a current code, then a code from the new secret.
  await nextStep(page);
  await page.locator('#studio-totp-enrol_password').fill(NEW_PASSWORD);
  await page.locator('#studio-totp-enrol_code').fill(member.code());
  await page.getByRole('button', { name: 'Set up a new authenticator' }).click();
  const link = await page.getByRole('textbox', { name: 'Setup link (otpauth)' }).inputValue();
  expect(link).toMatch(/^otpauth:\/\/totp\//);
  expect(await scanQr(page)).toBe(link);
  await checkEveryWay(page, 'account-totp');
  const fresh = URI.parse(link);
  await page.locator('#studio-totp-code_code').fill(fresh.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your new authenticator is set up' }),
  ).toBeVisible();
  await checkEveryWay(page, 'account-done');
});
