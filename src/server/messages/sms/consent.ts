/**
 * Text consent and stops (migration 0023). Consent is recorded per debtor and number with its time
 * and the version of the consent statement shown; a revocation is recorded per number, whoever
 * sent it, and stops texts to that number until a later consent.
 */
import { createHash } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../../auth/guard';
import type { PortalConfig } from '../../config';
import type { PortalContext } from '../../context';
import { languageOf } from '../../http/errors';
import type { Db } from '../../db/types';
import type { MessageLanguage } from '../types';

export interface SmsConsentsTable {
  debtor_id: number;
  phone_e164: string;
  consented_at: string;
  statement_version: string;
  statement_language: string;
  /** `add-phone` | `preferences` */
  source: string;
  withdrawn_at: string | null;
}

export interface SmsStopsTable {
  phone_e164: string;
  stopped_at: string;
  reply: string;
  confirmed_at: string | null;
}

declare module '../../db/types' {
  interface Database {
    sms_consents: SmsConsentsTable;
    sms_stops: SmsStopsTable;
  }
}

/** A US (or other +country) number in E.164, or null when it is not a possible number. */
export function toE164(phone: string): string | null {
  const parsed = parsePhoneNumberFromString(phone.trim(), 'US');
  return parsed && parsed.isPossible() ? parsed.number : null;
}

export interface ConsentInput {
  debtorId: number;
  phone: string;
  /** The consent statement's version (flows/texts textConsent.version) and language shown. */
  statementVersion: string;
  language: MessageLanguage;
  source: 'add-phone' | 'preferences';
  at?: Date;
}

/** Records (or renews) text consent for a debtor's number; false when the number is not one. */
export async function recordTextConsent(db: Db, input: ConsentInput): Promise<boolean> {
  const phone = toE164(input.phone);
  if (!phone) return false;
  const row = {
    consented_at: (input.at ?? new Date()).toISOString(),
    statement_version: input.statementVersion,
    statement_language: input.language,
    source: input.source,
    withdrawn_at: null,
  };
  await db
    .insertInto('sms_consents')
    .values({ debtor_id: input.debtorId, phone_e164: phone, ...row })
    .onConflict((oc) => oc.columns(['debtor_id', 'phone_e164']).doUpdateSet(row))
    .execute();
  return true;
}

/** The debtor unticked texts: every consent of theirs is withdrawn. */
export async function withdrawTextConsent(
  db: Db,
  debtorId: number,
  at = new Date(),
): Promise<void> {
  await db
    .updateTable('sms_consents')
    .set({ withdrawn_at: at.toISOString() })
    .where('debtor_id', '=', debtorId)
    .where('withdrawn_at', 'is', null)
    .execute();
}

export interface TextConsentState {
  phone: string;
  consentedAt: string;
  statementVersion: string;
  /** When a reply from the number stopped texts after this consent; null when none did. */
  stoppedAt: string | null;
  allowed: boolean;
}

/** Every number the debtor consented for (not withdrawn), and whether a stop holds it. */
export async function textConsents(db: Db, debtorId: number): Promise<TextConsentState[]> {
  const rows = await db
    .selectFrom('sms_consents as c')
    .leftJoin('sms_stops as s', 's.phone_e164', 'c.phone_e164')
    .select(['c.phone_e164', 'c.consented_at', 'c.statement_version', 's.stopped_at'])
    .where('c.debtor_id', '=', debtorId)
    .where('c.withdrawn_at', 'is', null)
    .orderBy('c.phone_e164')
    .execute();
  return rows.map((r) => {
    const stopped = r.stopped_at !== null && r.stopped_at >= r.consented_at;
    return {
      phone: r.phone_e164,
      consentedAt: r.consented_at,
      statementVersion: r.statement_version,
      stoppedAt: stopped ? r.stopped_at : null,
      allowed: !stopped,
    };
  });
}

/** Recorded text consent for this debtor and number, not withdrawn, and no stop since. */
export async function textsAllowed(db: Db, debtorId: number, phoneE164: string): Promise<boolean> {
  const phone = toE164(phoneE164);
  if (!phone) return false;
  const row = await db
    .selectFrom('sms_consents as c')
    .leftJoin('sms_stops as s', 's.phone_e164', 'c.phone_e164')
    .select(['c.consented_at', 'c.withdrawn_at', 's.stopped_at'])
    .where('c.debtor_id', '=', debtorId)
    .where('c.phone_e164', '=', phone)
    .executeTakeFirst();
  if (!row || row.withdrawn_at !== null) return false;
  return row.stopped_at === null || row.stopped_at < row.consented_at;
}

/**
 * Records a revocation from `phoneE164`. Answers whether texts to the number were going (so this
 * reply stopped them) — a number already stopped keeps its first stop and its confirmation claim.
 */
export async function recordStop(
  db: Db,
  phoneE164: string,
  reply: string,
  at = new Date(),
): Promise<{ newlyStopped: boolean }> {
  const now = at.toISOString();
  const body = reply.slice(0, 320);
  return db.transaction().execute(async (trx) => {
    const stop = await trx
      .selectFrom('sms_stops')
      .select('stopped_at')
      .where('phone_e164', '=', phoneE164)
      .executeTakeFirst();
    if (!stop) {
      const inserted = await trx
        .insertInto('sms_stops')
        .values({ phone_e164: phoneE164, stopped_at: now, reply: body, confirmed_at: null })
        .onConflict((oc) => oc.column('phone_e164').doNothing())
        .executeTakeFirst();
      return { newlyStopped: Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 };
    }
    // A consent given after the stop lifted it: this reply starts a new stop.
    const later = await trx
      .selectFrom('sms_consents')
      .select('debtor_id')
      .where('phone_e164', '=', phoneE164)
      .where('withdrawn_at', 'is', null)
      .where('consented_at', '>', stop.stopped_at)
      .executeTakeFirst();
    if (!later) return { newlyStopped: false };
    const updated = await trx
      .updateTable('sms_stops')
      .set({ stopped_at: now, reply: body, confirmed_at: null })
      .where('phone_e164', '=', phoneE164)
      .where('stopped_at', '=', stop.stopped_at)
      .executeTakeFirst();
    return { newlyStopped: Number(updated.numUpdatedRows) > 0 };
  });
}

/** Claims the one confirmation text of the number's current stop: true for the first caller only. */
export async function claimStopConfirmation(
  db: Db,
  phoneE164: string,
  at = new Date(),
): Promise<boolean> {
  const updated = await db
    .updateTable('sms_stops')
    .set({ confirmed_at: at.toISOString() })
    .where('phone_e164', '=', phoneE164)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * The version of the text consent statement a debtor is shown now: the hint of the `texts` box of
 * flows/forms/communication-preferences.json in the content version served, as
 * `v<content version>-<first 12 hex of SHA-256 of its English and Spanish words>`: the version
 * finds the words in the studio, the digest proves which words they were.
 */
export function textConsentVersion(contentVersion: number, config: PortalConfig): string {
  const form = config.forms['communication-preferences'] as
    { fields?: { texts?: { hint?: { en?: string; es?: string } } } } | undefined;
  const hint = form?.fields?.texts?.hint ?? {};
  const digest = createHash('sha256')
    .update(JSON.stringify([hint.en ?? '', hint.es ?? '']))
    .digest('hex')
    .slice(0, 12);
  return `v${contentVersion}-${digest}`;
}

export interface TextConsentSync {
  debtorId: number;
  /** "Send me text messages" is ticked after this change. */
  textsOn: boolean;
  /** The box was just ticked: consent is recorded anew for every number (lifting earlier stops). */
  renew: boolean;
  statementVersion: string;
  language: MessageLanguage;
  source: ConsentInput['source'];
  at: Date;
}

/**
 * Keeps consent in step with the preferences: texts off withdraws every consent; texts on records
 * consent for each number on file that has none (all of them when the box was just ticked). A
 * number stopped by a reply stays stopped until the debtor ticks the box again.
 */
export async function syncTextConsent(db: Db, sync: TextConsentSync): Promise<void> {
  if (!sync.textsOn) return withdrawTextConsent(db, sync.debtorId, sync.at);
  const phones = await db
    .selectFrom('debtor_phones')
    .select('phone_number')
    .where('debtor_id', '=', sync.debtorId)
    .execute();
  const current = await db
    .selectFrom('sms_consents')
    .select('phone_e164')
    .where('debtor_id', '=', sync.debtorId)
    .where('withdrawn_at', 'is', null)
    .execute();
  const held = new Set(current.map((c) => c.phone_e164));
  for (const { phone_number: phone } of phones) {
    const e164 = toE164(phone);
    if (!e164 || (held.has(e164) && !sync.renew)) continue;
    await recordTextConsent(db, { ...sync, phone: e164 });
  }
}

/** A debtor's request's consent facts: the statement shown now, its language, the time. */
export function consentOf(
  ctx: PortalContext,
  request: FastifyRequest,
): Omit<TextConsentSync, 'textsOn' | 'renew'> {
  return {
    debtorId: authOf(request).debtorId,
    statementVersion: textConsentVersion(ctx.content.current().version, ctx.config),
    language: languageOf(request),
    source: request.url.endsWith('/AddPhoneNumber') ? 'add-phone' : 'preferences',
    at: ctx.now(),
  };
}
