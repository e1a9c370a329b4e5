/**
 * Session calls:
 * - POST Authorization/Refresh `{ refreshToken }` -> a new token pair. Each refresh token works
 *   once; presenting one that was already used revokes its whole session (both tokens of the
 *   thief and of the owner) and answers 401, as does a revoked, expired or unknown one. A session
 *   idle for 15 minutes, or 12 hours after sign-in, is over: 401 with `reason` `idle` or `limit`
 *   (otherwise `ended`), which the browser tells its user. A refresh counts as activity.
 * - POST Authorization/Logout (bearer access token, or `{ refreshToken }` when the access token
 *   has expired): revokes the session; its access tokens answer 401 from then on. 204, also when
 *   the session was already revoked.
 * - POST Authorization/register (account role): registers the debtor for the portal on first
 *   call (idempotent: the first date and code stay) and answers the registration confirmation as
 *   a PDF file: name, registration date and code, the consent given at sign-in, the accounts.
 */
import type { FastifyInstance } from 'fastify';
import type { LogoutRequest } from '@/generated/types/api/logout-request';
import type { RefreshRequest } from '@/generated/types/api/refresh-request';
import type { PortalContext } from '../context';
import { ApiError, languageOf } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { registrationPdf } from '../pdf/documents';
import { confirmationCode } from '../routes/forms';
import { isViewable } from '../routes/mappers';
import { displayName, loadDebtor } from '../routes/ownership';
import { authOf, bearerToken, requireRole } from './guard';

export function registerSessionRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const refreshBody = schemaRef(ctx.schemas, 'refresh-request');

  api.post<{ Body: RefreshRequest }>(
    '/Authorization/Refresh',
    {
      schema: {
        summary: 'Exchange a refresh token for a new token pair',
        description:
          'Each refresh token works once; presenting one that was already used ends its whole session (401 for both holders). The session ends on the server after 15 minutes without a call (a refresh is a call) and 12 hours after sign-in at the latest (`SESSION_IDLE_MINUTES`, `SESSION_MAX_HOURS`); no token outlives that end. A refused refresh answers 401 with `reason`: `idle`, `limit` or `ended`.',
        body: refreshBody,
        response: {
          200: schemaRef(ctx.schemas, 'token-pair'),
          ...errorResponses(ctx.schemas, 401),
        },
      },
    },
    async (request) => {
      const result = await ctx.tokens.refresh(request.body.refreshToken);
      if (!result.ok) {
        request.log.warn({ reason: result.reason }, 'refresh refused');
        const { idleMs, maxMs } = ctx.tokens.limits;
        if (result.reason === 'idle') {
          const params = { minutes: Math.round(idleMs / 60_000) };
          throw new ApiError(401, 'sessionIdle', { reason: 'idle', params });
        }
        if (result.reason === 'limit') {
          const params = { hours: Math.round((maxMs / 3_600_000) * 10) / 10 };
          throw new ApiError(401, 'sessionLimit', { reason: 'limit', params });
        }
        throw new ApiError(401, 'sessionEnded', { reason: 'ended' });
      }
      return result.tokens;
    },
  );

  api.post<{ Body: LogoutRequest }>(
    '/Authorization/Logout',
    {
      schema: {
        summary: 'Sign out: end the session',
        description:
          'Identifies the session by the bearer access token, or by `refreshToken` in the body when the access token has expired. Its tokens answer 401 from then on.',
        body: schemaRef(ctx.schemas, 'logout-request'),
        response: errorResponses(ctx.schemas, 401),
      },
      config: { auth: 'optional', noContent: true },
    },
    async (request, reply) => {
      const access = bearerToken(request);
      let sid = access ? (await ctx.tokens.verifyAccess(access))?.sid : undefined;
      if (!sid && request.body?.refreshToken) {
        sid = (await ctx.tokens.refreshSession(request.body.refreshToken)) ?? undefined;
      }
      if (!sid) throw new ApiError(401, 'unauthorized');
      await ctx.tokens.revokeSession(sid, 'logout');
      request.log.info('signed out');
      return reply.code(204).send();
    },
  );

  api.post(
    '/Authorization/register',
    {
      onRequest: requireRole(ctx, ['account']),
      schema: {
        summary: 'Register for the portal and get the registration confirmation (PDF)',
        description:
          'Registers the debtor on the first call; later calls answer the same confirmation (the first date and code stay).',
        body: schemaRef(ctx.schemas, 'empty-body'),
      },
      config: { produces: 'application/pdf' },
    },
    async (request, reply) => {
      const { debtorId } = authOf(request);
      const now = ctx.now();
      await ctx.db
        .insertInto('portal_registrations')
        .values({
          debtor_id: debtorId,
          registration_code: confirmationCode('REG'),
          registered_at: now.toISOString(),
        })
        .onConflict((oc) => oc.column('debtor_id').doNothing())
        .execute();
      const registration = await ctx.db
        .selectFrom('portal_registrations')
        .selectAll()
        .where('debtor_id', '=', debtorId)
        .executeTakeFirstOrThrow();
      const { row: debtor } = await loadDebtor(ctx, debtorId);
      const today = ctx.today();
      const accounts = (
        await ctx.db
          .selectFrom('accounts')
          .selectAll()
          .where('debtor_id', '=', debtorId)
          .orderBy('account_number')
          .execute()
      ).filter((a) => isViewable(a, today));
      const pdf = registrationPdf(
        { catalog: request.server.catalog, language: languageOf(request), created: now },
        {
          code: registration.registration_code,
          registeredDay: registration.registered_at.slice(0, 10),
          name: displayName(debtor),
          accounts: accounts.map((a) => ({
            accountNumber: a.account_number,
            creditor: a.creditor_name,
          })),
        },
      );
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="portal-registration-${registration.registration_code}.pdf"`,
        )
        .send(pdf);
    },
  );
}
