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
  /** While in flight: until when the process that runs it owns it (then anyone may settle it). */
  lease_until: string | null;
  /** JSON: what an accepted submission writes (src/server/payments/recovery.ts StoredPlan). */
  plan: string | null;
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
  /** While in flight: until when its request owns it (then it is settled, see recovery.ts). */
  lease_until: string | null;
}

/** Migration 0005: the sandbox processor's own ledger of charges (a real processor keeps its own). */
export interface SandboxChargesTable {
  id: Generated<number>;
  /** Our attempt reference: the processor's idempotency key. */
  reference: string;
  token: string;
  amount_cents: number;
  approved: number;
  code: string | null;
  processor_reference: string | null;
  created_at: string;
}

/** Migration 0004: what the debtor agreed to for an accepted payment. */
export interface PaymentAuthorizationsTable {
  id: Generated<number>;
  submission_id: number;
  debtor_id: number;
  account_id: number;
  confirmation: string;
  session_id: string;
  language: string;
  content_version: string;
  recurring: number;
  agreement_text: string;
  esign_text: string;
  authorization_text: string;
  payer_name: string;
  method_name: string;
  /** JSON: [{ date, cents }] */
  schedule: string;
  total_cents: number;
  agreed_at: string;
  /** Migration 0010: the published content version whose texts the debtor accepted. */
  published_version: number | null;
}

/**
 * Migration 0017: a recurring authorization revoked by a plan change (a cancellation, or a new plan
 * in its place), recorded once beside the authorization, which is never changed (append-only).
 */
export interface PaymentAuthorizationRevocationsTable {
  authorization_id: number;
  revoked_at: string;
  /** The confirmation of the plan change that revoked it. */
  revoked_by: string;
}

/** Migration 0007: a plan changed or cancelled online, and what the debtor confirmed. */
export interface PlanChangesTable {
  id: Generated<number>;
  debtor_id: number;
  account_id: number;
  arrangement_id: number;
  new_arrangement_id: number | null;
  /** cancel | change-day | change-plan */
  kind: string;
  confirmation: string;
  session_id: string;
  language: string;
  content_version: string;
  statement: string;
  /** JSON */
  details: string;
  created_at: string;
  /** Migration 0010: the published content version whose texts the debtor confirmed. */
  published_version: number | null;
}

declare module '../db/types' {
  interface Database {
    funding_methods: FundingMethodsTable;
    payment_submissions: PaymentSubmissionsTable;
    idempotency_keys: IdempotencyKeysTable;
    payment_authorizations: PaymentAuthorizationsTable;
    payment_authorization_revocations: PaymentAuthorizationRevocationsTable;
    sandbox_charges: SandboxChargesTable;
    plan_changes: PlanChangesTable;
  }
}

export type FundingMethodRow = Selectable<FundingMethodsTable>;
export type PaymentSubmissionRow = Selectable<PaymentSubmissionsTable>;
export type PaymentAuthorizationRow = Selectable<PaymentAuthorizationsTable>;
export type PlanChangeRow = Selectable<PlanChangesTable>;
