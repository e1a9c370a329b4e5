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
 * If Redis cannot be reached, the limits fail safe: every check is also counted in this process's
 * memory, and a check Redis does not answer is judged by that count (fallbackStore): per process
 * rather than shared, never unlimited. The outage is logged once; when Redis is back its counters
 * judge again.
 */
import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import fastifyRateLimit, {
  normalizeIP,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
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

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** A store of @fastify/rate-limit with its (untyped) non-mutating `read`. */
interface Store extends FastifyRateLimitStore {
  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void;
  child(routeOptions: RouteOptions): Store;
}

// The plugin's own Redis and memory stores (not exported by its entry point; CommonJS).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

/**
 * A store that counts in Redis and, for every key, in this process's memory too: a check Redis
 * fails to answer (down, unreachable, timed out) is judged by the memory count, so an outage
 * makes the limits per process, never absent. `onFallback` hears each such failure.
 */
class FallbackStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly onFallback: (error: Error) => void,
  ) {}

  private both(
    method: 'incr' | 'read',
    key: string,
    callback: StoreCallback,
    timeWindow: number,
    max: number,
  ): void {
    this.local[method](
      key,
      (localError, counted) => {
        this.shared[method](
          key,
          (error, result) => {
            if (!error && result) {
              callback(null, result);
              return;
            }
            this.onFallback(error ?? new Error('no answer from the rate-limit store'));
            callback(localError, counted);
          },
          timeWindow,
          max,
        );
      },
      timeWindow,
      max,
    );
  }

  incr(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.both('incr', key, callback, timeWindow, max);
  }

  read(key: string, callback: StoreCallback, timeWindow: number, max: number): void {
    this.both('read', key, callback, timeWindow, max);
  }

  child(routeOptions: RouteOptions): Store {
    return new FallbackStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.onFallback,
    );
  }
}

/** The plugin's `store` option: Redis under `nameSpace`, falling back to memory (FallbackStore). */
export function fallbackStore(
  redis: Redis,
  nameSpace: string,
  onFallback: (error: Error) => void,
): FastifyRateLimitStoreCtor {
  return class extends FallbackStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        onFallback,
      );
    }
  };
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
  let store: FastifyRateLimitStoreCtor | undefined;
  if (settings.redisUrl) {
    redis = new Redis(settings.redisUrl, {
      // A limit check waits for Redis no longer than this; then this process's count judges it.
      connectTimeout: 1000,
      commandTimeout: 1000,
      maxRetriesPerRequest: 1,
      // While the connection is down a check fails at once (to the memory count), not queued.
      enableOfflineQueue: false,
    });
    let down = false;
    const fellBack = (error: Error) => {
      if (!down) {
        app.log.warn(
          { err: error.message },
          "rate-limit store (Redis) unreachable: counting in this process's memory",
        );
      }
      down = true;
    };
    redis.on('error', fellBack);
    redis.on('ready', () => {
      if (down) app.log.info('rate-limit store (Redis) reachable again');
      down = false;
    });
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
    // The first checks go to Redis when it is ready within its connect timeout; a first error
    // (unreachable) starts the server at once, on the memory counts.
    const settled = once(client, 'ready').then(
      () => undefined,
      () => undefined,
    );
    await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
    store = fallbackStore(client, settings.prefix, fellBack);
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(store ? { store } : {}),
    nameSpace: settings.prefix,
    // A store error is never skipped: FallbackStore answers from memory instead.
    skipOnError: false,
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
