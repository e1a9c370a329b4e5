/**
 * Error texts. Lookup order, first found wins: the field's flow `errors[keyword]`, then the
 * generic `validation.<keyword>` text, then `validation.default`. Texts may use `{{param}}` with
 * the ajv error params (`limit`, `missingProperty`, ...), `{{label}}` (the field's label) and the
 * page's `context` values (`'Amount must be at least {{minAmountText}}.'`).
 */
import { localize, type Language, type LocalizedTree } from '../i18n/split';
import type { FormFlow } from './flow';

/** Where generic texts come from: i18next in the browser, flows/texts on the server. */
export interface Translator {
  language: Language;
  /** The raw (not interpolated) text of a dotted key such as `validation.required`, if any. */
  text(key: string): string | undefined;
}

/** A Translator over a tree of `{ en, es }` leaves, e.g. `{ validation: <flows/texts/validation.json> }`. */
export function treeTranslator(tree: LocalizedTree, language: Language): Translator {
  return {
    language,
    text(key) {
      let node: unknown = tree;
      for (const part of key.split('.')) {
        if (node === null || typeof node !== 'object') return undefined;
        node = (node as Record<string, unknown>)[part];
      }
      if (node === null || typeof node !== 'object') return undefined;
      const leaf = node as Record<string, unknown>;
      const text = leaf[language] ?? leaf.en;
      return typeof text === 'string' ? text : undefined;
    },
  };
}

/** Replaces `{{name}}` with `params[name]` (an unknown name becomes empty). */
export function interpolate(text: string, params: Record<string, unknown> = {}): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_match, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/** A `{{name}}` of a text that has no value: the words would be incomplete. */
export class MissingPlaceholderValue extends Error {
  constructor(readonly placeholder: string) {
    super(`no value for the placeholder {{${placeholder}}}`);
    this.name = 'MissingPlaceholderValue';
  }
}

/**
 * Replaces `{{name}}` with `params[name]`, for the words a debtor accepts or is given as a record
 * (authorizations, plan-change statements): a name without a value (unknown, undefined or null)
 * throws MissingPlaceholderValue rather than leaving a blank (issue 40). check:config refuses a
 * placeholder a text may not use (flows/glossary/placeholders.json); this is what stops one anyway.
 */
export function interpolateStrict(text: string, params: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_match, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined || value === null) throw new MissingPlaceholderValue(name);
    return String(value);
  });
}

export interface MessageRequest {
  field: string;
  keyword: string;
  params?: Record<string, unknown>;
}

/**
 * The error text for `keyword` on `field` in the translator's language. An item of an array
 * field (`phones.1`) takes the texts of its field (`phones`).
 */
export function errorMessage(
  flow: FormFlow,
  error: MessageRequest,
  translate: Translator,
  context: Readonly<Record<string, unknown>> = {},
): string {
  const field = flow.fields[error.field] ?? flow.fields[error.field.split('.')[0] ?? ''];
  const params = {
    ...context,
    ...error.params,
    label: localize(field?.label, translate.language) ?? '',
  };
  const text =
    localize(field?.errors?.[error.keyword], translate.language) ??
    translate.text(`validation.${error.keyword}`) ??
    translate.text('validation.default') ??
    error.keyword;
  return interpolate(text, params);
}
