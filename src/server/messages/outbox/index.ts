/**
 * Messages to debtors, wired into the server (issue 43): the dispatcher of this process (started
 * with the server, stopped on close) and the opt-out routes. `PORTAL_URL` is the portal's public
 * origin for the links in messages (default `http://localhost:<PORT>`); SMTP_URL and the DKIM
 * settings: smtp.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { PortalContext } from '../../context';
import type { BuildSettings } from './build';
import { MessageDispatcher, messageSettingsFromEnv, type MessageSettings } from './dispatcher';
import { smtpSenderFromEnv, type EmailSender } from './smtp';
import { unsubscribeKey } from './tokens';
import type { SmsProvider } from '../sms/provider';
import { registerUnsubscribeRoutes } from './unsubscribe';

export interface MessageOptions extends Partial<MessageSettings> {
  /** The portal's origin for links (default PORTAL_URL). */
  portalUrl?: string;
  /** The e-mail sender (default from SMTP_URL); null for none (the outbox). */
  sender?: EmailSender | null;
  /** The SMS provider texts go through (app.ts: SMS_PROVIDER_URL); null or absent: the outbox. */
  smsProvider?: SmsProvider | null;
}

export function portalUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.PORTAL_URL?.trim() || `http://localhost:${env.PORT ?? '3000'}`;
}

export function registerMessages(
  app: FastifyInstance,
  ctx: PortalContext,
  options: MessageOptions = {},
): MessageDispatcher {
  const portalUrl = options.portalUrl ?? portalUrlFromEnv();
  const key = unsubscribeKey(ctx.keys.identityHmacKey);
  const sender =
    options.sender === undefined ? smtpSenderFromEnv(process.env, portalUrl) : options.sender;
  const smsProvider = options.smsProvider ?? null;
  const build = (): BuildSettings => {
    const current = ctx.content.current();
    return {
      config: current.config,
      version: current.version,
      portalUrl,
      unsubscribeKey: key,
      sending: sender !== null,
      smsSending: smsProvider !== null,
      timeZone: ctx.timeZone,
      now: ctx.now(),
    };
  };
  const { portalUrl: _url, sender: _sender, smsProvider: _sms, ...settings } = options;
  const dispatcher = new MessageDispatcher(
    ctx.db,
    sender,
    build,
    { ...messageSettingsFromEnv(), ...settings },
    (error) => app.log.error({ err: error }, 'message dispatch failed'),
    smsProvider,
  );
  registerUnsubscribeRoutes(app, ctx, key);
  app.decorate('messages', dispatcher);
  app.addHook('onClose', async () => dispatcher.stop());
  dispatcher.start();
  return dispatcher;
}
