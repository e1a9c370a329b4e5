/**
 * The reasons a dispute can give, read from the dispute form's schema
 * (schemas/forms/dispute.schema.json): its boolean fields but the terms box (`const: true`). The
 * browser counts the reasons chosen; the server prints their labels on the confirmation PDF.
 */
import schema from '../../schemas/forms/dispute.schema.json';
import type { Dispute } from '../generated/types/forms/dispute';

/** A dispute reason: one of the form's checkboxes. */
export type DisputeReason = keyof Dispute;

export const DISPUTE_REASONS: readonly DisputeReason[] = Object.entries(schema.properties)
  .filter(([, property]) => property.type === 'boolean' && !('const' in property))
  .map(([name]) => name as DisputeReason);
