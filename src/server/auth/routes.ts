/**
 * Sign-in and session: POST Authorization/VerifyIdentity and Authorization/VerifyLetter,
 * Authorization/Refresh (rotation with reuse detection), Authorization/Logout (revokes the
 * session) and Authorization/register (the portal registration confirmation, a PDF).
 *
 * Identity matching (spec §5): the last name (or business name) AND every factor named by option1,
 * option2 and option3 must match one debtor. SSN and date of birth are compared as HMACs in
 * constant time; the HMACs and the per-candidate look-ups run on every path so failures take the
 * same work. Failures count towards a lockout by identity and by client address (403).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PortalContext } from '../context';
import type { DebtorRow } from '../db/types';
import { addDays } from '../dates';
import { ApiError, type FieldError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { languageOf } from '../http/errors';
import { registerSessionRoutes } from './session';
import { optionalAuth } from './guard';
import { digitsOnly, hashDateOfBirth, hashSsnLast4, normalizeName, sameDigest } from './keys';

export type FactorKind =
  | 'None'
  | 'LastName'
  | 'DateOfBirth'
  | 'Phone'
  | 'Address'
  | 'SocialSecurityNumber'
  | 'MRSAccountNumber'
  | 'ClientAccountNumber'
  | 'AgentPin';

export interface VerifyIdentityBody {
  lastName: string;
  dateOfBirth?: string;
  phone?: string;
  socialSecurityNumber?: string;
  accountNumber?: string;
  creditorAccountNumber?: string;
  agentPin?: string;
  option1: FactorKind;
  option2?: FactorKind;
  option3?: FactorKind;
  stateDisclosuresAccepted?: boolean;
  consent?: boolean;
  address?: { street?: string; street2?: string; city?: string; state?: string; zip?: string };
  timeZoneOffset?: number;
  timeZoneLabel?: string;
}

export interface VerifyLetterBody {
  letterId: number;
  accountNumber: string;
}

/** Letters can be opened by code for this many days after they were sent (spec §9). */
export const LETTER_WINDOW_DAYS = 45;

const normalizeAccount = (value: string) => value.trim().toUpperCase();
const normalizeClientAccount = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
const normalizeStreet = (value: string) => normalizeName(value);
function normalizePhone(value: string): string {
  const digits = digitsOnly(value);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

function clientAddress(request: FastifyRequest): string {
  return `ip:${request.ip}`;
}

interface Facts {
  phones: string[];
  accountNumbers: string[];
  clientAccounts: string[];
}

async function factsOf(ctx: PortalContext, debtorId: number): Promise<Facts> {
  const [phones, accounts] = await Promise.all([
    ctx.db
      .selectFrom('debtor_phones')
      .select('phone_number')
      .where('debtor_id', '=', debtorId)
      .execute(),
    ctx.db
      .selectFrom('accounts')
      .select(['account_number', 'client_account'])
      .where('debtor_id', '=', debtorId)
      .execute(),
  ]);
  return {
    phones: phones.map((p) => normalizePhone(p.phone_number)),
    accountNumbers: accounts.map((a) => normalizeAccount(a.account_number)),
    clientAccounts: accounts
      .map((a) => (a.client_account ? normalizeClientAccount(a.client_account) : ''))
      .filter((a) => a !== ''),
  };
}

function factorMatches(
  kind: FactorKind,
  body: VerifyIdentityBody,
  debtor: DebtorRow | undefined,
  facts: Facts,
  hashes: { ssn: string; dob: string },
): boolean {
  switch (kind) {
    case 'None':
    case 'LastName':
      return true;
    case 'SocialSecurityNumber':
      return (
        sameDigest(debtor?.ssn_last4_hmac, hashes.ssn) && body.socialSecurityNumber !== undefined
      );
    case 'DateOfBirth':
      return sameDigest(debtor?.dob_hmac, hashes.dob) && body.dateOfBirth !== undefined;
    case 'Phone': {
      const phone = normalizePhone(body.phone ?? '');
      return phone.length >= 10 && facts.phones.includes(phone);
    }
    case 'MRSAccountNumber':
      return facts.accountNumbers.includes(normalizeAccount(body.accountNumber ?? ''));
    case 'ClientAccountNumber': {
      const value = normalizeClientAccount(body.creditorAccountNumber ?? '');
      return value !== '' && facts.clientAccounts.includes(value);
    }
    case 'Address': {
      const zip = (body.address?.zip ?? '').slice(0, 5);
      const street = normalizeStreet(body.address?.street ?? '');
      return (
        debtor !== undefined &&
        zip !== '' &&
        street !== '' &&
        (debtor.zip ?? '').slice(0, 5) === zip &&
        normalizeStreet(debtor.address_line1 ?? '') === street
      );
    }
    case 'AgentPin':
      // Agent-assisted sign-in is not specified; an agent PIN never matches on its own.
      return false;
  }
}

export function registerAuthRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const identityBody = schemaRef(ctx.schemas, 'verify-identity-request');
  const letterBody = schemaRef(ctx.schemas, 'verify-letter-request');
  const tokenPair = schemaRef(ctx.schemas, 'token-pair');

  api.post<{ Body: VerifyIdentityBody }>(
    '/Authorization/VerifyIdentity',
    {
      onRequest: ctx.limits.signInByAddress,
      preHandler: ctx.limits.signInByIdentity,
      schema: {
        summary: 'Sign in with a last name (or business name) and identity factors',
        description:
          "The spec's login/verification request. The last name AND every factor named by option1, option2 and option3 must match one debtor. Failures count towards a lockout by identity and by client address (403 while locked). Sent with the access token of an account session, the debtor joins that session.",
        body: identityBody,
        response: { 200: tokenPair, ...errorResponses(ctx.schemas, 403, 404, 440) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const options = [body.option1, body.option2 ?? 'None', body.option3 ?? 'None'];
      const used = options.filter((o) => o !== 'None');
      if (new Set(used).size !== used.length) {
        const lang = languageOf(request);
        const errors: FieldError[] = options
          .map((o, i) => ({ o, i }))
          .filter(({ o, i }) => o !== 'None' && options.indexOf(o) !== i)
          .map(({ i }) => ({
            path: `/option${i + 1}`,
            keyword: 'duplicate',
            message: request.server.catalog.message('duplicateOption', lang),
          }));
        throw new ApiError(400, 'duplicateOption', { errors });
      }

      const nameKey = normalizeName(body.lastName);
      const identityKey = `id:${nameKey}`;
      const keys = [identityKey, clientAddress(request)];
      if (await ctx.lockout.isLocked(keys)) throw new ApiError(403, 'locked');

      const hmacKey = ctx.keys.identityHmacKey;
      const hashes = {
        ssn: hashSsnLast4(hmacKey, body.socialSecurityNumber ?? '0000'),
        dob: hashDateOfBirth(hmacKey, body.dateOfBirth ?? '0000-00-00'),
      };
      const candidates = await ctx.db
        .selectFrom('debtors')
        .selectAll()
        .where((eb) =>
          eb.or([eb('last_name_key', '=', nameKey), eb('business_name_key', '=', nameKey)]),
        )
        .orderBy('id')
        .execute();

      let matched: DebtorRow | undefined;
      // With no candidate, one dummy evaluation keeps the work of every failure alike.
      for (const candidate of candidates.length > 0 ? candidates : [undefined]) {
        const facts = await factsOf(ctx, candidate?.id ?? -1);
        const results = options.map((kind) => factorMatches(kind, body, candidate, facts, hashes));
        if (candidate && !matched && results.every(Boolean)) matched = candidate;
      }

      if (!matched) {
        await ctx.lockout.recordFailure(keys);
        request.log.info({ reason: 'no_match' }, 'identity not verified');
        throw new ApiError(404, 'identityNotFound');
      }
      if (matched.require_ssn && !options.includes('SocialSecurityNumber')) {
        request.log.info({ reason: 'ssn_required' }, 'identity needs another factor');
        throw new ApiError(440, 'ssnRequired', { fieldRequired: 'SSN' });
      }
      await ctx.lockout.clearFailures(identityKey);
      // A sign-in that carries this session's account token adds the debtor to that session.
      const current = await optionalAuth(ctx, request);
      const sid = current?.role === 'account' ? current.sid : undefined;
      request.log.info({ debtorId: matched.id, joined: sid !== undefined }, 'identity verified');
      return reply.send(await ctx.tokens.issue(matched.id, 'account', {}, { sid }));
    },
  );

  api.post<{ Body: VerifyLetterBody }>(
    '/Authorization/VerifyLetter',
    {
      onRequest: ctx.limits.signInByAddress,
      preHandler: ctx.limits.letterByIdentity,
      schema: {
        summary: 'Sign in with the offer code of a settlement letter',
        description:
          "The spec's letter verification (`letterId`, `accountNumber`). The code is the account number and the letter id (`LU1.10001.57`); a letter opens for 45 days after it was sent. The token has the `letter` role: it opens that letter and pays its options. Failures count towards a lockout (403 while locked).",
        body: letterBody,
        response: { 200: tokenPair, ...errorResponses(ctx.schemas, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountNumber = normalizeAccount(request.body.accountNumber);
      const keys = [`letter:${accountNumber}`, clientAddress(request)];
      if (await ctx.lockout.isLocked(keys)) throw new ApiError(403, 'locked');

      const today = ctx.today();
      const letter = await ctx.db
        .selectFrom('letters')
        .innerJoin('accounts', 'accounts.id', 'letters.account_id')
        .select([
          'letters.letter_id',
          'letters.request_date',
          'accounts.debtor_id',
          'accounts.account_number',
        ])
        .where('letters.letter_id', '=', request.body.letterId)
        .where('accounts.account_number', '=', accountNumber)
        .executeTakeFirst();
      const fresh =
        letter !== undefined &&
        letter.request_date >= addDays(today, -LETTER_WINDOW_DAYS) &&
        letter.request_date <= today;
      if (!letter || !fresh) {
        await ctx.lockout.recordFailure(keys);
        request.log.info({ reason: letter ? 'expired' : 'no_match' }, 'letter not verified');
        throw new ApiError(404, 'letterNotFound');
      }
      request.log.info({ debtorId: letter.debtor_id }, 'letter verified');
      return reply.send(
        await ctx.tokens.issue(letter.debtor_id, 'letter', {
          accountNumber: letter.account_number,
          letterId: letter.letter_id,
        }),
      );
    },
  );

  registerSessionRoutes(api, ctx);
}
