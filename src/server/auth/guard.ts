/**
 * Bearer access token check for signed-in routes: 401 without a valid token (or when its session
 * was revoked), 403 for a wrong role. A call that passes counts as the session's activity
 * (TokenService.touch: the server-side idle limit). The returned hook carries its roles (`roles`) so the OpenAPI
 * document and the authorization tests can read them from the route registry.
 *
 * Whether the session was revoked is a database look-up (auth/tokens.ts). A hot read may ask it in
 * its own statement instead (`revocationInRead`): the guard then checks only the token, the route
 * reads the claims with `uncheckedAuthOf`, asks `revoked` in its read (`sessionRevokedColumn`) and
 * passes the answer to `checkSession`, which answers 401 for a revoked session, before the route
 * answers anything else. `authOf` refuses a request whose session is not checked yet, so a route
 * cannot forget it. A route may also write the session's last call itself (`touchInRoute`:
 * SubmitPayment, with its Idempotency-Key's claim), or call `touchNow` before anything else.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import type { PortalContext } from '../context';
import { ApiError } from '../http/errors';
import type { AccessClaims, Role } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AccessClaims;
    /** The session's revocation is still to be checked by the route's read (revocationInRead). */
    sessionUnchecked?: boolean;
    /** The session's last call is still to be written by the route (touchInRoute). */
    touchPending?: boolean;
  }
}

export type RoleGuard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  roles: readonly Role[];
};

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

export function requireRole(
  ctx: PortalContext,
  roles: Role[],
  options: { revocationInRead?: boolean; touchInRoute?: boolean } = {},
): RoleGuard {
  const deferred = options.revocationInRead === true;
  const touchLater = options.touchInRoute === true;
  const guard = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    let claims: AccessClaims | null = null;
    if (token) {
      claims = deferred
        ? await ctx.tokens.verifyAccessSignature(token)
        : await ctx.tokens.verifyAccess(token);
    }
    if (!claims) throw new ApiError(401, 'unauthorized');
    if (!roles.includes(claims.role)) throw new ApiError(403, 'forbidden');
    request.auth = claims;
    if (deferred) request.sessionUnchecked = true;
    // A call of the session: its idle time starts again (auth/tokens.ts, one write in a while).
    // A touchInRoute route writes it itself (SubmitPayment: with its key's claim), or calls
    // `touchNow` first.
    if (touchLater) request.touchPending = true;
    else await ctx.tokens.touch(claims.sid);
  };
  return Object.assign(guard, { roles: [...roles] as readonly Role[] });
}

/** Writes the session's last call as the guard would, unless already done (touchInRoute). */
export async function touchNow(ctx: PortalContext, request: FastifyRequest): Promise<void> {
  if (!request.touchPending || !request.auth) return;
  request.touchPending = false;
  await ctx.tokens.touch(request.auth.sid);
}

/** The claims of a valid bearer token if one is sent; routes open to guests use it. */
export async function optionalAuth(
  ctx: PortalContext,
  request: FastifyRequest,
): Promise<AccessClaims | undefined> {
  const token = bearerToken(request);
  return (token ? await ctx.tokens.verifyAccess(token) : null) ?? undefined;
}

export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new ApiError(401, 'unauthorized');
  if (request.sessionUnchecked) {
    throw new Error('authOf: this route reads the session with uncheckedAuthOf and checkSession');
  }
  return request.auth;
}

/** The token's claims on a revocationInRead route, before its read checked the session. */
export function uncheckedAuthOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new ApiError(401, 'unauthorized');
  return request.auth;
}

/**
 * A column for a revocationInRead route's read: whether the session `sid` is revoked (PostgreSQL
 * answers a boolean, SQLite 1 or 0; `checkSession` takes either).
 */
export function sessionRevokedColumn(sid: string): RawBuilder<boolean | number> {
  return sql<
    boolean | number
  >`exists (select 1 from ${sql.table('revoked_sessions')} as ${sql.id('rs')} where ${sql.ref('rs.sid')} = ${sid})`;
}

/**
 * Reports what the route's read found about the session (undefined when it returned no row:
 * looked up on its own): 401 when revoked; afterwards authOf answers the claims.
 */
export async function checkSession(
  ctx: PortalContext,
  request: FastifyRequest,
  revoked: boolean | number | undefined,
): Promise<AccessClaims> {
  const claims = uncheckedAuthOf(request);
  if (request.sessionUnchecked) {
    const answer = revoked === undefined ? undefined : Boolean(revoked);
    if (await ctx.tokens.sessionChecked(claims.sid, answer)) {
      throw new ApiError(401, 'unauthorized');
    }
    request.sessionUnchecked = false;
  }
  return claims;
}
