import { afterEach, describe, expect, it } from 'vitest';
import { setPortalConfig, type PortalConfig } from '../../../src/web/lib/config';
import { agencyToday } from '../../../src/web/utils/account-rules';

const base: PortalConfig = {
  forms: {},
  rules: {},
  texts: {},
  content: {},
  journeys: {},
  pages: {},
};

// 03:30 UTC on 24 November: still the 23rd in New York, already the 24th in London.
const NOW = new Date('2026-11-24T03:30:00Z');

describe("the browser's today", () => {
  afterEach(() => setPortalConfig(base));

  it("is the day in the agency's time zone the server names in the page", () => {
    setPortalConfig({ ...base, calendar: { timeZone: 'Europe/London' } });
    expect(agencyToday(NOW)).toBe('2026-11-24');
    setPortalConfig({ ...base, calendar: { timeZone: 'America/Los_Angeles' } });
    expect(agencyToday(NOW)).toBe('2026-11-23');
  });

  it('is the day in New York when the page names no time zone', () => {
    setPortalConfig(base);
    expect(agencyToday(NOW)).toBe('2026-11-23');
  });
});
