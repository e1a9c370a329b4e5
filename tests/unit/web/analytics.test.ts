// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  flushAnalytics,
  loginFailureReason,
  pagePath,
  setAnalyticsTransport,
  track,
  trackSignedIn,
  type Pending,
} from '../../../src/web/lib/analytics';
import { saveTokens } from '../../../src/web/lib/session';

describe('analytics', () => {
  let sent: Pending[];
  beforeEach(() => {
    vi.useFakeTimers();
    sessionStorage.clear();
    sent = [];
    setAnalyticsTransport((request) => sent.push(request));
  });
  afterEach(() => vi.useRealTimers());

  const bodies = () => sent.map((request) => JSON.parse(request.body) as Record<string, unknown>);

  it('queues events and sends them after the current task, never synchronously', () => {
    track('page_view', { path: '/login', language: 'en' });
    expect(sent).toEqual([]);
    vi.runAllTimers();
    expect(bodies()).toEqual([
      expect.objectContaining({
        event: 'page_view',
        properties: { path: '/login', language: 'en' },
      }),
    ]);
    expect(sent[0]!.headers['X-Session-Id']).toMatch(/\w/);
    expect(sent[0]!.headers.Authorization).toBeUndefined();
  });

  it('with an idle callback, sends when the page is idle after its paint, or as it is hidden', () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => {
      expect(options?.timeout).toBe(1000);
      idle.push(callback);
      return idle.length;
    });
    try {
      track('payment_stage_completed', { variant: 'one-time', stage: 'arrangement' });
      track('page_view', {
        path: '/accounts/:id/payment/one-time/contact-details',
        language: 'en',
      });
      vi.runAllTimers();
      expect(sent).toEqual([]);
      expect(idle).toHaveLength(1);
      idle[0]!();
      expect(bodies().map((body) => body.event)).toEqual(['payment_stage_completed', 'page_view']);

      track('payment_submitted', { variant: 'one-time' });
      window.dispatchEvent(new Event('pagehide'));
      expect(bodies().map((body) => body.event)).toEqual([
        'payment_stage_completed',
        'page_view',
        'payment_submitted',
      ]);
      // The idle callback that was due finds nothing more to send.
      idle[1]!();
      expect(sent).toHaveLength(3);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('takes the bearer token at tracking time, so an event before sign-out keeps it', () => {
    saveTokens({ accessToken: 'a.b.c', refreshToken: 'r' });
    track('dispute_submitted', {});
    sessionStorage.clear();
    flushAnalytics();
    expect(sent[0]!.headers.Authorization).toBe('Bearer a.b.c');
    expect(bodies()[0]).not.toHaveProperty('properties');
  });

  it('a sign-in reports the login and, when the link had one, the link action', () => {
    trackSignedIn('account', 'spring-campaign');
    trackSignedIn('letter');
    flushAnalytics();
    expect(bodies().map((body) => [body.event, body.properties])).toEqual([
      ['user_logged_in', { method: 'account' }],
      ['link_action', { actionId: 'spring-campaign' }],
      ['user_logged_in', { method: 'letter' }],
    ]);
  });

  it('names failed sign-ins by reason (spec §8)', () => {
    expect(loginFailureReason({ kind: 'message', key: 'sign-in.errors.notFound' })).toBe(
      'no_match',
    );
    expect(loginFailureReason({ kind: 'message', key: 'sign-in.errors.notFoundTryAccount' })).toBe(
      'no_match',
    );
    expect(loginFailureReason({ kind: 'message', key: 'sign-in.errors.blocked' })).toBe('blocked');
    expect(loginFailureReason({ kind: 'needsSsn' })).toBe('ssn_required');
    expect(loginFailureReason({ kind: 'message', key: 'sign-in.errors.noAccounts' })).toBe(
      'no_accounts',
    );
    expect(loginFailureReason({ kind: 'message', key: 'sign-in.errors.failed' })).toBe('failed');
  });

  it('records page paths without identifiers', () => {
    expect(pagePath('/accounts/LU1.10001/dispute')).toBe('/accounts/:id/dispute');
    expect(pagePath('/letter-option/LU1.10001/57')).toBe('/letter-option/:id/:id');
    expect(pagePath('/dashboard')).toBe('/dashboard');
  });
});
