import { MARIA, expect, signInWithForm, test } from './fixtures';

test('the CSP forbids eval and nothing violates it during a sign-in journey', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void })
        .reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');

  await signInWithForm(page, MARIA);
  await expect(page.getByTestId('account-card')).toHaveCount(3);
  await page.getByRole('link', { name: 'View details for account LU1.10001' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account LU1.10001');
  await page.goto('/verify-letter');
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(violations).toEqual([]);
});
