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
    });
  });

  it('fails loudly when the block is missing', () => {
    document.body.innerHTML = '';
    expect(() => readPortalConfig(document)).toThrow(/portal-config/);
  });
});
