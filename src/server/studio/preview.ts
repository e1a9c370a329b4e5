/**
 * The studio's preview (issue 24): a draft shown in the real portal screens, to the browser of the
 * staff member who asked for it, and to nobody else.
 *
 * `POST /studio/api/drafts/:id/preview {language}` sets the cookie `portal_preview` (Path=/, so the
 * portal's pages see it; HttpOnly, SameSite=Strict, 30 minutes; `__Host-portal_preview` and Secure
 * as the studio's own but on plain http to a loopback host: cookies.ts). Its
 * value is signed with a key derived from the server secret (`previewKey`, auth/keys.ts) and names
 * the draft, the staff session by the hash the database keeps of it (never the session id) and
 * when it ends. `POST /studio/api/preview/end` (and the studio's sign-out) clears it.
 *
 * A portal page asked for with a cookie that is signed, not past its end, whose staff session is
 * still live (studio/sessions.ts `isLive`) and whose draft can still change (editing, submitted or
 * returned) carries the draft's config (its base version's tree with the draft's files) and
 * `preview: { draftId, language }` (web.ts; never a prerendered page, never cached). Anything
 * else about the cookie is ignored: the published page is served. The debtor API records nothing
 * for a browser holding a signed cookie (preview-guard.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StudioDraftParams } from '@/generated/types/api/studio-draft-params';
import type { StudioPreviewRequest } from '@/generated/types/api/studio-preview-request';
import type { SessionLimits } from '../auth/sessions';
import type { PageConfig } from '../config';
import type { PublishedContent } from '../content/store';
import { treeToConfig } from '../content/tree';
import type { PortalContext } from '../context';
import type { DraftStatus } from '../db/types';
import { ApiError } from '../http/errors';
import { schemaRef } from '../http/validation';
import type { RecordAudit } from './content-routes';
import { contentHelpers } from './content-routes';
import { findDraft, type DraftRow } from './drafts';
import { cookieAttributes, cookieName } from './cookies';
import { CONTENT_STAFF, staffOf } from './guard';
import { StaffSessions } from './sessions';

export const PREVIEW_COOKIE = 'portal_preview';
export const PREVIEW_MAX_AGE_S = 30 * 60;

/** A draft that can still change; a published or withdrawn one is no longer previewed. */
const PREVIEWABLE: ReadonlySet<DraftStatus> = new Set(['editing', 'submitted', 'returned']);

type PreviewLanguage = StudioPreviewRequest['language'];

export interface PreviewClaim {
  draftId: number;
  /** SHA-256 of the staff session's id, as staff_sessions.id_hash keeps it. */
  sessionHash: string;
  language: PreviewLanguage;
  /** Epoch ms. */
  expiresAt: number;
}

const VERSION = 'v1';

const mac = (key: Buffer, payload: string): Buffer =>
  createHmac('sha256', key).update(`portal-preview:${payload}`).digest();

/** The cookie's value: `v1.<claim as base64url JSON>.<HMAC-SHA256 as base64url>`. */
export function signPreview(key: Buffer, claim: PreviewClaim): string {
  const body = Buffer.from(
    JSON.stringify({
      d: claim.draftId,
      s: claim.sessionHash,
      l: claim.language,
      e: claim.expiresAt,
    }),
  ).toString('base64url');
  const payload = `${VERSION}.${body}`;
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The claim of a cookie value signed with `key` and not past its end; undefined otherwise. */
export function verifyPreview(
  key: Buffer,
  value: string | undefined,
  now: Date,
): PreviewClaim | undefined {
  if (!value || value.length > 1000) return undefined;
  const parts = value.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return undefined;
  const payload = `${parts[0]}.${parts[1] ?? ''}`;
  const given = Buffer.from(parts[2] ?? '', 'base64url');
  const expected = mac(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const { d, s, l, e } = (parsed ?? {}) as Record<string, unknown>;
  if (
    !Number.isSafeInteger(d) ||
    typeof s !== 'string' ||
    (l !== 'en' && l !== 'es') ||
    typeof e !== 'number' ||
    now.getTime() >= e
  ) {
    return undefined;
  }
  return { draftId: d as number, sessionHash: s, language: l, expiresAt: e };
}

/** One cookie's value from a `Cookie` header (the debtor API and the pages parse no cookies). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The request's signed, unexpired preview claim (its session and draft not looked at). */
export function previewClaimOf(request: FastifyRequest, key: Buffer, now: Date) {
  return verifyPreview(key, cookieValue(request.headers.cookie, previewCookieName(request)), now);
}

/**
 * The cookie's name for a request, `__Host-portal_preview` (Secure, Path=/) but over plain http to
 * a loopback host, as the studio's own (cookies.ts).
 */
export const previewCookieName = (request: FastifyRequest): string =>
  cookieName(request, PREVIEW_COOKIE);

const cookieOptions = (request: FastifyRequest) => cookieAttributes(request, '/');

/** Clears the preview cookie (preview end, studio sign-out). */
export function clearPreviewCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(previewCookieName(request), cookieOptions(request));
}

/** The studio's preview routes (inside the studio plugin: its cookie parser, guard and roles). */
export function registerPreviewRoutes(
  studio: FastifyInstance,
  ctx: PortalContext,
  record: RecordAudit,
): void {
  studio.post<{ Params: StudioDraftParams; Body: StudioPreviewRequest }>(
    '/drafts/:id/preview',
    {
      schema: {
        params: schemaRef(ctx.schemas, 'studio-draft-params'),
        body: schemaRef(ctx.schemas, 'studio-preview-request'),
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const draft = await findDraft(ctx.db, request.params.id);
      if (!PREVIEWABLE.has(draft.status)) throw new ApiError(409, 'previewUnavailable');
      const expiresAt = ctx.now().getTime() + PREVIEW_MAX_AGE_S * 1000;
      const { language } = request.body;
      const value = signPreview(ctx.keys.previewKey, {
        draftId: draft.id,
        sessionHash: staff.sessionHash,
        language,
        expiresAt,
      });
      void reply.setCookie(previewCookieName(request), value, {
        ...cookieOptions(request),
        maxAge: PREVIEW_MAX_AGE_S,
      });
      await record(request, {
        staffId: staff.staffId,
        action: 'draft.preview',
        subject: String(draft.id),
        detail: { language },
      });
      return {
        draftId: draft.id,
        language,
        expiresAt: new Date(expiresAt).toISOString(),
        path: '/login',
      };
    },
  );

  studio.post('/preview/end', async (request, reply) => {
    clearPreviewCookie(request, reply);
    return reply.code(204).send();
  });
}

/** Drafts' page configs made lately, by draft, base version and last change. */
const CACHE_SIZE = 8;

/**
 * The page config of a request's preview, or undefined when it has none that holds (no cookie, a
 * forged or expired one, an ended staff session, a draft published, withdrawn or gone).
 * `forPage` shapes a version's config as the published pages' (app.ts).
 */
export function previewPageConfig(
  ctx: PortalContext,
  limits: SessionLimits,
  forPage: (content: PublishedContent) => PageConfig,
): (request: FastifyRequest) => Promise<PageConfig | undefined> {
  const sessions = new StaffSessions(ctx.db, ctx.now, limits, ctx.keys.csrfKey);
  const helpers = contentHelpers(ctx);
  const made = new Map<string, PageConfig>();
  const pageOf = async (draft: DraftRow): Promise<PageConfig> => {
    const key = `${draft.id}:${draft.base_version}:${draft.updated_at}`;
    let page = made.get(key);
    if (!page) {
      const tree = await helpers.draftTree(draft);
      page = forPage({ version: draft.base_version, config: treeToConfig(tree), tree });
      made.set(key, page);
      if (made.size > CACHE_SIZE) made.delete(made.keys().next().value ?? key);
    }
    return page;
  };
  return async (request) => {
    const claim = previewClaimOf(request, ctx.keys.previewKey, ctx.now());
    if (!claim) return undefined;
    if (!(await sessions.isLive(claim.sessionHash, CONTENT_STAFF))) return undefined;
    const draft = await findDraft(ctx.db, claim.draftId).catch(() => undefined);
    if (!draft || !PREVIEWABLE.has(draft.status)) return undefined;
    let page: PageConfig;
    try {
      page = await pageOf(draft);
    } catch {
      // A base version that cannot be read: the published page.
      return undefined;
    }
    return { ...page, preview: { draftId: draft.id, language: claim.language } };
  };
}
