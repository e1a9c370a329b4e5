/**
 * The task, as a new compliance editor does it (issue 44, "Done when"): from the studio's
 * home, find the recurring payment authorization's cancellation deadline by its words, open it
 * from the result, change the sentence (the shipped "at least 1 business day" becomes "at least 3
 * business days") in English and in Spanish with a value inserted from the list, see "Spanish
 * needs review" while the English is changed and clear once the Spanish is saved with it, and
 * submit. In English and in Spanish, at 1280 and at 375 px, counting every click, fill and key
 * press from the home screen to the submitted draft: no more than 8.
 * Nothing is published, so the spec takes no content lock. Photos of the search, the editor and the
 * Spanish-to-review view go to /tmp/studio-shots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from './a11y';
import { appReady, expect, test } from './fixtures';
import {
  SHOTS,
  addStaff,
  heading,
  setLanguage,
  signIn,
  staffPage,
  storedText,
} from './studio-helpers';

/** Each interaction of the staff member, counted: a click, a fill or a key press. */
function counted(page: Page) {
  let count = 0;
  return {
    get count() {
      return count;
    },
    click: async (target: Locator) => {
      count += 1;
      await target.click();
    },
    fill: async (target: Locator, text: string) => {
      count += 1;
      await target.fill(text);
    },
    press: async (key: string) => {
      count += 1;
      await page.keyboard.press(key);
    },
  };
}

const WORDS = {
  en: {
    search: '1 business day',
    open: 'Open Recurring payment authorization',
    title: 'Change: Recurring payment authorization',
    review: 'Review: Change: Recurring payment authorization',
    field: 'Recurring payment authorization',
    english: 'English',
    spanish: 'Spanish',
    flag: 'Spanish needs review',
    saved: 'Saved. Every check passes.',
  },
  es: {
    search: '1 día hábil',
    open: 'Abrir Autorización de pagos recurrentes',
    title: 'Cambio: Autorización de pagos recurrentes',
    review: 'Revisión: Cambio: Autorización de pagos recurrentes',
    field: 'Autorización de pagos recurrentes',
    english: 'Inglés',
    spanish: 'Español',
    flag: 'El español necesita revisión',
    saved: 'Guardado. Todas las verificaciones son correctas.',
  },
} as const;

/** The shipped sentence, and the editor's: 3 business days, the phone number inserted at the end. */
const SENTENCE = {
  en: {
    shipped:
      ' I may stop any payment, or revoke this authorization, by calling {{phone}} at least 1 business day before the payment date.',
    changed:
      ' I may stop any payment, or revoke this authorization, at least 3 business days before the payment date, by calling ',
  },
  es: {
    shipped:
      ' Puedo detener cualquier pago, o revocar esta autorización, llamando al {{phone}} al menos 1 día hábil antes de la fecha del pago.',
    changed:
      ' Puedo detener cualquier pago, o revocar esta autorización, al menos 3 días hábiles antes de la fecha del pago, llamando al ',
  },
} as const;

/** The text with its deadline sentence changed (moved to the end, where the value goes in). */
function changedText(text: string, language: 'en' | 'es'): string {
  const { shipped, changed } = SENTENCE[language];
  expect(text).toContain(shipped);
  return `${text.replace(shipped, '')}${changed}`;
}

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

for (const language of ['en', 'es'] as const) {
  for (const width of [1280, 375]) {
    test(`the cancellation deadline, in ${language} at ${width} px, in no more than 8 interactions`, async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      const words = WORDS[language];
      const page = await staffPage(browser);
      await page.setViewportSize({ width, height: 900 });
      const editor = addStaff('editor', `Dana Deadline ${language} ${width}`);
      await page.goto('/studio');
      await appReady(page);
      await signIn(page, editor);
      await setLanguage(page, language);
      await expect(page.locator('#studio-search')).toBeVisible();

      // From here on, every interaction counts.
      const act = counted(page);
      await act.fill(page.locator('#studio-search'), words.search);
      const open = page
        .getByTestId('studio-search-results')
        .getByRole('button', { name: words.open });
      await expect(open).toBeVisible();
      await expectNoAxeViolations(page);
      await shoot(page, `deadline-search-${language}-${width}`);
      await act.click(open);

      // The editor opens at the text, English and Spanish side by side (stacked on a phone).
      await expect(heading(page, words.title)).toBeVisible();
      const english = page.getByLabel(`${words.field} (${words.english})`, { exact: true });
      const spanish = page.getByLabel(`${words.field} (${words.spanish})`, { exact: true });
      await expect(english).toBeFocused();
      const text = page.locator('[data-pointer="/recurring"]');
      const flag = text.getByTestId('spanish-needs-review');
      await expect(flag).toHaveCount(0);
      const [englishBox, spanishBox] = await Promise.all([
        english.boundingBox(),
        spanish.boundingBox(),
      ]);
      if (width >= 600) expect(spanishBox!.y).toBeCloseTo(englishBox!.y, -1);
      else expect(spanishBox!.y).toBeGreaterThan(englishBox!.y + englishBox!.height);

      // The English: the new deadline, the phone number inserted from the list at the caret.
      const newEnglish = changedText(await storedText(english), 'en');
      await act.fill(english, newEnglish);
      await act.click(
        page
          .getByTestId(`${await english.getAttribute('id')}-insert`)
          .locator('[data-token="phone"]'),
      );
      await expect(english).toHaveAttribute('data-value', `${newEnglish}{{phone}}`);
      // The English changed and the Spanish not yet: flagged while typing.
      await expect(flag).toHaveText(words.flag);

      const newSpanish = changedText(await storedText(spanish), 'es');
      await act.fill(spanish, newSpanish);
      await act.click(
        page
          .getByTestId(`${await spanish.getAttribute('id')}-insert`)
          .locator('[data-token="phone"]'),
      );
      await expect(spanish).toHaveAttribute('data-value', `${newSpanish}{{phone}}`);
      await expect(flag).toHaveText(words.flag);
      await expectNoAxeViolations(page);
      await shoot(page, `deadline-editor-${language}-${width}`);

      // Saved with the Spanish: the flag clears, every check passes.
      await act.click(page.getByTestId('studio-save'));
      await expect(page.getByRole('status').first()).toContainText(words.saved);
      await expect(flag).toHaveCount(0);

      await act.click(page.getByTestId('studio-submit'));
      await expect(heading(page, words.review)).toBeVisible();
      expect(
        act.count,
        'interactions from the home screen to a submitted draft',
      ).toBeLessThanOrEqual(8);
      await expect(
        page.getByRole('heading', { level: 3, name: words.field }).first(),
      ).toBeVisible();

      // The Spanish-to-review view (this draft has nothing flagged: its Spanish was saved).
      await page.goto('/studio/translations');
      await expect(page.locator('h1')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      await shoot(page, `deadline-translations-${language}-${width}`);
      await page.context().close();
    });
  }
}
