/**
 * Guest calls, open without a token:
 * - POST Guest/OptOut/{email}: stops e-mail for that address (stored lower-cased; any debtor with
 *   that e-mail gets e-mail preference off). 204, whether or not the address is known.
 * - POST Guest/DateCompare `{ date1, date2? }`: compares two calendar days (YYYY-MM-DD, or ISO
 *   date-times taken as their day in the agency's time zone; date2 defaults to the agency's today)
 *   and answers `{ date1, date2, comparison: -1|0|1, relation: 'before'|'same'|'after',
 *   daysBetween }` where daysBetween = date2 - date1 in days.
 * - POST Guest/Feedback `{ rating?, message?, page? }`: stored. 204.
 * - POST Guest/ContactUs: the contact-us form. With an account token the account (if given) must
 *   be one of the debtor's (404 otherwise); without one it must have a valid format. Answers
 *   `{ success: true, confirmation }`.
 */
import type { FastifyInstance } from 'fastify';
import type { DateCompareRequest } from '@/generated/types/api/date-compare-request';
import type { FeedbackRequest } from '@/generated/types/api/feedback-request';
import { optionalAuth } from '../auth/guard';
import type { PortalContext } from '../context';
import { calendarDay } from '../dates';
import { ApiError } from '../http/errors';
import { optOutEmail } from '../messages/outbox/opt-out';
import { errorResponses, schemaRef } from '../http/validation';
import { formValidator } from './form-bodies';
import { confirmationCode } from './forms';
import { isAccountNumber, ownedAccount } from './ownership';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

export function registerGuestRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const forms = formValidator(ctx);

  api.post<{ Params: { email: string } }>(
    '/Guest/OptOut/:email',
    {
      onRequest: ctx.limits.guestByAddress,
      schema: {
        summary: 'Stop e-mail to an address',
        description: 'Answers 204 whether or not the address is known.',
        params: schemaRef(ctx.schemas, 'opt-out-params'),
      },
      config: { noContent: true },
    },
    async (request, reply) => {
      const email = request.params.email.trim().toLowerCase();
      const stamp = ctx.now().toISOString();
      await ctx.db.transaction().execute((trx) => optOutEmail(trx, email, stamp));
      request.log.info('e-mail opt-out recorded');
      return reply.code(204).send();
    },
  );

  api.post<{ Body: DateCompareRequest }>(
    '/Guest/DateCompare',
    {
      onRequest: ctx.limits.guestByAddress,
      schema: {
        summary: "Compare two calendar days (the second defaults to the agency's today)",
        description:
          "ISO date-times are taken as their day in the agency's time zone; `daysBetween` is date2 minus date1 in days.",
        body: schemaRef(ctx.schemas, 'date-compare-request'),
        response: { 200: schemaRef(ctx.schemas, 'date-compare-result') },
      },
    },
    async (request) => {
      const toDay = (value: string): string =>
        DAY.test(value) ? value : calendarDay(new Date(value), ctx.timeZone);
      const date1 = toDay(request.body.date1);
      const date2 = request.body.date2 ? toDay(request.body.date2) : ctx.today();
      const daysBetween = dayNumber(date2) - dayNumber(date1);
      const comparison = date1 < date2 ? -1 : date1 > date2 ? 1 : 0;
      return {
        date1,
        date2,
        comparison,
        relation: comparison < 0 ? 'before' : comparison > 0 ? 'after' : 'same',
        daysBetween,
      };
    },
  );

  api.post<{ Body: FeedbackRequest }>(
    '/Guest/Feedback',
    {
      onRequest: ctx.limits.guestByAddress,
      schema: {
        summary: 'Leave feedback on the portal',
        body: schemaRef(ctx.schemas, 'feedback-request'),
      },
      config: { noContent: true, auth: 'optional' },
    },
    async (request, reply) => {
      const auth = await optionalAuth(ctx, request);
      await ctx.db
        .insertInto('feedback')
        .values({
          debtor_id: auth?.role === 'account' ? auth.debtorId : null,
          rating: request.body.rating ?? null,
          message: request.body.message?.trim() || null,
          page: request.body.page ?? null,
          created_at: ctx.now().toISOString(),
        })
        .execute();
      return reply.code(204).send();
    },
  );

  api.post(
    '/Guest/ContactUs',
    {
      onRequest: ctx.limits.guestByAddress,
      schema: {
        summary: 'Send a message to the agency (the contact-us form)',
        description:
          "The contact-us form, which has the names of the spec's contact request. With an account token, an account number given must be one of the debtor's (404 otherwise).",
        body: schemaRef(ctx.schemas, 'form-body'),
        response: {
          200: schemaRef(ctx.schemas, 'submission-result'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
      config: { form: 'contact-us', auth: 'optional' },
    },
    async (request) => {
      const auth = await optionalAuth(ctx, request);
      const debtorId = auth?.role === 'account' ? auth.debtorId : null;
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const ownAccount = async (value: unknown) => {
        // Only a well-formed number is looked up; the form's pattern answers the others (400).
        if (debtorId === null || !isAccountNumber(value)) return;
        try {
          await ownedAccount(ctx, debtorId, value);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          throw new ApiError(404, 'accountNotFound', {
            errors: [forms.error(request, 'contact-us', 'account', 'notFound')],
          });
        }
      };
      await ownAccount(raw.account);
      const data = forms.check(request, 'contact-us', raw);
      await ownAccount(data.account);
      const confirmation = confirmationCode('MSG');
      const text = (field: string) =>
        typeof data[field] === 'string' && String(data[field]).trim() !== ''
          ? String(data[field]).trim()
          : null;
      await ctx.db
        .insertInto('contact_messages')
        .values({
          debtor_id: debtorId,
          account_number: text('account')?.toUpperCase() ?? null,
          name: String(data.name).trim(),
          reason: String(data.reason),
          phone_number: String(data.phoneNumber),
          message: String(data.message),
          comm_email: data.commEmail === true ? 1 : 0,
          comm_sms: data.commSms === true ? 1 : 0,
          email: text('email'),
          sms_number: text('smsNumber'),
          created_at: ctx.now().toISOString(),
        })
        .execute();
      request.log.info({ debtorId, confirmation }, 'contact message received');
      return { success: true, confirmation };
    },
  );
}
