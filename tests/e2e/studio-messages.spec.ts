/**
 * The studio's message list, evidence and counts (issue 43, item 4) in a real browser against the
 * real server: an approver lists one account's messages and finds a message taken over from a
 * lapsed lease marked "in doubt" (recorded here as the outbox records one), opens its evidence,
 * then the counts; axe finds nothing on each screen at 1280 and 375 px in English and Spanish, and
 * each is photographed into STUDIO_SHOTS (default /tmp/studio-shots); no screen shows a file path or
 * a key.
 */
import { expect, test } from './fixtures';
import { forgetMessages, recordSentMessages } from './message-rows';
import {
  addStaff,
  checkEveryWay,
  heading,
  setLanguage,
  signIn,
  speaksToPeople,
  staffPage,
} from './studio-helpers';

const ID = `msg_${'e2e0'.repeat(6)}`;
let account = '';

test.beforeAll(() => {
  account = recordSentMessages([
    {
      id: ID,
      subject: 'Receipt for your payment of $60.00',
      html: '<p>x</p>',
      text: 'x',
      sms: 'x',
      inDoubt: true,
    },
  ]).account;
});

test.afterAll(() => forgetMessages([ID]));

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
  // Named for people: no file path or key in its words, in either language.
  await speaksToPeople(page, 'messages list');
  await setLanguage(page, 'es');
  await expect(row.first()).toContainText('Enviado y aceptado, en duda');
  await setLanguage(page, 'en');

  await page.goto(`/studio/messages/${ID}`);
  await expect(page.getByText('In doubt since')).toBeVisible();
  await checkEveryWay(page, 'studio-messages-evidence', { noSidewaysScroll: true });
  // Named for people: no file path or key in its words, in either language.
  await speaksToPeople(page, 'messages evidence');
  await setLanguage(page, 'es');
  await expect(page.getByText('En duda desde')).toBeVisible();
  await setLanguage(page, 'en');

  await page.goto('/studio/messages/counts');
  await expect(heading(page, 'Message counts')).toBeVisible();
  await checkEveryWay(page, 'studio-messages-counts', { noSidewaysScroll: true });
  // Named for people: no file path or key in its words, in either language.
  await speaksToPeople(page, 'messages counts');
  await setLanguage(page, 'es');
  await expect(heading(page, 'Cifras de mensajes')).toBeVisible();
  // The days of the range written out in the page's language, as everywhere in the portal.
  await expect(
    page.getByText(/^Del \d{1,2} de [a-z]+ de \d{4} al \d{1,2} de [a-z]+ de \d{4}$/),
  ).toBeVisible();
  await page.context().close();
});
