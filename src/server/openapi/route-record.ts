/**
 * What the OpenAPI document knows of a route: recorded by an onRoute hook (document.ts) from the
 * route's schema, its guard's roles and its `config`, which this module declares for Fastify.
 */
import type { RouteOptions } from 'fastify';
import { limitsOf, type LimitInfo } from '../http/rate-limits';

declare module 'fastify' {
  interface FastifySchema {
    /** One line naming what the operation does (OpenAPI `summary`). */
    summary?: string;
    /** More about the operation for API clients (OpenAPI `description`, Markdown). */
    description?: string;
    /** Not part of the API the document describes. */
    hide?: boolean;
  }
  interface FastifyContextConfig {
    /** The body is the data of this form (flows/forms/<form>.json, schemas/forms/<form>). */
    form?: string;
    /** An API schema whose properties are sent in the same body as the form's. */
    formWith?: { $id: string };
    /** The success answer is a file of this media type. */
    produces?: string;
    /** The route may answer 204 with no body. */
    noContent?: boolean;
    /** A bearer token is read if sent, not required. */
    auth?: 'optional';
    /** The route takes an Idempotency-Key header (payments/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyInstance {
    /** Every /api route registered so far (read by the OpenAPI document and tests). */
    apiRoutes: RouteRecord[];
  }
}

export interface RouteRecord {
  method: string;
  url: string;
  /** The plugin prefix it was registered under ('' for routes of the root instance). */
  prefix: string;
  summary?: string;
  description?: string;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response: Record<string, unknown>;
  roles?: readonly string[];
  form?: string;
  formWith?: { $id: string };
  produces?: string;
  noContent: boolean;
  optionalAuth: boolean;
  idempotent: boolean;
  /** The route's own body limit in bytes, when it is not the server's (http/input.ts). */
  bodyLimit?: number;
  /** Other names of body fields (http/aliases.ts): alias -> the route's name. */
  aliases?: Readonly<Record<string, string>>;
  /** The rate limits of its hooks (http/rate-limits.ts). */
  limits: LimitInfo[];
}

function rolesOf(...hooks: unknown[]): readonly string[] | undefined {
  const list = hooks.flatMap((h) => (Array.isArray(h) ? h : h ? [h] : []));
  for (const handler of list) {
    const roles = (handler as { roles?: readonly string[] }).roles;
    if (roles) return roles;
  }
  return undefined;
}

export function recordRoute(options: RouteOptions & { prefix?: string }): RouteRecord[] {
  const schema = options.schema ?? {};
  if (schema.hide) return [];
  const methods = (Array.isArray(options.method) ? options.method : [options.method]).filter(
    (m) => m !== 'HEAD',
  );
  const config = options.config ?? {};
  return methods.map((method) => ({
    method: method.toUpperCase(),
    url: options.url,
    prefix: options.prefix ?? '',
    summary: schema.summary,
    description: schema.description,
    body: schema.body,
    querystring: schema.querystring,
    params: schema.params,
    response: (schema.response as Record<string, unknown> | undefined) ?? {},
    roles: rolesOf(options.onRequest, options.preValidation, options.preHandler),
    form: config.form,
    formWith: config.formWith,
    produces: config.produces,
    noContent: config.noContent === true,
    optionalAuth: config.auth === 'optional',
    idempotent: config.idempotent === true,
    ...(options.bodyLimit !== undefined ? { bodyLimit: options.bodyLimit } : {}),
    ...(config.aliases ? { aliases: config.aliases } : {}),
    limits: limitsOf(options.onRequest, options.preValidation, options.preHandler),
  }));
}
