/**
 * Bearer access token check for signed-in routes: 401 without a valid token (or when its session
 * was revoked), 403 for a wrong role. The returned hook carries its roles (`roles`) so the OpenAPI
 * document and the authorization tests can read them from the route registry.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalContext } from '../context';
import { ApiError } from '../http/errors';
import type { AccessClaims, Role } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AccessClaims;
  }
}

export type RoleGuard = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  roles: readonly Role[];
};

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1];
}

export function requireRole(ctx: PortalContext, roles: Role[]): RoleGuard {
  const guard = async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    const claims = token ? await ctx.tokens.verifyAccess(token) : null;
    if (!claims) throw new ApiError(401, 'unauthorized');
    if (!roles.includes(claims.role)) throw new ApiError(403, 'forbidden');
    request.auth = claims;
  };
  return Object.assign(guard, { roles: [...roles] as readonly Role[] });
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
  return request.auth;
}
