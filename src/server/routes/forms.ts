/**
 * Account forms (account role): Account/SubmitDispute answers the dispute confirmation as a PDF;
 * Account/SubmitBankruptcy answers `{ success: true, confirmation }` and marks the account
 * bankruptcy-reported (a second report is refused with 409, also when two arrive at once).
 *
 * The account number is checked first (another debtor's account is 404 whatever the body), then
 * the body is validated as the form (validateForm, same flow and schema as the browser, which also
 * keeps the filing date from being after the agency's today), then the server-only rules: the
 * filing date must be a real calendar day, the account must be open and not end-of-process.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LocalizedText } from '../../generated/types/api/localized-text';
import { DISPUTE_REASONS } from '../../domain/dispute';
import { authOf, requireRole } from '../auth/guard';
import { prefixedCode } from '../confirmation-code';
import type { PortalContext } from '../context';
import { isValidDay } from '../dates';
import { accountSubject, recordEvent } from '../events/record';
import { ApiError, languageOf } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { disputeConfirmationPdf } from '../pdf/documents';
import { formValidator } from './form-bodies';
import {
  assertActionable,
  displayName,
  isAccountNumber,
  loadDebtor,
  ownedAccount,
} from './ownership';

/** A confirmation code: the prefix, a dash and letters and digits that alternate (confirmation-code.ts). */
export function confirmationCode(prefix: string): string {
  return prefixedCode(prefix);
}

/**
 * The account number of a body, checked for ownership before anything else (another debtor's
 * account is 404 whatever the rest of the body). A value that is not in the documented format is
 * not looked up: the form's validation answers it (400, pattern).
 */
export async function bodyAccount(ctx: PortalContext, request: FastifyRequest, field: string) {
  const value = (request.body as Record<string, unknown> | undefined)?.[field];
  if (!isAccountNumber(value)) return undefined;
  return ownedAccount(ctx, authOf(request).debtorId, value);
}

/** The spec's dispute submission (section 3) names -> the dispute form's. */
export const DISPUTE_ALIASES = {
  account: 'accountNumber',
  resolved: 'alreadyResolved',
  finalVerify: 'termsAccepted',
} as const;

export function registerFormRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const accountOnly = requireRole(ctx, ['account']);
  const forms = formValidator(ctx);
  const formBody = schemaRef(ctx.schemas, 'form-body');

  api.post(
    '/Account/SubmitDispute',
    {
      onRequest: accountOnly,
      schema: {
        summary: 'Dispute an account; answers the dispute confirmation (PDF)',
        description:
          "The dispute form, or the spec's dispute submission (`name`, `account`, `phoneNumber`, `message`, `email`, `notMyDebt`, `incorrectBalance`, `resolved`, `other`, `finalVerify`): the same rules apply to both. Without `name`, `phoneNumber` or `email` the signed-in debtor's are kept with the dispute. The confirmation code is also in the `X-Confirmation-Code` header. A closed or end-of-process account is 409.",
        body: formBody,
        response: errorResponses(ctx.schemas, 404, 409),
      },
      config: { form: 'dispute', aliases: DISPUTE_ALIASES, produces: 'application/pdf' },
    },
    async (request, reply) => {
      const { debtorId } = authOf(request);
      await bodyAccount(ctx, request, 'accountNumber');
      // The version whose form checks the body: the evidence shows its words (studio/evidence).
      const publishedVersion = ctx.content.current().version;
      const data = forms.check(request, 'dispute', request.body);
      const account = await ownedAccount(ctx, debtorId, String(data.accountNumber));
      assertActionable(account);
      const { row: debtor, api: debtorApi } = await loadDebtor(ctx, debtorId);
      const confirmation = confirmationCode('DSP');
      const stamp = ctx.now();
      const message = typeof data.message === 'string' && data.message.trim() ? data.message : null;
      // The spec's submission may name who disputes and how to reach them; else the debtor's.
      const sent = (field: string): string | null =>
        typeof data[field] === 'string' && String(data[field]).trim() !== ''
          ? String(data[field]).trim()
          : null;
      const name = sent('name') ?? displayName(debtor);
      const phoneNumber = sent('phoneNumber') ?? debtorApi.phones[0]?.phoneNumber ?? null;
      const email = sent('email') ?? debtor.email;
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('disputes')
          .values({
            debtor_id: debtorId,
            account_id: account.id,
            confirmation,
            already_resolved: data.alreadyResolved === true ? 1 : 0,
            incorrect_balance: data.incorrectBalance === true ? 1 : 0,
            not_my_debt: data.notMyDebt === true ? 1 : 0,
            other: data.other === true ? 1 : 0,
            message,
            name,
            phone_number: phoneNumber,
            email,
            created_at: stamp.toISOString(),
            language: languageOf(request),
            published_version: publishedVersion,
          })
          .execute();
        // The agency's event, the transaction's last write (events/record.ts).
        await recordEvent(trx, {
          type: 'dispute.filed',
          at: stamp.toISOString(),
          subject: await accountSubject(trx, account.id),
          data: {
            confirmation,
            reasons: DISPUTE_REASONS.filter((reason) => data[reason] === true),
            message,
            name,
            phoneNumber,
            email,
          },
        });
      });
      request.log.info({ debtorId, accountId: account.id, confirmation }, 'dispute received');
      const flow = forms.flow('dispute');
      const reasons = DISPUTE_REASONS.filter((reason) => data[reason] === true)
        .map((reason) => flow.fields[reason]?.label)
        .filter((label): label is LocalizedText => label !== undefined);
      const pdf = disputeConfirmationPdf(
        { catalog: request.server.catalog, language: languageOf(request), created: stamp },
        {
          confirmation,
          receivedDay: ctx.today(),
          accountNumber: account.account_number,
          creditor: account.creditor_name,
          name,
          reasons,
          message,
        },
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="dispute-${confirmation}.pdf"`)
        .header('x-confirmation-code', confirmation)
        .send(pdf);
    },
  );

  api.post(
    '/Account/SubmitBankruptcy',
    {
      onRequest: accountOnly,
      schema: {
        summary: 'Report a bankruptcy for an account',
        description:
          "The bankruptcy form, which has the names of the spec's bankruptcy submission. The filing date may not be after the agency's today. A second report for the account, or a closed or end-of-process account, is 409.",
        body: formBody,
        response: {
          200: schemaRef(ctx.schemas, 'submission-result'),
          ...errorResponses(ctx.schemas, 404, 409),
        },
      },
      config: { form: 'bankruptcy' },
    },
    async (request) => {
      const { debtorId } = authOf(request);
      await bodyAccount(ctx, request, 'accountNumber');
      const publishedVersion = ctx.content.current().version;
      const data = forms.check(request, 'bankruptcy', request.body);
      const fileDate = String(data.fileDate);
      if (!isValidDay(fileDate)) {
        forms.fail([forms.error(request, 'bankruptcy', 'fileDate', 'pattern')]);
      }
      const account = await ownedAccount(ctx, debtorId, String(data.accountNumber));
      assertActionable(account);
      if (account.bankruptcy_reported) throw new ApiError(409, 'bankruptcyAlreadyReported');
      const confirmation = confirmationCode('BNK');
      const stamp = ctx.now().toISOString();
      const optional = (field: string): string | null =>
        typeof data[field] === 'string' && String(data[field]).trim() !== ''
          ? String(data[field]).trim()
          : null;
      const notice = {
        chapter: Number(data.chapter),
        caseNumber: String(data.caseNumber).trim(),
        fileDate,
        jointFile: data.jointFile === true,
        courtName: optional('courtName'),
        judgeName: optional('judgeName'),
        cityFiled: optional('cityFiled'),
        stateFiled: optional('stateFiled')?.toUpperCase() ?? null,
        attorneyName: optional('attorneyName'),
        attorneyPhoneNumber: optional('attorneyPhoneNumber'),
        lawFirmName: optional('lawFirmName'),
        address1: optional('address1'),
        address2: optional('address2'),
        city: optional('city'),
        state: optional('state')?.toUpperCase() ?? null,
        zip: optional('zip'),
        phoneNumber: optional('phoneNumber'),
        message: optional('message'),
      };
      const reported = await ctx.db.transaction().execute(async (trx) => {
        // The conditional update is the lock: of two concurrent reports only one changes the row.
        const marked = await trx
          .updateTable('accounts')
          .set({ bankruptcy_reported: 1, updated_at: stamp })
          .where('id', '=', account.id)
          .where('bankruptcy_reported', '=', 0)
          .executeTakeFirst();
        if (Number(marked.numUpdatedRows) !== 1) return false;
        await trx
          .insertInto('bankruptcies')
          .values({
            debtor_id: debtorId,
            account_id: account.id,
            confirmation,
            chapter: notice.chapter,
            case_number: notice.caseNumber,
            file_date: fileDate,
            joint_file: notice.jointFile ? 1 : 0,
            court_name: notice.courtName,
            judge_name: notice.judgeName,
            city_filed: notice.cityFiled,
            state_filed: notice.stateFiled,
            attorney_name: notice.attorneyName,
            attorney_phone_number: notice.attorneyPhoneNumber,
            law_firm_name: notice.lawFirmName,
            address1: notice.address1,
            address2: notice.address2,
            city: notice.city,
            state: notice.state,
            zip: notice.zip,
            phone_number: notice.phoneNumber,
            message: notice.message,
            created_at: stamp,
            language: languageOf(request),
            published_version: publishedVersion,
          })
          .execute();
        // The agency's event, the transaction's last write (events/record.ts).
        await recordEvent(trx, {
          type: 'bankruptcy.reported',
          at: stamp,
          subject: await accountSubject(trx, account.id),
          data: { confirmation, ...notice },
        });
        return true;
      });
      if (!reported) throw new ApiError(409, 'bankruptcyAlreadyReported');
      request.log.info({ debtorId, accountId: account.id, confirmation }, 'bankruptcy reported');
      return { success: true, confirmation };
    },
  );
}
