import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { entranceAnimationsEnded } from '../../scripts/lib/animations';

/**
 * Runs axe-core (WCAG 2.0/2.1/2.2 A and AA rules, target size among them, and best practices) on the page once its animations
 * have settled, and fails listing every violation with the elements it found. Call it on every screen, in both languages.
 *
 * Fluent's focus manager (Tabster) puts focus guards at the edges of the body and of dialogs and
 * menus: `<i data-tabster-dummy tabindex="0" aria-hidden="true">`, focusable and hidden by design
 * (they only pass focus on). axe reports them as aria-hidden-focus, a known false positive
 * (microsoft/tabster#288): they are left out. `exclude` leaves out a part checked on its own.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string } = {},
): Promise<void> {
  // The screen as the user reads it: entrance animations (a fading alert or toast, under a second)
  // have ended, so colour contrast is not measured half-way through a fade. Endless ones (spinners)
  // and long ones (a toast's dismissal timer) are not waited for.
  await entranceAnimationsEnded(page);
  // A page drawn on the server is inert (out of the accessibility tree) until its scripts, asked
  // for after the first paint, have taken it over: the screen is judged once it is the app's.
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .exclude('[data-tabster-dummy]');
  // A part checked on its own (the studio's preview frame: a portal page of its own).
  if (options.exclude) builder = builder.exclude(options.exclude);
  const results = await builder
    // axe.run in the page itself: the portal has no cross-origin frames, and the default (a run
    // per frame, then axe.finishRun in a blank page opened for it) costs a page per check.
    .setLegacyMode()
    .analyze();
  const found = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(found, `axe-core violations on ${page.url()}`).toEqual([]);
}
