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

export type ContentArea = 'texts' | 'clients';

/** GET /content */
export interface PublishedContent {
  version: number;
  files: { path: string; area: ContentArea; metaSchema?: unknown }[];
}

/** GET /content/file */
export interface ContentFile {
  path: string;
  version: number;
  json: unknown;
  metaSchema: Schema;
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
}

export type DraftStatus = 'editing' | 'submitted' | 'returned' | 'published' | 'withdrawn';

/** GET /drafts (a row) */
export interface DraftSummary {
  id: number;
  title: string;
  status: DraftStatus;
  area: ContentArea;
  author: StaffName;
  baseVersion: number;
  changed: string[];
  updatedAt: string;
}

/** GET /drafts/:id */
export interface DraftDetail extends DraftSummary {
  /** The changed files: path → the whole new file. */
  files: Record<string, unknown>;
  checks: Check[];
  reviewComment: string | null;
  reviewer: StaffName | null;
  publishedVersion: number | null;
}

/** PUT /drafts/:id/file */
export interface SaveFileAnswer {
  checks: Check[];
}

export interface WordRun {
  op: 'same' | 'added' | 'removed';
  text: string;
}

/** GET /drafts/:id/review */
export interface DraftReview {
  files: {
    path: string;
    texts: { pointer: string; en: WordRun[]; es: WordRun[] }[];
    settings: { pointer: string; before: unknown; after: unknown }[];
  }[];
}

/** GET /evidence/:confirmation */
export interface Evidence {
  confirmation: string;
  language: string;
  agreedAt: string;
  /** The texts as the debtor was shown them, by name (`single`, `eSign`, ...). */
  texts: Record<string, string>;
  fileVersion: string | null;
  publishedVersion: number | null;
  comment: string | null;
  approvedBy: StaffName | null;
}
