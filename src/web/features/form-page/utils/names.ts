/**
 * The names a page file (flows/pages/<name>.json) may use for its data sources and submit calls:
 * plain data, so check:config can name an unknown one without loading the web app. The registries
 * (sources.ts, calls.ts) are typed by these lists, so the two cannot drift apart.
 */

/** Data sources: what a page reads before it shows its forms (see sources.ts). */
export const DATA_SOURCES = ['account', 'paymentSettings', 'signedInDebtor'] as const;
export type DataSourceName = (typeof DATA_SOURCES)[number];

/**
 * API calls a page's form submits to (see calls.ts). `recordForm` keeps the form's data on the
 * server (Forms/Record) with no route of its own: a recorded one-form page is only data.
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
 * The reads a journey stage may show (flows/pages `stages[].load.call`, see loads.ts): what a
 * plan change would do today.
 */
export const LOAD_CALLS = ['planCancellation', 'paymentDayChange', 'planChangeOptions'] as const;
export type LoadCallName = (typeof LOAD_CALLS)[number];
