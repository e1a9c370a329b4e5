/**
 * Screens to look at (`npm run screenshots`): builds nothing, starts the built portal on the demo
 * data and writes a PNG of every screen and dialog, in English and Spanish, at 1280×900 and
 * 375×812, into `screenshots/` (or the folder given as the first argument), so anyone can review
 * the whole portal in a minute. Each scene is signed in as the demo debtor the README's table
 * names for it. Needs `npm run build` first.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { entranceAnimationsEnded } from './lib/animations';
import {
  MARIA,
  launchChromium,
  putSession,
  signedInSession,
  startPortal,
  type DemoIdentity,
} from './lib/portal';

const CARLOS: DemoIdentity = {
  lastName: 'Rivera',
  socialSecurityNumber: '2468',
  dateOfBirth: '1985-09-12',
};
const GRACE: DemoIdentity = {
  lastName: 'Kim',
  socialSecurityNumber: '1357',
  dateOfBirth: '1992-11-20',
};
const SAM: DemoIdentity = {
  lastName: 'Patel',
  socialSecurityNumber: '3690',
  dateOfBirth: '1983-05-22',
};
const ROBERT: DemoIdentity = {
  lastName: 'Chen',
  socialSecurityNumber: '9753',
  dateOfBirth: '1968-04-04',
};
const JOHN: DemoIdentity = {
  lastName: 'Smith',
  socialSecurityNumber: '5678',
  dateOfBirth: '1975-06-30',
};

type Language = 'en' | 'es';
type Size = 'desktop' | 'phone';

interface Scene {
  name: string;
  path: string;
  who?: DemoIdentity;
  /** Opens the dialog or menu to show, once the page's heading is there. */
  open?: (page: Page, language: Language, size: Size) => Promise<void>;
}

const tr = (language: Language, en: string, es: string) => (language === 'en' ? en : es);
const bannerButton = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name });

const scenes: Scene[] = [
  { name: 'login', path: '/login' },
  { name: 'verify-letter', path: '/verify-letter' },
  { name: 'contact-us', path: '/contact-us' },
  { name: 'terms', path: '/terms' },
  { name: 'accessibility', path: '/accessibility' },
  {
    name: 'terms-dialog',
    path: '/login',
    open: (page, l) =>
      page
        .getByRole('contentinfo')
        .getByRole('button', { name: tr(l, 'Terms of use', 'Términos de uso') })
        .click(),
  },
  {
    name: 'offer-code-dialog',
    path: '/login',
    open: async (page, l, size) => {
      if (size === 'phone') await page.getByTestId('menu-button').click();
      await page
        .getByRole('button', { name: tr(l, 'Enter offer code', 'Ingresar código de oferta') })
        .first()
        .click();
    },
  },
  { name: 'dashboard', path: '/dashboard', who: MARIA },
  {
    name: 'dashboard-menu',
    path: '/dashboard',
    who: MARIA,
    open: (page, l, size) =>
      size === 'phone'
        ? page.getByTestId('menu-button').click()
        : bannerButton(page, tr(l, 'My details', 'Mis datos')).click(),
  },
  { name: 'dashboard-states', path: '/dashboard', who: GRACE },
  { name: 'dashboard-payment-method', path: '/dashboard', who: SAM },
  { name: 'account', path: '/accounts/LU1.10001', who: MARIA },
  { name: 'account-payment-method-needed', path: '/accounts/LU1.90001', who: SAM },
  { name: 'account-end-of-process', path: '/accounts/LU1.60001', who: GRACE },
  { name: 'account-bankruptcy', path: '/accounts/LU1.60002', who: GRACE },
  { name: 'account-paid-off', path: '/accounts/LU1.60003', who: GRACE },
  { name: 'account-closed', path: '/accounts/LU1.10003', who: MARIA },
  { name: 'account-minimum-due', path: '/accounts/LU1.20001', who: JOHN },
  { name: 'payment-options-pco', path: '/accounts/LU1.20001/paymentOptions', who: JOHN },
  { name: 'letter-options', path: '/letter-option/LU1.10001/57', who: MARIA },
  { name: 'payment-options', path: '/accounts/LU1.10001/paymentOptions', who: MARIA },
  { name: 'payment-one-time', path: '/accounts/LU1.10001/payment/one-time/start', who: MARIA },
  { name: 'payment-plan', path: '/accounts/LU1.10001/payment/sif/start', who: MARIA },
  // A plan whose last payment differs (12 payments of $204.16, the last $204.24): named.
  { name: 'payment-plan-bif', path: '/accounts/LU1.10001/payment/bif/start', who: MARIA },
  { name: 'dispute', path: '/accounts/LU1.10001/dispute', who: MARIA },
  { name: 'bankruptcy', path: '/accounts/LU1.10001/bankruptcy', who: MARIA },
  { name: 'contact-information', path: '/contact-information', who: MARIA },
  { name: 'funding-methods', path: '/funding-methods', who: CARLOS },
  { name: 'documents', path: '/documents', who: CARLOS },
  { name: 'documents-account', path: '/accounts/LU1.10003/documents', who: MARIA },
  {
    name: 'delete-method-dialog',
    path: '/funding-methods',
    who: CARLOS,
    open: (page, l) =>
      page
        .getByRole('button', { name: new RegExp(`^${tr(l, 'Delete', 'Eliminar')} `) })
        .first()
        .click(),
  },
  { name: 'contact-us-signed-in', path: '/dashboard/contact-us', who: MARIA },
  { name: 'account-past-due', path: '/accounts/LU1.50001', who: CARLOS },
  { name: 'dashboard-urgent-offers', path: '/dashboard', who: CARLOS },
  { name: 'account-not-modifiable', path: '/accounts/LU1.70002', who: ROBERT },
  { name: 'plan-change', path: '/accounts/LU1.90002/plan/change', who: SAM },
  { name: 'plan-payment-day', path: '/accounts/LU1.90002/plan/payment-day', who: SAM },
  { name: 'plan-cancel-within-cutoff', path: '/accounts/LU1.50002/plan/cancel', who: CARLOS },
  {
    name: 'set-payment-method-dialog',
    path: '/accounts/LU1.50001',
    who: CARLOS,
    open: (page) => page.getByTestId('set-payment-method').click(),
  },
  {
    name: 'reschedule-dialog',
    path: '/accounts/LU1.50001',
    who: CARLOS,
    open: (page) => page.getByTestId('move-next-payment').click(),
  },
];

const SIZES: Record<Size, { width: number; height: number }> = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 375, height: 812 },
};

const outDir = path.resolve(process.argv[2] ?? 'screenshots');
// SCREENSHOT_SCENES=dashboard,account takes only those scenes (names as in the list above).
const only = process.env.SCREENSHOT_SCENES?.split(',').map((name) => name.trim());
const chosen = only ? scenes.filter((scene) => only.includes(scene.name)) : scenes;
mkdirSync(outDir, { recursive: true });
const portal = await startPortal('portal-shots-');
const browser = await launchChromium();
let written = 0;
const failed: string[] = [];
try {
  const sessions = new Map<DemoIdentity, Record<string, string>>();
  for (const scene of chosen) {
    if (scene.who && !sessions.has(scene.who)) {
      sessions.set(scene.who, await signedInSession(portal.base, scene.who));
    }
    for (const language of ['en', 'es'] as const) {
      for (const size of ['desktop', 'phone'] as const) {
        const file = path.join(outDir, `${scene.name}.${language}.${size}.png`);
        const context = await browser.newContext({ viewport: SIZES[size] });
        await context.addInitScript(
          (lang: string) => localStorage.setItem('portalLanguage', lang),
          language,
        );
        await context.addInitScript(putSession, {
          items: (scene.who && sessions.get(scene.who)) ?? {},
        });
        const page = await context.newPage();
        try {
          await page.goto(`${portal.base}${scene.path}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 15_000 });
          await page.waitForLoadState('networkidle');
          if (scene.open) {
            await scene.open(page, language, size);
            await page
              .locator('[role="dialog"], [role="alertdialog"], [role="menu"]')
              .first()
              .waitFor({ timeout: 10_000 });
            // A menu closing as a dialog opens (the phone's menu) has its own exit animation.
            await page.waitForTimeout(500);
          }
          // Entrance animations end before the picture is taken.
          await entranceAnimationsEnded(page);
          await page.screenshot({ path: file, fullPage: !scene.open });
          written += 1;
        } catch (error) {
          failed.push(`${path.basename(file)}: ${String(error).split('\n')[0]}`);
        } finally {
          await context.close();
        }
      }
    }
  }
} finally {
  await browser.close();
  portal.stop();
}
console.log(`${written} screenshots in ${outDir}`);
if (failed.length > 0) {
  console.error(`${failed.length} could not be taken:\n  ${failed.join('\n  ')}`);
  process.exit(1);
}
