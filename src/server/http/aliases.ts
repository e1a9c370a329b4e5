/**
 * Other names for body fields. The spec (section 3) names some request fields differently from the
 * portal's own forms: a dispute submission sends `account`, `resolved` and `finalVerify` where the
 * dispute form has `accountNumber`, `alreadyResolved` and `termsAccepted`. A route lists them in
 * its `config.aliases` (`{ account: 'accountNumber', ... }`): a body that uses any alias is the
 * other shape, and its aliases are renamed to the route's own names before validation, so one
 * internal shape is validated (same schema, same flow rules) and stored. The answer's field errors
 * name the fields as the client sent them.
 *
 * A body is one shape or the other: one that uses an alias and also the name it stands for is
 * refused (400, `additionalProperties` on that name), as the OpenAPI document's `oneOf` says.
 */
import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@/generated/types/api/error';
import { ApiError, languageOf } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Other names a body field may be sent under: alias -> the name the route uses. */
    aliases?: Readonly<Record<string, string>>;
  }
  interface FastifyRequest {
    /** The body fields renamed from an alias: the route's name -> the name that was sent. */
    sentNames?: Record<string, string>;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Renames the aliases of `body` in place; the names of its shape (own name -> its name). */
export function applyAliases(
  body: Record<string, unknown>,
  aliases: Readonly<Record<string, string>>,
): { renamed: Record<string, string>; both: string[] } {
  const used = Object.keys(aliases).filter((alias) => alias in body);
  if (used.length === 0) return { renamed: {}, both: [] };
  const both = Object.values(aliases).filter((name) => name in body);
  if (both.length > 0) return { renamed: {}, both };
  // The body is the other shape: every error on a field is named the way that shape names it,
  // those it left out (a missing `finalVerify`) too.
  const renamed: Record<string, string> = {};
  for (const [alias, name] of Object.entries(aliases)) {
    if (alias in body) {
      body[name] = body[alias];
      delete body[alias];
    }
    renamed[name] = alias;
  }
  return { renamed, both: [] };
}

export function registerAliases(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const aliases = request.routeOptions.config.aliases;
    if (!aliases || !isObject(request.body)) return;
    const { renamed, both } = applyAliases(request.body, aliases);
    if (both.length > 0) {
      const message = request.server.catalog.keywordMessage(
        'additionalProperties',
        languageOf(request),
      );
      const errors: FieldError[] = both.map((name) => ({
        path: `/${name}`,
        keyword: 'additionalProperties',
        message,
      }));
      throw new ApiError(400, 'invalidRequest', { errors });
    }
    if (Object.keys(renamed).length > 0) request.sentNames = renamed;
  });
}
