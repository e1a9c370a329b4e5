import { startPortal, type Portal } from '../../scripts/lib/portal';
import { tr, useLanguage, type Lang } from './accounts-fixtures';
import { MARIA, expect, fillSignIn, submitSignIn, test } from './fixtures';
import { flowsWith, type FlowsCopy } from './flows-fixture';
import { SANDBOX, addCard, continueFrom, expectStage, startFromAccount } from './payment-helpers';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * An approved text can never render a blank for a placeholder (issue 40). The built portal is
 * served a payment authorization with {{ssnFull}} appended in English and Spanish (as if it had
 * been approved without the studio's checks). The disclosure stage says the agreement cannot be
 * shown and offers nothing to accept: never "Your SSN is .", never the raw {{ssnFull}}.
 */

const ACCOUNT = 'LU1.10001';
const repo = path.resolve(import.meta.dirname, '../..');

let flows: FlowsCopy;
let overlay = '';

test.beforeAll(() => {
  overlay = mkdtempSync(path.join(tmpdir(), 'portal-flows-ssn-overlay-'));
  const shipped = JSON.parse(
    readFileSync(path.join(repo, 'flows/content/payment-authorization.json'), 'utf8'),
  ) as { single: { en: string; es: string } };
  mkdirSync(path.join(overlay, 'content'), { recursive: true });
  writeFileSync(
    path.join(overlay, 'content/payment-authorization.json'),
    JSON.stringify({
      single: {
        en: `${shipped.single.en} Your SSN is {{ssnFull}}.`,
        es: `${shipped.single.es} Su número de Seguro Social es {{ssnFull}}.`,
      },
    }),
  );
  flows = flowsWith(overlay);
});

test.afterAll(() => {
  flows?.remove();
  rmSync(overlay, { recursive: true, force: true });
});

for (const lang of ['en', 'es'] as Lang[]) {
  test(`an authorization with a placeholder nobody fills is never shown with a blank (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const portal: Portal = await startPortal(`portal-flows-ssn-${lang}-`, {
      NODE_ENV: 'production',
      FLOWS_DIR: flows.dir,
    });
    const context = await browser.newContext({ baseURL: portal.base });
    const page = await context.newPage();
    try {
      await useLanguage(page, lang);
      await page.goto('/login');
      await fillSignIn(page, MARIA);
      await submitSignIn(page);
      await expect(page).toHaveURL(/\/(dashboard|accounts\/[^/]+)$/);
      await startFromAccount(page, ACCOUNT, 'one-time');
      await continueFrom(page, 'arrangement', 'contact-details');
      await continueFrom(page, 'contact-details', 'funding');
      await addCard(page, SANDBOX.visa);
      await continueFrom(page, 'funding', 'disclosure');
      await expectStage(page, 'disclosure');
      const alert = page.getByTestId('text-unavailable');
      await expect(alert).toHaveText(
        tr(
          lang,
          'We cannot show the full words of this agreement right now, so it cannot be accepted and no payment will be taken. Please call us.',
          'En este momento no podemos mostrar el texto completo de este acuerdo, así que no se puede aceptar y no se cobrará ningún pago. Llámenos.',
        ),
      );
      const stage = page.getByTestId('stage-disclosure');
      await expect(stage).not.toContainText(/SSN is|Seguro Social es|\{\{/);
      await expect(
        page.locator('#payment-disclosure_authorizationDisclosuresAccepted'),
      ).toHaveCount(0);
      // The review stage stays locked: there is nothing to confirm.
      await expect(page.getByTestId('confirm-payment')).toBeHidden();
      await expect(page.locator('#main')).not.toContainText(/SSN is|Seguro Social es|\{\{/);
    } finally {
      await context.close();
      portal.stop();
    }
  });
}
