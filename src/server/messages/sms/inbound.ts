/**
 * `POST /api/messages/sms/inbound` (issue 43): a text reply, posted by the SMS provider as a
 * signed webhook (webhooks.ts). A reply that reads as a revocation (revocation.ts, the words in
 * flows/policies/sms-revocation.json) stops texts to the number it came from, for every debtor
 * who gave it, and the number gets at most one confirmation text per stop (TCPA, FCC 24-18), in
 * the language of its latest consent; a debtor left with no number to text has "Send me text
 * messages" turned off in their preferences (recorded like a change they made). Any other reply
 * changes nothing. A forged or stale signature is 401, a body of the wrong shape 400.
 */
import type { FastifyInstance } from 'fastify';
import type { PortalContext } from '../../context';
import type { Db } from '../../db/types';
import { recordPreferenceChange } from '../../events/debtor-events';
import { ApiError } from '../../http/errors';
import { BODY_LIMIT } from '../../http/input';
import { errorResponses, schemaRef } from '../../http/validation';
import type { MessageLanguage } from '../types';
import { claimStopConfirmation, recordStop, textConsents } from './consent';
import type { SmsProvider } from './provider';
import { isRevocation, SHIPPED_REVOCATION_POLICY, type RevocationPolicy } from './revocation';
import { recordSmsStatus, SMS_STATUS_URL } from './status';
import { SmsWebhookError, verifySmsWebhook, type SmsWebhookEvent } from './webhooks';

export interface SmsSettings {
  /** Where texts go (null: not configured; then no confirmation is sent). */
  provider: SmsProvider | null;
  /** SMS_WEBHOOK_SECRET: without it every webhook is refused (fails closed). */
  webhookSecret: string | null;
}

export const SMS_INBOUND_URL = '/api/messages/sms/inbound';

/** The revocation words of the content version served now (flows/policies), else the shipped. */
export function revocationPolicyOf(ctx: PortalContext): RevocationPolicy {
  const policies = ctx.config.policies as Record<string, unknown> | undefined;
  const file = policies?.['sms-revocation'] as Partial<RevocationPolicy> | undefined;
  return file?.english && file.spanish && file.confirmation
    ? (file as RevocationPolicy)
    : SHIPPED_REVOCATION_POLICY;
}

/** Turns "Send me text messages" off for debtors of `phone` with no number left to text. */
async function turnOffTexts(db: Db, phone: string, stamp: string): Promise<void> {
  const debtors = await db
    .selectFrom('sms_consents as c')
    .innerJoin('debtors as d', 'd.id', 'c.debtor_id')
    .select(['d.id', 'd.pref_email', 'd.pref_letter', 'd.pref_preferred'])
    .where('c.phone_e164', '=', phone)
    .where('d.pref_sms', '=', 1)
    .execute();
  for (const debtor of debtors) {
    if ((await textConsents(db, debtor.id)).some((c) => c.allowed)) continue;
    const enabled = { email: Boolean(debtor.pref_email), letter: Boolean(debtor.pref_letter) };
    const preferred =
      debtor.pref_preferred && debtor.pref_preferred !== 'SMS'
        ? debtor.pref_preferred
        : ((['email', 'letter'] as const).find((c) => enabled[c]) ?? null);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('debtors')
        .set({ pref_sms: 0, pref_preferred: preferred, updated_at: stamp })
        .where('id', '=', debtor.id)
        .execute();
      await trx
        .insertInto('preference_changes')
        .values({
          debtor_id: debtor.id,
          emails: enabled.email ? 1 : 0,
          letters: enabled.letter ? 1 : 0,
          texts: 0,
          email_changed: 0,
          created_at: stamp,
        })
        .execute();
      await recordPreferenceChange(trx, debtor.id, stamp, {
        emails: enabled.email,
        texts: false,
        letters: enabled.letter,
        preferred,
        email: null,
      });
    });
  }
}

/** The language of the number's latest consent given before `before`; null when none. */
async function consentLanguage(
  db: Db,
  phone: string,
  before: string,
): Promise<MessageLanguage | null> {
  const row = await db
    .selectFrom('sms_consents')
    .select('statement_language')
    .where('phone_e164', '=', phone)
    .where('withdrawn_at', 'is', null)
    .where('consented_at', '<', before)
    .orderBy('consented_at', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  return row.statement_language === 'es' ? 'es' : 'en';
}

export interface InboundOutcome {
  revocation: boolean;
  stopped: boolean;
  confirmationSent: boolean;
}

/** What an inbound reply does (the route's work, apart from HTTP). */
export async function handleInboundReply(
  ctx: PortalContext,
  sms: SmsSettings,
  from: string,
  body: string,
  onError?: (error: unknown) => void,
): Promise<InboundOutcome> {
  const policy = revocationPolicyOf(ctx);
  if (!isRevocation(body, policy))
    return { revocation: false, stopped: false, confirmationSent: false };
  const now = ctx.now();
  const stamp = now.toISOString();
  // The consent in force before this reply decides the confirmation's language (and whether one
  // is due at all: a number never texted gets none).
  const language = await consentLanguage(ctx.db, from, stamp);
  const { newlyStopped } = await recordStop(ctx.db, from, body, now);
  if (!newlyStopped) return { revocation: true, stopped: false, confirmationSent: false };
  await turnOffTexts(ctx.db, from, stamp);
  if (!language || !sms.provider)
    return { revocation: true, stopped: true, confirmationSent: false };
  if (!(await claimStopConfirmation(ctx.db, from, now)))
    return { revocation: true, stopped: true, confirmationSent: false };
  const agency = (ctx.config.content?.agency as { name?: string } | undefined)?.name ?? '';
  const text = policy.confirmation[language].replace(/\{\{\s*agency\s*\}\}/g, agency);
  try {
    await sms.provider.send({ to: from, body: text, messageId: `stop-${from}-${stamp}` });
  } catch (error) {
    // The stop holds; the one confirmation allowed is not retried (never two).
    onError?.(error);
    return { revocation: true, stopped: true, confirmationSent: false };
  }
  return { revocation: true, stopped: true, confirmationSent: true };
}

/** A webhook's verified event, or the ApiError its refusal is (401 signature, 400 shape). */
function verified(
  sms: SmsSettings,
  request: { headers: Record<string, string | string[] | undefined>; body: unknown },
  log: { warn: (o: object, m: string) => void },
): SmsWebhookEvent {
  const raw = typeof request.body === 'string' ? request.body : '';
  try {
    return verifySmsWebhook(sms.webhookSecret, request.headers, raw);
  } catch (error) {
    if (!(error instanceof SmsWebhookError)) throw error;
    log.warn({ reason: error.reason, detail: error.message }, 'SMS webhook refused');
    throw new ApiError(
      error.reason === 'signature' ? 401 : 400,
      error.reason === 'signature' ? 'webhookSignature' : 'invalidRequest',
    );
  }
}

/**
 * Registers the routes (this one and the delivery receipts', status.ts) on the root instance (no X-Session-Id: the provider calls it), reading the
 * body as the raw text its signature covers.
 */
export async function registerSmsInbound(
  app: FastifyInstance,
  ctx: PortalContext,
  sms: SmsSettings,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_request, raw, done) => done(null, raw),
    );
    scope.post(
      SMS_INBOUND_URL,
      {
        schema: {
          summary: 'A text reply from a phone (the SMS provider’s signed webhook)',
          description:
            'Called by the SMS provider, not by browsers: a Standard Webhooks signature with `SMS_WEBHOOK_SECRET` (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; 401 when it is missing, wrong or older than 5 minutes). Body: `{"type":"message.inbound","data":{"providerMessageId","from","to","body","at"}}` (E.164 numbers). A reply that reads as a revocation in English or Spanish (flows/policies/sms-revocation.json) stops texts to `from`, with at most one confirmation text.',
          response: {
            200: schemaRef(ctx.schemas, 'sms-inbound-result'),
            ...errorResponses(ctx.schemas, 400, 401),
          },
        },
      },
      async (request) => {
        const event = verified(sms, request, request.log);
        if (event.type !== 'message.inbound') throw new ApiError(400, 'invalidRequest');
        const outcome = await handleInboundReply(ctx, sms, event.data.from, event.data.body, (e) =>
          request.log.error({ err: e }, 'SMS stop confirmation not sent'),
        );
        request.log.info({ ...outcome }, 'SMS reply received');
        return outcome;
      },
    );
    scope.post(
      SMS_STATUS_URL,
      {
        schema: {
          summary: 'A text’s delivery receipt (the SMS provider’s signed webhook)',
          description:
            'Called by the SMS provider, not by browsers: a Standard Webhooks signature with `SMS_WEBHOOK_SECRET` (401 when it is missing, wrong or older than 5 minutes). Body: `{"type":"message.status","data":{"providerMessageId","messageId","to","status":"delivered"|"failed"|"undelivered","errorCode","at"}}`. Records the delivery on the text the portal sent (`messageId`); a receipt for no such text changes nothing (`known: false`).',
          response: {
            200: schemaRef(ctx.schemas, 'sms-status-result'),
            ...errorResponses(ctx.schemas, 400, 401),
          },
        },
      },
      async (request) => {
        const event = verified(sms, request, request.log);
        if (event.type !== 'message.status') throw new ApiError(400, 'invalidRequest');
        const outcome = await recordSmsStatus(ctx.db, event, ctx.now());
        request.log.info({ ...outcome }, 'SMS delivery receipt');
        return outcome;
      },
    );
  });
}
