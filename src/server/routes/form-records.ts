/**
 * Forms that are only recorded (issue 23, src/server/forms/recorded.ts), in /api/v2 only (account
 * role):
 * - POST Forms/Record `{ form, data }`: validates the data as the form and keeps it; answers the
 *   record with its confirmation code;
 * - GET Forms/Records?form&accountNumber: the debtor's own records of a form, newest first.
 * A form that no page records is 404, like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import type { FormRecordsQuery } from '@/generated/types/api/form-records-query';
import type { RecordFormRequest } from '@/generated/types/api/record-form-request';
import type { LocalizedTree } from '../../engine/i18n/split';
import type { FormRecord } from '../../generated/types/api/form-record';
import { authOf, requireRole } from '../auth/guard';
import type { PortalContext } from '../context';
import type { FormRecordsTable } from '../db/forms-tables';
import { checkRecorded, recordedFormsOf } from '../forms/recorded';
import { accountSubject, recordEvent, subjectsOf } from '../events/record';
import { ApiError, languageOf } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { confirmationCode } from './forms';
import { isAccountNumber, ownedAccount } from './ownership';

export function registerFormRecordRoutes(api: FastifyInstance, ctx: PortalContext): void {
  if (api.prefix !== '/api/v2') return;
  const formsOf = recordedFormsOf(ctx.schemasDir);
  formsOf(ctx.config);
  const accountOnly = requireRole(ctx, ['account']);
  const recorded = (name: string) => {
    // The recorded forms of the content served now (a publish may add or change one).
    const form = formsOf(ctx.config).get(name);
    if (!form) throw new ApiError(404, 'notFound');
    return form;
  };
  const asRecord = (
    row: Pick<FormRecordsTable, 'form' | 'form_version' | 'confirmation' | 'data' | 'created_at'>,
    accountNumber: string | null,
  ): FormRecord => ({
    form: row.form,
    formVersion: row.form_version,
    confirmation: row.confirmation,
    accountNumber,
    recordedAt: row.created_at,
    data: JSON.parse(row.data) as Record<string, unknown>,
  });

  api.post<{ Body: RecordFormRequest }>(
    '/Forms/Record',
    {
      preHandler: accountOnly,
      schema: {
        summary: 'Record a form a page records (v2 only)',
        description:
          "A form whose page submits it with `recordForm` (flows/pages): `data` is validated with the form's own schema and flow rules, in the caller's language, hidden fields pruned, and kept with the form's version and a confirmation code. An `accountNumber` must be the debtor's (another's is 404). A form that no page records is 404.",
        body: schemaRef(ctx.schemas, 'record-form-request'),
        response: {
          200: schemaRef(ctx.schemas, 'form-record'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
    },
    async (request) => {
      const { debtorId } = authOf(request);
      // The version whose form checks the data: the studio's evidence shows its words.
      const publishedVersion = ctx.content.current().version;
      const form = recorded(request.body.form);
      const given = request.body.data.accountNumber;
      // Ownership first: another debtor's account is 404 whatever the rest of the data.
      const account =
        form.hasAccount && isAccountNumber(given)
          ? await ownedAccount(ctx, debtorId, given)
          : undefined;
      const language = languageOf(request);
      const data = checkRecorded(
        form,
        request.body.data,
        ctx.config.texts as LocalizedTree,
        language,
        ctx.today(),
      );
      const row = {
        form: form.name,
        form_version: form.version,
        debtor_id: debtorId,
        account_id: account?.id ?? null,
        confirmation: confirmationCode('REC'),
        language,
        data: JSON.stringify(data),
        created_at: ctx.now().toISOString(),
        published_version: publishedVersion,
      };
      await ctx.db.transaction().execute(async (trx) => {
        await trx.insertInto('form_records').values(row).execute();
        // The agency's event, the transaction's last write (events/record.ts): on the account
        // the form names, else on the debtor's first account.
        const subject = account
          ? await accountSubject(trx, account.id)
          : (await subjectsOf(trx, debtorId))[0];
        if (!subject) throw new Error('form record without a debtor');
        await recordEvent(trx, {
          type: 'form.recorded',
          at: row.created_at,
          subject,
          data: {
            form: row.form,
            formVersion: row.form_version,
            confirmation: row.confirmation,
            language,
            data,
          },
        });
      });
      request.log.info({ form: form.name, confirmation: row.confirmation }, 'form recorded');
      return asRecord(row, account?.account_number ?? null);
    },
  );

  api.get<{ Querystring: FormRecordsQuery }>(
    '/Forms/Records',
    {
      preHandler: accountOnly,
      schema: {
        summary: "The debtor's own records of a form, newest first (v2 only)",
        querystring: schemaRef(ctx.schemas, 'form-records-query'),
        response: {
          200: schemaRef(ctx.schemas, 'form-record-list'),
          ...errorResponses(ctx.schemas, 404),
        },
      },
    },
    async (request) => {
      const { debtorId } = authOf(request);
      const form = recorded(request.query.form);
      const account = request.query.accountNumber
        ? await ownedAccount(ctx, debtorId, request.query.accountNumber)
        : undefined;
      let query = ctx.db
        .selectFrom('form_records')
        .leftJoin('accounts', 'accounts.id', 'form_records.account_id')
        .select([
          'form_records.form',
          'form_records.form_version',
          'form_records.confirmation',
          'form_records.data',
          'form_records.created_at',
          'accounts.account_number',
        ])
        .where('form_records.debtor_id', '=', debtorId)
        .where('form_records.form', '=', form.name);
      if (account) query = query.where('form_records.account_id', '=', account.id);
      const rows = await query
        .orderBy('form_records.created_at', 'desc')
        .orderBy('form_records.id', 'desc')
        .execute();
      return rows.map((row) => asRecord(row, row.account_number ?? null));
    },
  );
}
