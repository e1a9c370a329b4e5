/**
 * Messages in My documents and in the studio (issue 43, items 1 and 4; issue 44, item 4), in a
 * real browser against the real server:
 * - a debtor (Grace, whom no other spec writes to) finds the receipts sent to her in My documents,
 *   in English and in Spanish, at 1280 and 375 px, opens one and sees it as it was sent (the
 *   e-mail's HTML in a sandboxed frame, its plain text with the collector disclosure); axe finds
 *   nothing and nothing scrolls sideways. Her messages are recorded as the outbox records a sent
 *   one, rendered by the server's own renderer from flows/ (no SMTP server is needed to read them);
 * - an editor opens a receipt's preview from the draft editor and sees the e-mail at desktop and
 *   phone widths and the text message with its segments, in English and in Spanish;
 * - photographs of the receipt e-mail (1280 and 375 px, en and es) and of the preview, into
 *   MESSAGE_SHOTS (default /tmp/msgstudio-shots).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadFlows } from '../../src/server/config';
import { renderMessage } from '../../src/server/messages/render';
import { sampleValues } from '../../src/server/messages/samples';
import { expectNoAxeViolations } from './a11y';
import {
  GRACE,
  LANGS,
  VIEWPORTS,
  horizontalOverflow,
  signInAs,
  tr,
  useLanguage,
} from './accounts-fixtures';
import { expect, test } from './fixtures';
import {
  forgetMessages,
  messageOwner,
  publishedVersion,
  recordSentMessages,
  type SentMessage,
} from './message-rows';
import { addStaff, heading, setLanguage, signIn } from './studio-helpers';

const SHOTS = process.env.MESSAGE_SHOTS ?? '/tmp/msgstudio-shots';
const root = path.resolve(import.meta.dirname, '../..');
const KIND = 'payment-receipt';
const ids = { en: `msg_${'e2e0'.repeat(5)}0000`, es: `msg_${'e2e5'.repeat(5)}0000` };
const rendered: Record<'en' | 'es', { subject: string; html: string; text: string }> = {
  en: { subject: '', html: '', text: '' },
  es: { subject: '', html: '', text: '' },
};

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const config = loadFlows(path.join(root, 'flows'));
  const grace = messageOwner();
  const messages: SentMessage[] = [];
  for (const language of LANGS) {
    const message = await renderMessage(config, {
      kind: KIND,
      language,
      client: grace.client ?? 'default',
      values: {
        ...sampleValues(config, language),
        firstName: 'Grace',
        accountNumber: grace.account,
      },
      links: {
        portal: 'http://127.0.0.1',
        unsubscribe: `http://127.0.0.1/unsubscribe?token=${ids[language]}.sample`,
      },
    });
    rendered[language] = { subject: message.subject, html: message.html, text: message.text };
    messages.push({
      id: ids[language],
      kind: KIND,
      language,
      templateVersion: String(publishedVersion()),
      subject: message.subject,
      html: message.html,
      text: message.text,
      sms: message.sms,
    });
  }
  recordSentMessages(messages);
});

test.afterAll(() => forgetMessages([ids.en, ids.es]));

test('the receipt e-mail at 1280 and 375 px, in English and Spanish (photographs)', async ({
  page,
}) => {
  for (const language of LANGS) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.setContent(rendered[language].html);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('h1')).toHaveText(
        tr(language, 'Thank you for your payment', 'Gracias por su pago'),
      );
      // The day written out in the message's language (the glossary's typed sample).
      await expect(page.locator('body')).toContainText(
        tr(language, 'on March 11, 2026', 'el 11 de marzo de 2026'),
      );
      expect(await horizontalOverflow(page)).toBe(0);
      await page.screenshot({
        path: path.join(SHOTS, `receipt-email-${language}-${width}.png`),
        fullPage: true,
      });
    }
  }
});

for (const lang of LANGS) {
  for (const { name, viewport } of VIEWPORTS) {
    test(`My documents lists the messages sent and opens one as sent (${lang}, ${name})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      await signInAs(page, GRACE);
      await page.goto('/documents');
      const section = page.getByRole('region', {
        name: tr(
          lang,
          'Messages sent to you, newest first',
          'Mensajes que le enviamos, los más recientes primero',
        ),
      });
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: tr(lang, 'Messages sent to you', 'Mensajes que le enviamos'),
        }),
      ).toBeVisible();
      const row = section.getByRole('row').filter({ hasText: rendered[lang].subject });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(tr(lang, 'Payment receipt', 'Recibo de pago'));
      await expect(row).toContainText(tr(lang, 'E-mail', 'Correo'));
      await expectNoAxeViolations(page);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.screenshot({
        path: path.join(SHOTS, `documents-messages-${lang}-${viewport.width}.png`),
        fullPage: true,
      });

      await row.getByTestId('message-open').click();
      await expect(page).toHaveURL(new RegExp(`/documents/messages/${ids[lang]}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(rendered[lang].subject);
      const asSent = page.getByTestId('message-as-sent');
      await expect(asSent).toHaveAttribute('lang', lang);
      // The HTML as sent, in a frame that runs nothing.
      const frame = page.getByTestId('message-html');
      await expect(frame).toHaveAttribute('sandbox', '');
      await expect(page.frameLocator('[data-testid="message-html"]').locator('h1')).toHaveText(
        tr(lang, 'Thank you for your payment', 'Gracias por su pago'),
      );
      const text = page.getByTestId('message-text');
      await expect(text).toContainText(tr(lang, 'debt collector', 'cobrador de deudas'));
      expect((await text.textContent())?.trim()).toBe(rendered[lang].text.trim());
      await expectNoAxeViolations(page);
      expect(await horizontalOverflow(page)).toBe(0);
      await page.screenshot({
        path: path.join(SHOTS, `documents-message-${lang}-${viewport.width}.png`),
        fullPage: true,
      });
    });
  }
}

test('an editor previews a receipt from the draft editor: e-mail at desktop and phone widths, and the text with its segments, in English and Spanish', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const editor = addStaff('editor', 'Pia Preview');
  await signIn(page, editor);
  await page.locator('#studio-new-draft_title').fill('Receipt preview');
  await page.locator('#studio-new-draft').getByRole('button', { name: 'New draft' }).click();
  await expect(heading(page, 'Receipt preview')).toBeVisible();
  await page.locator('#studio-file').selectOption(`messages/${KIND}.json`);
  await page.getByTestId('studio-message-preview-link').click();
  await expect(page).toHaveURL(/\/studio\/messages\/preview\?kind=payment-receipt&draft=\d+/);
  await expect(heading(page, /Message preview: Payment receipt/)).toBeVisible();
  await expect(page.getByTestId('studio-message-preview-source')).toContainText('Receipt preview');

  for (const language of LANGS) {
    await page.getByTestId(`studio-message-preview-${language}`).click();
    const email = page.getByTestId('studio-message-preview-email');
    await expect(email.getByTestId('studio-message-preview-email-subject')).toContainText(
      tr(language, 'Receipt for your payment of', 'Recibo de su pago de'),
    );
    const frame = email.getByTestId('studio-message-preview-email-frame');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(frame).toHaveAttribute('data-width', 'desktop');
    await expect(frame).toHaveJSProperty('offsetWidth', 680);
    await expect(
      page.frameLocator('[data-testid="studio-message-preview-email-frame"]').locator('h1'),
    ).toHaveText(tr(language, 'Thank you for your payment', 'Gracias por su pago'));
    await expect(email.getByTestId('studio-message-preview-email-text')).toContainText(
      tr(language, 'debt collector', 'cobrador de deudas'),
    );
    const sms = page.getByTestId('studio-message-preview-sms');
    await expect(sms.getByTestId('studio-message-preview-sms-count')).toHaveText(
      language === 'en' ? /in GSM-7: 1 segment/ : /in UCS-2: [2-9] segment/,
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({
      path: path.join(SHOTS, `studio-preview-${language}-1280-desktop.png`),
      fullPage: true,
    });
    await email.getByRole('tab', { name: /Phone/ }).click();
    await expect(frame).toHaveAttribute('data-width', 'phone');
    await expect(frame).toHaveJSProperty('offsetWidth', 375);
    await page.screenshot({
      path: path.join(SHOTS, `studio-preview-${language}-1280-phone.png`),
      fullPage: true,
    });
    await email.getByRole('tab', { name: /Desktop/ }).click();
  }
  await expectNoAxeViolations(page);
  // The studio's own words in Spanish, at a phone's width.
  await setLanguage(page, 'es');
  await page.setViewportSize({ width: 375, height: 900 });
  await expect(heading(page, /Vista previa del mensaje: Recibo de pago/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: path.join(SHOTS, 'studio-preview-es-375.png'), fullPage: true });
});
