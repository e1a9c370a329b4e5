/**
 * Analytics events of spec §1, posted to POST /api/v2/Analytic (names: the server's whitelist in
 * schemas/api/analytic-event.schema.json). Fire-and-forget: `track` only queues; the queue is sent
 * when the page is idle after its next paint (or as the page goes away) with `fetch(...,
 * { keepalive: true })`, so a page change or unload does not lose it and nothing waits for it.
 * Properties carry no personal data: reasons, methods, route patterns and amounts' absence;
 * account numbers and other identifiers never go in.
 */
import { accessToken, sessionHeaders } from './session';
import { portalConfig } from './config';

export const ANALYTIC_ENDPOINT = '/api/v2/Analytic';

type Scalar = string | number | boolean | null;

/** Every event name with the properties it may carry. */
export interface AnalyticsEvents {
  user_logged_in: { method: 'account' | 'letter' };
  login_failed: { reason: LoginFailureReason };
  letter_verified: Record<string, never>;
  letter_verification_failed: { reason: 'not_found' | 'invalid_code' };
  link_action: { actionId: string };
  page_view: { path: string; language: string };
  payment_started: { variant: string };
  payment_stage_completed: { variant: string; stage: string };
  payment_submitted: { variant: string; stages?: number };
  payment_succeeded: { variant: string; payments: number };
  payment_failed: { variant: string; reason: string };
  dispute_submitted: { reasons?: number };
  bankruptcy_submitted: { chapter?: string };
  contact_us_submitted: { signedIn: boolean; reason?: string };
}

export type AnalyticsEvent = keyof AnalyticsEvents;

export type LoginFailureReason =
  | 'no_match'
  | 'blocked'
  | 'ssn_required'
  | 'no_token'
  | 'incomplete_token'
  | 'no_debtor'
  | 'no_accounts'
  | 'failed';

export interface Pending {
  body: string;
  headers: Record<string, string>;
}

let queue: Pending[] = [];
let flushScheduled = false;
let send: (request: Pending) => void = (request) => {
  // A studio preview's visits are the staff's, not a debtor's.
  if (portalConfig().preview) return;
  void fetch(ANALYTIC_ENDPOINT, {
    method: 'POST',
    keepalive: true,
    headers: request.headers,
    body: request.body,
  }).catch(() => undefined);
};

/** Tests replace the transport. */
export function setAnalyticsTransport(transport: (request: Pending) => void): void {
  send = transport;
}

export function flushAnalytics(): void {
  flushScheduled = false;
  const batch = queue;
  queue = [];
  for (const request of batch) send(request);
}

/** Queues one event; headers are taken now, so an event tracked just before sign-out keeps its session. */
export function track<E extends AnalyticsEvent>(event: E, properties?: AnalyticsEvents[E]): void {
  const headers = sessionHeaders(accessToken(), { 'Content-Type': 'application/json' });
  const body: { event: E; occurredAt: string; properties?: Record<string, Scalar> } = {
    event,
    occurredAt: new Date().toISOString(),
  };
  const props = properties as Record<string, Scalar> | undefined;
  if (props && Object.keys(props).length > 0) body.properties = props;
  queue.push({ headers, body: JSON.stringify(body) });
  if (!flushScheduled) {
    flushScheduled = true;
    afterPaint(flushAnalytics);
  }
}

/**
 * Runs `send` once the page is idle after its next paint (at the latest a second later): an event
 * tracked in a click's task, as a wizard's Continue tracks its stage and the shell the page view,
 * does not hold up drawing the new screen (a fetch costs the main thread a few ms). Where the
 * browser has no idle callback, after the current task.
 */
function afterPaint(send: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(send, { timeout: 1000 });
  else setTimeout(send, 0);
}

// What is queued when the page goes away leaves with it (keepalive carries it past the unload).
if (typeof addEventListener === 'function') addEventListener('pagehide', () => flushAnalytics());

/**
 * A route without its identifiers: any segment holding a digit becomes `:id`, so
 * `/accounts/LU1.10001/dispute` is recorded as `/accounts/:id/dispute`.
 */
export function pagePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (/\d/.test(segment) ? ':id' : segment))
    .join('/');
}

/**
 * The analytics reason of a failed sign-in (spec §8 Sign-in): the SSN step, or the last part of the
 * error text key (`sign-in.errors.notFound` is `no_match`).
 */
export function loginFailureReason(failure: { kind: string; key?: string }): LoginFailureReason {
  if (failure.kind === 'needsSsn') return 'ssn_required';
  const name = failure.key?.split('.').pop() ?? '';
  const reasons: Record<string, LoginFailureReason> = {
    notFound: 'no_match',
    notFoundTryAccount: 'no_match',
    blocked: 'blocked',
    noToken: 'no_token',
    incompleteToken: 'incomplete_token',
    noDebtor: 'no_debtor',
    noAccounts: 'no_accounts',
  };
  return reasons[name] ?? 'failed';
}

/** A successful account or letter sign-in, and the link action the user arrived with, if any. */
export function trackSignedIn(method: 'account' | 'letter', actionId?: string | null): void {
  track('user_logged_in', { method });
  if (actionId) track('link_action', { actionId });
}
