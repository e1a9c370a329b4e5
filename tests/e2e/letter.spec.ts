import { expect, switchToSpanish, test } from './fixtures';

test('an offer code opens the letter options page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Received an offer?' }).click();
  await expect(page).toHaveURL(/\/verify-letter$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Look up your offer');
  await page.locator('#verify-letter_letterCode').fill('LU1.10001.57');
  await page.locator('#verify-letter button[type="submit"]').click();
  await expect(page).toHaveURL(/\/letter-option\/LU1\.10001\/57$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maria!');
  // A letter session is not an account session: the dashboard asks to sign in.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('an unknown offer code shows the not-found message in both languages', async ({ page }) => {
  await page.goto('/verify-letter');
  await page.locator('#verify-letter_letterCode').fill('LU1.99999.1');
  await page.locator('#verify-letter button[type="submit"]').click();
  await expect(page.getByTestId('form-error')).toHaveText(
    'The offer code you entered was not found. Please try again.',
  );
  await switchToSpanish(page);
  await expect(page.getByTestId('form-error')).toHaveText(
    'No se encontró el código de oferta que ingresó. Inténtelo de nuevo.',
  );
});

test('the verify-letter page links back to sign in', async ({ page }) => {
  await page.goto('/verify-letter');
  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the terms note names the button that agrees, in both languages', async ({ page }) => {
  await page.goto('/verify-letter');
  const note = page.locator('#main').getByText(/^By selecting/);
  await expect(note).toHaveText(
    'By selecting Look up your offer, you agree to the terms of use and acknowledge the privacy policy.',
  );
  await expect(page.locator('#verify-letter button[type="submit"]')).toHaveText(
    'Look up your offer',
  );
  await switchToSpanish(page);
  await expect(page.locator('#main').getByText(/^Al seleccionar/)).toHaveText(
    'Al seleccionar Buscar su oferta, usted acepta los términos de uso y reconoce la política de privacidad.',
  );
  await expect(page.locator('#verify-letter button[type="submit"]')).toHaveText('Buscar su oferta');

  await page.goto('/login');
  await expect(page.locator('#main').getByText(/^Al seleccionar/)).toHaveText(
    'Al seleccionar Continuar, usted acepta los términos de uso y reconoce la política de privacidad.',
  );
});
