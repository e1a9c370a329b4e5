/**
 * What the studio's browser specs share: staff made as an agency makes them (`npm run staff:add`
 * in the e2e server's database), a page of its own per member, the sign-in with password and TOTP
 * code, and axe with a photo of a screen at 1280 and 375 px in English and Spanish.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { URI } from 'otpauth';
import { expectNoAxeViolations } from './a11y';
import { expect } from './fixtures';

export const root = path.resolve(import.meta.dirname, '../..');
export const SHOTS = process.env.STUDIO_SHOTS ?? '/tmp/studio-shots';
export const PASSWORD = 'Studio-e2e-Password-1';

export interface Staff {
  email: string;
  name: string;
  code: () => string;
}

/** Makes a staff account as an agency does (`npm run staff:add`), in the e2e server's database. */
export function addStaff(role: string, name: string): Staff {
  const email = `${role}-${Date.now().toString(36)}@agency.test`;
  const output = execFileSync(
    'npx',
    ['tsx', 'scripts/staff-add.ts', '--email', email, '--name', name, '--role', role],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, STAFF_PASSWORD: PASSWORD },
    },
  );
  const uri = /otpauth:\/\/\S+/.exec(output)?.[0];
  if (!uri) throw new Error(`staff:add printed no otpauth URI:\n${output}`);
  const totp = URI.parse(uri);
  return { email, name, code: () => totp.generate() };
}

/** A page of its own (cookies, language) with its own client address, as the fixture gives. */
export async function staffPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const octet = () => Math.floor(Math.random() * 254) + 1;
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${octet()}.${octet()}.${octet()}` });
  return page;
}

export const heading = (page: Page, name: string | RegExp) =>
  page.getByRole('heading', { level: 1, name });

export async function signIn(page: Page, staff: Staff): Promise<void> {
  await page.goto('/studio');
  await expect(page).toHaveURL(/\/studio\/sign-in$/);
  await expect(heading(page, 'Sign in to the content studio')).toBeVisible();
  await page.locator('#studio-sign-in_email').fill(staff.email);
  await page.locator('#studio-sign-in_password').fill(PASSWORD);
  await page.locator('#studio-sign-in_code').fill(staff.code());
  await page.locator('#studio-sign-in').getByRole('button', { name: 'Sign in' }).click();
  await expect(heading(page, 'Drafts and versions')).toBeVisible();
}

export async function setLanguage(page: Page, language: 'en' | 'es'): Promise<void> {
  if ((await page.locator('html').getAttribute('lang')) === language) return;
  await page.getByTestId('language-switcher').click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** axe on the screen at 1280 and 375 px, in English and Spanish; a photo of each. */
export async function checkEveryWay(
  page: Page,
  screen: string,
  /** Also: the page does not scroll sideways at either width. */
  options: { noSidewaysScroll?: boolean } = {},
): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const language of ['en', 'es'] as const) {
    await setLanguage(page, language);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
      if (options.noSidewaysScroll)
        expect(
          await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
          `${screen} scrolls sideways at ${width} px (${language})`,
        ).toBe(0);
      await page.screenshot({
        path: path.join(SHOTS, `${screen}-${language}-${width}.png`),
        fullPage: true,
      });
    }
  }
  await setLanguage(page, 'en');
  await page.setViewportSize({ width: 1280, height: 900 });
}

const LOCK = path.join(process.env.E2E_DATA_DIR ?? '/tmp', 'studio-content.lock');

/**
 * One spec at a time publishes content: the e2e server is shared by two workers, and a spec that
 * publishes and rolls back (studio.spec.ts, studio-journeys.spec.ts) must not see another's
 * versions come between its own. A directory made atomically is the lock; a lock older than
 * `staleMs` (a spec that died holding it) is taken over.
 */
export async function lockContent(staleMs = 5 * 60_000): Promise<() => void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch {
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > staleMs) rmSync(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * The stored words of a studio text box (issue 44, item 3): the box shows each placeholder as a
 * token, and keeps the text as saved, `{{name}}` and all, as its `data-value`.
 */
export async function storedText(box: Locator): Promise<string> {
  return (await box.getAttribute('data-value')) ?? '';
}

/** A file path (`forms/add-phone.json`) or a JSON key written in camelCase (`minSinglePayment`). */
export const JSON_PATH = /[\w-]+\.json\b/;
const CAMEL_KEY = /\b[a-z]+[A-Z][A-Za-z0-9]*\b/;

/**
 * The page's visible text, without the elements `known` selects: the parts of a screen that still
 * speak the repository's language, named where they are passed (issue 44 is open for them).
 */
async function visibleText(page: Page, known?: string): Promise<string> {
  const text = await page.evaluate((selector) => {
    // A button that inserts a value, and the value's token inside the words, show the value's
    // own name, as the text writes it (`phone`).
    const inserts = [
      ...[...document.querySelectorAll<HTMLElement>('button[data-token]')].filter(
        (element) => element.innerText.trim() === element.dataset.token,
      ),
      ...[...document.querySelectorAll<HTMLElement>('[data-chip]')].filter(
        (element) => element.innerText.trim() === element.dataset.chip,
      ),
    ];
    const hidden = [
      ...(selector ? [...document.querySelectorAll<HTMLElement>(selector)] : []),
      ...inserts,
    ];
    const before = hidden.map((element) => element.style.display);
    hidden.forEach((element) => (element.style.display = 'none'));
    const text = document.body.innerText;
    hidden.forEach((element, i) => (element.style.display = before[i] ?? ''));
    // A placeholder's token names it (`accountNumber: the account's number, e.g. …`): like
    // `{{accountNumber}}` in the text, that is the placeholder itself, not a key shown by mistake.
    const tokens = [...document.querySelectorAll<HTMLElement>('[data-token]')].map(
      (element) => element.dataset.token ?? '',
    );
    return { text, tokens };
  }, known ?? '');
  return text.tokens.reduce(
    (words, token) => (token ? words.split(`${token}:`).join(':') : words),
    text.text,
  );
}

/** Fails when the screen's visible text, in either language, names a file or a key. */
export async function speaksToPeople(page: Page, screen: string, known?: string): Promise<void> {
  for (const language of ['en', 'es'] as const) {
    await setLanguage(page, language);
    // The screen's reads are made again in the new language: wait for them to settle.
    await page.waitForLoadState('networkidle');
    // A text's {{placeholders}} are its own words (they show as tokens beside the box).
    // A message's plain-text part shows its links as the debtor gets them (a query's
    // `accountNumber=` is the link's, not a key shown to staff).
    const text = (await visibleText(page, known))
      .replace(/\{\{[^}]*\}\}/g, '')
      .replace(/\bhttps?:\/\/\S+/g, '');
    expect
      .soft(text.match(JSON_PATH)?.[0], `${screen} (${language}) shows a file path`)
      .toBeUndefined();
    expect.soft(text.match(CAMEL_KEY)?.[0], `${screen} (${language}) shows a key`).toBeUndefined();
  }
  await setLanguage(page, 'en');
}
