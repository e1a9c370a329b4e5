/**
 * Waits until the page's entrance animations (a fading dialog, alert or toast: under a second)
 * have ended, so what is measured or pictured is the screen as the user reads it. Endless ones
 * (spinners) and long ones (a toast's dismissal timer) are not waited for. Used by the e2e
 * checks (axe, overlays) and the screenshots.
 *
 * An animation can start a frame or two after its element is drawn (Fluent's motion starts it in
 * an effect), and one that ends can start another (a surface, then its content): the page is
 * looked at again two frames after each wait, until no entrance animation is running.
 */
import type { Page } from 'playwright-core';

/** Rounds of "two frames, then wait for the running entrance animations" at most. */
const MAX_ROUNDS = 10;

export async function entranceAnimationsEnded(page: Page): Promise<void> {
  // No named functions inside: tsx (the screenshots script) would wrap them in a helper the page
  // does not have.
  await page.evaluate(async (rounds) => {
    for (let round = 0; round < rounds; round += 1) {
      for (let frame = 0; frame < 2; frame += 1) {
        await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
      }
      const entering = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            Number(animation.effect?.getComputedTiming().endTime) <= 1000,
        );
      if (entering.length === 0) return;
      await Promise.all(entering.map((animation) => animation.finished.catch(() => undefined)));
    }
  }, MAX_ROUNDS);
}
