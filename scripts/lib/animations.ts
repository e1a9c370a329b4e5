/**
 * Waits until the page's entrance animations (a fading dialog, alert or toast: under a second)
 * have ended, so what is measured or pictured is the screen as the user reads it. Endless ones
 * (spinners) and long ones (a toast's dismissal timer) are not waited for. Used by the e2e
 * checks (axe, overlays) and the screenshots.
 */
import type { Page } from 'playwright-core';

export async function entranceAnimationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number(animation.effect?.getComputedTiming().endTime) <= 1000)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
