/**
 * The shapes of flows/messages/ (schemas/meta/message.schema.json; check:config has checked them
 * before a version is served) and of the renderer's input and output.
 */
import type { JsonLogic } from '@/engine/rules/json-logic';

import type { SmsSegments } from './sms';

export type MessageLanguage = 'en' | 'es';
export type MessageChannel = 'email' | 'sms';

export interface Localized {
  en: string;
  es: string;
}

export type EmailBlock =
  { type: 'heading' | 'paragraph' | 'action'; text: Localized } | { type: 'disclosure' | 'optOut' };

export type SmsBlock =
  { type: 'text'; text: Localized } | { type: 'link' | 'disclosure' | 'optOut' };

export interface MessageEmail {
  subject: Localized;
  preheader: Localized;
  blocks: EmailBlock[];
}

export type MessageTrigger =
  | { events: string[]; when?: JsonLogic }
  | {
      schedule: {
        on: 'planPaymentDate' | 'letterOfferExpiry' | 'documentAdded';
        daysBefore: number;
      };
    };

export interface ClientOverride {
  daysBefore?: number;
  channels?: MessageChannel[];
  email?: Partial<MessageEmail>;
  sms?: { blocks: SmsBlock[] };
}

/** flows/messages/<kind>.json */
export interface MessageKindFile {
  kind: 'message';
  title: Localized;
  trigger: MessageTrigger;
  channels: MessageChannel[];
  email: MessageEmail;
  sms: { blocks: SmsBlock[] };
  /** Words for a value the data may lack (a plan payment with no method on file), by name. */
  fallbacks?: Record<string, Localized>;
  clients?: Record<string, ClientOverride>;
}

/** flows/messages/common.json */
export interface MessageCommonFile {
  kind: 'common';
  disclosure: Record<MessageChannel, Localized>;
  optOut: Record<MessageChannel, Localized>;
  signature?: Localized;
}

/** What a message is rendered from. */
export interface RenderInput {
  /** The kind: a file name of flows/messages/ (`payment-receipt`). */
  kind: string;
  language: MessageLanguage;
  /** The client's code (flows/clients/<code>.json): its overrides and its phone. */
  client: string;
  /**
   * The value of every placeholder the kind's texts use, already formatted (`$60.00`). The
   * account number is needed always (the sign-in link); `agency` and `supportPhone` come from
   * the content (flows/content/agency.json, the client's file), never from here.
   */
  values: Readonly<Record<string, string>>;
  /**
   * The portal's origin (`https://pay.example.com`) and the address that opts this one out; the
   * message's reference for its sign-in link (the outbox gives the message's id; none: no `m`).
   */
  links: { portal: string; unsubscribe: string; reference?: string };
}

export interface RenderedMessage {
  /** The kind's channels, as the client has them. */
  channels: MessageChannel[];
  /** The schedule's days before its date, as the client has them (a schedule's kind only). */
  daysBefore: number | null;
  subject: string;
  html: string;
  text: string;
  sms: string;
  smsSegments: SmsSegments;
}

/** A message that cannot be rendered as asked: never sent half-filled. */
export class MessageRenderError extends Error {
  constructor(
    readonly code: 'unknownKind' | 'notAMessage' | 'commonMissing' | 'valueMissing' | 'badLink',
    readonly detail: string,
  ) {
    super(`${code}: ${detail}`);
    this.name = 'MessageRenderError';
  }
}
