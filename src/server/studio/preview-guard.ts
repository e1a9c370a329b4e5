/**
 * The debtor API in a studio preview records nothing (issue 24). A request under /api that holds a
 * signed, unexpired `portal_preview` cookie (preview.ts) may only call the routes listed here: the
 * sign-in and its session (verify, refresh, sign out, the session's debtors), reads, and calls
 * that only check (CheckCard, DateCompare, a letter's PDF). Every other route is refused with 403
 * `previewReadOnly`, so a route added later is refused in a preview until it is listed: payments,
 * plan changes, forms, disputes, bankruptcy, funding and contact changes, registration, analytics.
 *
 * Fails closed: the cookie's signature is enough (its staff session and draft are not looked at),
 * so a preview whose staff session has ended stays read-only until the cookie's end.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalContext } from '../context';
import { sendError } from '../http/errors';
import { previewClaimOf } from './preview';

/** The debtor API's prefixes; a route's key is `METHOD /path` without one. */
const API_PREFIXES = ['/api/v2', '/api'] as const;

/** The /api routes a preview may call (`METHOD /path`, HEAD as GET). */
export const PREVIEW_API_ROUTES: ReadonlySet<string> = new Set([
  // The API's own pages.
  'GET /health',
  'GET /docs',
  'GET /docs/',
  'GET /docs/redoc.standalone.js',
  'GET /docs/redoc-init.js',
  // Signing in and out as a demo debtor, and the session.
  'POST /Authorization/VerifyIdentity',
  'POST /Authorization/VerifyLetter',
  'POST /Authorization/Refresh',
  'POST /Authorization/Logout',
  'GET /Debtor/GetSessionDebtors',
  'POST /Debtor/SetSessionDebtors',
  // Reads.
  'GET /Account/ListOverview',
  'GET /Account/ListIds',
  'GET /Account/Detailed',
  'GET /Account/Debtor',
  'GET /Account/Letter',
  'GET /Account/Letters',
  'GET /Account/GetPaymentSettings',
  'GET /Account/GetPaymentPlans',
  'GET /Account/GetSettlementPlans',
  'GET /Account/PaymentAuthorization',
  'GET /Account/MoveNextPaymentArgs',
  'GET /Account/PaymentDayChange',
  'GET /Account/PlanCalendar',
  'GET /Account/PlanCancellation',
  'GET /Account/PlanChangeOptions',
  'GET /Debtor/PrimaryDebtorInfo',
  'GET /Debtor/FundingMethods',
  'GET /Debtor/GetLatestFunding',
  'GET /Documents',
  'GET /Documents/:id',
  'GET /Forms/Records',
  'GET /Management/ListAllServices',
  'GET /Management/Time',
  // Reads and checks that are POSTs: nothing is stored.
  'POST /Account/GetExistingPayment',
  'POST /Account/ByteLetter',
  'POST /Account/CheckCard',
  'POST /Guest/DateCompare',
]);

/** `METHOD /path` of a debtor API route (its pattern), or undefined outside /api. */
export function apiRouteKey(method: string, url: string): string | undefined {
  const prefix = API_PREFIXES.find((p) => url === p || url.startsWith(`${p}/`));
  if (prefix === undefined) return undefined;
  return `${method === 'HEAD' ? 'GET' : method} ${url.slice(prefix.length) || '/'}`;
}

/** Whether a request may run in a preview (true outside /api). */
export function allowedInPreview(request: FastifyRequest): boolean {
  const key = apiRouteKey(request.method, request.routeOptions.url ?? '');
  return key === undefined || PREVIEW_API_ROUTES.has(key);
}

/** Every /api route of an app (`METHOD /api/...` as registered), for the tests that try each. */
const apiRoutes = new WeakMap<FastifyInstance, string[]>();

export const apiRoutesOf = (app: FastifyInstance): readonly string[] => apiRoutes.get(app) ?? [];

/** Refuses, on the whole app, the /api routes a preview may not call. */
export function registerPreviewGuard(app: FastifyInstance, ctx: PortalContext): void {
  const routes: string[] = [];
  apiRoutes.set(app, routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && apiRouteKey(method, route.url) !== undefined) {
        routes.push(`${method} ${route.url}`);
      }
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    // An unknown address answers 404 as always.
    if (request.is404 || allowedInPreview(request)) return;
    if (!previewClaimOf(request, ctx.keys.previewKey, ctx.now())) return;
    reply.header('cache-control', 'no-store');
    return sendError(request, reply, 403, 'previewReadOnly');
  });
}
