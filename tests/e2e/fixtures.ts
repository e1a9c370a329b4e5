import { test as base, expect, type Page } from '@playwright/test';
import { SESSION_KEYS } from '../../src/engine/session-storage-keys';

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

/**
 * Waits until the page is the app's: a server-drawn page (/login, /terms, ...) is painted before
 * its scripts are asked for and stays inert (no focus, no clicks) until they have taken it over;
 * a language kept only in localStorage is applied then.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/** Fills the sign-in form (ids are `sign-in_<field>`, the same in both languages). */
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

/** Signs in through the form, as a debtor does: for the tests of sign-in itself. */
export async function signInWithForm(page: Page, identity: Identity): Promise<void> {
  await page.goto('/login');
  await fillSignIn(page, identity);
  await submitSignIn(page);
}

/** The VerifyIdentity request the sign-in form sends for `identity` (its dates as ISO dates). */
function verifyIdentityBody(identity: Identity): Record<string, unknown> {
  const body: Record<string, unknown> = {
    lastName: identity.lastName,
    stateDisclosuresAccepted: true,
    consent: true,
  };
  const factors = identity.second ? [identity.first, identity.second] : [identity.first];
  factors.forEach(([kind, value], i) => {
    body[`option${i + 1}`] = kind;
    const field = FIELD_OF_KIND[kind]!;
    const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
    body[field] =
      kind === 'DateOfBirth' && us
        ? `${us[3]}-${us[1]}-${us[2]}`
        : kind === 'Phone'
          ? value.replace(/\D/g, '')
          : value;
  });
  // As the form sends it (buildVerifyIdentityRequest): a slot left unused is 'LastName'.
  if (!identity.second) body.option2 = 'LastName';
  return body;
}

/**
 * Signs in without drawing the sign-in form (tested on its own in sign-in.spec.ts and the specs
 * that use signInWithForm): the form's VerifyIdentity request, sent from the page's own origin
 * with its session id and time zone, the token pair kept where the app keeps it (sessionStorage,
 * SESSION_KEYS), then the page the form would have opened: the page the debtor was sent away
 * from, the account page of a debtor with one account, or the dashboard. A test then starts on a
 * signed-in page in one page load instead of three (the sign-in page, its scripts, the redirect).
 */
export async function signIn(page: Page, identity: Identity): Promise<void> {
  await page.goto('/api/health');
  const destination = await page.evaluate(
    async ({ body, keys }) => {
      const sessionId = sessionStorage.getItem(keys.sessionId) ?? crypto.randomUUID();
      sessionStorage.setItem(keys.sessionId, sessionId);
      const headers = { 'Content-Type': 'application/json', 'X-Session-Id': sessionId };
      const verified = await fetch('/api/Authorization/VerifyIdentity', {
        method: 'POST',
        headers,
        body: JSON.stringify({
          ...body,
          timeZoneOffset: new Date().getTimezoneOffset(),
          timeZoneLabel: Intl.DateTimeFormat().resolvedOptions().timeZone,
        }),
      });
      if (!verified.ok) throw new Error(`VerifyIdentity answered ${verified.status}`);
      const tokens = (await verified.json()) as { accessToken: string; refreshToken: string };
      const payload = JSON.parse(
        atob(tokens.accessToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
      ) as { iat?: number };
      if (typeof payload.iat === 'number') {
        sessionStorage.setItem(keys.clockOffset, String(Date.now() - payload.iat * 1000));
      }
      sessionStorage.setItem(keys.accessToken, tokens.accessToken);
      sessionStorage.setItem(keys.refreshToken, tokens.refreshToken);
      const back = sessionStorage.getItem(keys.returnPath);
      sessionStorage.removeItem(keys.returnPath);
      if (back && !/^\/(login|logout)\b/.test(back)) return back;
      const overview = await fetch('/api/v2/Account/ListOverview', {
        headers: { ...headers, Authorization: `Bearer ${tokens.accessToken}` },
      });
      const accounts = (await overview.json()) as { accountNumber: string }[];
      return accounts.length === 1
        ? `/accounts/${encodeURIComponent(accounts[0]!.accountNumber)}`
        : '/dashboard';
    },
    { body: verifyIdentityBody(identity), keys: SESSION_KEYS },
  );
  await page.goto(destination);
}

/** Switches the page to Spanish with the header's language switcher. */
export async function switchToSpanish(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
}

/**
 * The page was painted (its first contentful paint) before any of its scripts was asked for: a
 * page drawn on the server starts its JavaScript after that paint (src/server/http/boot-script.ts).
 */
export async function expectScriptsAfterFirstPaint(page: Page): Promise<void> {
  const timing = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    firstScript: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => entry.startTime),
    ),
  }));
  expect(timing.paint).toBeGreaterThan(0);
  expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint);
}

/** The console errors and page errors of `page` from here on, as they come. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Console errors and page errors from here on, and whether the server's h1 was ever taken out of
 * the document (a page drawn again by the browser replaces it; a hydrated page keeps it).
 */
export async function watchHydration(
  page: Page,
): Promise<{ errors: string[]; headingReplaced: () => Promise<boolean> }> {
  const errors = pageErrors(page);
  await page.addInitScript(() => {
    const scope = window as unknown as { headingReplaced: boolean };
    scope.headingReplaced = false;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches('h1') || node.querySelector('h1'))) {
            scope.headingReplaced = true;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    errors,
    headingReplaced: () =>
      page.evaluate(() => (window as unknown as { headingReplaced: boolean }).headingReplaced),
  };
}
