/**
 * Issue 43's first "Done when", with a real SMTP server started here (smtp-server, every message
 * parsed with mailparser): a payment made in the browser, in Spanish, by a debtor who gave an
 * address with the portal's statement, produces one receipt e-mail in Spanish, with the collector
 * disclosure, the opt-out link and the RFC 8058 headers; the one-click POST opts the address out
 * (the preferences page shows e-mail off) and the next payment's receipt is not sent. The server's
 * SMTP_URL and PORTAL_URL come from playwright.config.ts; its messages are read from its SQLite
 * database (E2E_DATA_DIR) to know the second receipt was decided, not merely late.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { startSmtpReceiver, type SmtpReceiver } from '../smtp-receiver';
import { useLanguage } from './accounts-fixtures';
import { expect, test } from './fixtures';
import {
  acceptDisclosures,
  chooseMethod,
  confirm,
  continueFrom,
  signInSlot,
  startFromAccount,
} from './payment-helpers';

/** The port playwright.config.ts gives the web server's SMTP_URL. */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1000);

let smtp: SmtpReceiver;
test.beforeAll(async () => {
  smtp = await startSmtpReceiver({ port: smtpPort });
});
test.afterAll(async () => {
  await smtp?.close();
});

/** The server's record of the messages made by the events of a payment. */
function messagesOfPayment(code: string): { status: string; skip_reason: string | null }[] {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'portal.db'), {
    readonly: true,
  });
  try {
    return db
      .prepare(
        `select m.status, m.skip_reason from messages m join events e on e.id = m.source
         where e.data like ? and m.kind = 'payment-receipt' and m.channel = 'email'`,
      )
      .all(`%${code}%`) as { status: string; skip_reason: string | null }[];
  } finally {
    db.close();
  }
}

/** A message's language, changed in the server's database (the opt-out page's language is it). */
function setMessageLanguage(id: string, language: 'en' | 'es'): void {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'portal.db'));
  try {
    db.prepare('update messages set language = ? where id = ?').run(language, id);
  } finally {
    db.close();
  }
}

/**
 * The opt-out page (no script): axe finds nothing, the button is at least 24 px each way, the text
 * stays within a readable width; screenshots at 1280 and 375 px.
 */
async function checkOptOutPage(page: Page, language: 'en' | 'es') {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .setLegacyMode()
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    const button = await page.getByRole('button').boundingBox();
    expect(button?.height).toBeGreaterThanOrEqual(24);
    expect(button?.width).toBeGreaterThanOrEqual(24);
    const main = await page.getByRole('main').boundingBox();
    expect(main?.width).toBeLessThanOrEqual(Math.min(width, 36 * 16 + 2));
    await page.screenshot({ path: `test-results/messages/unsubscribe-${language}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function pay(page: Page, account: string, amount: string) {
  await startFromAccount(page, account, 'one-time');
  await page.locator('#payment-arrangement_amount').fill(amount);
  await continueFrom(page, 'arrangement', 'contact-details');
  await continueFrom(page, 'contact-details', 'funding');
  await chooseMethod(page, 'Visa ****1111');
  await continueFrom(page, 'funding', 'disclosure');
  await acceptDisclosures(page);
  return confirm(page);
}

test('a payment sends one receipt e-mail in Spanish; one click opts out; the next is not sent', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(4 * 60_000);
  const address = `pat.${Date.now()}@example.com`;
  await useLanguage(page, 'es');
  const slot = await signInSlot(page, 'messages-email');
  const account = slot.accounts.open!;

  // The address, given with the portal's statement that it will be used about the debt.
  await page.goto('/contact-information');
  const emails = page.locator('#communication-preferences_emails');
  await expect(page.getByText('Usaremos esta dirección de correo electrónico')).toBeVisible();
  await emails.check();
  await page.locator('#communication-preferences_emailAddress').fill(address);
  await page.locator('#communication-preferences button[type="submit"]').click();
  await expect(
    page.locator('.fui-Toast').filter({ hasText: 'Se actualizaron sus preferencias' }),
  ).toBeVisible();

  const code = await pay(page, account, '75');
  await expect
    .poll(() => smtp.mails.filter((m) => m.to.includes(address)).length, { timeout: 60_000 })
    .toBe(1);
  // A moment more: one receipt, not two.
  await page.waitForTimeout(3000);
  const mails = smtp.mails.filter((m) => m.to.includes(address));
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  expect(mail.parsed.subject).toBe('Recibo de su pago de $75.00');
  expect(mail.parsed.text).toContain(code);
  expect(mail.parsed.text).toContain('cobrador de deudas');
  expect(mail.parsed.html).toContain('cobrador de deudas');
  expect(mail.parsed.text).toContain(`${baseURL}/login?accountNumber=${account}`);
  expect(mail.messageId).toMatch(/^<msg_[0-9a-f]{24}@agency\.example>$/);
  expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const unsubscribe = /^<(.+)>$/.exec(mail.header('List-Unsubscribe'))?.[1] ?? '';
  expect(unsubscribe.startsWith(`${baseURL}/unsubscribe?token=`)).toBe(true);
  // The opt-out link in the body is the same address.
  expect(mail.parsed.html).toContain(unsubscribe.replace(/&/g, '&amp;'));

  // The GET shows the confirmation page in Spanish (and changes nothing).
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Dejar de recibir correos electrónicos en esta dirección',
  );
  await expect(page.getByRole('button', { name: 'Dejar de recibir correos' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await checkOptOutPage(page, 'es');
  // The same page for a message sent in English (the page's language is the message's).
  const messageId = /^<(msg_[0-9a-f]{24})@/.exec(mail.messageId)?.[1] ?? '';
  setMessageLanguage(messageId, 'en');
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop e-mails to this address');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await checkOptOutPage(page, 'en');
  setMessageLanguage(messageId, 'es');

  // The mail client's one-click POST (RFC 8058): 2xx, no page.
  const post = await page.request.post(unsubscribe, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(post.status()).toBe(200);
  expect(await post.text()).toBe('');

  // The preferences page shows e-mail off.
  await page.goto('/contact-information');
  await expect(emails).toBeVisible();
  await expect(emails).not.toBeChecked();

  // The next payment's receipt is decided (opted out) and not sent.
  // (On a second account: the first has its payment pending, and offers no one-time payment.)
  const second = await pay(page, slot.accounts.pco!, '50');
  await expect
    .poll(() => messagesOfPayment(second), { timeout: 60_000 })
    .toEqual([{ status: 'skipped', skip_reason: 'optedOut' }]);
  expect(messagesOfPayment(code)).toEqual([{ status: 'sent', skip_reason: null }]);
  expect(smtp.mails.filter((m) => m.to.includes(address))).toHaveLength(1);
});
