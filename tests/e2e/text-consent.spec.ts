/**
 * Text consent on the preferences (issue 43): the consent statement is under "Send me text
 * messages", ticking it and saving records consent (sms_consents, with the statement's version
 * and the page's language), and unticking withdraws it. Desktop and phone, English and Spanish;
 * screenshots in test-results/text-consent-<lang>-<width>.png.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expectNoAxeViolations } from './a11y';
import { LANGS, VIEWPORTS, horizontalOverflow, tr, useLanguage } from './accounts-fixtures';
import { JOHN, expect, signIn, test } from './fixtures';

const STATEMENT = {
  en: 'By choosing text messages, you agree that we, a debt collector, may text you about your debt at the phone numbers you give us. Reply STOP at any time to stop them. Message and data rates may apply.',
  es: 'Al elegir mensajes de texto, acepta que nosotros, un cobrador de deudas, le enviemos mensajes de texto sobre su deuda a los números de teléfono que nos dé. Responda STOP en cualquier momento para dejar de recibirlos. Pueden aplicarse tarifas por mensajes y datos.',
};

/** John's consent rows in the e2e server's SQLite database (read-only). */
function consents(): {
  phone_e164: string;
  statement_language: string;
  statement_version: string;
  withdrawn_at: string | null;
}[] {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const db = new Database(path.join(dir, 'portal.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        `select c.phone_e164, c.statement_language, c.statement_version, c.withdrawn_at
           from sms_consents c join debtors d on d.id = c.debtor_id where d.last_name = 'Smith'`,
      )
      .all() as ReturnType<typeof consents>;
  } finally {
    db.close();
  }
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`text consent (${name})`, () => {
    test.use({ viewport });
    for (const lang of LANGS) {
      test(`John ticks and unticks text messages (${lang})`, async ({ page }) => {
        test.slow();
        await useLanguage(page, lang);
        await signIn(page, JOHN);
        await expect(page).not.toHaveURL(/\/login/);
        await page.goto('/contact-information');
        const texts = page.locator('#communication-preferences_texts');
        await expect(texts).toBeVisible();
        await expect(texts).toHaveAccessibleDescription(STATEMENT[lang]);
        await expect(page.getByText(STATEMENT[lang])).toBeVisible();
        const save = page.locator('#communication-preferences button[type="submit"]');
        const saved = page.locator('.fui-Toast').filter({
          hasText: tr(
            lang,
            'Your communication preferences were updated.',
            'Se actualizaron sus preferencias de comunicación.',
          ),
        });

        await texts.check();
        await save.click();
        await expect(saved).toBeVisible();
        const given = consents();
        expect(given).toHaveLength(1);
        expect(given[0]).toMatchObject({
          phone_e164: '+15552010002',
          statement_language: lang,
          withdrawn_at: null,
        });
        expect(given[0]?.statement_version).toMatch(/^v\d+-[0-9a-f]{12}$/);

        await page.reload();
        await expect(texts).toBeChecked();
        await texts.scrollIntoViewIfNeeded();
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `test-results/text-consent-${lang}-${viewport.width}.png`,
          fullPage: true,
        });

        await texts.uncheck();
        await save.click();
        await expect(saved.first()).toBeVisible();
        await expect.poll(() => consents()[0]?.withdrawn_at ?? null).not.toBeNull();
      });
    }
  });
}
