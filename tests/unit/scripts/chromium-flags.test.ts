import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chromeLauncherFlags,
  IDLE_BROWSER_UI_FEATURES,
  launchedBrowserArgs,
  launchWithoutIdleUi,
  withDisabledFeatures,
} from '../../../scripts/lib/chromium-flags';

const DISABLE = '--disable-features=';
const switches = (args: readonly string[]) => args.filter((arg) => arg.startsWith(DISABLE));
const listed = (arg: string) => arg.slice(DISABLE.length).split(',');

describe('withDisabledFeatures', () => {
  it('adds a switch when there is none', () => {
    expect(withDisabledFeatures(['--no-sandbox'], ['A', 'B'])).toEqual([
      '--no-sandbox',
      '--disable-features=A,B',
    ]);
  });

  it('merges into the switch there is, in its place, without repeating a feature', () => {
    expect(withDisabledFeatures(['--disable-features=X,A', '--no-sandbox'], ['A', 'B'])).toEqual([
      '--disable-features=X,A,B',
      '--no-sandbox',
    ]);
  });

  it('keeps the last of several switches, as Chromium does, and drops the others', () => {
    expect(
      withDisabledFeatures(
        ['--disable-features=Old', '--headless', '--disable-features=Kept'],
        ['A'],
      ),
    ).toEqual(['--headless', '--disable-features=Kept,A']);
  });

  it('leaves the other switches alone', () => {
    const args = ['--enable-features=A', '--disable-gpu'];
    expect(withDisabledFeatures(args, ['A'])).toEqual([...args, '--disable-features=A']);
  });
});

describe('chromeLauncherFlags', () => {
  it("gives chrome-launcher's defaults and ours with one --disable-features holding both", async () => {
    const { Launcher } = await import('chrome-launcher');
    const { chromeFlags, ignoreDefaultFlags } = await chromeLauncherFlags(['--headless=new']);
    expect(ignoreDefaultFlags).toBe(true);
    const theirs = switches(Launcher.defaultFlags());
    expect(theirs).toHaveLength(1);
    expect(switches(chromeFlags)).toHaveLength(1);
    expect(listed(switches(chromeFlags)[0]!)).toEqual([
      ...listed(theirs[0]!),
      ...IDLE_BROWSER_UI_FEATURES,
    ]);
    for (const flag of Launcher.defaultFlags().filter((f) => !f.startsWith(DISABLE))) {
      expect(chromeFlags).toContain(flag);
    }
    expect(chromeFlags).toContain('--headless=new');
    expect(chromeFlags).toContain('--disable-setuid-sandbox');
  });
});

// Debian's full browser, as the benchmarks run it (scripts/ensure-chromium.sh installs it; CI
// installs it before `npm test`).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The browser's own UI targets (chrome://omnibox-popup.top-chrome/...) after a page opened. */
async function browserUiTargets(browser: Browser): Promise<string[]> {
  const page = await browser.newPage();
  await page.goto('about:blank');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  return targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup')).map((t) => t.url);
}

describe.skipIf(!existsSync(CHROMIUM))('Chromium launched for the benchmarks', () => {
  const args = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

  it('opens the address bar popup in a renderer of its own when launched plainly', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args });
    try {
      expect(await browserUiTargets(browser)).not.toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it("does not, with Playwright's own disabled features kept in the one switch", async () => {
    const plain = await chromium.launch({ executablePath: CHROMIUM, args });
    const playwrights = switches(launchedBrowserArgs() ?? []);
    await plain.close();
    expect(playwrights).toHaveLength(1);

    const browser = await launchWithoutIdleUi(CHROMIUM, args);
    try {
      const launched = switches(launchedBrowserArgs() ?? []);
      expect(launched).toHaveLength(1);
      expect(listed(launched[0]!)).toEqual([
        ...listed(playwrights[0]!),
        ...IDLE_BROWSER_UI_FEATURES,
      ]);
      expect(await browserUiTargets(browser)).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
