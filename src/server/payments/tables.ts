/**
 * Kysely table types of migration 0002 (payments), merged into the Database interface of
 * src/server/db/types.ts. Money is integer cents; days are YYYY-MM-DD; timestamps ISO strings.
 */
import type { Generated, Selectable } from 'kysely';

export interface FundingMethodsTable {
  id: Generated<number>;
  debtor_id: number;
  /** Natural key of an imported method within its debtor; null for methods added online. */
  external_ref: string | null;
  type: 'card' | 'bank' | string;
  brand: string | null;
  card_kind: string | null;
  last4: string;
  /** Cards: the last day of the expiry month. */
  expiration: string | null;
  holder_first_name: string | null;
  holder_last_name: string | null;
  bank_account_type: string | null;
  /** The processor's token; the only way to charge the method. */
  processor_token: string;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** Session (token sid) that added it online: a letter session sees only its own methods. */
  created_by_sid: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface PaymentSubmissionsTable {
  id: Generated<number>;
  debtor_id: number;
  account_id: number;
  arrangement_id: number | null;
  funding_id: number | null;
  variant: string;
  type: string;
  pay_date: string;
  amount_cents: number;
  total_cents: number;
  payment_count: number;
  /** in_flight | approved | scheduled | declined */
  status: string;
  error_code: string | null;
  confirmation: string;
  processor_reference: string | null;
  /** account id|day|cents while in flight or accepted; NULL once declined. */
  dedupe_key: string | null;
  idempotency_key: string | null;
  letter_id: number | null;
  letter_option_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  id: Generated<number>;
  debtor_id: number;
  key: string;
  scope: string;
  request_hash: string;
  /** in_flight | done */
  state: string;
  response_status: number | null;
  response_body: string | null;
  created_at: string;
  completed_at: string | null;
}

declare module '../db/types' {
  interface Database {
    funding_methods: FundingMethodsTable;
    payment_submissions: PaymentSubmissionsTable;
    idempotency_keys: IdempotencyKeysTable;
  }
}

export type FundingMethodRow = Selectable<FundingMethodsTable>;
export type PaymentSubmissionRow = Selectable<PaymentSubmissionsTable>;
