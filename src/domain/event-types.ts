/**
 * The types of the events the portal writes for the agency (issue 42), in the order the studio's
 * filter lists them. One list for the server (src/server/events/types.ts, which holds each type
 * to its data) and the studio's Activity screen (the web may not import the server).
 */
export const EVENT_TYPES = [
  'payment.scheduled',
  'payment.succeeded',
  'payment.declined',
  'payment.returned',
  'payment.rescheduled',
  'payment.funding_changed',
  'plan.created',
  'plan.changed',
  'plan.cancelled',
  'plan.payment_day_changed',
  'payment_method.added',
  'payment_method.removed',
  'dispute.filed',
  'bankruptcy.reported',
  'debtor.contact_changed',
  'debtor.preferences_changed',
  'debtor.email_opted_out',
  'esign.consent_given',
  'letter_offer.accepted',
  'form.recorded',
] as const;
