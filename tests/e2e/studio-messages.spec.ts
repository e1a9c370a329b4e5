/**
 * The studio's message list, evidence and counts (issue 43, item 4) in a real browser against the
 * real server: an approver lists one account's messages and finds a message taken over from a
 * lapsed lease marked "in doubt" (recorded here as the outbox records one), opens its evidence,
 * then the counts; axe finds nothing on each screen at 1280 and 375 px in English and Spanish, and
 * each is photographed into STUDIO_SHOTS (default /tmp/studio-shots).
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from './fixtures';
import { addStaff, checkEveryWay, heading, setLanguage, signIn, staffPage } from './studio-helpers';

const ID = `msg_${'e2e0'.repeat(6)}`;
const dbPath = () => path.join(process.env.E2E_DATA_DIR ?? '', 'portal.db');
let account = '';

test.beforeAll(() => {
  const db = new Database(dbPath());
  try {
    const row = db
      .prepare(
        `select d.id as debtorId, a.account_number as account, a.client_id as client
         from debtors d join accounts a on a.debtor_id = d.id
         where d.last_name = 'Kim' order by a.account_number limit 1`,
      )
      .get() as { debtorId: number; account: string; client: string | null };
    account = row.account;
    const stamp = new Date().toISOString();
    db.prepare('delete from messages where id = ?').run(ID);
    db.prepare(
      `insert into messages (id, kind, source, event_cursor, channel, debtor_id, account_number,
         client_id, address, masked_address, language, template_version, subject, html, text,
         sms, status, skip_reason, due_at, attempt_count, next_attempt_at, give_up_at,
         lease_owner, lease_until, provider_id, error, sent_at, created_at, updated_at, in_doubt_at)
       values (?, 'payment-receipt', ?, null, 'email', ?, ?, ?, 'grace.kim@example.com',
         'g•••@example.com', 'en', '1', 'Receipt for your payment of $60.00', '<p>x</p>', 'x', 'x',
         'sent', null, ?, 2, null, ?, null, null, null, null, ?, ?, ?, ?)`,
    ).run(
      ID,
      `e2e-${ID}`,
      row.debtorId,
      row.account,
      row.client,
      stamp,
      stamp,
      stamp,
      stamp,
      stamp,
      stamp,
    );
  } finally {
    db.close();
  }
});

test.afterAll(() => {
  const db = new Database(dbPath());
  try {
    db.prepare('delete from messages where id = ?').run(ID);
  } finally {
    db.close();
  }
});

test("an approver lists an account's messages (one in doubt), opens its evidence and the counts, in English and Spanish", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const approver = addStaff('approver', 'Mia Messages');
  const page = await staffPage(browser);
  await signIn(page, approver);

  await page.goto(`/studio/messages?account=${account}`);
  await expect(heading(page, 'Messages to debtors')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Receipt for your payment of $60.00' });
  await expect(row.first()).toContainText('Sent and accepted, in doubt');
  await checkEveryWay(page, 'studio-messages-list', { noSidewaysScroll: true });
  await setLanguage(page, 'es');
  await expect(row.first()).toContainText('Enviado y aceptado, en duda');
  await setLanguage(page, 'en');

  await page.goto(`/studio/messages/${ID}`);
  await expect(page.getByText('In doubt since')).toBeVisible();
  await checkEveryWay(page, 'studio-messages-evidence', { noSidewaysScroll: true });
  await setLanguage(page, 'es');
  await expect(page.getByText('En duda desde')).toBeVisible();
  await setLanguage(page, 'en');

  await page.goto('/studio/messages/counts');
  await expect(heading(page, 'Message counts')).toBeVisible();
  await checkEveryWay(page, 'studio-messages-counts', { noSidewaysScroll: true });
  await setLanguage(page, 'es');
  await expect(heading(page, 'Cifras de mensajes')).toBeVisible();
  // The days of the range written out in the page's language, as everywhere in the portal.
  await expect(
    page.getByText(/^Del \d{1,2} de [a-z]+ de \d{4} al \d{1,2} de [a-z]+ de \d{4}$/),
  ).toBeVisible();
  await page.context().close();
});
