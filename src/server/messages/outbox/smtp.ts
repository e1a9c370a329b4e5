/**
 * E-mail over SMTP with nodemailer (issue 43). Configured by the environment:
 * - `SMTP_URL`: the server (`smtp://user:pass@host:587`, `smtps://…:465`); without it nothing is
 *   sent and messages stay in the outbox (status `outbox`), shown in the studio.
 * - `SMTP_FROM`: the sender's address (default `no-reply@` the portal's host); the display name is
 *   the agency's name from the content.
 * - `DKIM_DOMAIN`, `DKIM_SELECTOR` and `DKIM_PRIVATE_KEY` (PEM) or `DKIM_PRIVATE_KEY_FILE`: DKIM
 *   signing, over the List-Unsubscribe headers too (what Gmail and Yahoo ask of bulk senders).
 * Every message carries `List-Unsubscribe: <https://…/unsubscribe?token=…>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058) and a `Message-ID` made from the
 * message's id, `<msg_…@domain>`.
 */
import { readFileSync } from 'node:fs';
import nodemailer, { type Transporter } from 'nodemailer';

export interface EmailToSend {
  id: string;
  to: string;
  fromName: string;
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl: string;
}

/** What an attempt came to: sent, refused for good (a 5xx reply: the address bounces) or retry. */
export type EmailOutcome =
  | { result: 'sent'; providerId: string }
  | { result: 'bounced'; error: string }
  | { result: 'retry'; error: string };

export interface EmailSender {
  send(email: EmailToSend): Promise<EmailOutcome>;
  close(): void;
}

const SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');

/** The `Message-ID` of a message: its id at the sender's domain. */
export const messageIdHeader = (id: string, domain: string): string => `<${id}@${domain}>`;

/** A short, body-free account of a failure: the SMTP code and the first words of the reply. */
function describe(error: unknown): { code: number | null; text: string } {
  const e = error as { responseCode?: unknown; code?: unknown; response?: unknown };
  const code = typeof e.responseCode === 'number' ? e.responseCode : null;
  const reply = typeof e.response === 'string' ? e.response : '';
  const text = `${code ?? (typeof e.code === 'string' ? e.code : 'error')} ${reply}`;
  return { code, text: text.trim().slice(0, 200) };
}

export function smtpSenderFromEnv(env: NodeJS.ProcessEnv, portalUrl: string): EmailSender | null {
  const url = env.SMTP_URL?.trim();
  if (!url) return null;
  const fromAddress = env.SMTP_FROM?.trim() || `no-reply@${new URL(portalUrl).hostname}`;
  const domain = fromAddress.split('@')[1] ?? 'localhost';
  const keyFile = env.DKIM_PRIVATE_KEY_FILE?.trim();
  const privateKey = env.DKIM_PRIVATE_KEY?.trim() || (keyFile ? readFileSync(keyFile, 'utf8') : '');
  const dkim =
    env.DKIM_DOMAIN && env.DKIM_SELECTOR && privateKey
      ? {
          domainName: env.DKIM_DOMAIN,
          keySelector: env.DKIM_SELECTOR,
          privateKey,
          headerFieldNames: SIGNED_HEADERS,
        }
      : undefined;
  const transport: Transporter = nodemailer.createTransport({
    url,
    ...(dkim ? { dkim } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(email) {
      try {
        const info = (await transport.sendMail({
          from: { name: email.fromName, address: fromAddress },
          to: email.to,
          subject: email.subject,
          html: email.html,
          text: email.text,
          messageId: messageIdHeader(email.id, domain),
          headers: {
            'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        })) as { messageId?: string; rejected?: unknown[] };
        if (Array.isArray(info.rejected) && info.rejected.length > 0)
          return { result: 'bounced', error: 'recipient rejected' };
        return { result: 'sent', providerId: info.messageId ?? messageIdHeader(email.id, domain) };
      } catch (error) {
        const { code, text } = describe(error);
        return code !== null && code >= 500 && code < 600
          ? { result: 'bounced', error: text }
          : { result: 'retry', error: text };
      }
    },
    close() {
      transport.close();
    },
  };
}
