// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readPortalConfig } from '../../../src/web/lib/config';

describe('readPortalConfig', () => {
  it("reads the injected JSON block and drops the texts files' $schema markers", () => {
    document.body.innerHTML = `<script type="application/json" id="portal-config">${JSON.stringify({
      forms: {},
      texts: {
        common: { $schema: '../../schemas/meta/texts.schema.json', appName: { en: 'A', es: 'B' } },
      },
    })}</script>`;
    expect(readPortalConfig(document)).toEqual({
      forms: {},
      rules: {},
      texts: { common: { appName: { en: 'A', es: 'B' } } },
      content: {},
      journeys: {},
      pages: {},
    });
  });

  it('passes long texts and the monitoring block through, and drops a monitoring block without a DSN', () => {
    const page = (config: object) =>
      (document.body.innerHTML = `<script type="application/json" id="portal-config">${JSON.stringify(config)}</script>`);
    page({
      content: { terms: { kind: 'document' } },
      monitoring: { dsn: 'https://k@o.example/1' },
    });
    expect(readPortalConfig(document)).toMatchObject({
      content: { terms: { kind: 'document' } },
      monitoring: { dsn: 'https://k@o.example/1' },
    });
    page({ monitoring: { dsn: '' } });
    expect(readPortalConfig(document).monitoring).toBeUndefined();
  });

  it("passes the calendar block (the agency's time zone) through", () => {
    document.body.innerHTML = `<script type="application/json" id="portal-config">${JSON.stringify({
      calendar: { timeZone: 'America/Chicago' },
    })}</script>`;
    expect(readPortalConfig(document).calendar).toEqual({ timeZone: 'America/Chicago' });
  });

  it("passes the session block (the server's idle and absolute limits) through", () => {
    const page = (config: object) =>
      (document.body.innerHTML = `<script type="application/json" id="portal-config">${JSON.stringify(config)}</script>`);
    page({ session: { idleMs: 900_000, maxMs: 43_200_000 } });
    expect(readPortalConfig(document).session).toEqual({ idleMs: 900_000, maxMs: 43_200_000 });
    page({ session: { idleMs: 6_000, maxMs: 7_200, extra: true } });
    expect(readPortalConfig(document).session).toEqual({ idleMs: 6_000, maxMs: 7_200 });
    // Without both limits as positive numbers, there is no block (the defaults apply).
    for (const session of [
      { idleMs: 900_000 },
      { idleMs: 0, maxMs: 1 },
      { idleMs: '9', maxMs: 1 },
      null,
    ]) {
      page({ session });
      expect(readPortalConfig(document).session).toBeUndefined();
    }
    page({});
    expect(readPortalConfig(document)).not.toHaveProperty('session');
  });

  it('fails loudly when the block is missing', () => {
    document.body.innerHTML = '';
    expect(() => readPortalConfig(document)).toThrow(/portal-config/);
  });
});
