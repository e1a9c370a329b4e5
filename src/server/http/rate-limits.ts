/**
 * Anti-automation: request rate limits on the calls anyone can make without a token, the sign-in
 * (Authorization/VerifyIdentity), the letter sign-in (Authorization/VerifyLetter) and the Guest
 * calls, counted per client address and, on the two sign-ins, per identity. Counting is done by
 * @fastify/rate-limit (`createRateLimit`), in Redis when REDIS_URL is set, so every server
 * process on that Redis shares the counters, and in this process's memory otherwise. Over a
 * limit the call is answered 429 with `Retry-After` (seconds) and a message in the caller's
 * language, before any work is done.
 *
 * The identity is the normalized last name (VerifyIdentity) or the account number of the offer
 * code (VerifyLetter): what stays the same while someone guesses the other factors of one
 * person. It is counted under a keyed hash (HMAC with the server's identity key), so no name or
 * account number is stored in Redis or memory. The sign-in lockout (5 failures, 15 minutes) is
 * separate and stays in the database (auth/lockout.ts).
 *
 * If Redis cannot be reached, calls are not limited (the store's errors are skipped and logged):
 * the portal stays open and the lockout still holds.
 */
import { createHmac } from 'node:crypto';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { normalizeName } from '../auth/keys';
import { ApiError } from './errors';

export interface RateLimitOptions {
  /** Redis for the counters (REDIS_URL); without it they are in this process's memory. */
  redisUrl?: string;
  /** Prefix of the Redis keys (RATE_LIMIT_PREFIX). */
  prefix?: string;
  /** The window the limits count in, in seconds (RATE_LIMIT_WINDOW_SECONDS). */
  windowSeconds?: number;
  /** Sign-in and letter sign-in calls per client address (RATE_LIMIT_SIGN_IN_PER_ADDRESS). */
  signInPerAddress?: number;
  /** Sign-in calls per last name, letter sign-ins per account (RATE_LIMIT_SIGN_IN_PER_IDENTITY). */
  signInPerIdentity?: number;
  /** Guest calls per client address (RATE_LIMIT_GUEST_PER_ADDRESS). */
  guestPerAddress?: number;
}

export const RATE_LIMIT_DEFAULTS = {
  prefix: 'portal:rate-limit:',
  windowSeconds: 60,
  signInPerAddress: 60,
  signInPerIdentity: 60,
  guestPerAddress: 60,
} as const;

const positive = (value: string | undefined): number | undefined => {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
};

/** The limits from the environment (README: REDIS_URL and RATE_LIMIT_*). */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): RateLimitOptions {
  const options: RateLimitOptions = {};
  if (env.REDIS_URL) options.redisUrl = env.REDIS_URL;
  if (env.RATE_LIMIT_PREFIX) options.prefix = env.RATE_LIMIT_PREFIX;
  const numbers = {
    windowSeconds: positive(env.RATE_LIMIT_WINDOW_SECONDS),
    signInPerAddress: positive(env.RATE_LIMIT_SIGN_IN_PER_ADDRESS),
    signInPerIdentity: positive(env.RATE_LIMIT_SIGN_IN_PER_IDENTITY),
    guestPerAddress: positive(env.RATE_LIMIT_GUEST_PER_ADDRESS),
  };
  for (const [name, value] of Object.entries(numbers)) {
    if (value !== undefined) options[name as keyof typeof numbers] = value;
  }
  return options;
}

/** What a limit counts, for the OpenAPI document. */
export interface LimitInfo {
  per: 'address' | 'identity';
  max: number;
  windowSeconds: number;
}

/** A route hook that answers 429 over its limit; `rateLimit` says what it counts. */
export type LimitHook = ((request: FastifyRequest, reply: FastifyReply) => Promise<void>) & {
  rateLimit: LimitInfo;
};

export interface RateLimits {
  /** onRequest: VerifyIdentity and VerifyLetter together, per client address. */
  signInByAddress: LimitHook;
  /** preHandler (the body is read): VerifyIdentity per last name. */
  signInByIdentity: LimitHook;
  /** preHandler: VerifyLetter per account number. */
  letterByIdentity: LimitHook;
  /** onRequest: every Guest call together, per client address. */
  guestByAddress: LimitHook;
  /** onRequest: the staff studio's sign-in (issue 24), per client address. */
  studioSignInByAddress: LimitHook;
}

/** The limits named in a route's hooks (route options onRequest, preHandler, ...). */
export function limitsOf(...hooks: unknown[]): LimitInfo[] {
  return hooks
    .flatMap((h) => (Array.isArray(h) ? (h as unknown[]) : h ? [h] : []))
    .map((h) => (h as { rateLimit?: LimitInfo }).rateLimit)
    .filter((info): info is LimitInfo => info !== undefined);
}

/**
 * Registers @fastify/rate-limit (no limit on other routes) and makes the limit hooks. Call before
 * the routes are registered.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  identityKey: Buffer,
  options: RateLimitOptions = {},
): Promise<RateLimits> {
  const settings = { ...RATE_LIMIT_DEFAULTS, ...options };
  let redis: Redis | undefined;
  if (settings.redisUrl) {
    redis = new Redis(settings.redisUrl, {
      // A limit check waits for Redis no longer than this; then the call goes on unlimited.
      connectTimeout: 1000,
      commandTimeout: 1000,
      maxRetriesPerRequest: 1,
    });
    let down = false;
    redis.on('error', (error: Error) => {
      if (!down) app.log.warn({ err: error.message }, 'rate-limit store (Redis) unreachable');
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('rate-limit store (Redis) reachable again');
      down = false;
    });
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    nameSpace: settings.prefix,
    skipOnError: true,
    timeWindow: settings.windowSeconds * 1000,
  });

  const hashed = (kind: string, value: string): string =>
    createHmac('sha256', identityKey).update(`${kind}\u0001${value}`).digest('base64url');
  const bodyField = (request: FastifyRequest, field: string): string => {
    const value = (request.body as Record<string, unknown> | null | undefined)?.[field];
    return typeof value === 'string' ? value : '';
  };

  const hook = (
    name: string,
    per: LimitInfo['per'],
    max: number,
    key: (request: FastifyRequest) => string,
  ): LimitHook => {
    const check = app.createRateLimit({
      max,
      timeWindow: settings.windowSeconds * 1000,
      keyGenerator: (request) => `${name}:${per}:${key(request)}`,
    });
    const limit = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const result = await check(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(Math.max(result.ttlInSeconds, 1)));
      request.log.info({ limit: name, per }, 'rate limit reached');
      throw new ApiError(429, 'tooManyRequests');
    };
    return Object.assign(limit, {
      rateLimit: { per, max, windowSeconds: settings.windowSeconds },
    });
  };
  const address = (request: FastifyRequest) => normalizeIP(request.ip);

  return {
    signInByAddress: hook('sign-in', 'address', settings.signInPerAddress, address),
    signInByIdentity: hook('sign-in', 'identity', settings.signInPerIdentity, (request) =>
      hashed('last-name', normalizeName(bodyField(request, 'lastName'))),
    ),
    letterByIdentity: hook('letter', 'identity', settings.signInPerIdentity, (request) =>
      hashed('account', bodyField(request, 'accountNumber').trim().toUpperCase()),
    ),
    guestByAddress: hook('guest', 'address', settings.guestPerAddress, address),
    studioSignInByAddress: hook('studio-sign-in', 'address', settings.signInPerAddress, address),
  };
}
