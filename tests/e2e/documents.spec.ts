import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './a11y';
import {
  CARLOS,
  LANGS,
  VIEWPORTS,
  horizontalOverflow,
  signInAs,
  tr,
  useLanguage,
} from './accounts-fixtures';
import { MARIA, expect, test } from './fixtures';
import {
  acceptDisclosures,
  chooseMethod,
  confirm,
  continueFrom,
  signInSlot,
  startFromAccount,
} from './payment-helpers';

/**
 * My documents (issue 25): a payment's receipt and authorization appear and download, the closed
 * settled account offers its settled-in-full letter, Carlos's receipts are listed, and the page
 * has no axe violation in English and Spanish, at desktop width and at 375 px.
 */

test('Maria pays, and her receipt and authorization appear in My documents and download', async ({
  page,
}) => {
  const slot = await signInSlot(page, 'documents');
  const account = slot.accounts.open!;
  await startFromAccount(page, account, 'one-time');
  await page.locator('#payment-arrangement_amount').fill('75');
  await continueFrom(page, 'arrangement', 'contact-details');
  await continueFrom(page, 'contact-details', 'funding');
  await chooseMethod(page, 'Visa ****1111');
  await continueFrom(page, 'funding', 'disclosure');
  await acceptDisclosures(page);
  const code = await confirm(page);

  await page.getByRole('navigation').first().getByRole('link', { name: 'My documents' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My documents' })).toBeVisible();
  const table = page.getByTestId('documents');
  const receipt = table.getByRole('row').filter({ hasText: 'Payment receipt' });
  await expect(receipt).toContainText(`Payment of $75.00, confirmation ${code} (pending)`);
  const authorization = table.getByRole('row').filter({ hasText: 'Payment authorization' });
  await expect(authorization).toContainText(code);

  for (const row of [receipt, authorization]) {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByTestId('document-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^(receipt|authorization)-\d+\.pdf$/);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
  }
});

test('the closed settled account LU1.10003 offers its settled-in-full letter', async ({ page }) => {
  await signInAs(page, MARIA);
  await page.goto('/accounts/LU1.10003');
  await page.getByTestId('account-documents-link').click();
  await expect(page).toHaveURL(/\/accounts\/LU1\.10003\/documents$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Documents for account LU1.10003' }),
  ).toBeVisible();
  const letter = page.getByTestId('documents').getByRole('row').filter({
    hasText: 'Settled in full letter',
  });
  await expect(letter).toContainText('Settled for $480.00: no balance remains');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    letter.getByTestId('document-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^closed-\d+\.pdf$/);
  // Only this account's documents: no account column, no other account's row.
  await expect(page.getByTestId('documents')).not.toContainText('LU1.10001.57');
});

test("Carlos's list shows his payments' receipts", async ({ page }) => {
  await signInAs(page, CARLOS);
  await page.goto('/documents');
  const receipts = page
    .getByTestId('documents')
    .getByRole('row')
    .filter({ hasText: 'Payment receipt' });
  await expect(receipts.first()).toBeVisible();
  expect(await receipts.count()).toBeGreaterThanOrEqual(15);
  for (const code of ['PPA-50001-01', 'PPA-50002-02', 'PPA-50003-12']) {
    await expect(receipts.filter({ hasText: code })).toHaveCount(1);
  }
  await expect(receipts.filter({ hasText: 'PPA-50003-12' })).toContainText('(pending)');
});

for (const lang of LANGS) {
  for (const { name, viewport } of VIEWPORTS) {
    test(`My documents has no axe violation (${lang}, ${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      await signInAs(page, CARLOS);
      await page.goto('/documents');
      await expect(
        page.getByRole('heading', { level: 1, name: tr(lang, 'My documents', 'Mis documentos') }),
      ).toBeVisible();
      await expect(page.getByTestId('documents')).toBeVisible();
      await expect(
        page.getByRole('columnheader', { name: tr(lang, 'Document', 'Documento') }),
      ).toBeAttached();
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
    });
  }
}
