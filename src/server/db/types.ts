/**
 * Kysely table types. Money is integer cents, flags are integers 0/1 (portable between SQLite and
 * PostgreSQL), timestamps are ISO strings and calendar days are `YYYY-MM-DD` strings.
 */
import type { Generated, Insertable, Kysely, Selectable } from 'kysely';

export type Flag = 0 | 1 | number;

export interface ServerSecretsTable {
  name: string;
  secret: string;
  created_at: string;
}

export interface DebtorsTable {
  id: Generated<number>;
  /** Natural key used by imports. */
  external_key: string;
  first_name: string | null;
  last_name: string;
  business_name: string | null;
  /** Normalized last name and business name (see normalizeName) used to find sign-in candidates. */
  last_name_key: string;
  business_name_key: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  email: string | null;
  /** HMAC-SHA256 (hex) of the last 4 SSN digits; the plain value is never stored. */
  ssn_last4_hmac: string | null;
  /** HMAC-SHA256 (hex) of the date of birth (YYYY-MM-DD); the plain value is never stored. */
  dob_hmac: string | null;
  require_ssn: Flag;
  allow_sms: Flag;
  allow_email: Flag;
  pref_email: Flag;
  pref_sms: Flag;
  pref_letter: Flag;
  /** email | SMS | letter | null */
  pref_preferred: string | null;
  created_at: string;
  updated_at: string;
}

export interface DebtorPhonesTable {
  id: Generated<number>;
  debtor_id: number;
  /** Digits only. */
  phone_number: string;
  type: string;
  created_at: string;
}

export interface AccountsTable {
  id: Generated<number>;
  account_number: string;
  debtor_id: number;
  client_id: string | null;
  client_account: string | null;
  creditor_name: string | null;
  creditor_name_comment: string | null;
  original_creditor_name: string | null;
  merchant_name: string | null;
  balance_cents: number;
  original_balance_cents: number;
  total_paid_cents: number;
  outstanding_balance_cents: number | null;
  settlement_balance_cents: number | null;
  minimum_payment_due_cents: number | null;
  stabilization_amount_cents: number | null;
  new_balance_cents: number | null;
  new_balance_date: string | null;
  status_code: string;
  is_closed: Flag;
  is_pco: Flag;
  is_eop: Flag;
  is_interest_bearing: Flag;
  is_payment_pending_post: Flag;
  has_settlement_offers: Flag;
  allow_pco_min_pay: Flag;
  show_bring_account_current_text: Flag;
  show_last_workable_disclosure: Flag;
  bankruptcy_reported: Flag;
  end_of_path_notice: Flag;
  external_payment_url: string | null;
  support_phone: string | null;
  date_of_referral: string | null;
  date_of_last_pay: string | null;
  last_update_date: string | null;
  last_viewable_date: string | null;
  statement_date: string | null;
  save_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface ArrangementsTable {
  id: Generated<number>;
  account_id: number;
  /** Natural key inside the account, used by imports. */
  external_ref: string;
  /** PIF | SIF | PPA | LET */
  type: string;
  amount_cents: number;
  active: Flag;
  begin_balance_cents: number;
  created: string;
  allow_remaining: Flag;
  modifiable_online: Flag;
  /** Migration 0007: when the debtor cancelled the plan online (null otherwise). */
  cancelled_at: string | null;
}

export interface ArrangementPaymentsTable {
  id: Generated<number>;
  arrangement_id: number;
  pay_date: string;
  amount_cents: number;
  /** PostDate | Approved | Paid | Rejected | Canceled */
  status: string;
  is_pending_post: Flag;
  is_electronic: Flag;
  funding_id: number | null;
  paid_with: string | null;
  confirmation: string | null;
  submitted: string | null;
  approved: string | null;
  satisfied: string | null;
  created: string;
}

export interface TransactionsTable {
  id: Generated<number>;
  account_id: number;
  received_date: string;
  amount_cents: number;
  /** Unknown | Adjustment | CreditCard | Cash | Check | Direct | ... (spec §3) */
  type: string;
  auto_or_manual: string | null;
  source: string | null;
  confirmation_code: string | null;
  is_pending: Flag;
  total_payment_cents: number | null;
}

export interface LettersTable {
  /** The letter id printed in the offer code (account number + '.' + letter id). */
  letter_id: number;
  account_id: number;
  letter_code: string;
  request_date: string;
  principal_balance_cents: number;
  is_letter_one: Flag;
}

export interface LetterOptionsTable {
  id: Generated<number>;
  letter_id: number;
  option_number: number;
  due_date: string;
  day_of_month_settlement_requirement: number | null;
  settlement_amount_cents: number;
  payment_amount_cents: number;
  /** Fraction 0..1 */
  discount: number;
  number_of_payments: number;
}

export interface LetterOptionPaymentsTable {
  id: Generated<number>;
  letter_option_id: number;
  seq: number;
  pay_date: string;
  amount_cents: number;
}

/**
 * Migration 0014: sign-in attempts counted per key before they are judged (auth/lockout.ts).
 * Keys: 'debtor:<id>', 'letter:<HMAC of the account number>', 'ip:<address>', 'staff:<email>'.
 */
export interface LockoutCountersTable {
  key: string;
  /** Attempts counted in the window (a slot is taken before the attempt is judged). */
  attempts: number;
  /** When the window that began with the first attempt ends. */
  window_until: string;
  /** The lock in force, else null. */
  locked_until: string | null;
  /** When the row is of no more use (the lock's or the window's end): then it is deleted. */
  expires_at: string;
}

export interface RefreshTokensTable {
  jti: string;
  debtor_id: number;
  family: string;
  role: string;
  /** JSON of extra claims (letter tokens: accountNumber, letterId). */
  claims: string | null;
  expires_at: string;
  revoked_at: string | null;
  replaced_by: string | null;
  created_at: string;
}

/** A signed-in session (sid = its refresh token family): auth/tokens.ts ends it on the server. */
export interface SessionsTable {
  sid: string;
  role: string;
  started_at: string;
  /** The last call of the session (written at most every few seconds per process). */
  last_active_at: string;
  /** The latest moment the session may last (started_at plus the absolute limit). */
  ends_at: string;
}

/** Migration 0011: a studio draft of a content change (studio/drafts.ts). */
export interface ContentDraftsTable {
  id: Generated<number>;
  author_id: number;
  /** `texts` (every folder but clients/) or `clients` (clients/). */
  area: DraftArea;
  /** The content version it was started on. */
  base_version: number;
  /** JSON: the changed files only, path under flows/ -> the whole new file. */
  files: string;
  title: string;
  status: DraftStatus;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  /** The approver who published or returned it, and their comment. */
  reviewer_id: number | null;
  review_comment: string | null;
  /** The content version it became. */
  published_version: number | null;
  /** A rollback's draft: the version whose files it restores (migration 0015). */
  rollback_of: number | null;
}

export type DraftArea = 'texts' | 'clients' | 'policies' | 'rollback';
export type DraftStatus = 'editing' | 'submitted' | 'returned' | 'published' | 'withdrawn';

/** Staff roles of the studio (issue 24): what each may do is studio/guard.ts's table. */
export type StaffRole = 'editor' | 'approver' | 'client_manager' | 'admin';

/** A staff member of the studio (migration 0009). Staff are disabled, never deleted. */
export interface StaffAccountsTable {
  id: Generated<number>;
  /** Lower case; unique. */
  email: string;
  display_name: string;
  role: StaffRole;
  /** scrypt$N$r$p$salt$hash (studio/passwords.ts). */
  password_hash: string;
  /** The TOTP secret, encrypted with the server's TOTP key (studio/totp.ts). */
  totp_secret: string;
  /** The TOTP time step of the last accepted code (a code is never accepted twice). */
  totp_last_step: number | string | null;
  created_at: string;
  disabled_at: string | null;
  /** Migration 0015: 0 while the role waits for a second admin (no role until then). */
  role_granted: Generated<number>;
  /** Migration 0015: a TOTP re-enrolment's new secret (encrypted) until a code confirms it. */
  totp_pending: string | null;
}

/** Migration 0015: a new member's one-time invitation (only the token's SHA-256 is kept). */
export interface StaffInvitationsTable {
  id: Generated<number>;
  staff_id: number;
  token_hash: string;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
  /** The member's chosen password and TOTP secret (encrypted) until a code confirms them. */
  password_hash: string | null;
  totp_secret: string | null;
}

/** Migration 0015: the approver or admin role, given once a second admin approves. */
export interface StaffRoleGrantsTable {
  id: Generated<number>;
  staff_id: number;
  role: 'approver' | 'admin';
  requested_by: number;
  requested_at: string;
  status: 'pending' | 'approved' | 'cancelled';
  decided_by: number | null;
  decided_at: string | null;
}

/** A studio session: only hashes of the cookie's id and of the CSRF token are stored. */
export interface StaffSessionsTable {
  /** SHA-256 (hex) of the random session id sent in the studio_session cookie. */
  id_hash: string;
  staff_id: number;
  /** SHA-256 (hex) of the session's CSRF token. */
  csrf_hash: string;
  created_at: string;
  last_seen_at: string;
  /** created_at plus the absolute limit. */
  expires_at: string;
}

/** Migration 0014: failed studio sign-ins per client address and minute (studio/audit.ts). */
export interface SignInFailuresTable {
  address: string;
  /** The minute, as the first 16 characters of an ISO timestamp (2026-12-06T21:30). */
  minute: string;
  failures: number;
  first_at: string;
  last_at: string;
}

/** The studio's append-only audit log (a trigger refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  staff_id: number | null;
  action: string;
  subject: string | null;
  /** JSON object. */
  detail: string;
  ip: string | null;
}

/** Migration 0010: one published flows/ tree (issue 24); rows are never updated or deleted. */
/** Where a content version came from (migration 0012). */
export type ContentSource = 'flows' | 'studio';

export interface ContentVersionsTable {
  /** 1, 2, 3, …: the primary key, never reused. */
  version: number;
  /** JSON: the whole tree, path under flows/ -> parsed file (src/server/content/tree.ts). */
  files: string;
  comment: string;
  /** Staff ids; null for the seed imported from flows/. */
  drafted_by: number | null;
  approved_by: number | null;
  /** The studio draft it was published from; null for the seed and rollbacks. */
  draft_id: number | null;
  /** The version a rollback published again, else null. */
  rollback_of: number | null;
  /** JSON: the paths that differ from the version before. */
  changed: string;
  published_at: string;
  /**
   * `flows` (imported from the deployed flows/ folder) or `studio` (published in the studio);
   * null on rows from before migration 0012 (version 1 was the import).
   */
  source: ContentSource | null;
  /** JSON: the deployed flows/ folder of a `flows` row whose tree differs from it; else null. */
  deployed_files: string | null;
}

export interface Database {
  server_secrets: ServerSecretsTable;
  debtors: DebtorsTable;
  debtor_phones: DebtorPhonesTable;
  accounts: AccountsTable;
  arrangements: ArrangementsTable;
  arrangement_payments: ArrangementPaymentsTable;
  transactions: TransactionsTable;
  letters: LettersTable;
  letter_options: LetterOptionsTable;
  letter_option_payments: LetterOptionPaymentsTable;
  lockout_counters: LockoutCountersTable;
  refresh_tokens: RefreshTokensTable;
  sessions: SessionsTable;
  content_drafts: ContentDraftsTable;
  staff_accounts: StaffAccountsTable;
  staff_sessions: StaffSessionsTable;
  staff_invitations: StaffInvitationsTable;
  staff_role_grants: StaffRoleGrantsTable;
  sign_in_failures: SignInFailuresTable;
  audit_log: AuditLogTable;
  content_versions: ContentVersionsTable;
}

export type Db = Kysely<Database>;
export type DebtorRow = Selectable<DebtorsTable>;
export type AccountRow = Selectable<AccountsTable>;
export type ArrangementRow = Selectable<ArrangementsTable>;
export type ArrangementPaymentRow = Selectable<ArrangementPaymentsTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type NewAccount = Insertable<AccountsTable>;
