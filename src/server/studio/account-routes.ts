/**
 * A staff member's own credentials (issue 39): change the password (the current password and a
 * current code, then a new password by the strength rules), and re-enrol the TOTP (the password
 * and a current code give a new secret, to the member only; a code from the new secret confirms
 * it, and only then does it replace the old one). Nobody else, an admin neither, can do either.
 * Each code is used once (the account's last step), and the calls are rate-limited by address.
 * A wrong password or code counts in the member's sign-in lockout (lockout.ts), the same count as
 * the sign-in's: a session in other hands cannot guess the password here at the address rate.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { StudioPasswordChangeRequest } from '@/generated/types/api/studio-password-change-request';
import type { StudioTotpConfirmRequest } from '@/generated/types/api/studio-totp-confirm-request';
import type { StudioTotpEnrolRequest } from '@/generated/types/api/studio-totp-enrol-request';
import { ApiError } from '../http/errors';
import { schemaRef } from '../http/validation';
import type { ContentRoutesOptions } from './content-routes';
import { staffOf } from './guard';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import { StaffLockout } from './lockout';
import { spendTotpCode } from './staff';
import { acceptedStep, decryptSecret, encryptSecret, newTotpSecret, totpUri } from './totp';

export function registerAccountRoutes(
  studio: FastifyInstance,
  options: ContentRoutesOptions,
): void {
  const { ctx, record } = options;
  const limited = { onRequest: [ctx.limits.studioSignInByAddress] };
  const lockout = new StaffLockout(ctx.db, ctx.now);

  /**
   * The member's account if the password and code are right (the code is used); else 403, or 423
   * while the member's email is locked (counted before the password is hashed, as at sign-in).
   */
  const proven = async (request: FastifyRequest, password: string, code: string) => {
    const staff = staffOf(request);
    const attempt = await lockout.count(staff.email);
    if (!attempt.allowed) {
      if (attempt.lockBegan) {
        await record(request, {
          staffId: staff.staffId,
          action: 'sign-in.lockout',
          subject: staff.email,
        });
      }
      throw new ApiError(423, 'staffLocked');
    }
    const account = await ctx.db
      .selectFrom('staff_accounts')
      .selectAll()
      .where('id', '=', staff.staffId)
      .executeTakeFirstOrThrow();
    const wrong = async (): Promise<never> => {
      await record(request, {
        staffId: staff.staffId,
        action: 'staff.credentials.failure',
        subject: staff.email,
      });
      throw new ApiError(403, 'staffCredentialsWrong');
    };
    if (!(await verifyPassword(password, account.password_hash))) return wrong();
    if (!(await spendTotpCode(ctx.db, ctx.keys.totpKey, account, code, ctx.now()))) return wrong();
    await lockout.succeed(attempt);
    return { staff, account };
  };

  studio.post<{ Body: StudioPasswordChangeRequest }>(
    '/me/password',
    { ...limited, schema: { body: schemaRef(ctx.schemas, 'studio-password-change-request') } },
    async (request, reply) => {
      const { currentPassword, code, newPassword } = request.body;
      if (passwordProblem(newPassword)) throw new ApiError(400, 'weakPassword');
      const { staff } = await proven(request, currentPassword, code);
      await ctx.db
        .updateTable('staff_accounts')
        .set({ password_hash: await hashPassword(newPassword) })
        .where('id', '=', staff.staffId)
        .execute();
      await record(request, {
        staffId: staff.staffId,
        action: 'staff.password.change',
        subject: staff.email,
      });
      return reply.code(204).send();
    },
  );

  studio.post<{ Body: StudioTotpEnrolRequest }>(
    '/me/totp',
    { ...limited, schema: { body: schemaRef(ctx.schemas, 'studio-totp-enrol-request') } },
    async (request) => {
      const { staff } = await proven(request, request.body.password, request.body.code);
      const secret = newTotpSecret();
      await ctx.db
        .updateTable('staff_accounts')
        .set({ totp_pending: encryptSecret(ctx.keys.totpKey, secret) })
        .where('id', '=', staff.staffId)
        .execute();
      await record(request, {
        staffId: staff.staffId,
        action: 'staff.totp.start',
        subject: staff.email,
      });
      return { otpauthUri: totpUri(secret, staff.email), secret };
    },
  );

  studio.post<{ Body: StudioTotpConfirmRequest }>(
    '/me/totp/confirm',
    { ...limited, schema: { body: schemaRef(ctx.schemas, 'studio-totp-confirm-request') } },
    async (request) => {
      const staff = staffOf(request);
      const account = await ctx.db
        .selectFrom('staff_accounts')
        .select(['totp_pending', 'totp_last_step'])
        .where('id', '=', staff.staffId)
        .executeTakeFirstOrThrow();
      if (account.totp_pending === null) throw new ApiError(409, 'totpNotStarted');
      const secret = decryptSecret(ctx.keys.totpKey, account.totp_pending);
      const lastStep = account.totp_last_step === null ? null : Number(account.totp_last_step);
      // A code of the new secret may fall in the step the old one was last used in; the
      // account's last step stays the later of the two, so neither code signs in again.
      const step = acceptedStep(secret, request.body.code, ctx.now(), null);
      if (step === null) throw new ApiError(400, 'staffCodeWrong');
      const swapped = await ctx.db
        .updateTable('staff_accounts')
        .set({
          totp_secret: account.totp_pending,
          totp_pending: null,
          totp_last_step: Math.max(step, lastStep ?? step),
        })
        .where('id', '=', staff.staffId)
        .where('totp_pending', '=', account.totp_pending)
        .executeTakeFirst();
      if (Number(swapped.numUpdatedRows) !== 1) throw new ApiError(409, 'totpNotStarted');
      await record(request, {
        staffId: staff.staffId,
        action: 'staff.totp.change',
        subject: staff.email,
      });
      return { ok: true };
    },
  );
}
