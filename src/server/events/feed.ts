/**
 * The agency's events feed (issue 42, item 2): GET /api/agency/v1/events?after&limit&type&client,
 * oldest first. A consumer keeps the `nextCursor` of its last page and reads on from it; as
 * cursors commit in order and without gaps (record.ts), reading `cursor > after` never skips an
 * event, however long the consumer was away.
 *
 * Only an agency API key opens it (`Authorization: Bearer pak_…`, keys.ts): no key, an unknown or
 * revoked key, a debtor's access token or a studio cookie is 401. A key made for one client reads
 * only that client's events, and naming another client (`client=`) is 403. The key is checked
 * before the query string, so a caller without one learns nothing of the API's rules.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AgencyEvent } from '@/generated/types/api/agency-event';
import type { AgencyEventList } from '@/generated/types/api/agency-event-list';
import type { AgencyEventsQuery } from '@/generated/types/api/agency-events-query';
import type { PortalContext } from '../context';
import { ApiError, languageOf } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { agencyKeyOf, type AgencyKey } from './keys';
import { EVENT_TYPES } from './types';

export const FEED_URL = '/api/agency/v1/events';
export const DEFAULT_LIMIT = 100;

/** What the OpenAPI document shows as the route's guard (openapi/operation.ts). */
export const AGENCY_KEY_ROLE = 'agency-key';

const keys = new WeakMap<FastifyRequest, AgencyKey>();
const known = new Set<string>(EVENT_TYPES);

export function registerAgencyFeed(app: FastifyInstance, ctx: PortalContext): void {
  const guard = Object.assign(
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const key = await agencyKeyOf(ctx.db, request.headers.authorization);
      if (!key) {
        reply.header('www-authenticate', 'Bearer realm="agency"');
        throw new ApiError(401, 'unauthorized');
      }
      keys.set(request, key);
    },
    { roles: [AGENCY_KEY_ROLE] as const },
  );

  app.get<{ Querystring: AgencyEventsQuery }>(
    FEED_URL,
    {
      onRequest: guard,
      schema: {
        summary: 'The events of the portal, for the agency (oldest first, from a cursor)',
        description:
          "Every change a debtor or staff member makes, written in the same transaction as the change. Send `Authorization: Bearer <agency key>` (made with `npm run agency:key -- --name NAME [--client CODE]`). Read from `after=0`, then from each page's `nextCursor`; cursors grow by one per event in commit order, so nothing is skipped. `type` takes a comma-separated list of types. A key made for one client reads only that client's events (another `client` is 403). Each type's `data` is described by schemas/events/<type>.schema.json (`plan.payment_day_changed`: plan-payment-day-changed).",
        querystring: schemaRef(ctx.schemas, 'agency-events-query'),
        response: {
          200: schemaRef(ctx.schemas, 'agency-event-list'),
          ...errorResponses(ctx.schemas, 400),
        },
      },
    },
    async (request): Promise<AgencyEventList> => {
      const key = keys.get(request);
      if (!key) throw new ApiError(401, 'unauthorized');
      const after = request.query.after ?? 0;
      const limit = request.query.limit ?? DEFAULT_LIMIT;
      const types = request.query.type ? [...new Set(request.query.type.split(','))] : [];
      const unknown = types.find((type) => !known.has(type));
      if (unknown !== undefined) {
        const message = request.server.catalog.keywordMessage('enum', languageOf(request));
        throw new ApiError(400, 'invalidRequest', {
          errors: [{ path: '/type', keyword: 'enum', message }],
        });
      }
      if (key.clientId !== null && request.query.client && request.query.client !== key.clientId) {
        throw new ApiError(403, 'forbidden');
      }
      const client = key.clientId ?? request.query.client ?? null;
      let query = ctx.db.selectFrom('events').selectAll().where('cursor', '>', after);
      if (client !== null) query = query.where('client_id', '=', client);
      if (types.length > 0) query = query.where('type', 'in', types);
      const rows = await query
        .orderBy('cursor')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const data = page.map((row): AgencyEvent => ({
        id: row.id,
        cursor: Number(row.cursor),
        type: row.type as AgencyEvent['type'],
        createdAt: row.created_at,
        clientId: row.client_id,
        accountNumber: row.account_number,
        debtorKey: row.debtor_key,
        data: JSON.parse(row.data) as Record<string, unknown>,
      }));
      const last = data.at(-1);
      return { data, nextCursor: last ? last.cursor : after, hasMore: rows.length > limit };
    },
  );
}
