/**
 * The studio speaks to people, not to the repository (issue 44, items 1 and 2):
 * - find by words: an editor types words of the recurring payment authorization on the home
 *   screen, in English and then in Spanish; each result names the text, marks the words found
 *   (`<mark>`) and says where the debtor meets it; opening it makes a draft and opens the editor at
 *   that text, focused, labelled by its name with its description;
 * - every studio screen, walked in English and in Spanish (an editor's, an author's review, an
 *   admin's), shows no `.json` path and no camelCase key in its visible text; axe runs on the new
 *   screens at 1280 and 375 px, each photographed into /tmp/studio-shots.
 * Nothing is published, so the spec takes no content lock.
 */
import { appReady, expect, test } from './fixtures';
import {
  addStaff,
  checkEveryWay,
  JSON_PATH,
  heading,
  setLanguage,
  signIn,
  speaksToPeople,
  staffPage,
  storedText,
} from './studio-helpers';

test('find a text by its words, open it in a draft, and every screen speaks to people', async ({
  browser,
  page,
}) => {
  test.setTimeout(600_000);
  const editor = addStaff('editor', 'Wren Words');
  const admin = addStaff('admin', 'Ada Admin');

  await page.goto('/studio');
  await appReady(page);
  await signIn(page, editor);
  await speaksToPeople(page, 'home');

  // English words: results while typing, each named, marked and placed.
  const box = page.locator('#studio-search');
  await box.fill('1 business day');
  const results = page.getByTestId('studio-search-results');
  const recurring = results.getByRole('listitem').filter({
    has: page.getByRole('button', { name: 'Open Recurring payment authorization' }),
  });
  await expect(recurring).toBeVisible();
  await expect(recurring).toContainText('Shown in: Legal');
  await expect(
    recurring.locator('[lang="en"] mark', { hasText: 'business' }).first(),
  ).toBeVisible();
  await checkEveryWay(page, 'search');

  // Spanish words, accents left out, on the Spanish screen: the same text, named in Spanish.
  await setLanguage(page, 'es');
  await box.fill('1 dia habil');
  const recurrente = results.getByRole('listitem').filter({
    has: page.getByRole('button', { name: 'Abrir Autorización de pagos recurrentes' }),
  });
  await expect(recurrente).toBeVisible();
  await expect(recurrente).toContainText('Se muestra en: Legal');
  await expect(recurrente.locator('[lang="es"] mark', { hasText: 'hábil' }).first()).toBeVisible();
  await speaksToPeople(page, 'search results');
  await setLanguage(page, 'es');

  // Opening it: a new draft, the editor at the recurring authorization, focused and named.
  await recurrente.getByRole('button', { name: 'Abrir Autorización de pagos recurrentes' }).click();
  await expect(heading(page, 'Cambio: Autorización de pagos recurrentes')).toBeVisible();
  const english = page.getByLabel('Autorización de pagos recurrentes (Inglés)', { exact: true });
  await expect(english).toBeFocused();
  await expect(english).toHaveAttribute('data-value', /recurring electronic payments/);
  await expect(page.getByText('El texto que acepta el deudor antes de un plan')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Autorización de pago' })).toBeVisible();
  await setLanguage(page, 'en');
  await expect(
    page.getByLabel('Recurring payment authorization (English)', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('The text a debtor accepts before a plan')).toBeVisible();
  await checkEveryWay(page, 'editor-named');
  await speaksToPeople(page, 'editor');

  // The chooser: grouped by where the debtor meets each file, by name, no path.
  const chooser = page.locator('#studio-file');
  await expect(
    chooser.locator('optgroup[label="Legal"] option', { hasText: 'Payment authorization' }),
  ).toHaveCount(1);
  await expect(
    chooser.locator('optgroup[label="Sign-in"] option', { hasText: 'Sign-in form' }),
  ).toHaveCount(1);
  expect(await chooser.locator('option').allTextContents()).not.toContainEqual(
    expect.stringMatching(JSON_PATH),
  );
  await chooser.selectOption({ label: 'Add a phone number' });
  await expect(page.getByRole('heading', { level: 2, name: 'Add a phone number' })).toBeVisible();
  await expect(
    page.getByLabel('Add a phone number: the label of the field “New phone number” (English)', {
      exact: true,
    }),
  ).toBeVisible();
  await checkEveryWay(page, 'chooser');
  // A form's settings offer their choices by their names (an input type `maskedDate` is “Date
  // typed in one box”), from flows/studio/ `choices`.
  await expect(page.locator('main select:not(#studio-file) option').first()).toBeAttached();
  await speaksToPeople(page, 'editor, a form');

  // A change saved and submitted: the author's review names the file.
  await chooser.selectOption({ label: 'Payment authorization' });
  const recurringEn = page.getByLabel('Recurring payment authorization (English)', { exact: true });
  const recurringEs = page.getByLabel('Recurring payment authorization (Spanish)', { exact: true });
  await recurringEn.fill(`${await storedText(recurringEn)} Thank you.`);
  await recurringEs.fill(`${await storedText(recurringEs)} Gracias.`);
  await page.getByRole('button', { name: 'Save file' }).click();
  await expect(page.getByRole('status').first()).toContainText('Saved. Every check passes.');
  await speaksToPeople(page, 'editor, saved');
  await page.getByTestId('studio-submit').click();
  await expect(heading(page, 'Review: Cambio: Autorización de pagos recurrentes')).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Payment authorization' }),
  ).toBeVisible();
  await speaksToPeople(page, 'review');
  // The review's per-value labels are the texts' names, not their keys.
  await expect(
    page.getByRole('heading', { level: 3, name: 'Recurring payment authorization' }),
  ).toBeVisible();

  for (const screen of [
    '/studio/history',
    '/studio/evidence',
    '/studio/account',
    '/studio/translations',
    '/studio/messages/preview?kind=payment-receipt',
  ]) {
    await page.goto(screen);
    await expect(page.locator('h1')).toBeVisible();
    await speaksToPeople(page, screen);
  }

  // The admin's screens.
  const second = await staffPage(browser);
  await second.goto('/studio');
  await appReady(second);
  await signIn(second, admin);
  await speaksToPeople(second, 'admin home');
  for (const screen of [
    '/studio/staff',
    '/studio/audit',
    '/studio/activity',
    '/studio/activity/webhooks',
    '/studio/account',
    '/studio/messages',
    '/studio/messages/counts',
    '/studio/messages/preview?kind=plan-payment-reminder',
  ]) {
    await second.goto(screen);
    await expect(second.locator('h1')).toBeVisible();
    // The audit log's details are named for people (flows/studio/ `details`), files by name.
    await speaksToPeople(second, screen);
  }
  await second.goto('/studio/audit');
  await expect(second.locator('main table dt', { hasText: 'Files changed' }).first()).toBeVisible();
  await second.context().close();
});
