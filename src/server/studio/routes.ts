/**
 * The staff studio's API (issue 24, slice 1) under /studio/api: sign-in (password and TOTP, with
 * a lockout per email and a rate limit per client address), sign-out, the signed-in staff member
 * and the audit log (admin, approver), as JSON and CSV. Staff accounts are staff-routes.ts, a new
 * member's invitation invitations.ts, one's own password and TOTP account-routes.ts.
 *
 * Kept apart from the debtor API: its own plugin, cookie and CSRF token; the cookie parser is
 * registered inside this plugin only, and the guard (guard.ts) never reads a Bearer token, while
 * the debtor API reads nothing but its Bearer token. Every change and every sign-in is written to
 * the audit log (audit.ts). Passwords, TOTP secrets and session ids are never logged.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StudioAuditQuery } from '@/generated/types/api/studio-audit-query';
import type { StudioSignInRequest } from '@/generated/types/api/studio-sign-in-request';
import type { SessionLimits } from '../auth/sessions';
import type { PortalContext } from '../context';
import { ApiError, sendError } from '../http/errors';
import { schemaRef } from '../http/validation';
import { auditCsv, readAudit, recordAudit, recordSignInFailure, type AuditFilter } from './audit';
import { createStudioChecker } from './content-checks';
import { registerContentRoutes } from './content-routes';
import { registerActivityRoutes } from './activity-routes';
import { registerEvidenceRoutes } from './evidence';
import { registerReviewRoutes } from './review-routes';
import { registerSearchRoutes } from './search-routes';
import { registerTranslationRoutes } from './translation-routes';
import { clearPreviewCookie, registerPreviewRoutes } from './preview';
import { cookieAttributes, cookieName } from './cookies';
import {
  STUDIO_COOKIE,
  STUDIO_PREFIX,
  STUDIO_PUBLIC_ROUTES,
  STUDIO_ROUTE_ROLES,
  routeKey,
  staffOf,
  studioGuard,
} from './guard';
import { StaffLockout } from './lockout';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { StaffSessions } from './sessions';
import { normalizeEmail, spendTotpCode } from './staff';
import { registerStaffRoutes } from './staff-routes';
import { registerAccountRoutes } from './account-routes';
import { registerInvitationRoutes } from './invitations';
import { registerWebhookRoutes } from './webhook-routes';
import { registerMessageRoutes } from './messages-routes';

export interface StudioOptions {
  session: SessionLimits;
}

/**
 * The session cookie's name and attributes for a request: `__Host-studio_session`, Secure, Path=/,
 * except over plain http to a loopback host (`studio_session`, Path=/studio): cookies.ts.
 */
function sessionCookie(request: FastifyRequest) {
  return {
    name: cookieName(request, STUDIO_COOKIE),
    options: cookieAttributes(request, '/studio'),
  };
}

export async function registerStudioRoutes(
  app: FastifyInstance,
  ctx: PortalContext,
  options: StudioOptions,
): Promise<void> {
  const sessions = new StaffSessions(ctx.db, ctx.now, options.session, ctx.keys.csrfKey);
  const lockout = new StaffLockout(ctx.db, ctx.now);
  // The checks of `npm run check:config`, for drafts (schemas compiled on first use, then kept).
  const check = createStudioChecker(ctx.schemasDir);

  await app.register(
    async (studio) => {
      await studio.register(fastifyCookie);
      // Fail closed at start-up too: a studio route the role table does not name is an error.
      studio.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD') continue;
          const key = routeKey(method, route.url);
          if (!STUDIO_PUBLIC_ROUTES.has(key) && !Object.hasOwn(STUDIO_ROUTE_ROLES, key)) {
            throw new Error(`studio route ${key} is not in STUDIO_ROUTE_ROLES`);
          }
        }
      });
      studio.addHook('onRequest', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      studio.addHook('onRequest', studioGuard(sessions));
      studio.setNotFoundHandler((request, reply) => sendError(request, reply, 404, 'notFound'));

      const record = (
        request: FastifyRequest,
        entry: Parameters<typeof recordAudit>[2],
        db: Parameters<typeof recordAudit>[0] = ctx.db,
      ) => recordAudit(db, ctx.now(), { ip: request.ip, ...entry });

      studio.post<{ Body: StudioSignInRequest }>(
        '/sign-in',
        {
          schema: { body: schemaRef(ctx.schemas, 'studio-sign-in-request') },
          onRequest: [ctx.limits.studioSignInByAddress],
        },
        async (request, reply) => {
          const email = normalizeEmail(request.body.email);
          // Counted before anything is judged (the rate limit per address ran before any write).
          const attempt = await lockout.count(email);
          const account = await ctx.db
            .selectFrom('staff_accounts')
            .selectAll()
            .where('email', '=', email)
            .executeTakeFirst();
          const staffId = account?.id ?? null;
          const failed = (reason: string) =>
            recordSignInFailure(ctx.db, ctx.now(), {
              staffId,
              subject: email,
              reason,
              ip: request.ip,
            });
          if (!attempt.allowed) {
            // Audited once a lock (for an account: a lock of an unknown email is only counted).
            if (attempt.lockBegan && account) {
              await record(request, { staffId, action: 'sign-in.lockout', subject: email });
            }
            await failed('locked');
            throw new ApiError(423, 'staffLocked');
          }
          // The same work whether or not the email is known: a password is always hashed.
          const passwordOk = await verifyPassword(
            request.body.password,
            account?.password_hash ?? (await dummyPasswordHash()),
          );
          let reason: string | null = null;
          if (!account) reason = 'unknownEmail';
          else if (!passwordOk) reason = 'password';
          // The code is used once: a second sign-in with it (a replay) is refused.
          else if (
            !(await spendTotpCode(ctx.db, ctx.keys.totpKey, account, request.body.code, ctx.now()))
          )
            reason = 'code';
          else if (account.disabled_at !== null) reason = 'disabled';
          if (reason !== null || !account) {
            await failed(reason ?? 'unknownEmail');
            throw new ApiError(401, 'staffSignInFailed');
          }
          await lockout.succeed(attempt);
          // The right password and code, but the role waits for a second admin (staff-routes.ts):
          // no session, and an answer that says why (only to whoever holds both credentials).
          if (Number(account.role_granted) !== 1) {
            await record(request, {
              staffId,
              action: 'sign-in.failure',
              subject: email,
              detail: { reason: 'roleWaiting' },
            });
            throw new ApiError(403, 'staffRoleWaiting');
          }
          const session = await sessions.start(account.id);
          await record(request, { staffId: account.id, action: 'sign-in.success', subject: email });
          const cookie = sessionCookie(request);
          reply.setCookie(cookie.name, session.id, {
            ...cookie.options,
            expires: session.expiresAt,
          });
          return reply.send({
            csrfToken: session.csrfToken,
            staff: { id: account.id, email, name: account.display_name, role: account.role },
          });
        },
      );

      studio.post('/sign-out', async (request, reply) => {
        const staff = staffOf(request);
        await sessions.end(staff.sessionHash);
        await record(request, { staffId: staff.staffId, action: 'sign-out', subject: staff.email });
        const cookie = sessionCookie(request);
        reply.clearCookie(cookie.name, cookie.options);
        // A preview this browser had ends with the session.
        clearPreviewCookie(request, reply);
        return reply.code(204).send();
      });

      // Also the session's CSRF token, for a studio page that was reloaded (sign-in gave it once).
      studio.get('/me', async (request) => {
        const staff = staffOf(request);
        const id = request.cookies[cookieName(request, STUDIO_COOKIE)] ?? '';
        return {
          id: staff.staffId,
          email: staff.email,
          name: staff.name,
          role: staff.role,
          csrfToken: sessions.csrfFor(id),
        };
      });

      const filterOf = (query: StudioAuditQuery, limit: number): AuditFilter => ({
        ...(query.action !== undefined ? { action: query.action } : {}),
        ...(query.staffId !== undefined ? { staffId: query.staffId } : {}),
        ...(query.from !== undefined ? { from: query.from } : {}),
        ...(query.to !== undefined ? { to: query.to } : {}),
        limit: query.limit ?? limit,
      });

      studio.get<{ Querystring: StudioAuditQuery }>(
        '/audit',
        { schema: { querystring: schemaRef(ctx.schemas, 'studio-audit-query') } },
        async (request) => readAudit(ctx.db, filterOf(request.query, 100)),
      );

      studio.get<{ Querystring: StudioAuditQuery }>(
        '/audit.csv',
        { schema: { querystring: schemaRef(ctx.schemas, 'studio-audit-query') } },
        async (request, reply: FastifyReply) => {
          const rows = await readAudit(ctx.db, filterOf(request.query, 10000));
          return reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', 'attachment; filename="audit.csv"')
            .send(auditCsv(rows));
        },
      );

      // Content, drafts, review, publish and evidence (issue 24, slice 3).
      const content = { ctx, record, check };
      // Staff accounts, invitations, role grants and one's own credentials (issue 39).
      registerStaffRoutes(studio, { ...content, sessions });
      registerInvitationRoutes(studio, content);
      registerAccountRoutes(studio, content);
      registerContentRoutes(studio, content);
      registerReviewRoutes(studio, content);
      // Find a text by its words (issue 44).
      registerSearchRoutes(studio, content);
      registerTranslationRoutes(studio, content);
      registerEvidenceRoutes(studio, content);
      // The events the portal wrote: the Activity screen (issue 42, item 4).
      registerActivityRoutes(studio, content);
      // Webhook endpoints and their delivery log (issue 42).
      registerWebhookRoutes(studio, content);
      // Messages to debtors: preview, outbox, evidence and counts (issue 43).
      registerMessageRoutes(studio, content);
      // A draft in the real portal screens, for this browser only (preview.ts).
      registerPreviewRoutes(studio, ctx, record);
    },
    { prefix: STUDIO_PREFIX },
  );
}
