/**
 * What Debian's Chromium runs beside the page a benchmark measures, and the switches that stop it.
 *
 * The full browser (/usr/bin/chromium, which `bench:web` measures with: Lighthouse is run in it)
 * is the desktop browser with an invisible window. Chromium 156 preloads, for each new window, the
 * WebUI of its address bar's suggestion popup (chrome://omnibox-popup.top-chrome) in a renderer
 * of its own (a `browser_ui` target of CDP's Target.getTargets). Measured here on 2026-12-04
 * (156.0.8078.114, the processes' CPU time from /proc): in the 3 s after a new window that
 * renderer spent about 1,000 ms of CPU, and the browser process about 400 ms; with the popup's
 * features off there is no such renderer, and the browser process spent about 200 ms.
 * On 2 cores that competes with the page measured, as it loads or draws its first stage change
 * (turned off, the figures did not move beyond the host's noise: docs/architecture.md, "What
 * else runs beside the page"). Headless, nobody can open that popup, so the benchmarks turn it
 * off: `bench:web` (Lighthouse and the Playwright measurements), the size report and the
 * screenshots.
 *
 * Chromium keeps only the last `--disable-features` of a command line (a later one replaces the
 * earlier list whole), and both launchers pass one of their own: chrome-launcher's defaults
 * (Translate, OptimizationHints, ...) and Playwright's (PaintHolding, HttpsUpgrades, ...). So the
 * features are merged into that switch (`withDisabledFeatures`), not appended as a second one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';
import { readProcStat } from './proc-stat';

/** The address bar popup's WebUI (both its variants), preloaded per window. */
export const IDLE_BROWSER_UI_FEATURES: readonly string[] = [
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

const DISABLE = '--disable-features=';

/**
 * `args` with `features` disabled: added to the last `--disable-features` (the one Chromium
 * keeps; any earlier one is dropped, as Chromium would), or as a new switch when there is none.
 * A feature already in the list is not repeated.
 */
export function withDisabledFeatures(
  args: readonly string[],
  features: readonly string[],
): string[] {
  const last = args.findLastIndex((arg) => arg.startsWith(DISABLE));
  const kept = last < 0 ? [] : args[last]!.slice(DISABLE.length).split(',').filter(Boolean);
  const merged = `${DISABLE}${[...new Set([...kept, ...features])].join(',')}`;
  if (last < 0) return [...args, merged];
  return args.flatMap((arg, i) => {
    if (i === last) return [merged];
    return arg.startsWith(DISABLE) ? [] : [arg];
  });
}

/** chrome-launcher's options for Lighthouse: its default flags, `flags` and the features off. */
export async function chromeLauncherFlags(
  flags: readonly string[],
): Promise<{ chromeFlags: string[]; ignoreDefaultFlags: true }> {
  const { Launcher } = await import('chrome-launcher');
  // ignoreDefaultFlags leaves out its defaults and, on Linux, --disable-setuid-sandbox: given here.
  return {
    chromeFlags: withDisabledFeatures(
      [...Launcher.defaultFlags(), '--disable-setuid-sandbox', ...flags],
      IDLE_BROWSER_UI_FEATURES,
    ),
    ignoreDefaultFlags: true,
  };
}

/**
 * The command line of this process's child browser launched by Playwright (a pipe to it); tests
 * read it too. Debian's
 * /usr/bin/chromium is a shell script that execs /usr/lib/chromium/chromium in the same process,
 * so the program's name is not compared.
 */
export function launchedBrowserArgs(): string[] | undefined {
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readProcStat(`/proc/${pid}/stat`)?.ppid !== process.pid) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (args.includes('--remote-debugging-pipe')) {
        return args.slice(1);
      }
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return undefined;
}

let playwrightDefault: Promise<string | undefined> | undefined;

/**
 * The `--disable-features` switch Playwright gives Chromium (its list is not exported): read off
 * the command line of a browser launched once for it, then closed.
 */
function playwrightDisableSwitch(executablePath: string): Promise<string | undefined> {
  playwrightDefault ??= (async () => {
    const browser = await chromium.launch({ executablePath });
    try {
      const args = launchedBrowserArgs();
      if (!args) throw new Error(`chromium-flags: no command line of ${executablePath} found`);
      return args.find((arg) => arg.startsWith(DISABLE));
    } finally {
      await browser.close();
    }
  })();
  return playwrightDefault;
}

/**
 * Launches Chromium through Playwright with `args` and the features off, Playwright's own
 * disabled features kept (its switch is replaced by the merged one).
 */
export async function launchWithoutIdleUi(
  executablePath: string,
  args: readonly string[],
  options: LaunchOptions = {},
): Promise<Browser> {
  const own = await playwrightDisableSwitch(executablePath);
  return chromium.launch({
    ...options,
    executablePath,
    ignoreDefaultArgs: own ? [own] : [],
    args: withDisabledFeatures([...(own ? [own] : []), ...args], IDLE_BROWSER_UI_FEATURES),
  });
}
