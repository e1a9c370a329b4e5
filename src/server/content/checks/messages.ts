/**
 * What the law asks of every message (issue 43), checked on flows/messages/ beside its
 * meta-schema (schemas/meta/message.schema.json):
 * - every e-mail and every text message of a kind, and every client's own, has a `disclosure`
 *   block (FDCPA 1692e(11)) and an `optOut` block (Reg F 1006.6(e));
 * - those blocks' words are flows/messages/common.json's: without that file no message passes;
 *   its disclosure says "debt collector" ("cobrador de deudas"), its e-mail opt-out has the
 *   `<unsubscribe>…</unsubscribe>` link and its text opt-out the reply STOP, in both languages.
 * - a client's own words name a client of flows/clients/.
 * Placeholders are the glossary's check (glossary.ts), as for every other text.
 */
import { checkExpression } from '@/engine/rules/json-logic';
import { problem } from './problems';
import { inFolder, isObject, type Json, type JsonObject, type Report } from './types';

export const MESSAGES_COMMON_FILE = 'messages/common.json';

type Channel = 'email' | 'sms';
type Language = 'en' | 'es';
const LANGUAGES: readonly Language[] = ['en', 'es'];

/** The words each language's disclosure must hold (any case). */
const DISCLOSURE_WORDS: Readonly<Record<Language, RegExp>> = {
  en: /\bdebt collector\b/i,
  es: /\bcobrador de deudas\b/i,
};
/** The e-mail opt-out's link, as the renderer reads it (src/server/messages/blocks.ts). */
export const UNSUBSCRIBE_LINK = /<unsubscribe>([^<]+)<\/unsubscribe>/;
/** The text message's opt-out names the reply STOP (carriers act on the English keyword). */
const STOP_WORD = /\bSTOP\b/;

const blockTypes = (blocks: Json | undefined): Set<string> =>
  new Set(
    (Array.isArray(blocks) ? blocks : []).flatMap((b) =>
      isObject(b) && typeof b.type === 'string' ? [b.type] : [],
    ),
  );

/** Reports a channel's blocks without the disclosure or the opt-out. */
function checkBlocks(report: Report, file: string, pointer: string, blocks: Json | undefined) {
  if (!Array.isArray(blocks)) return; // the meta-schema says it is missing
  const channel: Channel = pointer.endsWith('/sms/blocks') ? 'sms' : 'email';
  const types = blockTypes(blocks);
  if (!types.has('disclosure'))
    report(file, pointer, problem('messageWithoutDisclosure', { channel }));
  if (!types.has('optOut')) report(file, pointer, problem('messageWithoutOptOut', { channel }));
}

const text = (value: Json | undefined, language: Language): string => {
  const words = isObject(value) ? value[language] : undefined;
  return typeof words === 'string' ? words : '';
};

/** The common words: the disclosure and both opt-outs say what the law asks, in both languages. */
function checkCommon(report: Report, file: string, json: JsonObject): void {
  const disclosure = isObject(json.disclosure) ? json.disclosure : {};
  const optOut = isObject(json.optOut) ? json.optOut : {};
  for (const language of LANGUAGES) {
    for (const channel of ['email', 'sms'] as const) {
      if (!DISCLOSURE_WORDS[language].test(text(disclosure[channel], language)))
        report(
          file,
          `/disclosure/${channel}/${language}`,
          problem('disclosureWording', { channel, language }),
        );
    }
    if (!UNSUBSCRIBE_LINK.test(text(optOut.email, language)))
      report(
        file,
        `/optOut/email/${language}`,
        problem('optOutWording', { channel: 'email', language }),
      );
    if (!STOP_WORD.test(text(optOut.sms, language)))
      report(
        file,
        `/optOut/sms/${language}`,
        problem('optOutWording', { channel: 'sms', language }),
      );
  }
}

/** Checks a file of flows/messages/ (`parsed` reads another file of the same tree). */
export function checkMessageFile(
  report: Report,
  file: string,
  json: JsonObject,
  parsed: (file: string) => Json | undefined,
): void {
  if (!inFolder(file, 'messages')) return;
  if (json.kind === 'common') {
    checkCommon(report, file, json);
    return;
  }
  if (json.kind !== 'message') return; // the meta-schema says what is wrong
  const common = parsed(MESSAGES_COMMON_FILE);
  if (!isObject(common) || common.kind !== 'common')
    report(file, '', problem('messageCommonMissing', { file: `flows/${MESSAGES_COMMON_FILE}` }));
  const trigger = isObject(json.trigger) ? json.trigger : {};
  if (trigger.when !== undefined)
    for (const detail of checkExpression(trigger.when, '/trigger/when'))
      report(file, '', problem('malformedRule', { detail }));
  const email = isObject(json.email) ? json.email : {};
  const sms = isObject(json.sms) ? json.sms : {};
  checkBlocks(report, file, '/email/blocks', email.blocks);
  checkBlocks(report, file, '/sms/blocks', sms.blocks);
  const clients = isObject(json.clients) ? json.clients : {};
  for (const [code, override] of Object.entries(clients)) {
    // A client's words for a client flows/clients does not have would never be sent.
    if (parsed(`clients/${code}.json`) === undefined)
      report(file, `/clients/${code}`, problem('messageUnknownClient', { name: code }));
    if (!isObject(override)) continue;
    for (const channel of ['email', 'sms'] as const) {
      const own = override[channel];
      if (isObject(own) && own.blocks !== undefined)
        checkBlocks(report, file, `/clients/${code}/${channel}/blocks`, own.blocks);
    }
  }
}
