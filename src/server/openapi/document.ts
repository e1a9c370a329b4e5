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
import type { FastifyInstance } from 'fastify';
import type { PortalContext } from '../context';
import { SchemaComponents } from './components';
import { TAGS } from './descriptions';
import { FORM_ID, idOf, OperationBuilder, type Json } from './operation';
import { registerDocsPage } from './page';
import { recordRoute, type RouteRecord } from './route-record';

const API_ID = /^\/schemas\/api\/([a-z0-9-]+)\.json$/;

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

export function buildOpenApi(routes: RouteRecord[], ctx: PortalContext, schemasDir: string): Json {
  const sources = schemaSources(ctx, schemasDir);
  const builder = new OperationBuilder(
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
        agencyKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An agency API key (`pak_…`, made with `npm run agency:key -- --name NAME [--client CODE]`): the events feed only.',
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
  registerDocsPage(app, () => ctx.config.texts);
}
