/**
 * A stage change of the payment wizard is drawn in the task of the Continue (issue 26,
 * payment-journey.tsx `ahead`): no frame shows the answered stage after the click, the next
 * stage's heading has the focus when the browser paints next, and the address follows right after
 * that paint.
 */
import { MARIA, expect, signIn, test } from './fixtures';
import { continueFrom, expectStage, startFromAccount } from './payment-helpers';

for (const variant of ['one-time', 'bif']) {
  test(`Continue draws the next stage, its heading focused, before the next frame (${variant})`, async ({
    page,
  }) => {
    await signIn(page, MARIA);
    await startFromAccount(page, 'LU1.10001', variant);
    await continueFrom(page, 'arrangement', 'contact-details');
    // The journey asks for every stage's code as it shows; the funding stage's is then here.
    await page.waitForLoadState('networkidle');
    const after = await page.evaluate(async () => {
      const button = document.querySelector<HTMLButtonElement>(
        '#payment-contact-details button[type="submit"]',
      );
      if (!button) return null;
      let framesBefore = 0;
      requestAnimationFrame(() => (framesBefore += 1));
      button.click();
      // What React does for the click runs in its microtasks, before any frame or task.
      await Promise.resolve();
      const drawn = {
        framesBefore,
        address: location.pathname.split('/').pop(),
        focused: document.activeElement?.id,
        funding: document
          .querySelector('[data-testid="stage-funding"]')
          ?.getAttribute('data-status'),
        contact: document
          .querySelector('[data-testid="stage-contact-details"]')
          ?.getAttribute('data-status'),
      };
      // The address follows in a task after the next frame.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)));
      return { ...drawn, followed: location.pathname.split('/').pop() };
    });
    expect(after).toEqual({
      framesBefore: 0,
      address: 'contact-details',
      focused: 'payment-stage-funding',
      funding: 'current',
      contact: 'completed',
      followed: 'funding',
    });
    await expectStage(page, 'funding');
  });
}
