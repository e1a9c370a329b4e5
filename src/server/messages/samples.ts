/**
 * Sample values for a message (a preview, the screenshots, the tests): each placeholder's sample
 * from flows/glossary/placeholders.json, the same samples compliance staff read beside each value's
 * meaning. A kind rendered with them shows every declared value filled.
 */
import type { PortalConfig } from '../config';

export function sampleValues(config: PortalConfig): Record<string, string> {
  const file = config.glossary?.placeholders as
    { values?: { name?: unknown; sample?: unknown }[] } | undefined;
  const samples: Record<string, string> = {};
  for (const value of file?.values ?? [])
    if (typeof value.name === 'string' && typeof value.sample === 'string')
      samples[value.name] = value.sample;
  return samples;
}
