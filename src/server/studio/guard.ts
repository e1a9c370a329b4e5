/**
 * Who may call which studio route (issue 24): one table, and one guard that fails closed. A
 * route that is not in the table is refused to everyone (403), and the plugin refuses at start-up
 * to register a route the table does not name (routes.ts), so a new route cannot be open by
 * mistake. Only the sign-in and the invitation are open without a session.
 *
 * Order of the checks on every studio call but the sign-in:
 * 1. a live session from the `studio_session` cookie (`__Host-studio_session` but on plain http
 *    to a loopback host: cookies.ts; a debtor's Bearer token is not looked at): else 401;
 * 2. on POST, PUT, PATCH and DELETE: an Origin, when sent, equal to the server's own, and the
 *    session's CSRF token in `X-CSRF-Token`: else 403 (`csrfRefused`);
 * 3. the staff member's role in the route's row: else 403.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '../db/types';
import { ApiError } from '../http/errors';
import { cookieName } from './cookies';
import type { StaffPrincipal, StaffSessions } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member of a studio call (set by the studio guard). */
    staff?: StaffPrincipal;
  }
}

export const STUDIO_PREFIX = '/studio/api';
export const STUDIO_COOKIE = 'studio_session';

const ANY_STAFF: readonly StaffRole[] = ['editor', 'approver', 'client_manager', 'admin'];
/** Those who read content, drafts and history (an admin too: they draft policies/). */
export const CONTENT_STAFF: readonly StaffRole[] = [
  'editor',
  'approver',
  'client_manager',
  'admin',
];
/**
 * Those who write drafts, each in their area (drafts.ts): editors (texts), client managers
 * (clients/) and admins (policies/ only).
 */
const DRAFTING_STAFF: readonly StaffRole[] = ['editor', 'client_manager', 'admin'];

/**
 * Routes open without a session (`METHOD /path` under the prefix): the sign-in, and a new
 * member's invitation (the token is in the body, never in a logged URL; rate-limited by address).
 */
export const STUDIO_PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'POST /sign-in',
  'POST /invitation',
  'POST /invitation/password',
  'POST /invitation/confirm',
]);

/** The roles allowed on each route; anything else is refused. */
export const STUDIO_ROUTE_ROLES: Readonly<Record<string, readonly StaffRole[]>> = {
  'POST /sign-out': ANY_STAFF,
  'GET /me': ANY_STAFF,
  // A member's own password and TOTP (account-routes.ts).
  'POST /me/password': ANY_STAFF,
  'POST /me/totp': ANY_STAFF,
  'POST /me/totp/confirm': ANY_STAFF,
  'GET /staff': ['admin'],
  'POST /staff': ['admin'],
  'POST /staff/:id/disable': ['admin'],
  'POST /staff/:id/invitation': ['admin'],
  'POST /staff/:id/role': ['admin'],
  // Never the admin who asked, nor the member (staff-routes.ts).
  'GET /staff/grants': ['admin'],
  'POST /staff/grants/:id/approve': ['admin'],
  'POST /staff/grants/:id/cancel': ['admin'],
  'GET /audit': ['admin', 'approver'],
  'GET /audit.csv': ['admin', 'approver'],
  'GET /content': CONTENT_STAFF,
  'GET /content/file': CONTENT_STAFF,
  // Find by words: a drafting member in their own area, an approver everywhere (search-routes.ts).
  'GET /search': CONTENT_STAFF,
  'GET /versions': CONTENT_STAFF,
  'GET /drafts': CONTENT_STAFF,
  'POST /drafts': DRAFTING_STAFF,
  'GET /drafts/:id': CONTENT_STAFF,
  // Only the draft's author, in the author's area (content-routes.ts, drafts.ts).
  'PUT /drafts/:id/file': DRAFTING_STAFF,
  'DELETE /drafts/:id/file': DRAFTING_STAFF,
  'POST /drafts/:id/submit': DRAFTING_STAFF,
  'GET /drafts/:id/review': CONTENT_STAFF,
  'GET /translations': CONTENT_STAFF,
  // Never the draft's author (review-routes.ts).
  'POST /drafts/:id/approve': ['approver'],
  'POST /drafts/:id/return': ['approver'],
  // A rollback is a submitted draft, approved by another approver (review-routes.ts).
  'POST /versions/:version/rollback': ['approver'],
  // Debtors' names, phones and bankruptcy details: not for editors (issue 39).
  'GET /evidence/:confirmation': ['approver', 'admin'],
  // The portal in a draft's texts for this browser (preview.ts).
  'POST /drafts/:id/preview': CONTENT_STAFF,
  'POST /preview/end': CONTENT_STAFF,
  // The events the portal wrote, with debtors' contact details: the Activity screen (issue 42).
  'GET /events': ['admin', 'approver'],
  // Webhook endpoints and their delivery log (issue 42, webhook-routes.ts).
  'GET /webhooks': ['admin', 'approver'],
  'POST /webhooks': ['admin'],
  'POST /webhooks/:id/rotate': ['admin'],
  'POST /webhooks/:id/disable': ['admin'],
  'POST /webhooks/:id/enable': ['admin'],
  'GET /webhooks/:id/deliveries': ['admin', 'approver'],
  'POST /webhooks/deliveries/:id/redeliver': ['admin'],
  // Messages (issue 43, messages-routes.ts): a kind's preview from a draft's words with sample
  // values for whoever reads drafts; the outbox, a message as sent (debtors' masked addresses and
  // what was written to them) and the counts for approvers and admins.
  'GET /messages/preview': CONTENT_STAFF,
  'GET /messages': ['admin', 'approver'],
  'GET /messages/:id': ['admin', 'approver'],
  'GET /message-counts': ['admin', 'approver'],
};

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `METHOD /path` of a studio route, as the table names it. */
export function routeKey(method: string, url: string): string {
  const path = url.startsWith(STUDIO_PREFIX) ? url.slice(STUDIO_PREFIX.length) : url;
  return `${method.toUpperCase()} ${path}`;
}

/** The server's own origin as the browser names it (behind a proxy: X-Forwarded-Proto/Host). */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** 403 unless the Origin header, when sent, is the server's own. */
export function checkOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== ownOrigin(request)) {
    throw new ApiError(403, 'csrfRefused');
  }
}

export function studioGuard(sessions: StaffSessions) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    // No such route: the plugin's not-found handler answers 404 to anyone.
    if (request.is404) return;
    const key = routeKey(request.method, request.routeOptions.url ?? '');
    if (STUDIO_PUBLIC_ROUTES.has(key)) {
      if (STATE_CHANGING.has(request.method)) checkOrigin(request);
      return;
    }
    const id = request.cookies[cookieName(request, STUDIO_COOKIE)];
    const staff = id ? await sessions.open(id) : undefined;
    if (!staff) throw new ApiError(401, 'unauthorized');
    if (STATE_CHANGING.has(request.method)) {
      checkOrigin(request);
      const token = request.headers['x-csrf-token'];
      if (!sessions.csrfMatches(staff, typeof token === 'string' ? token : undefined)) {
        throw new ApiError(403, 'csrfRefused');
      }
    }
    const roles = Object.hasOwn(STUDIO_ROUTE_ROLES, key) ? STUDIO_ROUTE_ROLES[key] : undefined;
    if (!roles?.includes(staff.role)) throw new ApiError(403, 'forbidden');
    request.staff = staff;
  };
}

/** The signed-in staff member (a route behind the guard). */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw new ApiError(401, 'unauthorized');
  return request.staff;
}
