/**
 * Sample values for a message (a preview, the screenshots, the tests): each placeholder's sample
 * from flows/glossary/placeholders.json in the message's language, the same samples compliance
 * staff read beside each value's meaning. A typed sample (an amount in cents, a day) is formatted
 * by the formatters real messages use (outbox/values.ts): `$60.00`, `11 de marzo de 2026`. A kind
 * rendered with them shows every declared value filled.
 */
import { readPlaceholderGlossary } from '../../domain/placeholders';
import type { PortalConfig } from '../config';

export function sampleValues(
  config: PortalConfig,
  language: 'en' | 'es' = 'en',
): Record<string, string> {
  const samples: Record<string, string> = {};
  for (const [name, value] of readPlaceholderGlossary(config.glossary?.placeholders).values)
    if (value.sample[language] !== '') samples[name] = value.sample[language];
  return samples;
}
