/**
 * Texts of API answers in English and Spanish, picked by Accept-Language (default en). The words
 * live in flows/texts/api.json (answers) and flows/texts/validation.json (one text per validation
 * keyword, the same catalog the browser forms use); this module only looks them up.
 */
import type { LocalizedTree } from '../../engine/i18n/split';
import { interpolate, treeTranslator } from '../../engine/form/messages';

export type Language = 'en' | 'es';

/** Every answer text the server uses; each must exist in flows/texts/api.json. */
export const MESSAGE_KEYS = [
  'serverError',
  'serviceUnavailable',
  'missingSession',
  'notFound',
  'invalidRequest',
  'invalidJson',
  'invalidCharacters',
  'tooDeep',
  'unsupportedMediaType',
  'payloadTooLarge',
  'tooManyRequests',
  'unauthorized',
  'webhookSignature',
  'forbidden',
  'identityNotFound',
  'locked',
  'ssnRequired',
  'letterNotFound',
  'accountNotFound',
  'duplicateOption',
  'signInCombination',
  'sessionEnded',
  'sessionIdle',
  'sessionLimit',
  'accountClosed',
  'bankruptcyAlreadyReported',
  'timeTravelDisabled',
  'sessionDebtorNotVerified',
  'calendar.name',
  'calendar.summary',
  'calendar.description',
  'calendar.reminder',
  'noActivePlan',
  'nothingToCancel',
  'planChanged',
  'noPlanPayments',
  'planChangeNotAllowed',
  'paymentDayNotChangeable',
  'pdf.collectorNotice',
  'pdf.page',
  'pdf.confirmationCode',
  'pdf.accountNumber',
  'pdf.creditor',
  'pdf.name',
  'pdf.received',
  'pdf.disputeTitle',
  'pdf.disputeIntro',
  'pdf.reasons',
  'pdf.message',
  'pdf.letterTitle',
  'pdf.letterDate',
  'pdf.offerCode',
  'pdf.balance',
  'pdf.letterIntro',
  'pdf.option',
  'pdf.optionDetails',
  'pdf.schedule',
  'pdf.registrationTitle',
  'pdf.registrationIntro',
  'pdf.registeredOn',
  'pdf.registrationConsent',
  'pdf.accounts',
  'pdf.authorizationPlan_one',
  'pdf.authorizationPlan_other',
  'pdf.authorizationPlanLast_one',
  'pdf.authorizationPlanLast_other',
  'pdf.authorizationTitle',
  'pdf.authorizationIntro',
  'pdf.agreedAt',
  'pdf.paymentMethod',
  'pdf.authorizationSingle',
  'pdf.authorizationRecurring',
  'pdf.payments',
  'pdf.paymentDate',
  'pdf.paymentAmount',
  'pdf.total',
  'pdf.agreementHeading',
  'pdf.esignHeading',
  'pdf.authorizationHeading',
  'fundingNotFound',
  'paymentNotFound',
  'fundingCard',
  'fundingChecking',
  'fundingSavings',
  'fundingExpired',
  'fundingNotAllowed',
  'cardNotAllowed',
  'bankNotAllowed',
  'invalidIdempotencyKey',
  'idempotencyKeyReused',
  'idempotencyInFlight',
  'noPlans',
  'noScheduledPayment',
  'arrangementNotModifiable',
  'invalidPaymentDate',
  'paymentAlreadyScheduled',
  'paymentInterrupted',
  'textUnavailable',
  'staffSignInFailed',
  'staffLocked',
  'staffRoleWaiting',
  'csrfRefused',
  'weakPassword',
  'staffEmailTaken',
  'staffCannotDisableSelf',
  'draftHasProblems',
  'draftStale',
  'draftNotEditable',
  'draftNotSubmitted',
  'draftOwnReview',
  'draftNotAuthor',
  'draftPathOutsideArea',
  'draftPathUnknown',
  'draftEmpty',
  'draftSpanishNeedsReview',
  'draftRulesNotAllowed',
  'contentRefused',
  'unknownContentVersion',
  'contentVersionNotInForce',
  'previewUnavailable',
  'previewReadOnly',
  'invitationUnknown',
  'invitationUsed',
  'invitationExpired',
  'invitationRevoked',
  'invitationNoPassword',
  'staffCodeWrong',
  'staffCredentialsWrong',
  'totpNotStarted',
  'staffAlreadyActive',
  'staffCannotChangeOwnRole',
  'grantOwnApproval',
  'grantNotPending',
  'rollbackNothing',
] as const;

export type MessageKey = (typeof MESSAGE_KEYS)[number];

export interface MessageCatalog {
  /** An answer text, with `params` filled into its {{placeholders}}. */
  message(key: MessageKey, lang: Language, params?: Record<string, unknown>): string;
  /** The generic text for a validation keyword, with ajv params such as `limit` filled in. */
  keywordMessage(keyword: string, lang: Language, params?: Record<string, unknown>): string;
}

/**
 * Builds the catalog from the loaded flows/texts tree. Fails at start-up, naming the key, when an
 * answer text is missing, so a broken flow file never reaches a caller.
 */
export function createCatalog(texts: Record<string, unknown>): MessageCatalog {
  const tree = texts as LocalizedTree;
  const translators = {
    en: treeTranslator(tree, 'en'),
    es: treeTranslator(tree, 'es'),
  };
  for (const key of MESSAGE_KEYS) {
    for (const lang of ['en', 'es'] as const) {
      if (!translators[lang].text(`api.${key}`)) {
        throw new Error(`flows/texts/api.json: missing ${lang} text for "${key}"`);
      }
    }
  }
  return {
    message: (key, lang, params) => {
      const text = translators[lang].text(`api.${key}`) ?? key;
      return params ? interpolate(text, params) : text;
    },
    keywordMessage: (keyword, lang, params = {}) => {
      const translate = translators[lang];
      const text =
        translate.text(`validation.${keyword}`) ?? translate.text('validation.default') ?? keyword;
      return interpolate(text, params);
    },
  };
}

/**
 * A catalog that looks every text up in the catalog `current()` gives (the content version served
 * now): the app's one catalog follows a publish.
 */
export function liveCatalog(current: () => MessageCatalog): MessageCatalog {
  return {
    message: (key, lang, params) => current().message(key, lang, params),
    keywordMessage: (keyword, lang, params) => current().keywordMessage(keyword, lang, params),
  };
}

export function pickLanguage(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.lang === 'en' || entry.lang === 'es')
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang === 'es' ? 'es' : 'en';
}
