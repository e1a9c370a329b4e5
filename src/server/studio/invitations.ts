/**
 * A new member's invitation (issue 39, four eyes per person): the admin who adds a member gets a
 * one-time link (`/studio/join#TOKEN`, a random 32-byte token, valid 24 hours, of which only the
 * SHA-256 is kept) to pass on. With it the member, and only the member, chooses a password and
 * enrols a TOTP secret made for them (the otpauth:// URI is answered to the member, never to the
 * admin), then confirms a current code: only then are the password and secret the account's and
 * the invitation used. A used, expired or withdrawn invitation (a new link for the same member,
 * or the member disabled) answers a clear 410; an unknown token 404.
 *
 * The routes are open without a session (guard.ts STUDIO_PUBLIC_ROUTES), rate-limited by
 * address like the sign-in; the token travels in the body (a URL is logged), the link's token in
 * the fragment (never sent to a server).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { StudioInvitationConfirmRequest } from '@/generated/types/api/studio-invitation-confirm-request';
import type { StudioInvitationPasswordRequest } from '@/generated/types/api/studio-invitation-password-request';
import type { StudioInvitationRequest } from '@/generated/types/api/studio-invitation-request';
import type { Db } from '../db/types';
import { ApiError } from '../http/errors';
import { schemaRef } from '../http/validation';
import type { ContentRoutesOptions } from './content-routes';
import { hashPassword, passwordProblem } from './passwords';
import { sha256 } from './sessions';
import { acceptedStep, decryptSecret, encryptSecret, newTotpSecret, totpUri } from './totp';

export const INVITATION_HOURS = 24;
/** The studio page that takes the invitation; the token follows in the fragment. */
export const INVITATION_PATH = '/studio/join';

/**
 * A new invitation for a member: the token (given out once) and when it ends. Any invitation of
 * the member not used yet is withdrawn.
 */
export async function issueInvitation(
  db: Db,
  staffId: number,
  createdBy: number | null,
  now: Date,
): Promise<{ token: string; expiresAt: string }> {
  await db
    .updateTable('staff_invitations')
    .set({ revoked_at: now.toISOString() })
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_HOURS * 3_600_000).toISOString();
  await db
    .insertInto('staff_invitations')
    .values({
      staff_id: staffId,
      token_hash: sha256(token),
      created_by: createdBy,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
      revoked_at: null,
      password_hash: null,
      totp_secret: null,
    })
    .execute();
  return { token, expiresAt };
}

/** The live invitation of a token, with its member; else the error that says why not. */
async function liveInvitation(db: Db, token: string, now: Date) {
  const row = await db
    .selectFrom('staff_invitations as i')
    .innerJoin('staff_accounts as s', 's.id', 'i.staff_id')
    .select([
      'i.id',
      'i.staff_id',
      'i.expires_at',
      'i.used_at',
      'i.revoked_at',
      'i.password_hash',
      'i.totp_secret',
      's.email',
      's.display_name',
      's.role',
      's.role_granted',
      's.disabled_at',
    ])
    .where('i.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'invitationUnknown');
  if (row.used_at !== null) throw new ApiError(410, 'invitationUsed');
  if (row.revoked_at !== null || row.disabled_at !== null) {
    throw new ApiError(410, 'invitationRevoked');
  }
  if (now.getTime() >= Date.parse(row.expires_at)) throw new ApiError(410, 'invitationExpired');
  return row;
}

export function registerInvitationRoutes(
  studio: FastifyInstance,
  options: ContentRoutesOptions,
): void {
  const { ctx, record } = options;
  const limited = { onRequest: [ctx.limits.studioSignInByAddress] };

  // Who the invitation is for, and how far the member got.
  studio.post<{ Body: StudioInvitationRequest }>(
    '/invitation',
    { ...limited, schema: { body: schemaRef(ctx.schemas, 'studio-invitation-request') } },
    async (request) => {
      const row = await liveInvitation(ctx.db, request.body.token, ctx.now());
      return {
        email: row.email,
        name: row.display_name,
        role: row.role,
        roleGranted: Number(row.role_granted) === 1,
        expiresAt: row.expires_at,
        passwordSet: row.password_hash !== null,
      };
    },
  );

  // The member's password; the answer is a TOTP secret made for them (again on a second call).
  studio.post<{ Body: StudioInvitationPasswordRequest }>(
    '/invitation/password',
    { ...limited, schema: { body: schemaRef(ctx.schemas, 'studio-invitation-password-request') } },
    async (request) => {
      const row = await liveInvitation(ctx.db, request.body.token, ctx.now());
      if (passwordProblem(request.body.password)) throw new ApiError(400, 'weakPassword');
      const secret = newTotpSecret();
      await ctx.db
        .updateTable('staff_invitations')
        .set({
          password_hash: await hashPassword(request.body.password),
          totp_secret: encryptSecret(ctx.keys.totpKey, secret),
        })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .execute();
      return { otpauthUri: totpUri(secret, row.email), secret };
    },
  );

  // A current code from that secret: the account takes the password and secret, once.
  studio.post<{ Body: StudioInvitationConfirmRequest }>(
    '/invitation/confirm',
    { ...limited, schema: { body: schemaRef(ctx.schemas, 'studio-invitation-confirm-request') } },
    async (request) => {
      const now = ctx.now();
      const row = await liveInvitation(ctx.db, request.body.token, now);
      if (row.password_hash === null || row.totp_secret === null) {
        throw new ApiError(409, 'invitationNoPassword');
      }
      const secret = decryptSecret(ctx.keys.totpKey, row.totp_secret);
      const step = acceptedStep(secret, request.body.code, now, null);
      if (step === null) throw new ApiError(400, 'staffCodeWrong');
      const claimed = await ctx.db
        .updateTable('staff_invitations')
        .set({ used_at: now.toISOString() })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) throw new ApiError(410, 'invitationUsed');
      // The confirming code's step counts as used: it does not sign in a second time.
      await ctx.db
        .updateTable('staff_accounts')
        .set({
          password_hash: row.password_hash,
          totp_secret: row.totp_secret,
          totp_last_step: step,
        })
        .where('id', '=', row.staff_id)
        .execute();
      await record(request, {
        staffId: row.staff_id,
        action: 'staff.invitation.accept',
        subject: row.email,
        detail: { id: row.staff_id },
      });
      return { email: row.email, roleGranted: Number(row.role_granted) === 1 };
    },
  );
}
