/** The words of the OpenAPI document that no route gives: its operation families and error answers. */

/** Operation families (the first path segment), in the order the reference lists them. */
export const TAGS: Record<string, string> = {
  Authorization:
    'Sign-in (identity, or the offer code of a settlement letter), token refresh, sign-out, and the portal registration confirmation.',
  Account:
    "The signed-in debtor's accounts: details, letters, payment settings, plans and payments, the funding of scheduled payments, disputes and bankruptcy reports.",
  Debtor:
    'The signed-in debtor: contact details, phone numbers, communication preferences, saved funding methods, and (under /api/v2) the debtors of one session.',
  Guest: 'Open to anyone: the contact-us form, feedback, e-mail opt-out, date comparison.',
  Management: 'Status of the services behind the portal, and the server clock.',
  Analytic: 'Usage events of the web app (no personal data is stored).',
  Forms:
    'Forms that a page only records: kept as validated, and read back by the debtor (v2 only).',
  Documents:
    "My documents (v2 only): the signed-in debtor's receipts, authorizations, letters and confirmations, each a tagged PDF made from stored records.",
  Messages:
    'The messages sent to the signed-in debtor (v2 only), each as it was sent, and the record that a message link was opened (no sign-in).',
  Service: 'This document and the health check, outside the /api family of calls.',
};

/** Error answers, as shared response components. */
export const ERRORS: Record<string, { name: string; description: string }> = {
  '400': {
    name: 'BadRequest',
    description:
      "Not valid: no `X-Session-Id` header, a body that is not JSON, or a body, query or form that breaks its schema or the form's rules (`errors` names each field as a JSON pointer with a keyword and a message). A sign-in whose options the factor policy does not allow is refused the same way (keyword `signInPolicy`), before anything is looked up.",
  },
  '401': {
    name: 'Unauthorized',
    description:
      'No valid access token: missing, expired, or its session has ended (signed out, a refresh token used twice, 15 minutes without a call, or 12 hours after sign-in). Authorization/Refresh says why in `reason`: `idle`, `limit` or `ended`.',
  },
  '403': {
    name: 'Forbidden',
    description:
      "Not allowed: the token's role may not call this operation, or sign-in is locked for a while after too many failed attempts.",
  },
  '404': {
    name: 'NotFound',
    description:
      "Not found, or not the signed-in debtor's: another debtor's account, letter, funding method or payment is answered exactly like a missing one.",
  },
  '409': {
    name: 'Conflict',
    description:
      'In conflict with the current state: the account is closed, it was already done (a bankruptcy already reported), or a request with the same Idempotency-Key is still running.',
  },
  '413': {
    name: 'PayloadTooLarge',
    description:
      'The body is larger than the server accepts: 64 KiB (65,536 bytes), unless the operation states a larger limit.',
  },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'The body is not `application/json`.',
  },
  '422': {
    name: 'UnprocessableEntity',
    description:
      'Well formed, but refused by a business rule: a funding method or card type the client does not accept, an expired card, a plan that cannot be changed online, a date that cannot be chosen, or an Idempotency-Key reused with another body.',
  },
  '429': {
    name: 'TooManyRequests',
    description:
      'Too many calls in a short time from this client address, or for this identity (the last name of a sign-in, the account of an offer code): wait the seconds `Retry-After` gives.',
  },
  '440': {
    name: 'SsnRequired',
    description:
      'A whole sign-in combination matched, but this debtor must also give the last 4 digits of the SSN (`fieldRequired: "SSN"`): send the same sign-in again with the SSN as `option3`. Never answered before a combination matched.',
  },
  '500': {
    name: 'ServerError',
    description: 'An unexpected server error. The body never holds details.',
  },
  '503': {
    name: 'ServiceUnavailable',
    description:
      'Briefly unavailable: the database could not be reached (restarting, connections refused or cut, busy). Nothing was done; send the same request again after the seconds `Retry-After` gives (a payment with the same Idempotency-Key, which never charges twice). SubmitPayment also answers 503 when a payment was interrupted and not made.',
  },
};

/** The statuses whose answers carry Retry-After, and what it means there. */
export const RETRY_AFTER: Record<string, string> = {
  '429': 'Seconds until the limit allows the call again.',
  '503': 'Seconds to wait before sending the request again.',
};
