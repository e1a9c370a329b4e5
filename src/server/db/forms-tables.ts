/**
 * Kysely types of the tables of migration 0003 (forms, guest calls, analytics, sessions), merged
 * into `Database` so every query is typed. Same conventions as types.ts.
 */
import type { Generated } from 'kysely';
import type { Flag } from './types';

export interface DisputesTable {
  id: Generated<number>;
  debtor_id: number;
  account_id: number;
  confirmation: string;
  already_resolved: Flag;
  incorrect_balance: Flag;
  not_my_debt: Flag;
  other: Flag;
  message: string | null;
  name: string | null;
  phone_number: string | null;
  email: string | null;
  /** Migration 0013: the debtor's language and the published content version (null before). */
  language: string | null;
  published_version: number | null;
  created_at: string;
}

export interface BankruptciesTable {
  id: Generated<number>;
  debtor_id: number;
  account_id: number;
  confirmation: string;
  chapter: number;
  case_number: string;
  file_date: string;
  joint_file: Flag;
  court_name: string | null;
  judge_name: string | null;
  city_filed: string | null;
  state_filed: string | null;
  attorney_name: string | null;
  attorney_phone_number: string | null;
  law_firm_name: string | null;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone_number: string | null;
  message: string | null;
  /** Migration 0013: the debtor's language and the published content version (null before). */
  language: string | null;
  published_version: number | null;
  created_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  /** The signed-in debtor, or null for the public form. */
  debtor_id: number | null;
  account_number: string | null;
  name: string;
  reason: string;
  phone_number: string;
  message: string;
  comm_email: Flag;
  comm_sms: Flag;
  email: string | null;
  sms_number: string | null;
  created_at: string;
}

export interface FeedbackTable {
  id: Generated<number>;
  debtor_id: number | null;
  rating: number | null;
  message: string | null;
  page: string | null;
  created_at: string;
}

export interface EmailOptOutsTable {
  /** Lower-cased address. */
  email: string;
  created_at: string;
}

export interface DebtorPhoneAdditionsTable {
  id: Generated<number>;
  debtor_id: number;
  phone_number: string;
  type: string;
  created_at: string;
}

export interface DebtorDetailChangesTable {
  id: Generated<number>;
  debtor_id: number;
  /** JSON array of changed field names (values are not copied). */
  fields: string;
  created_at: string;
}

export interface PreferenceChangesTable {
  id: Generated<number>;
  debtor_id: number;
  emails: Flag;
  letters: Flag;
  texts: Flag;
  email_changed: Flag;
  created_at: string;
}

export interface PortalRegistrationsTable {
  debtor_id: number;
  registration_code: string;
  registered_at: string;
}

export interface AnalyticsEventsTable {
  id: Generated<number>;
  name: string;
  debtor_id: number | null;
  /** SHA-256 of the X-Session-Id header (never the header itself). */
  session_hash: string | null;
  /** JSON object of whitelisted, PII-free properties. */
  properties: string | null;
  /** Client-reported time (ISO), if sent. */
  occurred_at: string | null;
  created_at: string;
}

export interface RevokedSessionsTable {
  sid: string;
  /** logout | refresh_reuse | idle | limit */
  reason: string;
  revoked_at: string;
}

export interface SessionDebtorsTable {
  sid: string;
  debtor_id: number;
  selected: Flag;
  created_at: string;
}

/** Migration 0008: a submission of a form that is only recorded (forms/recorded.ts). */
export interface FormRecordsTable {
  id: Generated<number>;
  form: string;
  form_version: string;
  debtor_id: number;
  account_id: number | null;
  confirmation: string;
  language: string;
  /** JSON: the validated form data. */
  data: string;
  created_at: string;
  /** Migration 0013: the published content version the form was checked under (null before). */
  published_version: number | null;
}

declare module './types' {
  interface Database {
    disputes: DisputesTable;
    bankruptcies: BankruptciesTable;
    contact_messages: ContactMessagesTable;
    feedback: FeedbackTable;
    email_opt_outs: EmailOptOutsTable;
    debtor_phone_additions: DebtorPhoneAdditionsTable;
    debtor_detail_changes: DebtorDetailChangesTable;
    preference_changes: PreferenceChangesTable;
    portal_registrations: PortalRegistrationsTable;
    analytics_events: AnalyticsEventsTable;
    revoked_sessions: RevokedSessionsTable;
    session_debtors: SessionDebtorsTable;
    form_records: FormRecordsTable;
  }
}
