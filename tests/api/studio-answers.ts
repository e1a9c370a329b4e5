/**
 * The studio API's answers against their schemas (schemas/api/studio-*.schema.json, from which
 * the browser's types are generated: src/web/features/studio/api/types.ts). The studio is not in
 * the OpenAPI document of /api, whose contract suite checks the portal's answers; this is its
 * contract: `STUDIO_ANSWERS` names each route's success statuses and the schema of each, every
 * error answer is the common error body (schemas/api/error.schema.json), and `studioClient`'s
 * fetch helper (studio-fixtures.ts) checks each answer it gets, so a route that answers anything
 * outside its schema fails the test that called it. `studioAnswersSuite` then checks that the
 * table names every studio route, that the suites before it saw each success answer, and that
 * the check refuses what it should.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STUDIO_PUBLIC_ROUTES, STUDIO_ROUTE_ROLES } from '../../src/server/studio/guard';
import { apiValidators, REPO_ROOT } from './harness';

/** A success answer with no body (204). */
const NO_BODY = null;
/** The audit log as a CSV file. */
const CSV = 'text/csv';

/** Per studio route (`METHOD /path` under /studio/api, as guard.ts names it): status → answer. */
export const STUDIO_ANSWERS: Readonly<Record<string, Readonly<Record<number, string | null>>>> = {
  'POST /sign-in': { 200: 'studio-sign-in-result' },
  'POST /sign-out': { 204: NO_BODY },
  'GET /me': { 200: 'studio-me' },
  'POST /me/password': { 204: NO_BODY },
  'POST /me/totp': { 200: 'studio-totp-setup' },
  'POST /me/totp/confirm': { 200: 'studio-totp-confirmed' },
  'GET /staff': { 200: 'studio-staff-list' },
  'POST /staff': { 201: 'studio-staff-invitation' },
  'POST /staff/:id/disable': { 200: 'studio-staff-record' },
  'POST /staff/:id/invitation': { 200: 'studio-staff-invitation' },
  'POST /staff/:id/role': { 200: 'studio-staff-record' },
  'GET /staff/grants': { 200: 'studio-staff-grant-list' },
  'POST /staff/grants/:id/approve': { 200: 'studio-staff-record' },
  'POST /staff/grants/:id/cancel': { 200: 'studio-staff-record' },
  'GET /audit': { 200: 'studio-audit-entry-list' },
  'GET /audit.csv': { 200: CSV },
  'GET /content': { 200: 'studio-content' },
  'GET /content/file': { 200: 'studio-content-file' },
  'GET /search': { 200: 'studio-search' },
  'GET /versions': { 200: 'studio-version-list' },
  'GET /drafts': { 200: 'studio-draft-list' },
  'POST /drafts': { 201: 'studio-draft' },
  'GET /drafts/:id': { 200: 'studio-draft' },
  'PUT /drafts/:id/file': { 200: 'studio-draft' },
  'DELETE /drafts/:id/file': { 200: 'studio-draft' },
  'POST /drafts/:id/submit': { 200: 'studio-draft' },
  'GET /drafts/:id/review': { 200: 'studio-draft-review' },
  'GET /translations': { 200: 'studio-translations' },
  'POST /drafts/:id/approve': { 200: 'studio-draft-approval' },
  'POST /drafts/:id/return': { 200: 'studio-draft-summary' },
  'POST /versions/:version/rollback': { 201: 'studio-rollback-result' },
  'GET /evidence/:confirmation': { 200: 'studio-evidence' },
  'GET /events': { 200: 'studio-events' },
  'POST /drafts/:id/preview': { 200: 'studio-preview' },
  'POST /preview/end': { 204: NO_BODY },
  'POST /invitation': { 200: 'studio-invitation' },
  'POST /invitation/password': { 200: 'studio-totp-setup' },
  'POST /invitation/confirm': { 200: 'studio-invitation-accepted' },
  'GET /webhooks': { 200: 'studio-webhook-endpoints' },
  'POST /webhooks': { 201: 'studio-webhook-secret' },
  'POST /webhooks/:id/rotate': { 200: 'studio-webhook-secret' },
  'POST /webhooks/:id/disable': { 200: 'studio-webhook-endpoint-answer' },
  'POST /webhooks/:id/enable': { 200: 'studio-webhook-endpoint-answer' },
  'GET /webhooks/:id/deliveries': { 200: 'studio-webhook-deliveries' },
  'POST /webhooks/deliveries/:id/redeliver': { 202: 'studio-webhook-delivery' },
  'GET /messages/preview': { 200: 'studio-message-preview' },
  'GET /messages': { 200: 'studio-message-list' },
  'GET /messages/:id': { 200: 'studio-message-evidence' },
  'GET /message-counts': { 200: 'studio-message-counts' },
};

/** Routes with no parameter first, so `/staff/grants` is not taken for `/staff/:id`. */
const ROUTES = Object.keys(STUDIO_ANSWERS)
  .map((key) => {
    const [method = '', route = ''] = key.split(' ');
    const pattern = route
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return { key, method, route, match: new RegExp(`^${pattern}$`) };
  })
  .sort((a, b) => Number(a.route.includes(':')) - Number(b.route.includes(':')));

/** The table's `METHOD /path` of a call (a path under /studio/api, with or without a query). */
export function studioRouteOf(method: string, path: string): string | undefined {
  const bare = path.split('?')[0] ?? '';
  return ROUTES.find((r) => r.method === method.toUpperCase() && r.match.test(bare))?.key;
}

let validators: ReturnType<typeof apiValidators> | undefined;
const schemas = () => (validators ??= apiValidators());

/** `METHOD /path status` of each success answer checked (what the suites covered). */
export const checkedAnswers = new Set<string>();

/** ajv's `path message` with the root named `/`. */
const at = (error: string) => (error.startsWith(' ') ? `/${error}` : error);

export interface StudioAnswer {
  status: number;
  contentType: string;
  /** The parsed JSON body (else the text). */
  body: unknown;
  text: string;
}

/**
 * What is wrong with an answer of the studio API (empty when it is one its table allows): a
 * success with the status and body its route's row names, or an error with the error body.
 */
export function studioAnswerProblems(method: string, path: string, answer: StudioAnswer): string[] {
  const where = `${method} ${path} ${answer.status}`;
  const json = answer.contentType.split(';')[0]?.trim() === 'application/json';
  const route = studioRouteOf(method, path);
  if (answer.status >= 400) {
    // Every refusal, of any route or of none (404), is the common error body.
    if (!json) return [`${where}: an error answer that is not JSON (${answer.contentType})`];
    return schemas()
      .check('error', answer.body)
      .map((e) => `${where}: error ${at(e)}`);
  }
  if (!route) return [`${where}: not a route of the studio's table`];
  const rows = STUDIO_ANSWERS[route] ?? {};
  if (!Object.hasOwn(rows, answer.status)) {
    return [`${where}: ${route} answers ${Object.keys(rows).join(', ')}, not ${answer.status}`];
  }
  const expected = rows[answer.status];
  checkedAnswers.add(`${route} ${answer.status}`);
  if (expected === NO_BODY) return answer.text === '' ? [] : [`${where}: a body where none is`];
  if (expected === CSV) {
    return answer.contentType.startsWith(CSV) ? [] : [`${where}: ${answer.contentType}, not CSV`];
  }
  if (!json) return [`${where}: ${answer.contentType || 'no media type'}, not JSON`];
  return schemas()
    .check(expected ?? '', answer.body)
    .map((e) => `${where}: ${expected} ${at(e)} in ${answer.text.slice(0, 300)}`);
}

/** The properties of an API schema, by name (its `properties`, without descriptions). */
const propertiesOf = (name: string): Record<string, unknown> => {
  const strip = (node: unknown): unknown =>
    node && typeof node === 'object' && !Array.isArray(node)
      ? Object.fromEntries(
          Object.entries(node)
            .filter(([key]) => key !== 'description')
            .map(([key, value]) => [key, strip(value)]),
        )
      : node;
  const file = path.join(REPO_ROOT, 'schemas/api', `${name}.schema.json`);
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { properties?: Record<string, unknown> };
  return strip(schema.properties ?? {}) as Record<string, unknown>;
};

/** The local `$ref`s of studio-draft-summary, as another file names them. */
const summaryRefs = (properties: Record<string, unknown>) =>
  JSON.parse(
    JSON.stringify(properties).replaceAll(
      '"#/definitions/',
      '"/schemas/api/studio-draft-summary.json#/definitions/',
    ),
  ) as Record<string, unknown>;

/**
 * Registered after the studio suites (sqlite.test.ts, postgres.test.ts): the answers their calls
 * got were checked one by one as they came; this checks the table and what was covered.
 */
export function studioAnswersSuite(dialect: string): void {
  describe(`studio answers match their schemas on ${dialect}`, () => {
    it('the table names every studio route, and a schema of schemas/api for each JSON answer', () => {
      const routes = [...STUDIO_PUBLIC_ROUTES, ...Object.keys(STUDIO_ROUTE_ROLES)].sort();
      expect(Object.keys(STUDIO_ANSWERS).sort()).toEqual(routes);
      const named = Object.values(STUDIO_ANSWERS)
        .flatMap((rows) => Object.values(rows))
        .filter((answer): answer is string => answer !== NO_BODY && answer !== CSV);
      for (const name of named) expect(schemas().names, name).toContain(name);
    });

    it('the suites before got and checked every success answer of the table', () => {
      const expected = Object.entries(STUDIO_ANSWERS).flatMap(([route, rows]) =>
        Object.keys(rows).map((status) => `${route} ${status}`),
      );
      expect(expected.filter((answer) => !checkedAnswers.has(answer))).toEqual([]);
    });

    it('refuses an answer outside its schema, an unknown status or route, and a bare error', () => {
      const draft = {
        id: 1,
        title: 'Fee words',
        area: 'texts',
        status: 'editing',
        author: { id: 2, name: 'Ed' },
        baseVersion: 1,
        changed: [],
        createdAt: '2026-01-02T03:04:05.000Z',
        updatedAt: '2026-01-02T03:04:05.000Z',
        submittedAt: null,
        reviewer: null,
        reviewComment: null,
        publishedVersion: null,
        rollbackOf: null,
      };
      const answer = (status: number, body: unknown): StudioAnswer => ({
        status,
        contentType: 'application/json; charset=utf-8',
        body,
        text: JSON.stringify(body),
      });
      expect(studioAnswerProblems('GET', '/drafts', answer(200, [draft]))).toEqual([]);
      // A field the schema does not name (as `rollbackOf` was, before the schemas).
      expect(
        studioAnswerProblems('GET', '/drafts', answer(200, [{ ...draft, secret: 'x' }])),
      ).not.toEqual([]);
      expect(
        studioAnswerProblems('POST', '/drafts/1/return', answer(200, { ...draft, id: '1' })),
      ).not.toEqual([]);
      expect(studioAnswerProblems('GET', '/drafts', answer(201, [draft]))).not.toEqual([]);
      expect(studioAnswerProblems('GET', '/nothing', answer(200, {}))).not.toEqual([]);
      expect(studioAnswerProblems('POST', '/sign-out', answer(204, {}))).not.toEqual([]);
      expect(studioAnswerProblems('GET', '/drafts/1', answer(404, { error: 'x' }))).not.toEqual([]);
      expect(studioAnswerProblems('GET', '/drafts/1', answer(404, { message: 'No.' }))).toEqual([]);
      expect(studioRouteOf('GET', '/staff/grants')).toBe('GET /staff/grants');
      expect(studioRouteOf('POST', '/staff/7/role')).toBe('POST /staff/:id/role');
      expect(studioRouteOf('GET', '/audit.csv?action=x')).toBe('GET /audit.csv');
    });

    it('a draft is its summary with files, checks and translation flags; /me is the staff member with a token', () => {
      const summary = propertiesOf('studio-draft-summary');
      const { files, checks, translations, ...draft } = propertiesOf('studio-draft');
      expect(files).toBeDefined();
      expect(checks).toBeDefined();
      expect(translations).toBeDefined();
      expect(draft).toEqual(summaryRefs(summary));
      const { csrfToken, ...me } = propertiesOf('studio-me');
      expect(csrfToken).toBeDefined();
      expect(me).toEqual(propertiesOf('studio-staff-member'));
    });
  });
}
