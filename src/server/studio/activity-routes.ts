/**
 * The studio's Activity screen (issue 42, item 4): GET /studio/api/events, for approvers and
 * admins (guard.ts). The events the portal wrote (src/server/events/), newest first, filtered by
 * type, by a range of the agency's days (both ends inclusive, in the agency's time zone) and by
 * account number, a page at a time: `before` is the `next` of the previous page, so a page never
 * repeats or skips an event, whatever is written meanwhile (cursors only grow).
 *
 * Events carry debtors' contact details, so every look-up is audited, as evidence is
 * (`events.view`, with the filters and the count shown).
 */
import type { FastifyInstance } from 'fastify';
import type { ActivityEvent, StudioEvents } from '@/generated/types/api/studio-events';
import type { StudioEventsQuery } from '@/generated/types/api/studio-events-query';
import { zonedInstant } from '../../domain/dates';
import { addDays } from '../dates';
import { ApiError } from '../http/errors';
import { schemaRef } from '../http/validation';
import type { ContentRoutesOptions } from './content-routes';
import { staffOf } from './guard';

export const DEFAULT_EVENTS_PAGE = 50;

/** The instant a day of the agency's time zone begins, as the events' stamps are written. */
const dayStart = (day: string, timeZone: string): string =>
  zonedInstant(day, 0, 0, timeZone).toISOString();

export function registerActivityRoutes(
  studio: FastifyInstance,
  { ctx, record }: Pick<ContentRoutesOptions, 'ctx' | 'record'>,
): void {
  studio.get<{ Querystring: StudioEventsQuery }>(
    '/events',
    { schema: { querystring: schemaRef(ctx.schemas, 'studio-events-query') } },
    async (request): Promise<StudioEvents> => {
      const staff = staffOf(request);
      const { type, from, to, account, before } = request.query;
      const limit = request.query.limit ?? DEFAULT_EVENTS_PAGE;
      // A range that ends before it begins is a mistake, not an empty answer.
      if (from !== undefined && to !== undefined && to < from) {
        throw new ApiError(400, 'invalidRequest');
      }
      let query = ctx.db.selectFrom('events').selectAll();
      if (type !== undefined) query = query.where('type', '=', type);
      if (account !== undefined) query = query.where('account_number', '=', account);
      if (from !== undefined) query = query.where('created_at', '>=', dayStart(from, ctx.timeZone));
      if (to !== undefined) {
        query = query.where('created_at', '<', dayStart(addDays(to, 1), ctx.timeZone));
      }
      // At most 15 digits (the query schema): a safe integer.
      if (before !== undefined) query = query.where('cursor', '<', Number(before));
      const rows = await query
        .orderBy('cursor', 'desc')
        .limit(limit + 1)
        .execute();
      const page = rows.slice(0, limit);
      const events = page.map((row): ActivityEvent => ({
        id: row.id,
        cursor: String(row.cursor),
        type: row.type as ActivityEvent['type'],
        occurredAt: row.created_at,
        clientCode: row.client_id,
        accountNumber: row.account_number,
        debtorKey: row.debtor_key,
        data: JSON.parse(row.data) as Record<string, unknown>,
      }));
      const next = rows.length > limit ? (events.at(-1)?.cursor ?? null) : null;
      await record(request, {
        staffId: staff.staffId,
        action: 'events.view',
        subject: account ?? null,
        detail: {
          ...(type !== undefined && { type }),
          ...(from !== undefined && { from }),
          ...(to !== undefined && { to }),
          ...(before !== undefined && { before }),
          shown: events.length,
        },
      });
      return { events, next };
    },
  );
}
