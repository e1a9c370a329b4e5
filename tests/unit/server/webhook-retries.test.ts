import { describe, expect, it } from 'vitest';
import { webhookSettingsFromEnv } from '../../../src/server/webhooks/dispatcher';
import { RETRY_MAX_MS, retryDelayMs } from '../../../src/server/webhooks/queue';

describe('webhook retry delays', () => {
  it('start at 30 s and double, with ±25% jitter, up to 6 h', () => {
    expect(retryDelayMs(1, 0.5)).toBe(30_000);
    expect(retryDelayMs(2, 0.5)).toBe(60_000);
    expect(retryDelayMs(3, 0.5)).toBe(120_000);
    expect(retryDelayMs(1, 0)).toBe(22_500);
    expect(retryDelayMs(1, 0.999_999)).toBe(37_500);
    expect(retryDelayMs(40, 0.5)).toBe(RETRY_MAX_MS);
  });

  it('start from WEBHOOK_RETRY_BASE_MS when a server is given one', () => {
    const settings = webhookSettingsFromEnv({ WEBHOOK_RETRY_BASE_MS: '1000' });
    expect(settings.retryBaseMs).toBe(1000);
    expect(retryDelayMs(3, 0.5, settings.retryBaseMs)).toBe(4000);
    // Nonsense falls back to the default rather than retrying at once.
    expect(webhookSettingsFromEnv({ WEBHOOK_RETRY_BASE_MS: '0' }).retryBaseMs).toBe(30_000);
    expect(webhookSettingsFromEnv({ WEBHOOK_RETRY_BASE_MS: 'soon' }).retryBaseMs).toBe(30_000);
    expect(webhookSettingsFromEnv({}).retryBaseMs).toBe(30_000);
  });
});
