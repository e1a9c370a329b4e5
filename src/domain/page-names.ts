/**
 * The names a page file (flows/pages/<name>.json) may use: its data sources, submit calls and
 * loads, and the facts an offer's `when` reads. Plain data, shared by the web app (whose
 * registries are typed by these lists, so the two cannot drift apart) and the checks of
 * flows files (`npm run check:config` and the studio's drafts), which must not load the web app.
 */

/** Data sources: what a page reads before it shows its forms (web form-page sources.ts). */
export const DATA_SOURCES = ['account', 'paymentSettings', 'signedInDebtor'] as const;
export type DataSourceName = (typeof DATA_SOURCES)[number];

/**
 * API calls a page's form submits to (web form-page calls.ts). `recordForm` keeps the form's
 * data on the server (Forms/Record) with no route of its own: a recorded one-form page is only
 * data.
 */
export const SUBMIT_CALLS = [
  'submitBankruptcy',
  'submitDispute',
  'contactUs',
  'updateDebtorDetails',
  'setCommunicationPreferences',
  'recordForm',
  'cancelPlan',
  'changePaymentDay',
  'changePlan',
] as const;
export type SubmitCallName = (typeof SUBMIT_CALLS)[number];

/**
 * The reads a journey stage may show (flows/pages `stages[].load.call`, web form-page
 * loads.ts): what a plan change would do today.
 */
export const LOAD_CALLS = ['planCancellation', 'paymentDayChange', 'planChangeOptions'] as const;
export type LoadCallName = (typeof LOAD_CALLS)[number];

/** The facts an offer's `when` reads (schemas/meta/page.schema.json `offer`; web OfferFacts). */
export const OFFER_FACT_NAMES = ['place', 'account', 'arrangement', 'urgentState'] as const;
export type OfferFactName = (typeof OFFER_FACT_NAMES)[number];

/** The route path of a page that an offer links to: the first with `:accountNumber`. */
export function offerRoute(routes: readonly { path: string }[]): string | undefined {
  return routes.find((candidate) => candidate.path.includes(':accountNumber'))?.path;
}
