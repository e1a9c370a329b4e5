/**
 * Sign-in and session: POST Authorization/VerifyIdentity and Authorization/VerifyLetter,
 * Authorization/Refresh (rotation with reuse detection), Authorization/Logout (revokes the
 * session) and Authorization/register (the portal registration confirmation, a PDF).
 *
 * Identity matching (spec §5, issue 20): the factor policy (flows/policies/sign-in.json,
 * domain/sign-in-policy.ts) decides first, before any look-up, whether option1, option2 and option3
 * may sign in at all: two different real factors, or the MRS account number with LastName, plus
 * the SSN as option3 when it is the step-up. Anything else is a 400 that says so, the same for
 * every name. Then the last name (or business name) AND every factor the policy named must match
 * one debtor. Only then may a debtor whose record requires the SSN be asked for it (440), so the
 * 440 never tells whether a name exists. SSN and date of birth are compared as HMACs in constant
 * time; the HMACs and the per-candidate look-ups run on every path so failures take the same work.
 * Every attempt is counted before it is judged (auth/lockout.ts): by client address before the
 * look-up (at the limit it is refused, 403, whatever it carries), then by the debtor(s) it
 * matched, in whole or in part, before the answer (at a debtor's limit it is refused as a failure,
 * 404, so the refusal does not tell that a factor matched).
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@/generated/types/api/error';
import type { PortalContext } from '../context';
import type { DebtorRow } from '../db/types';
import { addDays } from '../dates';
import { ApiError } from '../http/errors';
import { errorResponses, schemaRef } from '../http/validation';
import { languageOf } from '../http/errors';
import { registerSessionRoutes } from './session';
import { optionalAuth } from './guard';
import { decideSignIn, SSN_STEP_UP, type FactorKind } from '../../domain/sign-in-policy';
import type { VerifyIdentityRequest } from '../../generated/types/api/verify-identity-request';
import type { VerifyLetterRequest } from '../../generated/types/api/verify-letter-request';
import { digitsOnly, hashDateOfBirth, hashSsnLast4, normalizeName, sameDigest } from './keys';

/** Letters can be opened by code for this many days after they were sent (spec §9). */
export const LETTER_WINDOW_DAYS = 45;

const normalizeAccount = (value: string) => value.trim().toUpperCase();
const normalizeClientAccount = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
const normalizeStreet = (value: string) => normalizeName(value);
function normalizePhone(value: string): string {
  const digits = digitsOnly(value);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The candidate's phones and account numbers, normalized (one look-up per candidate). */
export interface Facts {
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

/** What one factor's matcher sees: the request, the candidate debtor and their facts. */
export interface MatchInput {
  body: VerifyIdentityRequest;
  debtor: DebtorRow | undefined;
  facts: Facts;
  hashes: { ssn: string; dob: string };
}

/**
 * One matcher per real factor kind; None and LastName have none (they are never factors). Each
 * answers true only when the request carries the value AND it equals the candidate's: a missing
 * value or a missing candidate is false.
 */
export const FACTOR_MATCHERS: Readonly<Record<FactorKind, (input: MatchInput) => boolean>> = {
  SocialSecurityNumber: ({ body, debtor, hashes }) =>
    sameDigest(debtor?.ssn_last4_hmac, hashes.ssn) &&
    debtor !== undefined &&
    body.socialSecurityNumber !== undefined,
  DateOfBirth: ({ body, debtor, hashes }) =>
    sameDigest(debtor?.dob_hmac, hashes.dob) &&
    debtor !== undefined &&
    body.dateOfBirth !== undefined,
  Phone: ({ body, debtor, facts }) => {
    const phone = normalizePhone(body.phone ?? '');
    return debtor !== undefined && phone.length >= 10 && facts.phones.includes(phone);
  },
  MRSAccountNumber: ({ body, debtor, facts }) => {
    const value = normalizeAccount(body.accountNumber ?? '');
    return debtor !== undefined && value !== '' && facts.accountNumbers.includes(value);
  },
  ClientAccountNumber: ({ body, debtor, facts }) => {
    const value = normalizeClientAccount(body.creditorAccountNumber ?? '');
    return debtor !== undefined && value !== '' && facts.clientAccounts.includes(value);
  },
  Address: ({ body, debtor }) => {
    const zip = (body.address?.zip ?? '').slice(0, 5);
    const street = normalizeStreet(body.address?.street ?? '');
    return (
      debtor !== undefined &&
      zip.length === 5 &&
      street !== '' &&
      (debtor.zip ?? '').slice(0, 5) === zip &&
      normalizeStreet(debtor.address_line1 ?? '') === street
    );
  },
  // Agent-assisted sign-in is not specified: an agent PIN never matches, even if a policy names it.
  AgentPin: () => false,
};

/** Whether one factor matches; a kind without a matcher (None, LastName, anything else) never does. */
export function factorMatches(kind: string, input: MatchInput): boolean {
  const matcher = Object.hasOwn(FACTOR_MATCHERS, kind)
    ? FACTOR_MATCHERS[kind as FactorKind]
    : undefined;
  return matcher !== undefined && matcher(input) === true;
}

export function registerAuthRoutes(api: FastifyInstance, ctx: PortalContext): void {
  const identityBody = schemaRef(ctx.schemas, 'verify-identity-request');
  const letterBody = schemaRef(ctx.schemas, 'verify-letter-request');
  const tokenPair = schemaRef(ctx.schemas, 'token-pair');

  api.post<{ Body: VerifyIdentityRequest }>(
    '/Authorization/VerifyIdentity',
    {
      onRequest: ctx.limits.signInByAddress,
      preHandler: ctx.limits.signInByIdentity,
      schema: {
        summary: 'Sign in with a last name (or business name) and identity factors',
        description:
          "The spec's login/verification request. The factor policy (flows/policies/sign-in.json) decides first which options may sign in: two different real factors (last 4 of SSN, date of birth, phone, MRS account number, client account number), or the MRS account number with `LastName` as option2; option3 may add the SSN. `None` and `LastName` are never factors. Any other combination is refused with 400 before any look-up. Then the last name (or business name) AND every factor named must match one debtor. 440 (`fieldRequired: SSN`) comes only after a combination matched, for a debtor whose record requires the SSN. Every attempt is counted before it is judged: by client address (past the limit, 5 in 15 minutes by default, it is refused with 403 until the 15-minute lock ends), and by the debtor it matches in whole or in part (past the limit it is refused as a failure, 404, the right factors too, until the debtor's lock ends: a 403 would tell that a factor matched). Sent with the access token of an account session, the debtor joins that session.",
        body: identityBody,
        response: { 200: tokenPair, ...errorResponses(ctx.schemas, 400, 403, 404, 440) },
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

      // The policy decides before anything is looked up: the same answer for every name.
      const decision = decideSignIn(ctx.signInPolicy, body);
      if (!decision.ok) {
        const message = request.server.catalog.message('signInCombination', languageOf(request));
        request.log.info({ reason: 'combination', slot: decision.slot }, 'identity refused');
        throw new ApiError(400, 'signInCombination', {
          errors: [{ path: `/${decision.slot}`, keyword: 'signInPolicy', message }],
        });
      }

      const nameKey = normalizeName(body.lastName);
      // Counted before anything is looked up: the client address (see auth/lockout.ts).
      const attempt = await ctx.lockout.counters.count([ctx.lockout.address(request.ip)]);
      if (!attempt.allowed) throw new ApiError(403, 'locked');

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
      // The candidates this attempt matched in part: it counts towards their locks.
      const touched: number[] = [];
      // With no candidate, one dummy evaluation keeps the work of every failure alike. Every
      // factor is evaluated for every candidate (no short cut), and all must hold.
      for (const candidate of candidates.length > 0 ? candidates : [undefined]) {
        const facts = await factsOf(ctx, candidate?.id ?? -1);
        const input: MatchInput = { body, debtor: candidate, facts, hashes };
        const results = decision.factors.map((kind) => factorMatches(kind, input));
        const all = results.length > 0 && results.every((result) => result);
        if (candidate && !matched && all) matched = candidate;
        if (candidate && results.some((result) => result)) touched.push(candidate.id);
      }

      // Counted per debtor before any answer tells the outcome: the debtor matched whole, else
      // every debtor matched in part. A debtor no factor matched is not counted: a stranger's
      // failures with the same last name never lock them (docs/architecture.md). A debtor's lock
      // is answered as a failure (404): a 403 here would tell that a factor matched.
      const debtorKeys = (matched ? [matched.id] : touched).map((id) => ctx.lockout.debtor(id));
      let judged = true;
      if (debtorKeys.length > 0) {
        judged = await ctx.lockout.counters.countMore(attempt, debtorKeys, true);
      } else await ctx.lockout.counters.idle();

      if (!matched || !judged) {
        request.log.info({ reason: judged ? 'no_match' : 'locked' }, 'identity not verified');
        throw new ApiError(404, 'identityNotFound');
      }
      // Asked only now that a whole combination matched: it never tells that a name exists.
      if (matched.require_ssn && !decision.factors.includes(SSN_STEP_UP)) {
        await ctx.lockout.counters.release(attempt);
        request.log.info({ reason: 'ssn_required' }, 'identity needs another factor');
        throw new ApiError(440, 'ssnRequired', { fieldRequired: 'SSN' });
      }
      await ctx.lockout.counters.succeed(attempt);
      // A sign-in that carries this session's account token adds the debtor to that session.
      const current = await optionalAuth(ctx, request);
      const sid = current?.role === 'account' ? current.sid : undefined;
      request.log.info({ debtorId: matched.id, joined: sid !== undefined }, 'identity verified');
      return reply.send(await ctx.tokens.issue(matched.id, 'account', {}, { sid }));
    },
  );

  api.post<{ Body: VerifyLetterRequest }>(
    '/Authorization/VerifyLetter',
    {
      onRequest: ctx.limits.signInByAddress,
      preHandler: ctx.limits.letterByIdentity,
      schema: {
        summary: 'Sign in with the offer code of a settlement letter',
        description:
          "The spec's letter verification (`letterId`, `accountNumber`). The code is the account number and the letter id (`LU1.10001.57`); a letter opens for 45 days after it was sent. The token has the `letter` role: it opens that letter and pays its options. Every attempt is counted before it is judged, by the code's account and by client address: past the limit (5 in 15 minutes by default) it is refused with 403 until the 15-minute lock ends.",
        body: letterBody,
        response: { 200: tokenPair, ...errorResponses(ctx.schemas, 403, 404) },
      },
    },
    async (request, reply) => {
      const accountNumber = normalizeAccount(request.body.accountNumber);
      const accountHash = createHmac('sha256', ctx.keys.identityHmacKey)
        .update(`letter-lockout:${accountNumber}`)
        .digest('base64url');
      // Counted before the letter is looked up (auth/lockout.ts).
      const attempt = await ctx.lockout.counters.count([
        ctx.lockout.letter(accountHash),
        ctx.lockout.address(request.ip),
      ]);
      if (!attempt.allowed) throw new ApiError(403, 'locked');

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
        request.log.info({ reason: letter ? 'expired' : 'no_match' }, 'letter not verified');
        throw new ApiError(404, 'letterNotFound');
      }
      await ctx.lockout.counters.succeed(attempt);
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
