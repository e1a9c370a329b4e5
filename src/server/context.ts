/** What route modules share: database, keys, clock, tokens, lockout. */
import type { ServerKeys } from './auth/keys';
import type { Lockout } from './auth/lockout';
import type { TokenService } from './auth/tokens';
import type { PortalConfig } from './config';
import type { ContentStore } from './content/store';
import type { Db } from './db/types';
import type { RateLimits } from './http/rate-limits';
import type { ApiSchemas } from './http/validation';
import type { SignInPolicy } from '../domain/sign-in-policy';

export interface PortalContext {
  db: Db;
  keys: ServerKeys;
  tokens: TokenService;
  lockout: Lockout;
  /** Anti-automation limits of the sign-in, letter and guest calls (http/rate-limits.ts). */
  limits: RateLimits;
  schemas: ApiSchemas;
  now: () => Date;
  /** Today's calendar day (YYYY-MM-DD) in the agency's time zone. */
  today: () => string;
  /** The agency's time zone (IANA name) of `today`. */
  timeZone: string;
  /** The content versions (issue 24): the version served now, older ones, publish. */
  content: ContentStore;
  /**
   * The config of the content version served now (`content.current().config`, a getter: a publish
   * changes it, on every process, without a restart): form flows validate request bodies, texts
   * make PDFs. Read it per request; never keep it.
   */
  readonly config: PortalConfig;
  /** schemas/ (JSON Schemas of the API, forms and flow files). */
  schemasDir: string;
  /** flows/policies/sign-in.json of the version served now (checked): which factors sign in. */
  readonly signInPolicy: SignInPolicy;
  /**
   * How long a payment in flight (and its Idempotency-Key) belongs to the process running it;
   * after that any process may settle it (src/server/payments/recovery.ts).
   */
  paymentLeaseMs: number;
}
