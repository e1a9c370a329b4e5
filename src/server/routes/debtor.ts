/**
 * Debtor calls (account role): Account/Debtor, Account/ListIds, Account/UpdateDebtorDetails and
 * Debtor/ChangeDebtorDetails (the contact-information form; the name is not editable; `phones`
 * lists the numbers on file then any new ones, and the new ones are added),
 * Debtor/AddPhoneNumber, Debtor/SetCommunicationPreferences (only the channels the debtor allows),
 * and, in /api/v2 only, Debtor/SetSessionDebtors and Debtor/GetSessionDebtors.
 *
 * Bodies are form data validated with the same flow and schema as the browser form. Each change
 * is recorded (debtor_detail_changes with the changed field names, debtor_phone_additions,
 * preference_changes). Mutations answer 200 with the updated debtor.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountDetailedQuery } from '@/generated/types/api/account-detailed-query';
import type { FieldError } from '@/generated/types/api/error';
import type { SetSessionDebtorsQuery } from '@/generated/types/api/set-session-debtors-query';
import { authOf, requireRole } from '../auth/guard';
import type { PortalContext } from '../context';
import type { DebtorRow } from '../db/types';
import { recordContactChange, recordPreferenceChange } from '../events/debtor-events';
import { ApiError, languageOf } from '../http/errors';
import { consentOf, syncTextConsent } from '../messages/sms/consent';
import { recordEmailConsent } from '../messages/outbox/consent';
import { errorResponses, schemaRef } from '../http/validation';
import { formValidator } from './form-bodies';
import { isViewable } from './mappers';
import { addPhone } from './debtor-phones';
import { loadDebtor, ownedAccount } from './ownership';

/** Most phone numbers one debtor may hold. */
export const MAX_PHONES = 10;

const text = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

export function registerDebtorRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const accountOnly = requireRole(ctx, ['account']);
  const forms = formValidator(ctx);
  const accountQuery = schemaRef(ctx.schemas, 'account-detailed-query');
  const formBody = schemaRef(ctx.schemas, 'form-body');
  const debtorResponse = schemaRef(ctx.schemas, 'debtor');

  api.get<{ Querystring: AccountDetailedQuery }>(
    '/Account/Debtor',
    {
      onRequest: accountOnly,
      schema: {
        summary: 'The debtor of one of their accounts',
        querystring: accountQuery,
        response: { 200: debtorResponse, ...errorResponses(ctx.schemas, 404) },
      },
    },
    async (request) => {
      const { debtorId } = authOf(request);
      await ownedAccount(ctx, debtorId, request.query.accountNumber);
      return (await loadDebtor(ctx, debtorId)).api;
    },
  );

  api.get(
    '/Account/ListIds',
    {
      onRequest: accountOnly,
      schema: {
        summary: "The account numbers of the debtor's accounts",
        response: { 200: schemaRef(ctx.schemas, 'account-id-list') },
      },
    },
    async (request) => {
      const { debtorId } = authOf(request);
      const today = ctx.today();
      const rows = await ctx.db
        .selectFrom('accounts')
        .selectAll()
        .where('debtor_id', '=', debtorId)
        .orderBy('account_number')
        .execute();
      return rows.filter((row) => isViewable(row, today)).map((row) => row.account_number);
    },
  );

  const updateDetails = async (request: FastifyRequest) => {
    const { debtorId } = authOf(request);
    const { row: debtor, api: current } = await loadDebtor(ctx, debtorId);
    const isBusiness = !debtor.first_name;
    forms.checkTypes(request, 'contact-information', request.body, ['isBusiness']);
    const body = { ...((request.body ?? {}) as Record<string, unknown>), isBusiness };
    const data = forms.check(request, 'contact-information', body);

    // The name is shown but not editable: a different one is refused, never stored.
    const errors: FieldError[] = [];
    const names: [string, string | null][] = [
      ['firstName', debtor.first_name],
      ['lastName', debtor.last_name],
      ['businessName', debtor.business_name],
    ];
    for (const [field, stored] of names) {
      const sent = text(data[field]);
      if (sent !== null && sent !== (stored ?? '').trim()) {
        errors.push(forms.error(request, 'contact-information', field, 'readOnly'));
      }
    }
    // The form sends every phone: those on file first, then the new ones. Only new ones are added.
    const onFile = new Set(current.phones.map((p) => p.phoneNumber));
    const sentPhones = Array.isArray(data.phones) ? data.phones.map(text) : [];
    const newPhones = [
      ...new Set(sentPhones.filter((p): p is string => p !== null && !onFile.has(p))),
    ];
    if (newPhones.length > 0 && onFile.size + newPhones.length > MAX_PHONES) {
      const limit = forms.error(request, 'add-phone', 'phoneNumber', 'limit');
      errors.push({ ...limit, path: '/phones' });
    }
    forms.fail(errors);

    const next: Partial<DebtorRow> = {
      address_line1: text(data.addressLine1),
      address_line2: text(data.addressLine2),
      city: text(data.city),
      state: text(data.state)?.toUpperCase() ?? null,
      zip: text(data.zip),
      email: text(data.email),
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter(
      (key) => (next[key] ?? null) !== (debtor[key] ?? null),
    );
    const stamp = ctx.now().toISOString();
    await ctx.db.transaction().execute(async (trx) => {
      if (changed.length > 0) {
        await trx
          .updateTable('debtors')
          .set({ ...next, updated_at: stamp })
          .where('id', '=', debtorId)
          .execute();
      }
      const added: { phoneNumber: string; type: string }[] = [];
      for (const phone of newPhones) {
        if ((await addPhone(ctx, trx, debtorId, phone, 'other')) === 'added') {
          added.push({ phoneNumber: phone, type: 'other' });
        }
      }
      if (added.length > 0) changed.push('phones' as keyof DebtorRow);
      if (changed.length > 0) {
        await trx
          .insertInto('debtor_detail_changes')
          .values({ debtor_id: debtorId, fields: JSON.stringify(changed), created_at: stamp })
          .execute();
        await recordContactChange(trx, debtorId, stamp, changed, added);
      }
    });
    request.log.info({ debtorId, fields: changed }, 'debtor details updated');
    return (await loadDebtor(ctx, debtorId)).api;
  };

  const detailsOptions = {
    onRequest: accountOnly,
    schema: {
      summary: 'Change the contact information (address, e-mail, new phone numbers)',
      description:
        'The contact-information form. The name is shown but cannot be changed (a different one is refused); `phones` lists the numbers on file, then new ones, which are added. Answers the updated debtor.',
      body: formBody,
      response: { 200: debtorResponse },
    },
    config: { form: 'contact-information' },
  };
  api.post('/Account/UpdateDebtorDetails', detailsOptions, updateDetails);
  api.post('/Debtor/ChangeDebtorDetails', detailsOptions, updateDetails);

  api.post(
    '/Debtor/AddPhoneNumber',
    {
      onRequest: accountOnly,
      schema: {
        summary: 'Add a phone number',
        description: `The add-phone form; at most ${MAX_PHONES} numbers. Answers the updated debtor.`,
        body: formBody,
        response: { 200: debtorResponse },
      },
      config: { form: 'add-phone' },
    },
    async (request) => {
      const { debtorId } = authOf(request);
      const data = forms.check(request, 'add-phone', request.body);
      const phone = String(data.phoneNumber);
      const { api: current } = await loadDebtor(ctx, debtorId);
      if (!current.phones.some((p) => p.phoneNumber === phone)) {
        if (current.phones.length >= MAX_PHONES) {
          forms.fail([forms.error(request, 'add-phone', 'phoneNumber', 'limit')]);
        }
        const type = typeof data.type === 'string' ? data.type : 'mobile';
        const stamp = ctx.now().toISOString();
        await ctx.db.transaction().execute(async (trx) => {
          if ((await addPhone(ctx, trx, debtorId, phone, type)) === 'added') {
            if (current.communicationPrefs.some((p) => p.type === 'SMS' && p.enabled))
              await syncTextConsent(trx, {
                ...consentOf(ctx, request),
                textsOn: true,
                renew: false,
              });
            await recordContactChange(
              trx,
              debtorId,
              stamp,
              ['phones'],
              [{ phoneNumber: phone, type }],
            );
          }
        });
        request.log.info({ debtorId }, 'phone number added');
      }
      return (await loadDebtor(ctx, debtorId)).api;
    },
  );

  api.post(
    '/Debtor/SetCommunicationPreferences',
    {
      onRequest: accountOnly,
      schema: {
        summary: 'Set the communication preferences (e-mail, text messages, letters)',
        description:
          "The communication-preferences form (the spec's communication preference: `emails`, `letters`, `texts`, `emailAddress`; the web app's `email` is taken for `emailAddress`); only the channels the debtor allows can be turned on, and `allowEmail` and `allowSms` are the debtor's, whatever is sent. Answers the updated debtor.",
        body: formBody,
        response: { 200: debtorResponse },
      },
      config: { form: 'communication-preferences', aliases: { email: 'emailAddress' } },
    },
    async (request) => {
      const { debtorId } = authOf(request);
      const { row: debtor } = await loadDebtor(ctx, debtorId);
      const allowEmail = Boolean(debtor.allow_email);
      const allowSms = Boolean(debtor.allow_sms);
      const raw = (request.body ?? {}) as Record<string, unknown>;
      forms.checkTypes(request, 'communication-preferences', raw, ['allowEmail', 'allowSms']);
      // Only what the debtor allows: turning on a channel that is not offered is refused.
      const refused: FieldError[] = [];
      if (raw.emails === true && !allowEmail) {
        refused.push(forms.error(request, 'communication-preferences', 'emails', 'notAllowed'));
      }
      if (raw.texts === true && !allowSms) {
        refused.push(forms.error(request, 'communication-preferences', 'texts', 'notAllowed'));
      }
      forms.fail(refused);
      const data = forms.check(request, 'communication-preferences', {
        ...raw,
        allowEmail,
        allowSms,
      });
      const emails = allowEmail && data.emails === true;
      const texts = allowSms && data.texts === true;
      const letters = data.letters === true;
      const email = allowEmail ? text(data.emailAddress) : null;
      const enabled = { email: emails, SMS: texts, letter: letters } as Record<string, boolean>;
      const preferred =
        debtor.pref_preferred && enabled[debtor.pref_preferred]
          ? debtor.pref_preferred
          : (['email', 'SMS', 'letter'].find((channel) => enabled[channel]) ?? null);
      const stamp = ctx.now().toISOString();
      const emailChanged = email !== null && email !== debtor.email;
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('debtors')
          .set({
            pref_email: emails ? 1 : 0,
            pref_sms: texts ? 1 : 0,
            pref_letter: letters ? 1 : 0,
            pref_preferred: preferred,
            ...(emailChanged ? { email } : {}),
            updated_at: stamp,
          })
          .where('id', '=', debtorId)
          .execute();
        await syncTextConsent(trx, {
          ...consentOf(ctx, request),
          textsOn: texts,
          renew: !debtor.pref_sms,
        });
        await trx
          .insertInto('preference_changes')
          .values({
            debtor_id: debtorId,
            emails: emails ? 1 : 0,
            letters: letters ? 1 : 0,
            texts: texts ? 1 : 0,
            email_changed: emailChanged ? 1 : 0,
            created_at: stamp,
          })
          .execute();
        // E-mail consent: the address given with the statement shown beside the box (issue 43).
        const address = emailChanged ? email : debtor.email;
        if (emails && address) {
          const language = languageOf(request);
          await recordEmailConsent(trx, ctx.config, { debtorId, address, language, stamp });
        }
        // The agency's events (one per account), the transaction's last write (events/record.ts).
        await recordPreferenceChange(trx, debtorId, stamp, {
          emails,
          texts,
          letters,
          preferred,
          email: emailChanged ? email : null,
        });
      });
      request.log.info({ debtorId }, 'communication preferences updated');
      return (await loadDebtor(ctx, debtorId)).api;
    },
  );

  if (api.prefix !== '/api/v2') return;

  const sessionDebtors = async (sid: string, currentId: number) => {
    const rows = await ctx.db
      .selectFrom('session_debtors')
      .innerJoin('debtors', 'debtors.id', 'session_debtors.debtor_id')
      .select([
        'debtors.id',
        'debtors.first_name',
        'debtors.last_name',
        'debtors.business_name',
        'session_debtors.selected',
      ])
      .where('session_debtors.sid', '=', sid)
      .orderBy('session_debtors.created_at')
      .orderBy('debtors.id')
      .execute();
    return rows.map((row) => ({
      debtorId: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      businessName: row.business_name,
      selected: Boolean(row.selected),
      current: row.id === currentId,
    }));
  };
  const sessionList = schemaRef(ctx.schemas, 'session-debtors');

  api.get(
    '/Debtor/GetSessionDebtors',
    {
      onRequest: accountOnly,
      schema: {
        summary: 'The debtors signed in to this session (v2 only)',
        response: { 200: sessionList },
      },
    },
    async (request) => {
      const { sid, debtorId } = authOf(request);
      return sessionDebtors(sid, debtorId);
    },
  );

  api.post<{ Querystring: SetSessionDebtorsQuery }>(
    '/Debtor/SetSessionDebtors',
    {
      onRequest: accountOnly,
      schema: {
        summary: "Choose which of the session's debtors are selected (v2 only)",
        description:
          'Only debtors this session has already verified by signing in (403 otherwise). Answers the session debtors.',
        querystring: schemaRef(ctx.schemas, 'set-session-debtors-query'),
        body: schemaRef(ctx.schemas, 'empty-body'),
        response: { 200: sessionList },
      },
    },
    async (request) => {
      const { sid, debtorId } = authOf(request);
      const wanted = [...new Set(request.query.debtors.split(',').map(Number))];
      const proved = await sessionDebtors(sid, debtorId);
      const provedIds = new Set(proved.map((d) => d.debtorId));
      // Only debtors this session has already verified by signing in.
      if (!wanted.every((id) => provedIds.has(id))) {
        throw new ApiError(403, 'sessionDebtorNotVerified');
      }
      await ctx.db
        .updateTable('session_debtors')
        .set((eb) => ({
          selected: eb.case().when('debtor_id', 'in', wanted).then(1).else(0).end(),
        }))
        .where('sid', '=', sid)
        .execute();
      return sessionDebtors(sid, debtorId);
    },
  );
}
