/**
 * Messages as data (issue 43, first slice): renders a kind of flows/messages/ for a client, in a
 * language, with its values: the e-mail's subject, HTML and plain text, the text message and its
 * segment count. Nothing here sends, schedules or records a message (later slices of issue 43).
 *
 *   const message = await renderMessage(config, {
 *     kind: 'payment-receipt', language: 'es', client: 'ADW',
 *     values: { accountNumber: 'LU1.10001', firstName: 'Maria', amount: '$60.00', … },
 *     links: { portal: 'https://pay.example.com', unsubscribe: 'https://pay.example.com/…' },
 *   });
 *
 * `config` is a content version's config (content/tree.ts treeToConfig): messages/, content/agency
 * and clients/. Throws MessageRenderError for an unknown kind, a placeholder without a value or a
 * link that is not an absolute http(s) address.
 */
import type { PortalConfig } from '../config';
import { composeMessage } from './compose';
import { emailHtml } from './email';
import { smsSegments } from './sms';
import type { RenderedMessage, RenderInput } from './types';

export { MessageRenderError } from './types';
export type { RenderInput, RenderedMessage } from './types';
export { smsSegments, type SmsSegments } from './sms';

/** The kinds of a config: every file of flows/messages/ whose kind is `message`. */
export function messageKinds(config: PortalConfig): string[] {
  return Object.entries(config.messages ?? {})
    .filter(([, file]) => (file as { kind?: unknown }).kind === 'message')
    .map(([name]) => name)
    .sort();
}

export async function renderMessage(
  config: PortalConfig,
  input: RenderInput,
): Promise<RenderedMessage> {
  const message = composeMessage(config, input);
  return {
    channels: message.channels,
    daysBefore: message.daysBefore,
    subject: message.subject,
    html: await emailHtml(message),
    text: message.text,
    sms: message.sms,
    smsSegments: smsSegments(message.sms),
  };
}
