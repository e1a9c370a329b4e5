import { readFileSync } from 'node:fs';
import ICAL from 'ical.js';
import { expectNoAxeViolations } from './a11y';
import {
  CARLOS,
  LANGS,
  VIEWPORTS,
  horizontalOverflow,
  signInAs,
  tr,
  useLanguage,
} from './accounts-fixtures';
import { expect, test } from './fixtures';

/**
 * "Add to my calendar" (issue 22) on the account page's upcoming payments: the plan's payments to
 * come download as an .ics file, which parses with a maintained parser (ical.js): one event per
 * payment, in the page's language, with the account's last 4 digits and a reminder.
 */
for (const lang of LANGS) {
  for (const { name, viewport } of VIEWPORTS) {
    test(`the plan's payments download as a calendar (${lang}, ${name})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await useLanguage(page, lang);
      await signInAs(page, CARLOS);
      await page.goto('/accounts/LU1.50002');
      const button = page.getByRole('button', {
        name: tr(lang, 'Add to my calendar', 'Agregar a mi calendario'),
      });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toBe('payment-schedule-0002.ics');
      const text = readFileSync(await download.path(), 'utf8');
      const events = new ICAL.Component(ICAL.parse(text))
        .getAllSubcomponents('vevent')
        .map((event) => new ICAL.Event(event));
      expect(events.length).toBeGreaterThan(1);
      for (const event of events) {
        expect(event.summary).toMatch(
          lang === 'en'
            ? /^Payment of \$[\d,.]+ \(account ending 0002\)$/
            : /^Pago de \$[\d,.]+ \(cuenta que termina en 0002\)$/,
        );
        expect(event.component.getFirstSubcomponent('valarm')).not.toBeNull();
      }
      expect(text).not.toContain('Rivera');
      expect(await horizontalOverflow(page)).toBe(0);
      await expectNoAxeViolations(page);
    });
  }
}
