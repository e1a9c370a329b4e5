/**
 * A message as words (issue 43): the kind's file with the client's overrides, each block's text in
 * the language with every {{placeholder}} filled, the common disclosure and opt-out in place, and
 * the plain-text part and the text message made of the same blocks. Strict: a placeholder without
 * a value, a kind that is not a message, a missing common file or a link that is not an absolute
 * http(s) address is a MessageRenderError, never a message with a blank in it. Values are plain
 * text here; the HTML part (email.tsx) escapes them.
 */
import type { PortalConfig } from '../config';
import {
  MessageRenderError,
  type EmailBlock,
  type Localized,
  type MessageChannel,
  type MessageCommonFile,
  type MessageKindFile,
  type RenderInput,
  type SmsBlock,
} from './types';

/** The e-mail opt-out's link words (content/checks/messages.ts requires them). */
const UNSUBSCRIBE = /<unsubscribe>([^<]+)<\/unsubscribe>/;

/** A block of the e-mail, its words filled. */
export type FilledBlock =
  | { type: 'heading' | 'paragraph' | 'disclosure'; text: string }
  | { type: 'action'; text: string; href: string }
  /** The opt-out: the words before, the link's words and after. */
  | { type: 'optOut'; before: string; link: string; after: string; href: string };

export interface ComposedMessage {
  language: RenderInput['language'];
  /** The agency's name (the e-mail's header). */
  agency: string;
  channels: MessageChannel[];
  daysBefore: number | null;
  subject: string;
  preheader: string;
  blocks: FilledBlock[];
  /** The footer: the signature line, then the agency's name and mailing address. */
  footer: string[];
  text: string;
  sms: string;
}

/** Replaces every {{name}} of `text`; throws for a name without a value. */
export function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    if (value === undefined) throw new MessageRenderError('valueMissing', name);
    return value;
  });
}

function absolute(address: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new MessageRenderError('badLink', what);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new MessageRenderError('badLink', what);
  return url;
}

/**
 * The portal's sign-in for the account (the spec's account-number sign-in): never a session. With
 * a message's reference (`m`, its id), the sign-in page records that the link was opened, for the
 * studio's counts of messages clicked through to a payment (routes/messages.ts).
 */
export function signInLink(portal: string, accountNumber: string, reference?: string): string {
  const url = absolute(portal, 'portal');
  url.pathname = '/login';
  url.search = new URLSearchParams({
    accountNumber,
    ...(reference !== undefined && { m: reference }),
  }).toString();
  url.hash = '';
  return url.toString();
}

interface Files {
  kind: MessageKindFile;
  common: MessageCommonFile;
  agency: { name: string; mailingAddress: string[] };
  supportPhone: string;
}

function filesOf(config: PortalConfig, input: RenderInput): Files {
  const messages = config.messages ?? {};
  const kind = Object.hasOwn(messages, input.kind) ? messages[input.kind] : undefined;
  if (kind === undefined) throw new MessageRenderError('unknownKind', input.kind);
  if (typeof kind !== 'object' || kind === null || (kind as { kind?: unknown }).kind !== 'message')
    throw new MessageRenderError('notAMessage', input.kind);
  const common = messages.common as MessageCommonFile | undefined;
  if (common?.kind !== 'common')
    throw new MessageRenderError('commonMissing', 'flows/messages/common.json');
  const agency = (config.content?.agency ?? {}) as { name?: string; mailingAddress?: string[] };
  const clients = config.clients ?? {};
  const phoneOf = (code: string) =>
    Object.hasOwn(clients, code)
      ? (clients[code] as { supportPhone?: string }).supportPhone
      : undefined;
  return {
    kind: kind as MessageKindFile,
    common,
    agency: { name: agency.name ?? '', mailingAddress: agency.mailingAddress ?? [] },
    supportPhone: phoneOf(input.client) ?? phoneOf('default') ?? '',
  };
}

/** The kind's words for the client and language, filled, with both plain-text parts. */
export function composeMessage(config: PortalConfig, input: RenderInput): ComposedMessage {
  const { kind, common, agency, supportPhone } = filesOf(config, input);
  const { language } = input;
  const clients = kind.clients ?? {};
  const own = Object.hasOwn(clients, input.client) ? (clients[input.client] ?? {}) : {};
  const values: Record<string, string> = { ...input.values };
  // A value the data lacks that the kind has words for (no payment method on file).
  for (const [name, words] of Object.entries(kind.fallbacks ?? {}))
    if (!Object.hasOwn(values, name)) values[name] = words[language];
  // What the content says, never the caller: the agency's name and the client's phone.
  delete values.agency;
  delete values.supportPhone;
  if (agency.name) values.agency = agency.name;
  if (supportPhone) values.supportPhone = supportPhone;
  const accountNumber = input.values.accountNumber;
  if (!accountNumber) throw new MessageRenderError('valueMissing', 'accountNumber');
  const signIn = signInLink(input.links.portal, accountNumber, input.links.reference);
  const unsubscribe = absolute(input.links.unsubscribe, 'unsubscribe').toString();
  const say = (text: Localized) => fill(text[language], values);

  const emailBlocks: EmailBlock[] = own.email?.blocks ?? kind.email.blocks;
  const blocks = emailBlocks.map((block): FilledBlock => {
    switch (block.type) {
      case 'disclosure':
        return { type: 'disclosure', text: say(common.disclosure.email) };
      case 'optOut': {
        const words = say(common.optOut.email);
        const match = UNSUBSCRIBE.exec(words);
        if (!match) throw new MessageRenderError('badLink', 'optOut.email has no <unsubscribe>');
        return {
          type: 'optOut',
          before: words.slice(0, match.index),
          link: match[1] ?? '',
          after: words.slice(match.index + match[0].length),
          href: unsubscribe,
        };
      }
      case 'action':
        return { type: 'action', text: say(block.text), href: signIn };
      default:
        return { type: block.type, text: say(block.text) };
    }
  });
  const footer = [
    ...(common.signature ? [say(common.signature)] : []),
    ...(agency.name ? [agency.name] : []),
    ...agency.mailingAddress.filter((line) => line !== agency.name),
  ];
  const smsBlocks: SmsBlock[] = own.sms?.blocks ?? kind.sms.blocks;
  const sms = smsBlocks
    .map((block) => {
      switch (block.type) {
        case 'disclosure':
          return say(common.disclosure.sms);
        case 'optOut':
          return say(common.optOut.sms);
        case 'link':
          return signIn;
        default:
          return say(block.text);
      }
    })
    .join(' ');
  const schedule = 'schedule' in kind.trigger ? kind.trigger.schedule : null;
  return {
    language,
    agency: agency.name,
    channels: own.channels ?? kind.channels,
    daysBefore: schedule ? (own.daysBefore ?? schedule.daysBefore) : null,
    subject: say(own.email?.subject ?? kind.email.subject),
    preheader: say(own.email?.preheader ?? kind.email.preheader),
    blocks,
    footer,
    text: plainText(blocks, footer),
    sms,
  };
}

/** The plain-text part: every block in order (a link as its words and the address), the footer. */
function plainText(blocks: FilledBlock[], footer: string[]): string {
  const parts = blocks.map((block) => {
    switch (block.type) {
      case 'action':
        return `${block.text}: ${block.href}`;
      case 'optOut':
        return `${block.before}${block.link} (${block.href})${block.after}`;
      default:
        return block.text;
    }
  });
  return `${[...parts, footer.join('\n')].filter(Boolean).join('\n\n')}\n`;
}
