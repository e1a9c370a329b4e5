import type { Page } from '@playwright/test';
import { expect, signIn, type Identity } from './fixtures';

/** Demo identities of demo/README.md beyond those in fixtures.ts. */
export const CARLOS: Identity = {
  lastName: 'Rivera',
  first: ['SocialSecurityNumber', '2468'],
  second: ['DateOfBirth', '09/12/1985'],
};
export const GRACE: Identity = {
  lastName: 'Kim',
  first: ['SocialSecurityNumber', '1357'],
  second: ['DateOfBirth', '11/20/1992'],
};
export const ROBERT: Identity = {
  lastName: 'Chen',
  first: ['SocialSecurityNumber', '9753'],
  second: ['DateOfBirth', '04/04/1968'],
};
/** Two plans: LU1.90001's next payments have no payment method, LU1.90002's all have one. */
export const SAM: Identity = {
  lastName: 'Patel',
  first: ['SocialSecurityNumber', '3690'],
  second: ['DateOfBirth', '05/22/1983'],
};
export const LAURA: Identity = {
  lastName: 'Martinez',
  first: ['SocialSecurityNumber', '8642'],
  second: ['DateOfBirth', '02/14/1988'],
};

export type Lang = 'en' | 'es';
export const LANGS: Lang[] = ['en', 'es'];

/** Desktop and a 375 px phone: every screen is checked at both. */
export const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

/** Opens every page of the test in this language (the stored choice the app reads at start). */
export async function useLanguage(page: Page, lang: Lang): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('portalLanguage', value), lang);
}

/** The page does not scroll sideways (tables scroll inside their own region). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Pick the text of the page language. */
export const tr = (lang: Lang, en: string, es: string): string => (lang === 'en' ? en : es);

/** Signs in through the form and waits until the signed-in page has opened. */
export async function signInAs(page: Page, identity: Identity): Promise<void> {
  await signIn(page, identity);
  await expect(page).toHaveURL(/\/(dashboard|accounts\/[^/]+)$/);
}
