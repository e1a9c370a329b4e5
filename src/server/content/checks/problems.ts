/**
 * What a check can find, as a code with named values (`{ code: 'missingText', values: { language:
 * 'es' } }`), and the English line `npm run check:config` has always printed for it (`ENGLISH`).
 * The studio says the same in the staff member's language from flows/texts/studio.json
 * (`studio.checks.<code>`, studio/check-messages.ts); a test keeps those English texts equal to
 * these lines. Values that are the checks' own English (a rule's problem, a domain check's line,
 * a parse error) stay English in every language: they come from code that only speaks English.
 */

/** The named values of each code. */
export interface CheckValues {
  /** A file that is not JSON; `detail` is the parser's message. */
  invalidJson: { detail: string };
  notAnObject: Record<string, never>;
  /** A domain check's own line (rules files, holiday calendars, the journey, the sign-in policy). */
  domain: { detail: string };
  /** A domain check met a shape it cannot read; `detail` is what it threw. */
  uncheckable: { detail: string };
  missingMetaSchema: Record<string, never>;
  metaSchemaUnreadable: { ref: string; detail: string };
  /**
   * What the file's meta-schema refuses: Ajv's keyword and params, and its English message
   * (`detail`), said as `unknown property "x"` for additionalProperties.
   */
  meta: { keyword: string; params: Record<string, unknown>; detail: string };
  missingText: { language: 'en' | 'es' };
  /** The placeholder names of each language, sorted. */
  placeholdersDiffer: { en: string[]; es: string[] };
  /** `detail` is the rule checker's line: where and what (`/order/5: unknown operator "x"`). */
  malformedRule: { detail: string };
  textNotFound: { key: string };
  textMissingLanguage: { key: string; language: 'en' | 'es'; file: string };
  schemaUnreadable: { schema: string };
  signInKindNotAllowed: { kind: string; slot: string };
  schemaNotFound: { schema: string; file: string };
  unsupportedKeyword: { schema: string; keyword: string; at: string };
  fieldNotInSchema: { field: string; schema: string };
  optionNotInEnum: { option: string; field: string };
  sectionNotFound: { section: string };
  duplicateId: { id: string };
  fieldNotInFields: { field: string };
  /** `list` is the flow's `sections` or `groups`. */
  fieldInTwo: { field: string; list: string };
  formNotFound: { form: string };
  offerNeedsAccountRoute: Record<string, never>;
  unknownOfferFact: { fact: string; known: string[] };
  offerOrderTaken: { other: string; place: string; order: number };
  addressOfRouter: { address: string };
  addressTaken: { address: string; other: string };
  unknownDataSource: { name: string; known: string[] };
  stageTwice: { stage: string };
  unknownLoad: { load: string; known: string[] };
  unknownCall: { call: string; known: string[] };
  onlyLastStageSubmits: Record<string, never>;
  submitNeedsForm: Record<string, never>;
  /** A {{placeholder}} that flows/glossary/placeholders.json does not declare for the text. */
  placeholderNotDeclared: { placeholder: string };
  /** A value a text may use that the declarations give no meaning and sample. */
  placeholderUnknown: { placeholder: string };
  /** A text with {{count}} without plural forms. */
  countWithoutPlural: Record<string, never>;
  /** A Spanish text uses a term of flows/glossary/forbidden-es.json. */
  forbiddenTerm: { term: string; instead: string };
  /** A message's e-mail or text message without the debt-collector disclosure block. */
  messageWithoutDisclosure: { channel: 'email' | 'sms' };
  /** A message's e-mail or text message without the opt-out block. */
  messageWithoutOptOut: { channel: 'email' | 'sms' };
  /** A message while flows/messages/common.json (the disclosure and opt-out words) is missing. */
  messageCommonMissing: { file: string };
  /** A message's client overrides name a client flows/clients/ does not have. */
  messageUnknownClient: { name: string };
  /** The common disclosure does not say "debt collector" ("cobrador de deudas"). */
  disclosureWording: { channel: 'email' | 'sms'; language: 'en' | 'es' };
  /** The common opt-out has no unsubscribe link (e-mail) or no reply STOP (text message). */
  optOutWording: { channel: 'email' | 'sms'; language: 'en' | 'es' };
  /** No entry of flows/studio/names.json ("Names for people") names the file, or its group is not one of the groups. */
  unnamedFile: Record<string, never>;
  /** A value the studio lets staff change has no name and description in both languages. */
  unnamedField: { language: 'en' | 'es' };
  /** A choice a setting offers (an enum value) has no name for people in `language`. */
  unnamedChoice: { language: 'en' | 'es'; value: string };
}

export type CheckCode = keyof CheckValues;

/** One thing a check found: its code and named values. */
export type Check = { [C in CheckCode]: { code: C; values: CheckValues[C] } }[CheckCode];

/** Makes a check (typed: the values must be the code's). */
export function problem<C extends CheckCode>(code: C, values: CheckValues[C]): Check {
  return { code, values } as Check;
}

const LANGUAGE_NAMES = { en: 'English', es: 'Spanish' } as const;
const CHANNEL_NAMES = { email: 'the e-mail', sms: 'the text message' } as const;

/** The line check:config prints for each code (unchanged from before codes). */
export const ENGLISH: { [C in CheckCode]: (values: CheckValues[C]) => string } = {
  invalidJson: ({ detail }) => `not valid JSON (${detail})`,
  notAnObject: () => 'a flow file must be a JSON object',
  domain: ({ detail }) => detail,
  uncheckable: ({ detail }) => `cannot be checked further (${detail})`,
  missingMetaSchema: () => 'missing: every flow file names its meta-schema',
  metaSchemaUnreadable: ({ ref, detail }) => `cannot load meta-schema ${ref} (${detail})`,
  meta: ({ detail }) => detail,
  missingText: ({ language }) => `missing ${LANGUAGE_NAMES[language]} text (${language})`,
  placeholdersDiffer: ({ en, es }) =>
    `placeholders differ: en {{${en.join(',')}}} vs es {{${es.join(',')}}}`,
  malformedRule: ({ detail }) => `malformed rule: ${detail}`,
  textNotFound: ({ key }) => `text "${key}" is not in flows/texts`,
  textMissingLanguage: ({ key, language, file }) =>
    `text "${key}" has no ${LANGUAGE_NAMES[language]} text (${language}) in ${file}`,
  schemaUnreadable: ({ schema }) => `cannot read ${schema}`,
  signInKindNotAllowed: ({ kind, slot }) =>
    `the sign-in form offers "${kind}" as ${slot}, but no combination allows it there`,
  schemaNotFound: ({ schema, file }) => `schema "${schema}" not found at ${file}`,
  unsupportedKeyword: ({ schema, keyword, at }) =>
    `schema ${schema} uses ${keyword} at ${at}: form schemas list their properties directly (the form engine does not render ${keyword}; a choice is an enum, a condition a flow rule)`,
  fieldNotInSchema: ({ field, schema }) => `field "${field}" is not in schema ${schema}`,
  optionNotInEnum: ({ option, field }) =>
    `option "${option}" is not in the schema's enum for ${field}`,
  sectionNotFound: ({ section }) => `section "${section}" is not in sections`,
  duplicateId: ({ id }) => `duplicate id "${id}"`,
  fieldNotInFields: ({ field }) => `field "${field}" is not in fields`,
  fieldInTwo: ({ field, list }) => `field "${field}" is in two ${list}`,
  formNotFound: ({ form }) => `form "${form}" is not in flows/forms`,
  offerNeedsAccountRoute: () =>
    'an offered page needs a route with :accountNumber (the link leads there)',
  unknownOfferFact: ({ fact, known }) =>
    `unknown fact "${fact}" (an offer reads ${known.join(', ')})`,
  offerOrderTaken: ({ other, place, order }) =>
    `${other} is offered at ${place} with order ${order} too`,
  addressOfRouter: ({ address }) => `"${address}" is already a page of router.tsx`,
  addressTaken: ({ address, other }) => `"${address}" is already the address of ${other}`,
  unknownDataSource: ({ name, known }) => `data source "${name}" is not one of ${known.join(', ')}`,
  stageTwice: ({ stage }) => `stage "${stage}" is twice`,
  unknownLoad: ({ load, known }) => `load "${load}" is not one of ${known.join(', ')}`,
  unknownCall: ({ call, known }) => `call "${call}" is not one of ${known.join(', ')}`,
  onlyLastStageSubmits: () => 'only the last stage submits',
  submitNeedsForm: () => 'a stage that submits needs a form',
  placeholderNotDeclared: ({ placeholder }) =>
    `placeholder "${placeholder}" is not declared for this text in flows/glossary/placeholders.json: it would be shown as nothing`,
  placeholderUnknown: ({ placeholder }) =>
    `placeholder "${placeholder}" has no meaning and sample in values`,
  countWithoutPlural: () =>
    'a text that shows a count needs plural forms (keys ending in _one and _other)',
  forbiddenTerm: ({ term, instead }) =>
    `the Spanish text uses "${term}", which the glossary forbids: use "${instead}" (flows/glossary/forbidden-es.json)`,
  messageWithoutDisclosure: ({ channel }) =>
    `${CHANNEL_NAMES[channel]} has no "disclosure" block: every message says it is from a debt collector (FDCPA 1692e(11))`,
  messageWithoutOptOut: ({ channel }) =>
    `${CHANNEL_NAMES[channel]} has no "optOut" block: every message says how to opt out (Reg F 1006.6(e))`,
  messageCommonMissing: ({ file }) =>
    `${file} is missing: it holds the disclosure and opt-out words every message shows`,
  messageUnknownClient: ({ name }) => `client "${name}" is not in flows/clients`,
  disclosureWording: ({ channel, language }) =>
    `${CHANNEL_NAMES[channel]} disclosure (${language}) must say "debt collector" (en) or "cobrador de deudas" (es)`,
  optOutWording: ({ channel, language }) =>
    channel === 'email'
      ? `the e-mail opt-out (${language}) needs its link: <unsubscribe>words</unsubscribe>`
      : `the text message opt-out (${language}) must name the reply STOP`,
  unnamedFile: () =>
    'no name for people: "Names for people" gives this file no name, description and group',
  unnamedField: ({ language }) =>
    `no ${LANGUAGE_NAMES[language]} name for people: "Names for people" gives this value no name and description (${language})`,
  unnamedChoice: ({ language, value }) =>
    `no ${LANGUAGE_NAMES[language]} name for the choice "${value}": "Names for people" has no choice of that value (${language})`,
};

/** The English line of a check. */
export function englishMessage(check: Check): string {
  const say = ENGLISH[check.code] as (values: Check['values']) => string;
  return say(check.values);
}
