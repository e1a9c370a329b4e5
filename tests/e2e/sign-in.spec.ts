import {
  ACME,
  ANNA,
  JOHN,
  MARIA,
  expect,
  fillSignIn,
  signInWithForm,
  submitSignIn,
  switchToSpanish,
  test,
} from './fixtures';

test.describe('sign-in as each demo identity', () => {
  test('Maria in English lands on the dashboard with three accounts', async ({ page }) => {
    await signInWithForm(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Maria Garcia!');
    await expect(page.getByTestId('account-card')).toHaveCount(3);
    await expect(page.getByTestId('account-card').first()).toContainText('LU1.10001');
    await expect(page.getByTestId('account-card').first()).toContainText('$2,450.00');
    // 16-digit client account: masked but the last 4.
    await expect(page.getByTestId('client-account').first()).toHaveText('************1001');
  });

  test('Maria in Spanish sees the Spanish welcome and three account cards', async ({ page }) => {
    await page.goto('/login');
    await switchToSpanish(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inicie sesión en su cuenta');
    await fillSignIn(page, MARIA);
    await submitSignIn(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      '¡Le damos la bienvenida, Maria Garcia!',
    );
    await expect(page.getByTestId('account-card')).toHaveCount(3);
    await expect(page.getByRole('link', { name: /Ver detalles/ })).toHaveCount(3);
  });

  test('John has one account and lands on its page', async ({ page }) => {
    await signInWithForm(page, JOHN);
    await expect(page).toHaveURL(/\/accounts\/LU1\.20001$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account LU1.20001');
    await expect(page.getByTestId('account-balance')).toHaveText('$3,200.00');
  });

  test('John in Spanish lands on his account page in Spanish', async ({ page }) => {
    await page.goto('/login');
    await switchToSpanish(page);
    await fillSignIn(page, JOHN);
    await submitSignIn(page);
    await expect(page).toHaveURL(/\/accounts\/LU1\.20001$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cuenta LU1.20001');
  });

  test('Acme (a business) sees its name and the client account masked', async ({ page }) => {
    await signInWithForm(page, ACME);
    await expect(page).toHaveURL(/\/accounts\/LU1\.30001$/);
    await expect(page.getByTestId('debtor-name')).toHaveText('Acme Supply LLC');
    await expect(page.getByTestId('client-account')).toHaveText('************9012');
    await expect(page.getByRole('main')).not.toContainText('4000123456789012');
  });

  test('Acme in Spanish sees the masked client account with Spanish labels', async ({ page }) => {
    await page.goto('/login');
    await switchToSpanish(page);
    await fillSignIn(page, ACME);
    await submitSignIn(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cuenta LU1.30001');
    await expect(page.getByText('Número de cuenta del acreedor')).toBeVisible();
    await expect(page.getByTestId('client-account')).toHaveText('************9012');
  });

  test('Anna: date of birth and phone, then the SSN dialog, then signed in', async ({ page }) => {
    await signInWithForm(page, ANNA);
    const dialog = page.getByRole('dialog', { name: 'Verify SSN' });
    await expect(dialog).toBeVisible();
    const continueButton = dialog.getByRole('button', { name: 'Continue' });
    await expect(continueButton).toBeDisabled();
    await dialog.locator('#verify-ssn_socialSecurityNumber').fill('43');
    await expect(continueButton).toBeDisabled();
    await dialog.locator('#verify-ssn_socialSecurityNumber').fill('4321');
    await expect(continueButton).toBeEnabled();
    await continueButton.click();
    await expect(page).toHaveURL(/\/accounts\/LU1\.40001$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account LU1.40001');
  });

  test('Anna in Spanish gets the SSN dialog in Spanish', async ({ page }) => {
    await page.goto('/login');
    await switchToSpanish(page);
    await fillSignIn(page, ANNA);
    await submitSignIn(page);
    const dialog = page.getByRole('dialog', { name: 'Verifique su número de Seguro Social' });
    await expect(dialog).toBeVisible();
    await dialog.locator('#verify-ssn_socialSecurityNumber').fill('4321');
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cuenta LU1.40001');
  });
});

test.describe('sign-in errors', () => {
  const wrong = { ...MARIA, first: ['SocialSecurityNumber', '9999'] as [string, string] };

  test('wrong details show the not-found message in English', async ({ page }) => {
    await signInWithForm(page, wrong);
    const alert = page.getByTestId('form-error');
    await expect(alert).toContainText('Please check your details or try a different combination.');
    // No account number was used: the message recommends it.
    await expect(alert).toContainText('MRS account number');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('wrong details show the not-found message in Spanish', async ({ page }) => {
    await page.goto('/login');
    await switchToSpanish(page);
    await fillSignIn(page, wrong);
    await submitSignIn(page);
    await expect(page.getByTestId('form-error')).toContainText(
      'Verifique sus datos o pruebe con otra combinación.',
    );
  });

  test('six bad attempts for one identity show the blocked message', async ({ page }) => {
    const unique = `Locked${Date.now().toString(36)}`;
    await page.goto('/login');
    await fillSignIn(page, {
      lastName: unique,
      first: ['SocialSecurityNumber', '1111'],
      second: ['DateOfBirth', '01/01/1970'],
    });
    const alert = page.getByTestId('form-error');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await submitSignIn(page);
      await expect(alert).toContainText('Please check your details');
      // Each answer replaces the last: wait until the button is ready again.
      await expect(page.locator('#sign-in button[type="submit"]')).not.toHaveAttribute(
        'aria-busy',
        'true',
      );
    }
    await submitSignIn(page);
    await expect(alert).toHaveText(
      'You have tried too many times. Please try again in 15 minutes.',
    );
  });

  test('empty submit shows field errors, focuses the first, and re-translates', async ({
    page,
  }) => {
    await page.goto('/login');
    await submitSignIn(page);
    const lastName = page.locator('#sign-in_lastName');
    await expect(lastName).toBeFocused();
    await expect(lastName).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Please enter your last name or business name.')).toBeVisible();
    await expect(page.getByText('Please enter 4 digits')).toBeVisible();
    await switchToSpanish(page);
    await expect(page.getByText('Escriba su apellido o el nombre de la empresa.')).toBeVisible();
    await expect(page.getByText('Please enter your last name or business name.')).toHaveCount(0);
  });
});

test.describe('sign-in links and redirects', () => {
  test('an account number in the URL locks the first factor and leaves the URL', async ({
    page,
  }) => {
    await page.goto('/login?accountNumber=LU1.10001&idps=x&actionID=A7');
    await expect(page).toHaveURL(/\/login\?actionID=A7$/);
    await expect(page.locator('#sign-in_option1')).toBeDisabled();
    await expect(page.locator('#sign-in_option1 option:checked')).toHaveText('MRS account number');
    await expect(page.locator('#sign-in_accountNumber')).toHaveValue('LU1.10001');
    await expect(page.locator('#sign-in_accountNumber')).toBeDisabled();
    await expect(page.locator('#sign-in_option2')).toHaveCount(0);
    await page.locator('#sign-in_lastName').fill('Garcia');
    await submitSignIn(page);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the page asked for before sign-in is opened after it', async ({ page }) => {
    await page.goto('/accounts/LU1.10002');
    await expect(page).toHaveURL(/\/login$/);
    await fillSignIn(page, MARIA);
    await submitSignIn(page);
    await expect(page).toHaveURL(/\/accounts\/LU1\.10002$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account LU1.10002');
  });

  test('a signed-in user visiting /login goes back to where they were', async ({ page }) => {
    await signInWithForm(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'View details for account LU1.10002' }).click();
    await expect(page).toHaveURL(/\/accounts\/LU1\.10002$/);
    // Navigations are transitions: the URL changes before the page is shown. Where the user
    // "was" is the page they saw, so wait for it before leaving.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account LU1.10002');
    await page.goto('/login');
    await expect(page).toHaveURL(/\/accounts\/LU1\.10002$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account LU1.10002');
  });

  test('log out clears the session', async ({ page }) => {
    await signInWithForm(page, MARIA);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});
