import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test gets its own client address (the server runs with TRUST_PROXY), so the per-address
 * sign-in lockout of one test never blocks another.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const octet = () => Math.floor(Math.random() * 254) + 1;
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` });
    await use(page);
    // A request the page sends as the test ends (an analytics event) may still be in a test's
    // route handler: it is let go, not reported as an error of the worker.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  },
});

export { expect };

export interface Identity {
  lastName: string;
  first: [kind: string, value: string];
  second?: [kind: string, value: string];
}

const FIELD_OF_KIND: Record<string, string> = {
  SocialSecurityNumber: 'socialSecurityNumber',
  DateOfBirth: 'dateOfBirth',
  Phone: 'phone',
  MRSAccountNumber: 'accountNumber',
  ClientAccountNumber: 'creditorAccountNumber',
};

export const MARIA: Identity = {
  lastName: 'Garcia',
  first: ['SocialSecurityNumber', '1234'],
  second: ['DateOfBirth', '01/15/1980'],
};
export const JOHN: Identity = {
  lastName: 'Smith',
  first: ['SocialSecurityNumber', '5678'],
  second: ['DateOfBirth', '06/30/1975'],
};
export const ACME: Identity = {
  lastName: 'Acme Supply LLC',
  first: ['MRSAccountNumber', 'LU1.30001'],
  second: ['ClientAccountNumber', '4000123456789012'],
};
export const ANNA: Identity = {
  lastName: 'Lee',
  first: ['DateOfBirth', '03/03/1990'],
  second: ['Phone', '555-201-0003'],
};

/** The factor dropdowns' option labels (flows/forms/sign-in.json), by page language. */
export const KIND_LABEL: Record<string, Record<string, string>> = {
  en: {
    SocialSecurityNumber: 'Last 4 of SSN',
    DateOfBirth: 'Date of birth',
    Phone: 'Phone number',
    MRSAccountNumber: 'MRS account number',
    ClientAccountNumber: 'Client account number',
  },
  es: {
    SocialSecurityNumber: 'Últimos 4 dígitos del número de Seguro Social',
    DateOfBirth: 'Fecha de nacimiento',
    Phone: 'Número de teléfono',
    MRSAccountNumber: 'Número de cuenta de MRS',
    ClientAccountNumber: 'Número de cuenta del acreedor',
  },
};

/** Fills the sign-in form (ids are `sign-in_<field>`, the same in both languages). */
/**
 * Waits until the page is the app's: a server-drawn page (/login, /terms, ...) is painted before
 * its scripts are asked for and stays inert (no focus, no clicks) until they have taken it over;
 * a language kept only in localStorage is applied then.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

export async function fillSignIn(page: Page, identity: Identity): Promise<void> {
  await appReady(page);
  const language = (await page.locator('html').getAttribute('lang')) ?? 'en';
  const label = (kind: string) => ({ label: KIND_LABEL[language]![kind]! });
  await page.locator('#sign-in_lastName').fill(identity.lastName);
  const [firstKind, firstValue] = identity.first;
  const option1 = page.locator('#sign-in_option1');
  const option2 = page.locator('#sign-in_option2');
  if (await option1.isEnabled()) {
    // Free the first kind in the second slot before choosing it in the first.
    if (identity.second) await option2.selectOption(label(identity.second[0]));
    await option1.selectOption(label(firstKind));
  }
  await page.locator(`#sign-in_${FIELD_OF_KIND[firstKind]}`).fill(firstValue);
  if (identity.second) {
    const [secondKind, secondValue] = identity.second;
    await option2.selectOption(label(secondKind));
    await page.locator(`#sign-in_${FIELD_OF_KIND[secondKind]}`).fill(secondValue);
  }
}

export async function submitSignIn(page: Page): Promise<void> {
  await page.locator('#sign-in button[type="submit"]').click();
}

export async function signIn(page: Page, identity: Identity): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, identity);
  await submitSignIn(page);
}

/** Switches the page to Spanish with the header's language switcher. */
export async function switchToSpanish(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}
