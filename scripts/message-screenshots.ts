/**
 * Screenshots of a message's e-mail (issue 43), as the renderer makes it from flows/: each
 * language at desktop (1280 px) and phone (375 px) width, the whole page, in Debian's Chromium.
 * Values are the glossary's samples (flows/glossary/placeholders.json), with the dates and the
 * Spanish written as a Spanish reader would see them. Also writes each e-mail's HTML, plain-text
 * part and text message (with its segment count) beside the pictures, and runs axe-core (WCAG 2.2
 * AA and best practices) on each: exits 1 on any violation.
 *
 * Usage: npm run screenshots:messages [-- --kind payment-receipt] [-- --out screenshots/messages]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import { loadFlows } from '../src/server/config';
import { renderMessage } from '../src/server/messages/render';
import { sampleValues } from '../src/server/messages/samples';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > -1 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const kind = arg('kind', 'payment-receipt');
const out = path.resolve(arg('out', path.join(root, 'screenshots', 'messages')));
mkdirSync(out, { recursive: true });

const config = loadFlows(process.env.FLOWS_DIR || path.join(root, 'flows'));
const samples = sampleValues(config);
/** The samples' dates as each language writes them. */
const SPANISH_DATES: Record<string, string> = { 'March 11, 2026': '11 de marzo de 2026' };
const inSpanish = Object.fromEntries(
  Object.entries(samples).map(([name, value]) => [name, SPANISH_DATES[value] ?? value]),
);

let failures = 0;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  for (const language of ['en', 'es'] as const) {
    const message = await renderMessage(config, {
      kind,
      language,
      client: 'NWB',
      values: language === 'es' ? inSpanish : samples,
      links: {
        portal: 'https://pay.example.com',
        unsubscribe: 'https://pay.example.com/unsubscribe/sample',
      },
    });
    const base = path.join(out, `${kind}-${language}`);
    writeFileSync(`${base}.html`, message.html);
    writeFileSync(`${base}.txt`, message.text);
    writeFileSync(`${base}.sms.txt`, `${message.sms}\n\n${JSON.stringify(message.smsSegments)}\n`);
    for (const width of [1280, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.setContent(message.html, { waitUntil: 'load' });
      const file = `${base}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      // WCAG 2.2 AA rules of axe-core on the e-mail as a mail client's browser would show it.
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      for (const violation of axe.violations) {
        failures += 1;
        console.error(
          `${file}: axe ${violation.id}: ${violation.help} (${violation.nodes.length})`,
        );
      }
      await context.close();
      console.log(file);
    }
    console.log(`${language} sms: ${JSON.stringify(message.smsSegments)}`);
  }
} finally {
  await browser.close();
}
if (failures > 0) process.exit(1);
console.log('axe-core: no violations');
