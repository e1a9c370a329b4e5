/**
 * The studio API's answers as the screens read them (docs/studio-design.md, the routes' table):
 * the types generated from their schemas (schemas/api/studio-*.schema.json, `npm run gen:types`),
 * under the names the screens use. None is declared here: the schemas are the one source, and the
 * API tests check every studio answer against its schema (tests/api/studio-answers.ts).
 */
import type { StudioAuditEntry } from '@/generated/types/api/studio-audit-entry';
import type { StudioAuditQuery } from '@/generated/types/api/studio-audit-query';
import type { StudioContent } from '@/generated/types/api/studio-content';
import type { StudioContentFile } from '@/generated/types/api/studio-content-file';
import type { Check, StudioDraft } from '@/generated/types/api/studio-draft';
import type { StudioDraftApproval } from '@/generated/types/api/studio-draft-approval';
import type {
  ReviewedFile,
  StudioDraftReview,
  WordRun,
} from '@/generated/types/api/studio-draft-review';
import type {
  DraftArea,
  DraftStatus,
  StudioDraftSummary,
} from '@/generated/types/api/studio-draft-summary';
import type { EvidenceFact, StudioEvidence } from '@/generated/types/api/studio-evidence';
import type { StudioInvitation } from '@/generated/types/api/studio-invitation';
import type { StudioInvitationAccepted } from '@/generated/types/api/studio-invitation-accepted';
import type { StudioMe } from '@/generated/types/api/studio-me';
import type { StudioPreview } from '@/generated/types/api/studio-preview';
import type { StudioSearch } from '@/generated/types/api/studio-search';
import type { StudioRollbackResult } from '@/generated/types/api/studio-rollback-result';
import type { StudioSignInResult } from '@/generated/types/api/studio-sign-in-result';
import type { StaffRole } from '@/generated/types/api/studio-staff-create-request';
import type { StudioStaffGrant } from '@/generated/types/api/studio-staff-grant';
import type { StudioStaffInvitation } from '@/generated/types/api/studio-staff-invitation';
import type { StudioStaffMember } from '@/generated/types/api/studio-staff-member';
import type { StudioStaffName } from '@/generated/types/api/studio-staff-name';
import type { StudioStaffRecord } from '@/generated/types/api/studio-staff-record';
import type { StudioTotpConfirmed } from '@/generated/types/api/studio-totp-confirmed';
import type { StudioTotpSetup } from '@/generated/types/api/studio-totp-setup';
import type { StudioTranslations } from '@/generated/types/api/studio-translations';
import type { StudioVersion } from '@/generated/types/api/studio-version';

export type { Check, DraftStatus, EvidenceFact, ReviewedFile, StaffRole, WordRun };

export type ContentArea = DraftArea;
export type StaffMember = StudioStaffMember;
/** A staff member as a list names them. */
export type StaffName = StudioStaffName;

/** POST /sign-in */
export type SignInAnswer = StudioSignInResult;
/** GET /me */
export type MeAnswer = StudioMe;
/** GET /content */
export type PublishedContent = StudioContent;
/** GET /content/file */
export type ContentFile = StudioContentFile;
/** GET /versions (newest first) */
export type VersionEntry = StudioVersion;
/** GET /drafts (a row; newest first) */
export type DraftSummary = StudioDraftSummary;
/**
 * GET /drafts/:id, and the answer of POST /drafts, PUT and DELETE /drafts/:id/file and POST
 * /drafts/:id/submit: the draft with its changed files and the checks of its whole tree.
 */
export type DraftDetail = StudioDraft;
/** GET /drafts/:id/review */
export type DraftReview = StudioDraftReview;
/** GET /translations: every text whose Spanish needs review, published and in drafts. */
export type FlaggedTranslations = StudioTranslations;
/** POST /drafts/:id/approve */
export type DraftApproval = StudioDraftApproval;
/** POST /drafts/:id/return: the draft, returned. */
export type DraftReturned = StudioDraftSummary;
/** POST /versions/:version/rollback */
export type RollbackStarted = StudioRollbackResult;
/** POST /drafts/:id/preview */
export type PreviewStarted = StudioPreview;
/** GET /evidence/:confirmation: any record a debtor accepted or submitted with a code. */
export type Evidence = StudioEvidence;
/** GET /audit: one entry of the audit log. */
export type AuditEntry = StudioAuditEntry;
/** The audit log's filters, as GET /audit and GET /audit.csv take them (the screens' own limit). */
export type AuditFilters = Omit<StudioAuditQuery, 'limit'>;
/** GET /staff: a staff account as the admin sees it; also the answer of a change to one. */
export type StaffRecord = StudioStaffRecord;
/** POST /staff, POST /staff/:id/invitation: the account and its one-time invitation link. */
export type StaffCreated = StudioStaffInvitation;
/** GET /staff/grants: a role waiting for a second admin. */
export type StaffGrant = StudioStaffGrant;
/** POST /invitation */
export type InvitationAnswer = StudioInvitation;
/** POST /invitation/confirm */
export type InvitationAccepted = StudioInvitationAccepted;
/** POST /invitation/password, POST /me/totp: a new TOTP secret, for its member only. */
export type TotpSetup = StudioTotpSetup;
/** POST /me/totp/confirm */
export type TotpConfirmed = StudioTotpConfirmed;

/** GET /search: texts found by their words. */
export type SearchAnswer = StudioSearch;
export type SearchResult = StudioSearch['results'][number];
