/**
 * The studio API's answers as the screens read them (docs/studio-design.md, the routes' table).
 */
import type { Check } from '../utils/checks';
import type { Schema } from '../utils/meta-schema';

export type StaffRole = 'editor' | 'approver' | 'client_manager' | 'admin';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

/** POST /sign-in */
export interface SignInAnswer {
  csrfToken: string;
  staff: StaffMember;
}

/** GET /me */
export type MeAnswer = StaffMember & { csrfToken: string };

export type ContentArea = 'texts' | 'clients' | 'policies' | 'rollback';

/** GET /content */
export interface PublishedContent {
  version: number;
  /** Every file of the version; `metaSchema` names its meta-schema (null: none). */
  files: { path: string; area: ContentArea; metaSchema: string | null }[];
}

/** GET /content/file */
export interface ContentFile {
  path: string;
  version: number;
  json: unknown;
  /** The file's meta-schema itself (null when the file names none). */
  metaSchema: Schema | null;
}

/** A staff member as a list names them. */
export interface StaffName {
  id: number;
  name: string;
}

/** GET /versions (newest first) */
export interface VersionEntry {
  version: number;
  comment: string;
  draftedBy: StaffName | null;
  approvedBy: StaffName | null;
  publishedAt: string;
  changed: string[];
  rollbackOf: number | null;
  draftId: number | null;
}

export type DraftStatus = 'editing' | 'submitted' | 'returned' | 'published' | 'withdrawn';

/** GET /drafts (a row; newest first) */
export interface DraftSummary {
  id: number;
  title: string;
  status: DraftStatus;
  area: ContentArea;
  author: StaffName | null;
  baseVersion: number;
  /** The paths the draft changes. */
  changed: string[];
  createdAt: string;
  updatedAt: string;
  submittedAt: string | null;
  reviewer: StaffName | null;
  reviewComment: string | null;
  publishedVersion: number | null;
}

/**
 * GET /drafts/:id, and the answer of POST /drafts, PUT and DELETE /drafts/:id/file and POST
 * /drafts/:id/submit: the draft with its changed files and the checks of its whole tree.
 */
export interface DraftDetail extends DraftSummary {
  /** The changed files: path → the whole new file. */
  files: Record<string, unknown>;
  checks: Check[];
}

export interface WordRun {
  op: 'same' | 'added' | 'removed';
  text: string;
}

/** One changed file of a review (src/domain/content-diff.ts `FileChange`). */
export interface ReviewedFile {
  path: string;
  status: 'added' | 'removed' | 'changed';
  texts: { pointer: string; en: WordRun[]; es: WordRun[] }[];
  /** Other changed values; `before` or `after` is absent where the value was added or removed. */
  values: { pointer: string; before?: unknown; after?: unknown }[];
}

/** GET /drafts/:id/review */
export interface DraftReview {
  draft: DraftSummary;
  files: ReviewedFile[];
}

/** One fact of an evidence record (src/server/studio/evidence-records.ts). */
export interface EvidenceFact {
  name: string;
  /** A form field's label in the debtor's language; else null (a studio word names it). */
  label: string | null;
  value: string | number | boolean | null;
  format: 'text' | 'dollars' | 'time';
}

/** GET /evidence/:confirmation: any record a debtor accepted or submitted with a code. */
export interface Evidence {
  /** payment, planChange, planCancellation, paymentDayChange, dispute, bankruptcy, form, … */
  kind: string;
  confirmation: string;
  accountNumber: string | null;
  /** The language the debtor was shown the texts in; null when not recorded. */
  language: string | null;
  agreedAt: string;
  /** The file's own version (payment-authorization.json's, plan-change.json's, a form's hash). */
  contentVersion: string | null;
  publishedVersion: number | null;
  /** The texts as the debtor was shown them, by name; null where not recorded. */
  texts: Record<string, string | null>;
  facts: EvidenceFact[];
  schedule: { date: string; amount: number }[];
  /** The published version the texts came from, and its history. */
  version: {
    version: number;
    comment: string;
    draftedBy: StaffName | null;
    approvedBy: StaffName | null;
    publishedAt: string;
    rollbackOf: number | null;
  } | null;
}

/** GET /audit: one entry of the audit log (src/server/studio/audit.ts). */
export interface AuditEntry {
  id: number;
  at: string;
  staffId: number | null;
  staffEmail: string | null;
  action: string;
  subject: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
}

/** The audit log's filters, as GET /audit and GET /audit.csv take them. */
export interface AuditFilters {
  action?: string;
  staffId?: number;
  from?: string;
  to?: string;
}

/** GET /staff: a staff account as the admin sees it. */
export interface StaffRecord {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** False while the role waits for a second admin (no role until then). */
  roleGranted: boolean;
  /** The approver or admin role asked for, not yet approved. */
  pendingRole: StaffRole | null;
  status: 'invited' | 'active' | 'disabled';
  createdAt: string;
  disabledAt: string | null;
}

/**
 * POST /staff, POST /staff/:id/invitation: the account and its one-time invitation link (shown
 * once; the member sets their own password and TOTP with it).
 */
export interface StaffCreated {
  staff: StaffRecord;
  invitation: { url: string; expiresAt: string };
}

/** GET /staff/grants: a role waiting for a second admin. */
export interface StaffGrant {
  id: number;
  staff: { id: number; email: string; name: string };
  currentRole: StaffRole | null;
  role: StaffRole;
  requestedBy: StaffName;
  requestedAt: string;
}

/** POST /invitation */
export interface InvitationAnswer {
  email: string;
  name: string;
  role: StaffRole;
  roleGranted: boolean;
  expiresAt: string;
  passwordSet: boolean;
}

/** POST /invitation/password, POST /me/totp: a new TOTP secret, for its member only. */
export interface TotpSetup {
  otpauthUri: string;
  secret: string;
}
