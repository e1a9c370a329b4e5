import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPortal } from '../../scripts/lib/portal';
import { expectNoAxeViolations } from './a11y';
import { expect, test } from './fixtures';

/**
 * A form page is data: a page file added to flows/pages, with its address, is a working page of
 * the built portal once the server restarts on it (drawn by the server, if public). No code, no
 * build.
 */
test('a new page file is a page at its own address, with no build', async ({ page }) => {
  test.setTimeout(90_000);
  const repo = fileURLToPath(new URL('../..', import.meta.url));
  const tmp = mkdtempSync(path.join(tmpdir(), 'portal-page-file-'));
  const flowsDir = path.join(tmp, 'flows');
  cpSync(path.join(repo, 'flows'), flowsDir, { recursive: true });
  // The public contact form again, at an address of its own, under a heading of its own.
  const contactUs = JSON.parse(
    readFileSync(path.join(flowsDir, 'pages', 'contact-us.json'), 'utf8'),
  ) as Record<string, unknown>;
  writeFileSync(
    path.join(flowsDir, 'pages', 'write-to-us.json'),
    JSON.stringify({
      ...contactUs,
      routes: [{ path: 'write-to-us', access: 'public' }],
      title: 'common.writeToUs',
    }),
  );
  const commonFile = path.join(flowsDir, 'texts', 'common.json');
  const common = JSON.parse(readFileSync(commonFile, 'utf8')) as Record<string, unknown>;
  common.writeToUs = { en: 'Write to us', es: 'Escríbanos' };
  writeFileSync(commonFile, JSON.stringify(common));

  const portal = await startPortal('portal-flows-data-', {
    NODE_ENV: 'production',
    FLOWS_DIR: flowsDir,
  });
  try {
    const base = portal.base;
    // A public address without parameters is drawn by the server too, like /contact-us.
    const html = await (
      await page.request.get(`${base}/write-to-us`, { headers: { accept: 'text/html' } })
    ).text();
    expect(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '')).toBe('Write to us');
    await page.goto(`${base}/write-to-us`);
    await expect(page).toHaveURL(`${base}/write-to-us`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Write to us');
    await expect(page.getByRole('textbox', { name: /message/i })).toBeVisible();
    // A check:config-valid file shows a page that is as accessible as the others.
    await expectNoAxeViolations(page);
    // The page it was copied from is still where it was.
    await page.goto(`${base}/contact-us`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
  } finally {
    portal.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
});
