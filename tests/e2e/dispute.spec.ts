import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { LANGS, VIEWPORTS, horizontalOverflow, tr, useLanguage } from './accounts-fixtures';
import { MARIA, expect, signIn, test } from './fixtures';

const DISPUTE = '/accounts/LU1.10001/dispute';

async function openDispute(page: Page, lang: 'en' | 'es') {
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(DISPUTE);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    tr(lang, 'File a dispute', 'Presentar una disputa'),
  );
}

/** Presses Tab until `selector` has the focus (keyboard-only journeys). */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 60; i += 1) {
    if (await page.locator(selector).evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('.fui-Toast').filter({ hasText: text });

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`dispute (${name})`, () => {
    test.use({ viewport });

    for (const lang of LANGS) {
      test(`Maria: reasons, message and terms checked; a server failure; then success (${lang})`, async ({
        page,
      }) => {
        // A long journey (several submits and axe runs).
        test.slow();
        await useLanguage(page, lang);
        await signIn(page, MARIA);
        await openDispute(page, lang);
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);

        const submit = page.locator('#dispute button[type="submit"]');
        await submit.click();
        const reasons = page.getByRole('group', {
          name: tr(lang, 'Reason for dispute', 'Motivo de la disputa'),
        });
        await expect(reasons).toContainText(
          tr(lang, 'You must select at least one reason.', 'Debe seleccionar al menos un motivo.'),
        );
        await expect(page.locator('#dispute_alreadyResolved')).toBeFocused();
        await expect(page.locator('#dispute_termsAccepted')).toHaveAccessibleDescription(
          tr(
            lang,
            'Confirm that the information you provided is true to submit your dispute.',
            'Confirme que la información que proporcionó es verdadera para enviar su disputa.',
          ),
        );
        await expectNoAxeViolations(page);

        await page.locator('#dispute_other').check();
        await page.locator('#dispute_termsAccepted').check();
        await submit.click();
        const message = page.locator('#dispute_message');
        await expect(message).toBeFocused();
        await expect(message).toHaveAccessibleDescription(
          new RegExp(
            tr(
              lang,
              "You must provide a message when selecting 'Other'.",
              "Debe escribir un mensaje si selecciona 'Otro'.",
            ).replace(/[.()]/g, '\\$&'),
          ),
        );
        await message.fill('The creditor already closed this account.');

        await page.route('**/api/v2/Account/SubmitDispute', (route) =>
          route.fulfill({ status: 500, json: { message: 'boom' } }),
        );
        await submit.click();
        await expect(page.getByTestId('submit-error')).toContainText(
          tr(
            lang,
            'Your dispute could not be submitted. Please try again later.',
            'No se pudo enviar su disputa. Inténtelo de nuevo más tarde.',
          ),
        );
        await expectNoAxeViolations(page);

        await page.unroute('**/api/v2/Account/SubmitDispute');
        const tracked = page.waitForRequest(
          (request) =>
            request.url().endsWith('/api/v2/Analytic') &&
            (request.postDataJSON() as { event: string }).event === 'dispute_submitted',
        );
        await submit.click();
        await expect(page).toHaveURL(/\/accounts\/LU1\.10001$/);
        await expect(
          toast(page, tr(lang, 'Your dispute was submitted', 'Su disputa fue enviada')),
        ).toContainText(/DSP-(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}/);
        expect((await tracked).postDataJSON()).toMatchObject({
          event: 'dispute_submitted',
          properties: { reasons: 1 },
        });

        // The PDF confirmation the server answered is offered on the account page.
        const offer = page.getByTestId('dispute-document');
        await expect(offer).toContainText(/DSP-(?:[BCDFGHJKMNPQRSTVWXZ][2-9]){6}/);
        await expectNoAxeViolations(page);
        const downloading = page.waitForEvent('download');
        await offer
          .getByRole('link', {
            name: tr(lang, 'Download the confirmation (PDF)', 'Descargar la confirmación (PDF)'),
          })
          .click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/\.pdf$/);
        const file = await download.path();
        const { readFileSync } = await import('node:fs');
        expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
        await offer.getByRole('button', { name: tr(lang, 'Dismiss', 'Descartar') }).click();
        await expect(offer).toHaveCount(0);
      });
    }
  });
}

for (const lang of LANGS) {
  test(`keyboard only: Tab, Space and Enter complete the dispute (${lang})`, async ({ page }) => {
    // A long journey (several submits and axe runs).
    test.slow();
    await useLanguage(page, lang);
    await signIn(page, MARIA);
    await openDispute(page, lang);
    await tabTo(page, '#dispute_incorrectBalance');
    await page.keyboard.press('Space');
    await expect(page.locator('#dispute_incorrectBalance')).toBeChecked();
    await tabTo(page, '#dispute_termsAccepted');
    await page.keyboard.press('Space');
    await expect(page.locator('#dispute_termsAccepted')).toBeChecked();
    await tabTo(page, '#dispute button[type="submit"]');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/accounts\/LU1\.10001$/);
    await expect(
      toast(page, tr(lang, 'Your dispute was submitted', 'Su disputa fue enviada')),
    ).toBeVisible();
  });
}

for (const lang of LANGS) {
  test(`the terms the dispute accepts are the terms of use, read over the form (${lang})`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    await signIn(page, MARIA);
    await openDispute(page, lang);
    await page.locator('#dispute_notMyDebt').check();
    const note = page.locator('#dispute-legal');
    await expect(note).toHaveText(
      tr(
        lang,
        'Read the terms of use you accept with this dispute.',
        'Lea los términos de uso que acepta con esta disputa.',
      ),
    );
    // The note sits right under the box that accepts the terms, before the submit button.
    const box = await page.locator('#dispute_termsAccepted').boundingBox();
    const noteBox = await note.boundingBox();
    const submitBox = await page.locator('#dispute button[type="submit"]').boundingBox();
    expect(noteBox!.y).toBeGreaterThan(box!.y);
    expect(noteBox!.y).toBeLessThan(submitBox!.y);

    await note.getByRole('button', { name: tr(lang, 'terms of use', 'términos de uso') }).click();
    const dialog = page.getByRole('dialog', { name: tr(lang, 'Terms of use', 'Términos de uso') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      tr(lang, 'you may file a dispute', 'puede presentar una disputa'),
    );
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: tr(lang, 'Close', 'Cerrar') }).click();
    await expect(dialog).toHaveCount(0);
    // Reading the terms left the form as it was.
    await expect(page).toHaveURL(/\/accounts\/LU1\.10001\/dispute$/);
    await expect(page.locator('#dispute_notMyDebt')).toBeChecked();
  });
}

test('a closed account cannot be disputed: home', async ({ page }) => {
  await signIn(page, MARIA);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/accounts/LU1.10003/dispute');
  await expect(page).toHaveURL(/\/dashboard$/);
});
