import { describe, expect, it } from 'vitest';
import { dsnOrigin, injectConfig, monitoringFromEnv } from '../../../src/server/config';
import { PRODUCTION_CSP, securityHeaders } from '../../../src/server/http/security';

describe('monitoring config', () => {
  it('is absent without SENTRY_DSN and carries environment and release with one', () => {
    expect(monitoringFromEnv({})).toBeUndefined();
    expect(monitoringFromEnv({ SENTRY_DSN: '  ' })).toBeUndefined();
    expect(
      monitoringFromEnv({
        SENTRY_DSN: 'https://key@o1.ingest.example.io/42',
        SENTRY_ENVIRONMENT: 'staging',
        SENTRY_RELEASE: 'portal@1.2.3',
      }),
    ).toEqual({
      dsn: 'https://key@o1.ingest.example.io/42',
      environment: 'staging',
      release: 'portal@1.2.3',
    });
  });

  it('is injected into the page config block', () => {
    const html = injectConfig('<head></head>', {
      forms: {},
      rules: {},
      texts: {},
      monitoring: { dsn: 'https://key@o1.ingest.example.io/42' },
    });
    expect(html).toContain('"monitoring":{"dsn":"https://key@o1.ingest.example.io/42"}');
  });

  it("adds only the DSN's origin to connect-src and never unsafe-eval", () => {
    const origin = dsnOrigin('https://key@o1.ingest.example.io/42');
    expect(origin).toBe('https://o1.ingest.example.io');
    expect(dsnOrigin('not a url')).toBeNull();
    const csp = securityHeaders(false, [origin!])['content-security-policy'];
    expect(csp).toContain("connect-src 'self' https://o1.ingest.example.io;");
    expect(csp).not.toContain('unsafe-eval');
    expect(securityHeaders(false)['content-security-policy']).toBe(PRODUCTION_CSP);
  });
});
