/**
 * POST Analytic `{ event, properties?, occurredAt? }` (open; a valid token links the event to the
 * debtor): stores one analytics event of spec §1. Event names are a whitelist (the schema's enum);
 * properties are flat scalars, and anything that could identify a person is dropped before it is
 * stored: known personal keys (SSN, date of birth, card and bank numbers, names, e-mail, phone,
 * address, tokens, codes) and values that look like an e-mail address or a long number. The
 * session id header is stored only as a SHA-256 hash. Answers 204.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AnalyticEvent } from '@/generated/types/api/analytic-event';
import { optionalAuth } from '../auth/guard';
import type { PortalContext } from '../context';
import { schemaRef } from '../http/validation';

/** Keys (lower case, letters and digits only) that are never stored. */
const PII_KEYS = new Set([
  'ssn',
  'socialsecuritynumber',
  'ssnlast4',
  'dateofbirth',
  'dob',
  'birthdate',
  'cardnumber',
  'card',
  'cvv',
  'cvc',
  'cardexpiration',
  'bankaccountnumber',
  'routingnumber',
  'bankroutingnumber',
  'accountnumber',
  'creditoraccountnumber',
  'clientaccount',
  'firstname',
  'lastname',
  'name',
  'fullname',
  'businessname',
  'email',
  'emailaddress',
  'phone',
  'phonenumber',
  'smsnumber',
  'address',
  'address1',
  'address2',
  'addressline1',
  'addressline2',
  'street',
  'city',
  'zip',
  'lettercode',
  'offercode',
  'agentpin',
  'ip',
]);
/** Key fragments that mark a secret whatever the rest of the key is. */
const PII_FRAGMENTS = ['ssn', 'password', 'token', 'secret', 'cardnumber', 'birth'];
const EMAIL_LIKE = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const LONG_NUMBER = /\d[\d\s-]{7,}\d/;

export function scrubProperties(
  properties: Record<string, unknown> | undefined,
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [key, value] of Object.entries(properties ?? {})) {
    const normalized = key.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (PII_KEYS.has(normalized) || PII_FRAGMENTS.some((f) => normalized.includes(f))) continue;
    if (typeof value === 'string' && (EMAIL_LIKE.test(value) || LONG_NUMBER.test(value))) continue;
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      out[key] = value as string | number | boolean | null;
    }
  }
  return out;
}

export function registerAnalyticsRoutes(api: FastifyInstance, ctx: PortalContext): void {
  api.post<{ Body: AnalyticEvent }>(
    '/Analytic',
    {
      schema: {
        summary: 'Record a usage event of the web app',
        description:
          'Event names are a fixed list; properties are flat values, and anything that could identify a person is dropped before it is stored.',
        body: schemaRef(ctx.schemas, 'analytic-event'),
      },
      config: { auth: 'optional', noContent: true },
    },
    async (request, reply) => {
      const auth = await optionalAuth(ctx, request);
      const properties = scrubProperties(request.body.properties);
      const sessionId = request.headers['x-session-id'];
      await ctx.db
        .insertInto('analytics_events')
        .values({
          name: request.body.event,
          debtor_id: auth?.debtorId ?? null,
          session_hash:
            typeof sessionId === 'string'
              ? createHash('sha256').update(sessionId).digest('hex')
              : null,
          properties: Object.keys(properties).length > 0 ? JSON.stringify(properties) : null,
          occurred_at: request.body.occurredAt ?? null,
          created_at: ctx.now().toISOString(),
        })
        .execute();
      return reply.code(204).send();
    },
  );
}
