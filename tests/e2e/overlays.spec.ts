import type { Locator, Page } from '@playwright/test';
import { entranceAnimationsEnded } from '../../scripts/lib/animations';
import { CARLOS, VIEWPORTS, signInAs } from './accounts-fixtures';
import { expect, test } from './fixtures';

/**
 * Menus, dialogs, drawers and toasts are drawn in Fluent portals, children of the body that carry
 * the provider's classes. The page under them must stay visible (a dialog dims it, a menu leaves it
 * as it is), and a toast must look like the app: its font and a surface.
 */

interface Covered {
  x: number;
  y: number;
  by: string;
}

/**
 * Points of the window, outside the overlay's own surface, where something opaque that is not
 * part of the page (#root) is painted over the page. A backdrop is translucent; a blank sheet is
 * not. The surface's box and the points are read in one go, once the box has stayed the same for
 * a few frames: a surface still growing (its entrance motion, content arriving) is not judged by
 * an earlier, smaller box.
 */
async function opaqueCoverOutside(surface: Locator): Promise<Covered[]> {
  return surface.evaluate(async (element) => {
    const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const boxOf = () => element.getBoundingClientRect();
    const same = (a: DOMRect, b: DOMRect) =>
      a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
    let rect = boxOf();
    for (let settled = 0, frames = 0; settled < 3 && frames < 120; frames += 1) {
      await nextFrame();
      const next = boxOf();
      settled = same(next, rect) ? settled + 1 : 0;
      rect = next;
    }
    const alpha = (color: string): number => {
      if (color === 'transparent') return 0;
      const parts = color.match(/[\d.]+/g)?.map(Number) ?? [];
      return parts.length === 4 ? parts[3]! : 1;
    };
    // The surface's own edge (sub-pixel rounding, a shadow) belongs to it.
    const edge = 2;
    const inside = (x: number, y: number) =>
      x >= rect.x - edge &&
      x <= rect.x + rect.width + edge &&
      y >= rect.y - edge &&
      y <= rect.y + rect.height + edge;
    const root = document.getElementById('root')!;
    const covered: Covered[] = [];
    const steps = 8;
    for (let i = 0; i < steps; i += 1) {
      for (let j = 0; j < steps; j += 1) {
        const x = ((i + 0.5) * window.innerWidth) / steps;
        const y = ((j + 0.5) * window.innerHeight) / steps;
        if (inside(x, y)) continue;
        for (const over of document.elementsFromPoint(x, y)) {
          if (root.contains(over)) break;
          const style = getComputedStyle(over);
          if (Number(style.opacity) > 0.99 && alpha(style.backgroundColor) > 0.99) {
            covered.push({ x, y, by: `${over.tagName}.${over.className}` });
            break;
          }
        }
      }
    }
    return covered;
  });
}

async function expectPageVisibleAround(page: Page, surface: Locator): Promise<void> {
  await expect(surface).toBeVisible();
  // Entrance animations end before the page is judged (not the long ones: a toast's own timer).
  await entranceAnimationsEnded(page);
  expect(await opaqueCoverOutside(surface)).toEqual([]);
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`overlays keep the page visible (${name})`, () => {
    test.use({ viewport });
    test.describe.configure({ timeout: 60_000 });

    test('menu, dialogs and a toast', async ({ page }) => {
      await signInAs(page, CARLOS);
      // The dashboard has committed: until then the sign-in page's heading is the one on screen.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Carlos Rivera!');

      // The header's menu: "My details" on a desktop, the slide-out menu on a phone.
      if (name === 'desktop') {
        await page.getByRole('button', { name: 'My details' }).click();
        await expectPageVisibleAround(page, page.getByRole('menu'));
      } else {
        await page.getByTestId('menu-button').click();
        await expectPageVisibleAround(page, page.getByRole('dialog'));
      }
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A dialog from the footer.
      await page.getByRole('contentinfo').getByRole('button', { name: 'Terms of use' }).click();
      await expectPageVisibleAround(page, page.getByRole('dialog'));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A form dialog on an account page.
      await page.goto('/accounts/LU1.50001');
      await page.getByTestId('set-payment-method').click();
      // Judged with its form drawn: the surface grows when the form's code and data arrive.
      await expect(page.getByRole('dialog').locator('form')).toBeVisible();
      await expectPageVisibleAround(page, page.getByRole('dialog'));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // A toast: a failed delete of a saved method (the server is made to fail; nothing changes).
      await page.goto('/funding-methods');
      await page.route('**/api/v2/Debtor/FundingMethod?**', (route) =>
        route.fulfill({ status: 500, json: { message: 'down' } }),
      );
      await page.getByRole('button', { name: 'Delete Visa ending in 1111' }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: 'Delete payment method' })
        .click();
      const toast = page.locator('.fui-Toast');
      // Hovering holds the toast (pauseOnHover) while it is measured.
      await toast.hover();
      await expectPageVisibleAround(page, toast);
      const looks = await toast.evaluate((element) => {
        const app = getComputedStyle(document.querySelector('#root > .fui-FluentProvider')!);
        const own = getComputedStyle(element);
        return {
          appFont: app.fontFamily,
          font: getComputedStyle(element.querySelector('.fui-ToastTitle')!).fontFamily,
          background: own.backgroundColor,
          shadow: own.boxShadow,
          radius: own.borderTopLeftRadius,
        };
      });
      expect(looks.font).toBe(looks.appFont);
      expect(looks.background).toMatch(/^rgb\(/);
      expect(looks.shadow).not.toBe('none');
      expect(looks.radius).not.toBe('0px');
      // The toast is not drawn over the header's actions.
      const header = await page.getByRole('banner').boundingBox();
      const toastBox = await toast.boundingBox();
      expect(toastBox!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    });
  });
}
