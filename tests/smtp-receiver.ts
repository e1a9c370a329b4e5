/**
 * A real SMTP server for the message tests (issue 43): `smtp-server` on a port of its own, every
 * message parsed with `mailparser`. `rejectTo` answers 550 to RCPT TO of those addresses (a
 * permanent refusal: the portal marks the address bounced).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  parsed: ParsedMail;
  raw: string;
  to: string[];
  messageId: string;
  header(name: string): string;
}

export interface SmtpReceiver {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Resolves with the mails once `count` have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpReceiver(
  options: {
    port?: number;
    rejectTo?: readonly string[];
    /**
     * Called as the `index`-th message's data has arrived, before it is accepted: true leaves it
     * unanswered (never accepted, never counted; the sender's end of the connection decides).
     */
    hold?: (index: number) => boolean;
    /**
     * Called once the `index`-th message is accepted (counted in `mails`) and before the 250 reply
     * is written; the reply waits for it (a test kills the sender here: accepted, never told).
     */
    accepted?: (index: number) => Promise<void> | void;
  } = {},
): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  let arrived = 0;
  const rejected = new Set((options.rejectTo ?? []).map((a) => a.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const index = arrived++;
        if (options.hold?.(index)) return;
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            mails.push({
              parsed,
              raw,
              to: session.envelope.rcptTo.map((r) => r.address),
              messageId: parsed.messageId ?? '',
              header: (name) => {
                const value = parsed.headerLines.find((h) => h.key === name.toLowerCase());
                return value ? value.line.slice(value.line.indexOf(':') + 1).trim() : '';
              },
            });
            return options.accepted?.(index);
          })
          .then(() => callback())
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    async waitFor(count, timeoutMs = 20_000) {
      const start = Date.now();
      while (mails.length < count) {
        if (Date.now() - start > timeoutMs)
          throw new Error(`SMTP: ${mails.length} of ${count} mails after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
