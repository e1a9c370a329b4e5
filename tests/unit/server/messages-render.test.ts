// @vitest-environment jsdom
/**
 * The message renderer (src/server/messages) on the shipped flows/: every kind in English and
 * Spanish with the glossary's samples, the receipt's HTML read back as a document (lang, title,
 * h1, the disclosure, the unsubscribe link, the sign-in link, no session link), its plain-text
 * part, its text message and segment count, escaping, a client's override, and strictness.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFlowsTree, treeToConfig } from '@/server/content/tree';
import { MessageRenderError, messageKinds, renderMessage } from '@/server/messages/render';
import { sampleValues } from '@/server/messages/samples';
import type { RenderInput } from '@/server/messages/types';

const root = path.resolve(import.meta.dirname, '../../..');
const config = treeToConfig(readFlowsTree(path.join(root, 'flows')));
const samples = sampleValues(config);
const links = {
  portal: 'https://pay.example.com',
  unsubscribe: 'https://pay.example.com/unsubscribe/t0k3n',
};
const SIGN_IN = 'https://pay.example.com/login?accountNumber=LU1.10001';
const input = (over: Partial<RenderInput> = {}): RenderInput => ({
  kind: 'payment-receipt',
  language: 'en',
  client: 'NWB',
  values: samples,
  links,
  ...over,
});

const KINDS = [
  'bankruptcy-received',
  'dispute-received',
  'document-added',
  'letter-offer-expiring',
  'payment-day-changed',
  'payment-declined',
  'payment-receipt',
  'plan-cancelled',
  'plan-changed',
  'plan-created',
  'plan-payment-reminder',
];

const documentOf = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const textOf = (html: string) => (documentOf(html).body.textContent ?? '').replace(/\s+/g, ' ');
const elements = (html: string, selector: string) => [
  ...documentOf(html).querySelectorAll(selector),
];

describe('messages: rendering every kind', () => {
  it('knows the eleven kinds of flows/messages', () => {
    expect(messageKinds(config)).toEqual(KINDS);
  });

  for (const kind of KINDS)
    for (const language of ['en', 'es'] as const)
      it(`renders ${kind} in ${language} with the disclosure, the opt-out and a sign-in link`, async () => {
        const m = await renderMessage(config, input({ kind, language }));
        const collector = language === 'en' ? 'debt collector' : 'cobrador de deudas';
        expect(m.subject).not.toMatch(/\{\{|\}\}/);
        for (const part of [textOf(m.html), m.text, m.sms]) {
          expect(part).toContain(collector);
          expect(part).not.toMatch(/\{\{|\}\}|undefined/);
        }
        expect(m.sms).toContain('STOP');
        expect(m.text).toContain(links.unsubscribe);
        const anchors = elements(m.html, 'a[href]').map((a) => a.getAttribute('href'));
        expect(anchors).toContain(links.unsubscribe);
        expect(anchors).toContain(SIGN_IN);
        // Every address a message holds is the sign-in or the opt-out: never a session's.
        for (const href of anchors) expect([SIGN_IN, links.unsubscribe]).toContain(href);
        expect(m.smsSegments.segments).toBeGreaterThan(0);
      });
});

describe('messages: the payment receipt', () => {
  it('is an HTML document in the language, titled, with one h1 and no image', async () => {
    for (const language of ['en', 'es'] as const) {
      const m = await renderMessage(config, input({ language }));
      const doc = documentOf(m.html);
      expect(doc.documentElement.lang).toBe(language);
      expect(doc.documentElement.dir).toBe('ltr');
      expect(doc.title).toBe(m.subject);
      const h1 = doc.querySelectorAll('h1');
      expect(h1).toHaveLength(1);
      expect(h1[0]?.textContent).toBe(
        language === 'en' ? 'Thank you for your payment' : 'Gracias por su pago',
      );
      expect(doc.querySelectorAll('img')).toHaveLength(0);
      expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull();
      const article = doc.querySelector('[role="main"]');
      expect(article?.getAttribute('aria-label')).toBe(m.subject);
      expect(article?.querySelector('h1')).not.toBeNull();
    }
  });

  it('has its plain-text part, text message and segments, exactly', async () => {
    const en = await renderMessage(config, input());
    expect(en.subject).toBe('Receipt for your payment of $60.00');
    expect(en.text).toBe(
      [
        'Thank you for your payment',
        'Hello Maria, we received your payment of $60.00 from Visa ****1111 on March 11, 2026 for account LU1.10001 with Northwind Bank.',
        'Your confirmation code is WPK7M3QX9T. Your receipt is in My documents.',
        `See your account: ${SIGN_IN}`,
        'This message is from MRS, a debt collector. This is an attempt to collect a debt, and any information obtained will be used for that purpose.',
        `You receive this e-mail because you gave us this address for messages about your account. To stop e-mails to this address, unsubscribe here (${links.unsubscribe}).`,
        'Questions? Call us at 800-555-0100.\nMRS\nPO Box 1000\nCherry Hill, NJ 08034\n',
      ].join('\n\n'),
    );
    expect(en.sms).toBe(
      'MRS, a debt collector: We received your payment of $60.00 on March 11, 2026. Confirmation code WPK7M3QX9T. Reply STOP to opt out.',
    );
    expect(en.smsSegments).toEqual({ encoding: 'GSM-7', units: 129, segments: 1 });
    const es = await renderMessage(config, input({ language: 'es' }));
    expect(es.subject).toBe('Recibo de su pago de $60.00');
    expect(es.sms).toBe(
      'MRS, cobrador de deudas: Recibimos su pago de $60.00 el March 11, 2026. Código de confirmación WPK7M3QX9T. Responda STOP para dejar de recibir estos mensajes.',
    );
    // "Código" and "confirmación" are not GSM-7: the whole text goes as UCS-2, in 3 parts of 67.
    expect(es.smsSegments).toEqual({ encoding: 'UCS-2', units: 158, segments: 3 });
  });

  it('escapes every value in the HTML and keeps it as written in the plain parts', async () => {
    const m = await renderMessage(
      config,
      input({ values: { ...samples, firstName: '<b>Ana</b> & "Bo"' } }),
    );
    expect(m.html).not.toContain('<b>Ana</b>');
    expect(m.html).toContain('&lt;b&gt;Ana&lt;/b&gt; &amp; &quot;Bo&quot;');
    expect(elements(m.html, 'b')).toHaveLength(0);
    expect(m.text).toContain('Hello <b>Ana</b> & "Bo", we received');
  });

  it('takes the agency and the phone from the content, never from the values', async () => {
    const m = await renderMessage(
      config,
      input({ client: 'ADW', values: { ...samples, agency: 'Evil Co', supportPhone: '900-1' } }),
    );
    expect(m.text).toContain('This message is from MRS, a debt collector.');
    expect(m.text).toContain('Call us at 800-555-0177.'); // flows/clients/ADW.json
    expect(m.text).not.toMatch(/Evil Co|900-1/);
  });
});

describe('messages: per client and strict', () => {
  it("uses a client's own days before a plan payment", async () => {
    const kind = { kind: 'plan-payment-reminder' };
    expect((await renderMessage(config, input({ ...kind, client: 'ADW' }))).daysBefore).toBe(5);
    expect((await renderMessage(config, input({ ...kind, client: 'NWB' }))).daysBefore).toBe(3);
    expect((await renderMessage(config, input())).daysBefore).toBeNull();
  });

  it("says the kind's words for a value the data lacks (a plan payment with no method), else the value", async () => {
    const { method: _none, ...without } = samples;
    const kind = 'plan-payment-reminder';
    const en = await renderMessage(config, input({ kind, values: without }));
    expect(en.text).toContain('will be taken from the payment method you choose on');
    const es = await renderMessage(config, input({ kind, language: 'es', values: without }));
    expect(es.text).toContain('se cobrará con el método de pago que usted elija el');
    const withMethod = await renderMessage(config, input({ kind, values: samples }));
    expect(withMethod.text).toContain(`will be taken from ${samples.method} on`);
    // A kind without such words still refuses the message (the receipt names the method it was paid with).
    const receipt = await renderMessage(config, input({ values: without })).catch(
      (e: unknown) => e,
    );
    expect((receipt as Error).message).toBe('valueMissing: method');
  });

  it('refuses a missing value, an unknown kind, the common file and bad links', async () => {
    const { confirmation: _left, ...without } = samples;
    const cases: [RenderInput, string][] = [
      [input({ values: without }), 'valueMissing: confirmation'],
      [input({ values: { ...samples, accountNumber: '' } }), 'valueMissing: accountNumber'],
      [input({ kind: 'nope' }), 'unknownKind: nope'],
      [input({ kind: 'common' }), 'notAMessage: common'],
      [input({ kind: '__proto__' }), 'unknownKind: __proto__'],
      [input({ links: { ...links, unsubscribe: 'javascript:alert(1)' } }), 'badLink: unsubscribe'],
      [input({ links: { ...links, portal: '/relative' } }), 'badLink: portal'],
    ];
    for (const [bad, message] of cases) {
      const error = await renderMessage(config, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MessageRenderError);
      expect((error as Error).message).toBe(message);
    }
    const { common: _common, ...messages } = config.messages ?? {};
    const error = await renderMessage({ ...config, messages }, input()).catch((e: unknown) => e);
    expect((error as Error).message).toBe('commonMissing: flows/messages/common.json');
  });
});
