/**
 * The OpenAPI 3.1 document of the portal API, served at GET /api/docs (and rendered for people at
 * /api/docs/, see page.ts). It is generated, never written by hand: an onRoute hook records every
 * /api route as it is registered (method, URL, schemas, roles of its guard, route `config`), so
 * routes added by any module appear without further work. Schemas are bundled as components by
 * components.ts: every reference resolves inside the document, and only used components are in it.
 *
 * What a route declares, and what it becomes:
 * - `schema.summary` (required: the openapi suite fails without one), `schema.description`;
 *   `schema.hide` keeps a route out of the document (the docs page itself).
 * - `schema.body`, `schema.querystring`, `schema.params`: the request body and the parameters.
 * - `schema.response`: a schema per status. 2xx are the bodies; 4xx are the error answers that
 *   route gives besides the ones every route of its kind gives (`errorResponses` in
 *   http/validation.ts): 400 (every /api call: X-Session-Id), 401 and 403 (a role guard), 413 and
 *   415 (a body), 500 (any), 503 with Retry-After (every /api call: the database briefly out of
 *   reach, http/errors.ts).
 * - Route `config`: `form` (the body is that form's data, validated with its flow; `formWith`
 *   adds the fields of an API schema to it), `produces` (a file type such as application/pdf),
 *   `noContent` (may answer 204), `auth: 'optional'` (a token is used if sent), `idempotent` (takes
 *   an Idempotency-Key header).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { PortalContext } from '../context';
import { limitsOf, type LimitInfo } from '../http/rate-limits';
import { SchemaComponents } from './components';
import { registerDocsPage } from './page';

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

type Json = Record<string, unknown>;

/** Operation families (the first path segment), in the order the reference lists them. */
const TAGS: Record<string, string> = {
  Authorization:
    'Sign-in (identity, or the offer code of a settlement letter), token refresh, sign-out, and the portal registration confirmation.',
  Account:
    "The signed-in debtor's accounts: details, letters, payment settings, plans and payments, the funding of scheduled payments, disputes and bankruptcy reports.",
  Debtor:
    'The signed-in debtor: contact details, phone numbers, communication preferences, saved funding methods, and (under /api/v2) the debtors of one session.',
  Guest: 'Open to anyone: the contact-us form, feedback, e-mail opt-out, date comparison.',
  Management: 'Status of the services behind the portal, and the server clock.',
  Analytic: 'Usage events of the web app (no personal data is stored).',
  Forms:
    'Forms that a page only records: kept as validated, and read back by the debtor (v2 only).',
  Service: 'This document and the health check, outside the /api family of calls.',
};

/** Error answers, as shared response components. */
const ERRORS: Record<string, { name: string; description: string }> = {
  '400': {
    name: 'BadRequest',
    description:
      "Not valid: no `X-Session-Id` header, a body that is not JSON, or a body, query or form that breaks its schema or the form's rules (`errors` names each field as a JSON pointer with a keyword and a message). A sign-in whose options the factor policy does not allow is refused the same way (keyword `signInPolicy`), before anything is looked up.",
  },
  '401': {
    name: 'Unauthorized',
    description:
      'No valid access token: missing, expired, or its session has ended (signed out, a refresh token used twice, 15 minutes without a call, or 12 hours after sign-in). Authorization/Refresh says why in `reason`: `idle`, `limit` or `ended`.',
  },
  '403': {
    name: 'Forbidden',
    description:
      "Not allowed: the token's role may not call this operation, or sign-in is locked for a while after too many failed attempts.",
  },
  '404': {
    name: 'NotFound',
    description:
      "Not found, or not the signed-in debtor's: another debtor's account, letter, funding method or payment is answered exactly like a missing one.",
  },
  '409': {
    name: 'Conflict',
    description:
      'In conflict with the current state: the account is closed, it was already done (a bankruptcy already reported), or a request with the same Idempotency-Key is still running.',
  },
  '413': {
    name: 'PayloadTooLarge',
    description:
      'The body is larger than the server accepts: 64 KiB (65,536 bytes), unless the operation states a larger limit.',
  },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'The body is not `application/json`.',
  },
  '422': {
    name: 'UnprocessableEntity',
    description:
      'Well formed, but refused by a business rule: a funding method or card type the client does not accept, an expired card, a plan that cannot be changed online, a date that cannot be chosen, or an Idempotency-Key reused with another body.',
  },
  '429': {
    name: 'TooManyRequests',
    description:
      'Too many calls in a short time from this client address, or for this identity (the last name of a sign-in, the account of an offer code): wait the seconds `Retry-After` gives.',
  },
  '440': {
    name: 'SsnRequired',
    description:
      'A whole sign-in combination matched, but this debtor must also give the last 4 digits of the SSN (`fieldRequired: "SSN"`): send the same sign-in again with the SSN as `option3`. Never answered before a combination matched.',
  },
  '500': {
    name: 'ServerError',
    description: 'An unexpected server error. The body never holds details.',
  },
  '503': {
    name: 'ServiceUnavailable',
    description:
      'Briefly unavailable: the database could not be reached (restarting, connections refused or cut, busy). Nothing was done; send the same request again after the seconds `Retry-After` gives (a payment with the same Idempotency-Key, which never charges twice). SubmitPayment also answers 503 when a payment was interrupted and not made.',
  },
};

/** The statuses whose answers carry Retry-After, and what it means there. */
const RETRY_AFTER: Record<string, string> = {
  '429': 'Seconds until the limit allows the call again.',
  '503': 'Seconds to wait before sending the request again.',
};

const API_ID = /^\/schemas\/api\/([a-z0-9-]+)\.json$/;
const FORM_ID = (name: string) => `/schemas/forms/${name}.json`;

function rolesOf(...hooks: unknown[]): readonly string[] | undefined {
  const list = hooks.flatMap((h) => (Array.isArray(h) ? h : h ? [h] : []));
  for (const handler of list) {
    const roles = (handler as { roles?: readonly string[] }).roles;
    if (roles) return roles;
  }
  return undefined;
}

function recordRoute(options: RouteOptions & { prefix?: string }): RouteRecord[] {
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

const idOf = (schema: unknown): string | undefined => {
  const id = (schema as { $id?: unknown } | undefined)?.$id;
  return typeof id === 'string' ? id : undefined;
};

/** Every API and form schema, as [$id, component name, schema]. */
function schemaSources(ctx: PortalContext, schemasDir: string): [string, string, Json][] {
  const sources: [string, string, Json][] = [];
  for (const [id, schema] of ctx.schemas.byId) {
    const name = API_ID.exec(id)?.[1];
    if (name) sources.push([id, name, schema as Json]);
  }
  const formsDir = path.join(schemasDir, 'forms');
  for (const file of readdirSync(formsDir).filter((f) => f.endsWith('.schema.json'))) {
    const name = file.replace(/\.schema\.json$/, '');
    const schema = JSON.parse(readFileSync(path.join(formsDir, file), 'utf8')) as Json;
    sources.push([idOf(schema) ?? FORM_ID(name), `form-${name}`, schema]);
  }
  return sources;
}

class DocumentBuilder {
  readonly responses = new Map<string, Json>();
  readonly parameters = new Map<string, Json>();

  constructor(
    readonly components: SchemaComponents,
    private readonly ctx: PortalContext,
  ) {}

  /** A schema given by a route: a `$ref` to its component if it has an `$id`, else inlined. */
  schema(schema: unknown): unknown {
    const id = idOf(schema);
    if (id && this.components.has(id)) return this.components.ref(id);
    return this.components.rewrite(schema, id);
  }

  /** The properties and required list of an object schema (query string, path parameters). */
  private objectProperties(schema: unknown): {
    properties: [string, unknown][];
    required: string[];
    id?: string;
  } {
    const id = idOf(schema);
    const node = ((id ? this.ctx.schemas.byId.get(id) : undefined) ?? schema) as Json | undefined;
    return {
      properties: Object.entries((node?.properties as Json | undefined) ?? {}),
      required: (node?.required as string[] | undefined) ?? [],
      id,
    };
  }

  private parameter(name: string, definition: Json): Json {
    this.parameters.set(name, definition);
    return { $ref: `#/components/parameters/${name}` };
  }

  private errorResponse(status: string): Json {
    const known = ERRORS[status] ?? { name: `Error${status}`, description: `Error ${status}.` };
    this.responses.set(known.name, {
      description: known.description,
      ...(RETRY_AFTER[status]
        ? {
            headers: {
              'Retry-After': {
                description: RETRY_AFTER[status],
                schema: { type: 'integer', minimum: 1 },
              },
            },
          }
        : {}),
      content: { 'application/json': { schema: this.components.ref('/schemas/api/error.json') } },
    });
    return { $ref: `#/components/responses/${known.name}` };
  }

  /** A body schema as one object schema, references into components resolved one level. */
  private flat(schema: unknown, id?: string): Json {
    if (id && this.components.has(id)) {
      return this.components.rewrite(this.components.body(id), id) as Json;
    }
    return (schema ?? {}) as Json;
  }

  private requestBody(route: RouteRecord): Json | undefined {
    let schema: unknown;
    let flat: Json;
    let required = true;
    const notes: string[] = [];
    if (route.form) {
      const formId = FORM_ID(route.form);
      if (!route.formWith) {
        schema = this.components.ref(formId);
        flat = this.flat(schema, formId);
      } else {
        // One flat object: the form's schema forbids other properties, so allOf cannot add them.
        const form = this.flat(undefined, formId);
        const extra = this.objectProperties(route.formWith);
        schema = {
          ...form,
          properties: {
            ...Object.fromEntries(
              extra.properties.map(([name, p]) => [name, this.components.rewrite(p, extra.id)]),
            ),
            ...(form.properties as Json),
          },
          required: [...extra.required, ...((form.required as string[] | undefined) ?? [])],
        };
        flat = schema as Json;
      }
      notes.push(
        `The data of the form \`${route.form}\`, validated like the browser form (the same schema and the rules of flows/forms/${route.form}.json); errors name its fields.`,
      );
    } else if (route.body) {
      const id = idOf(route.body);
      const source = id ? this.ctx.schemas.byId.get(id) : route.body;
      const type = (source as Json | undefined)?.type;
      required = !(Array.isArray(type) && type.includes('null'));
      schema = this.schema(route.body);
      flat = this.flat(schema, id);
    } else {
      return undefined;
    }
    const names = Object.keys((flat.properties as Json | undefined) ?? {});
    const list = (items: string[]) => items.map((name) => `\`${name}\``).join(', ');
    if (names.length > 0) notes.push(`Field names: ${list(names)}.`);
    else notes.push('No fields: an empty object (or no body).');
    if (route.aliases) {
      // The other shape: the same object with the aliases in place of the names they stand for.
      const rename = Object.fromEntries(Object.entries(route.aliases).map(([a, n]) => [n, a]));
      const other: Json = {
        ...flat,
        description: 'The same fields under their other names (the spec, section 3).',
        properties: Object.fromEntries(
          Object.entries((flat.properties as Json | undefined) ?? {}).map(([name, property]) => [
            rename[name] ?? name,
            property,
          ]),
        ),
        required: ((flat.required as string[] | undefined) ?? []).map((n) => rename[n] ?? n),
      };
      // anyOf: a body that uses none of the aliases is valid under both.
      schema = { anyOf: [schema, other] };
      notes.push(
        `Or the same fields under other names (spec section 3): ${Object.entries(route.aliases)
          .map(([alias, name]) => `\`${alias}\` for \`${name}\``)
          .join(', ')}; one body uses one set of names, and errors name the fields as sent.`,
      );
    }
    return {
      required,
      description: notes.join(' '),
      content: { 'application/json': { schema } },
    };
  }

  operation(route: RouteRecord): Json {
    const family =
      route.prefix === '' ? 'Service' : (route.url.slice(route.prefix.length).split('/')[1] ?? '');
    const parameters: Json[] = [];
    if (route.prefix !== '') {
      parameters.push(
        this.parameter('SessionId', {
          name: 'X-Session-Id',
          in: 'header',
          required: true,
          description:
            'An id the client makes for its browser session (any text, 1 to 200 characters). Every /api call sends it; analytics events store only its hash.',
          schema: { type: 'string', minLength: 1, maxLength: 200 },
        }),
        this.parameter('AcceptLanguage', {
          name: 'Accept-Language',
          in: 'header',
          required: false,
          description:
            'The language of error messages and files: `en` (default) or `es`, with the usual q-values.',
          schema: { type: 'string', examples: ['es', 'en-US,en;q=0.9'] },
        }),
      );
    }
    if (route.idempotent) {
      parameters.push(
        this.parameter('IdempotencyKey', {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'One key per payment attempt (1 to 255 visible ASCII characters), kept across retries: a retry with the same key and body gets the first answer again (with `Idempotent-Replayed: true`) and never pays twice. The same key with another body is 422; while the first request still runs, 409.',
          schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
        }),
      );
    }
    for (const where of ['path', 'query'] as const) {
      const { properties, required, id } = this.objectProperties(
        where === 'path' ? route.params : route.querystring,
      );
      for (const [name, property] of properties) {
        const schema = this.components.rewrite(property, id) as Json;
        const { description, ...rest } = schema;
        parameters.push({
          name,
          in: where,
          required: where === 'path' || required.includes(name),
          ...(typeof description === 'string' ? { description } : {}),
          schema: rest,
        });
      }
    }

    const responses: Record<string, Json> = {};
    for (const [status, schema] of Object.entries(route.response)) {
      if (/^2/.test(status)) {
        const answer: Json = {
          description: 'Success.',
          content: { 'application/json': { schema: this.schema(schema) } },
        };
        if (route.idempotent) {
          answer.headers = {
            'Idempotent-Replayed': {
              description:
                '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
              schema: { type: 'string', enum: ['true'] },
            },
          };
        }
        responses[status] = answer;
      }
    }
    if (route.produces) {
      responses['200'] = {
        description: `The document, as a file to save (${route.produces}).`,
        headers: {
          'Content-Disposition': {
            description: 'attachment, with a file name',
            schema: { type: 'string' },
          },
        },
        content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } },
      };
    }
    if (route.noContent) responses['204'] = { description: 'Done; no body.' };

    const errors = new Set(Object.keys(route.response).filter((status) => !/^2/.test(status)));
    if (route.prefix !== '') errors.add('400');
    if (route.roles) ['401', '403'].forEach((status) => errors.add(status));
    if (route.limits.length > 0) errors.add('429');
    if (['POST', 'PUT', 'PATCH'].includes(route.method)) {
      ['413', '415'].forEach((status) => errors.add(status));
    }
    errors.add('500');
    // Every call that reads or writes the database: it may be briefly out of reach.
    if (route.prefix !== '') errors.add('503');
    for (const status of [...errors].sort()) responses[status] = this.errorResponse(status);

    const notes: string[] = [];
    if (route.description) notes.push(route.description);
    if (route.limits.length > 0) {
      const per = route.limits.map(
        (l) =>
          `${l.max} per ${l.per === 'address' ? 'client address' : 'identity'} in ${l.windowSeconds} seconds`,
      );
      notes.push(`Rate limited (429 with Retry-After beyond): ${per.join(', ')}.`);
    }
    if (route.bodyLimit !== undefined) {
      notes.push(`Bodies of up to ${route.bodyLimit.toLocaleString('en-US')} bytes (413 beyond).`);
    }
    if (route.roles) {
      notes.push(`Access token roles: ${route.roles.map((r) => `\`${r}\``).join(', ')}.`);
    } else if (route.optionalAuth) {
      notes.push('Open; an access token, if sent, links the call to the signed-in debtor.');
    }
    const op: Json = {
      operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+/g, '_')}`,
      summary: route.summary ?? `${route.method} ${route.url}`,
      ...(notes.length > 0 ? { description: notes.join('\n\n') } : {}),
      tags: [family],
      parameters,
    };
    const body = this.requestBody(route);
    if (body) op.requestBody = body;
    op.responses = responses;
    if (route.roles) {
      op.security = [{ bearer: [] }];
      op['x-roles'] = route.roles;
    } else if (route.optionalAuth) {
      op.security = [{}, { bearer: [] }];
    } else {
      op.security = [];
    }
    return op;
  }
}

export function buildOpenApi(routes: RouteRecord[], ctx: PortalContext, schemasDir: string): Json {
  const sources = schemaSources(ctx, schemasDir);
  const builder = new DocumentBuilder(
    new SchemaComponents(sources.map(([id, name, schema]) => [id, name, schema] as const)),
    ctx,
  );
  const paths: Record<string, Json> = {};
  const families = new Set<string>();
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url))) {
    const url = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const op = builder.operation(route);
    families.add((op.tags as string[])[0] ?? 'Service');
    paths[url] ??= {};
    paths[url][route.method.toLowerCase()] = op;
  }
  const order = Object.keys(TAGS);
  const tags = [...families]
    .sort(
      (a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99) || a.localeCompare(b),
    )
    .map((name) => (TAGS[name] ? { name, description: TAGS[name] } : { name }));
  const sorted = (map: Map<string, Json>) =>
    Object.fromEntries([...map.entries()].sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Debt portal API',
      version: '3',
      description: [
        'The API of the debt portal: what its web app uses, for other clients too.',
        '',
        '- Every operation exists under `/api` and `/api/v2` (the session-debtor calls only under `/api/v2`).',
        '- Every `/api` call sends an `X-Session-Id` header; signed-in calls send `Authorization: Bearer <access token>` (from Authorization/VerifyIdentity or Authorization/VerifyLetter, renewed with Authorization/Refresh).',
        "- Money is in dollars (2 decimals), calendar days are `YYYY-MM-DD` in the agency's time zone.",
        '- Errors are `{ message, errors?: [{ path, keyword, message }], fieldRequired? }`, in the language of `Accept-Language` (`en` or `es`).',
        '- An account, letter, funding method or payment of another debtor is answered 404, like a missing one.',
        '- Payments are exactly-once with an `Idempotency-Key` header.',
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    tags,
    paths,
    components: {
      schemas: builder.components.schemas(),
      responses: sorted(builder.responses),
      parameters: sorted(builder.parameters),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description:
            'The access token of a sign-in (15 minutes; renew with Authorization/Refresh).',
        },
      },
    },
  };
}

/**
 * Starts recording routes (call before registering them), serves GET /api/docs, and the page that
 * renders it at /api/docs/.
 */
export function registerOpenApi(
  app: FastifyInstance,
  ctx: PortalContext,
  schemasDir: string,
): void {
  const routes: RouteRecord[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (options) => {
    if (options.url.startsWith('/api')) routes.push(...recordRoute(options));
  });
  let cached: { count: number; doc: Json } | undefined;
  app.get(
    '/api/docs',
    {
      schema: {
        summary: 'This OpenAPI document',
        description:
          'Generated from the registered routes and their schemas. Rendered for people at /api/docs/.',
        response: {
          200: { type: 'object', additionalProperties: true, description: 'OpenAPI 3.1' },
        },
      },
    },
    async (_request, reply) => {
      if (!cached || cached.count !== routes.length) {
        cached = { count: routes.length, doc: buildOpenApi(routes, ctx, schemasDir) };
      }
      return reply.header('cache-control', 'no-store').send(cached.doc);
    },
  );
  registerDocsPage(app, ctx.config.texts);
}
