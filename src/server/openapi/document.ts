/**
 * The OpenAPI 3.1 document of the portal API, served at GET /api/docs. It is generated, never
 * written by hand: an onRoute hook records every /api route as it is registered (method, URL,
 * body, query, params and response schemas, roles of its guard, and route `config`), and the
 * components are the schemas under schemas/api plus the form schemas that form-data bodies are
 * validated with. Routes added by any module appear without further work.
 *
 * Route `config` read here: `form` (the body is that form's data), `produces` (a file type such
 * as application/pdf), `noContent` (answers 204), `auth: 'optional'` (a token is used if sent).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { PortalContext } from '../context';
import { FORM_NAMES, formSchema, type FormName } from '../routes/form-bodies';

export interface RouteRecord {
  method: string;
  url: string;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response: Record<string, unknown>;
  roles?: readonly string[];
  form?: string;
  produces?: string;
  noContent?: boolean;
  optionalAuth?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route registered so far (read by the OpenAPI document and tests). */
    apiRoutes: RouteRecord[];
  }
}

type Json = Record<string, unknown>;

const apiName = (id: string): string | undefined =>
  /^\/schemas\/api\/([a-z0-9-]+)\.json$/.exec(id)?.[1];

function schemaOf(schema: unknown): Json {
  if (!schema || typeof schema !== 'object') return {};
  const id = (schema as { $id?: unknown }).$id;
  if (typeof id === 'string') {
    const name = apiName(id);
    if (name) return { $ref: `#/components/schemas/${name}` };
  }
  return schema as Json;
}

function rolesOf(...hooks: unknown[]): readonly string[] | undefined {
  const list = hooks.flatMap((h) => (Array.isArray(h) ? h : h ? [h] : []));
  for (const handler of list) {
    const roles = (handler as { roles?: readonly string[] }).roles;
    if (roles) return roles;
  }
  return undefined;
}

function recordRoute(options: RouteOptions): RouteRecord[] {
  const methods = (Array.isArray(options.method) ? options.method : [options.method]).filter(
    (m) => m !== 'HEAD',
  );
  const schema = (options.schema ?? {}) as Json;
  const config = (options.config ?? {}) as Json;
  return methods.map((method) => ({
    method: method.toUpperCase(),
    url: options.url,
    body: schema.body,
    querystring: schema.querystring,
    params: schema.params,
    response: (schema.response as Record<string, unknown> | undefined) ?? {},
    roles: rolesOf(options.onRequest, options.preValidation, options.preHandler),
    form: typeof config.form === 'string' ? config.form : undefined,
    produces: typeof config.produces === 'string' ? config.produces : undefined,
    noContent: config.noContent === true,
    optionalAuth: config.auth === 'optional',
  }));
}

/** Resolves a (possibly $ref'd) object schema's properties and required list. */
function objectProperties(
  schema: unknown,
  ctx: PortalContext,
): { properties: Record<string, unknown>; required: string[] } {
  let node = schema as Json | undefined;
  const id = node && typeof node.$id === 'string' ? node.$id : undefined;
  if (id) node = ctx.schemas.byId.get(id) as Json | undefined;
  return {
    properties: (node?.properties as Record<string, unknown> | undefined) ?? {},
    required: (node?.required as string[] | undefined) ?? [],
  };
}

function operation(route: RouteRecord, ctx: PortalContext): Json {
  const family = route.url.startsWith('/api/v2/') ? 'v2' : 'v1';
  const section = route.url.replace(/^\/api(\/v2)?\//, '').split('/')[0] ?? 'api';
  const parameters: Json[] = [];
  if (route.url !== '/api/health' && route.url !== '/api/docs') {
    parameters.push({ $ref: '#/components/parameters/SessionId' });
  }
  for (const where of ['path', 'query'] as const) {
    const source = where === 'path' ? route.params : route.querystring;
    const { properties, required } = objectProperties(source, ctx);
    for (const [name, property] of Object.entries(properties)) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || required.includes(name),
        schema: property,
      });
    }
  }
  const op: Json = {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+/g, '_')}`,
    tags: [section, family],
    parameters,
  };
  if (route.form) {
    op.requestBody = {
      required: true,
      description: `Form data of ${route.form}, validated with flows/forms/${route.form}.json like the browser form.`,
      content: {
        'application/json': { schema: { $ref: `#/components/schemas/form-${route.form}` } },
      },
    };
  } else if (route.body) {
    op.requestBody = { content: { 'application/json': { schema: schemaOf(route.body) } } };
  }
  const responses: Json = {};
  for (const [status, schema] of Object.entries(route.response)) {
    responses[status] = {
      description: 'Success',
      content: { 'application/json': { schema: schemaOf(schema) } },
    };
  }
  if (route.produces) {
    responses['200'] = {
      description: 'A file',
      content: { [route.produces]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  if (route.noContent) responses['204'] = { description: 'Done, no body' };
  if (Object.keys(responses).length === 0) responses['200'] = { description: 'Success' };
  responses.default = {
    description:
      'Error: 400 invalid, 401 no valid token, 403 role or lockout, 404 not found or not yours, 409 conflict',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/error' } } },
  };
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

export function buildOpenApi(routes: RouteRecord[], ctx: PortalContext): Json {
  const schemas: Json = {};
  for (const [id, schema] of ctx.schemas.byId) {
    const name = apiName(id);
    if (!name) continue;
    const copy = { ...(schema as Json) };
    delete copy.$schema;
    schemas[name] = copy;
  }
  for (const name of FORM_NAMES) {
    const copy = { ...formSchema(name as FormName) };
    delete copy.$schema;
    schemas[`form-${name}`] = copy;
  }
  const paths: Record<string, Json> = {};
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url))) {
    const url = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[url] ??= {};
    paths[url][route.method.toLowerCase()] = operation(route, ctx);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Debt portal API',
      version: '3',
      description:
        'Every operation exists under /api and /api/v2 (session-debtor calls only under /api/v2). Money in dollars, calendar days as YYYY-MM-DD. Errors: { message, errors?: [{ path, keyword, message }] } in the Accept-Language (en or es).',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas,
      parameters: {
        SessionId: {
          name: 'X-Session-Id',
          in: 'header',
          required: true,
          schema: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      },
    },
  };
}

/** Starts recording routes (call before registering them) and serves GET /api/docs. */
export function registerOpenApi(app: FastifyInstance, ctx: PortalContext): void {
  const routes: RouteRecord[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (options) => {
    if (options.url.startsWith('/api')) routes.push(...recordRoute(options));
  });
  let cached: { count: number; doc: Json } | undefined;
  app.get('/api/docs', async (_request, reply) => {
    if (!cached || cached.count !== routes.length) {
      cached = { count: routes.length, doc: buildOpenApi(routes, ctx) };
    }
    return reply.header('cache-control', 'no-store').send(cached.doc);
  });
}
