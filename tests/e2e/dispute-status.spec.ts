/**
 * A dispute's status from the agency's import file (issue 42, item 3): after `npm run db:import`
 * of a `dispute` delta record (JSON Lines) for Anna Lee's demo account, the account page shows
 * the status and its day, in English and in Spanish, at 1280 and 375 px, axe-clean. The
 * screenshots go to test-results/dispute-status-<lang>-<width>.png.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectNoAxeViolations } from './a11y';
import { expect, signIn, test, type Identity } from './fixtures';
import { LANGS, VIEWPORTS, horizontalOverflow, tr, useLanguage } from './accounts-fixtures';

const root = path.resolve(import.meta.dirname, '../..');
const ACCOUNT = 'LU1.40001';
/** Anna Lee (demo data): her record requires the SSN, so she signs in with it and her birthday. */
const ANNA: Identity = {
  lastName: 'Lee',
  first: ['SocialSecurityNumber', '4321'],
  second: ['DateOfBirth', '03/03/1990'],
};

test.beforeAll(() => {
  // The import runs as the agency runs it: the command, on the server's data folder.
  const dir = mkdtempSync(path.join(tmpdir(), 'dispute-status-'));
  const file = path.join(dir, 'dispute.jsonl');
  writeFileSync(
    file,
    `${JSON.stringify({ kind: 'dispute', accountNumber: ACCOUNT, status: 'under-review', date: '2026-11-20' })}\n`,
  );
  try {
    const out = execFileSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'scripts/db-import.ts'), file],
      { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '' } },
    ).toString();
    expect(out).toMatch(/1 of 1 records \((0|1) changed, (0|1) unchanged\), 0 rejected/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`dispute status from an import (${name})`, () => {
    test.use({ viewport });
    for (const lang of LANGS) {
      test(`Anna's account page shows the dispute's status and day (${lang})`, async ({ page }) => {
        await useLanguage(page, lang);
        await signIn(page, ANNA);
        await page.goto(`/accounts/${ACCOUNT}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          tr(lang, `Account ${ACCOUNT}`, `Cuenta ${ACCOUNT}`),
        );
        const notice = page.getByText(tr(lang, 'Your dispute', 'Su disputa'), { exact: true });
        await expect(notice).toBeVisible();
        await expect(
          page.getByText(
            tr(
              lang,
              'Your dispute has been under review since November 20, 2026.',
              'Su disputa está en revisión desde el 20 de noviembre de 2026.',
            ),
          ),
        ).toBeVisible();
        expect(await horizontalOverflow(page)).toBe(0);
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: `test-results/dispute-status-${lang}-${viewport.width}.png`,
          fullPage: true,
        });
      });
    }
  });
}
