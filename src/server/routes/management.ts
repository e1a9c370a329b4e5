/**
 * Management calls, open without a token:
 * - GET Management/ListAllServices: `[{ name, status }]` for api, database (a round trip),
 *   processor (the configured payment processor adapter) and config (flows loaded). Status is
 *   `ok` or `down`; nothing else about the deployment is disclosed.
 * - GET Management/Time: `{ serverTime, epochMs, agencyDate, timeZone, offsetDays }`.
 * - POST Management/Time `{ clientTime?, travelDays? }`: the same, plus `clientTime` and
 *   `skewMs` (client minus server) when a client time is sent. It never changes the server clock,
 *   except that with PORTAL_ALLOW_TIME_TRAVEL=1 (tests and demos only) `travelDays` shifts the
 *   portal's clock (`ctx.now`, `ctx.today`: dates of accounts, plans, letters, forms) by that many
 *   whole days from real time; 0 returns to real time. Tokens and lockout keep real time.
 *   Without the variable, `travelDays` is refused with 403.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ServiceList } from '@/generated/types/api/service-list';
import type { TimeRequest } from '@/generated/types/api/time-request';
import type { PortalContext } from '../context';
import { addDays } from '../dates';
import { ApiError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { paymentServices } from '../payments/services';

interface Clock {
  offsetDays: number;
}

const clocks = new WeakMap<PortalContext, Clock>();

/** Wraps ctx.now and ctx.today once with a day offset (0 unless time travel is used). */
function portalClock(ctx: PortalContext): Clock {
  let clock = clocks.get(ctx);
  if (clock) return clock;
  const state: Clock = { offsetDays: 0 };
  const realNow = ctx.now;
  const realToday = ctx.today;
  ctx.now = () =>
    state.offsetDays === 0
      ? realNow()
      : new Date(realNow().getTime() + state.offsetDays * 86_400_000);
  ctx.today = () => (state.offsetDays === 0 ? realToday() : addDays(realToday(), state.offsetDays));
  clocks.set(ctx, state);
  clock = state;
  return clock;
}

export const timeTravelAllowed = (): boolean => process.env.PORTAL_ALLOW_TIME_TRAVEL === '1';

export function registerManagementRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const clock = portalClock(ctx);
  const timeResponse = schemaRef(ctx.schemas, 'server-time');

  api.get(
    '/Management/ListAllServices',
    {
      schema: {
        summary: 'Status of the services behind the portal (api, database, processor, config)',
        response: { 200: schemaRef(ctx.schemas, 'service-list') },
      },
    },
    async (request) => {
      const services: ServiceList = [{ name: 'api', status: 'ok' }];
      try {
        await sql`select 1`.execute(ctx.db);
        services.push({ name: 'database', status: 'ok' });
      } catch (error) {
        request.log.error({ err: error }, 'database check failed');
        services.push({ name: 'database', status: 'down' });
      }
      try {
        services.push({
          name: 'processor',
          status: paymentServices(ctx.config, ctx.db).processor ? 'ok' : 'down',
        });
      } catch {
        services.push({ name: 'processor', status: 'down' });
      }
      services.push({
        name: 'config',
        status: Object.keys(ctx.config.forms).length > 0 ? 'ok' : 'down',
      });
      return services;
    },
  );

  const timeBody = () => {
    const now = ctx.now();
    return {
      serverTime: now.toISOString(),
      epochMs: now.getTime(),
      agencyDate: ctx.today(),
      timeZone: ctx.timeZone,
      offsetDays: clock.offsetDays,
    };
  };

  api.get(
    '/Management/Time',
    {
      schema: {
        summary: "The server's clock and the agency's calendar day",
        response: { 200: timeResponse },
      },
    },
    async () => timeBody(),
  );

  api.post<{ Body: TimeRequest }>(
    '/Management/Time',
    {
      schema: {
        summary: "The server's clock, compared with the client's",
        description:
          "With `clientTime`, adds the skew (client minus server). `travelDays` shifts the portal's clock by whole days only on servers started with PORTAL_ALLOW_TIME_TRAVEL=1 (tests and demos); elsewhere it is 403.",
        body: schemaRef(ctx.schemas, 'time-request'),
        response: { 200: timeResponse, ...errorResponses(ctx.schemas, 403) },
      },
    },
    async (request) => {
      const { clientTime, travelDays } = request.body ?? {};
      if (travelDays !== undefined) {
        if (!timeTravelAllowed()) throw new ApiError(403, 'timeTravelDisabled');
        clock.offsetDays = travelDays;
        request.log.warn({ travelDays }, 'portal clock shifted (PORTAL_ALLOW_TIME_TRAVEL)');
      }
      const body = timeBody();
      if (clientTime === undefined) return body;
      return { ...body, clientTime, skewMs: Date.parse(clientTime) - body.epochMs };
    },
  );
}
