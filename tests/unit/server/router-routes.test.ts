import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  prefetchedFeatures,
  readPageRoutes,
  routesByFeature,
} from '../../../src/server/content/router-routes';

const root = path.resolve(import.meta.dirname, '../../..');
const router = readFileSync(path.join(root, 'src/web/app/router.tsx'), 'utf8');
const pageRoutes = readPageRoutes(path.join(root, 'flows'));
const FORM_PAGE = 'features/form-page/components/form-page.tsx';

describe('the routes the build preloads for', () => {
  it("gives the form page every address of the page files, under its guard's parents", () => {
    const routes = routesByFeature(router, pageRoutes);
    expect([...(routes.get(FORM_PAGE) ?? [])].sort()).toEqual([
      'accounts/:accountNumber/bankruptcy',
      'accounts/:accountNumber/dispute',
      'accounts/:accountNumber/plan/cancel',
      'accounts/:accountNumber/plan/change',
      'accounts/:accountNumber/plan/payment-day',
      'contact-information',
      'contact-us',
      'dashboard/contact-us',
    ]);
    expect(routes.get('features/accounts/components/account-page.tsx')).toEqual([
      'accounts/:accountNumber',
    ]);
  });

  it('marks the form page as asking for its data at navigation when a page route does', () => {
    expect(prefetchedFeatures(router, pageRoutes).has(FORM_PAGE)).toBe(true);
    const without = pageRoutes.map(({ path, access }) => ({ path, access }));
    expect(prefetchedFeatures(router, without).has(FORM_PAGE)).toBe(false);
  });
});
