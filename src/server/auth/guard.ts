/** Bearer access token check for signed-in routes: 401 without a valid token, 403 wrong role. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalContext } from '../context';
import { ApiError } from '../http/errors';
import type { AccessClaims, Role } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AccessClaims;
  }
}

export function requireRole(ctx: PortalContext, roles: Role[]) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const claims = match?.[1] ? await ctx.tokens.verifyAccess(match[1]) : null;
    if (!claims) throw new ApiError(401, 'unauthorized');
    if (!roles.includes(claims.role)) throw new ApiError(403, 'forbidden');
    request.auth = claims;
  };
}

export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw new ApiError(401, 'unauthorized');
  return request.auth;
}
