/**
 * Contract test: every answer the API suites received (harness.ts records each `call()`) is one
 * the served OpenAPI document says the operation gives. For each answer, openapi-backend (a
 * maintained OpenAPI 3.0/3.1 router and validator, here with ajv's JSON Schema 2020-12 dialect,
 * OpenAPI 3.1's) finds the operation; the status must be documented for it (exactly, no
 * `default`); the media type must be one the document lists for that status; a JSON body must
 * validate against the response schema; a 204 has no body. Files (application/pdf) are checked
 * for status and media type.
 *
 * Registered last in sqlite.test.ts and postgres.test.ts, so it sees the calls of every suite
 * before it in the file.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OpenAPIBackend, type Document } from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  recordedCalls,
  startServer,
  type DatabaseFactory,
  type RecordedCall,
  type RunningServer,
} from './harness';

interface Answer {
  content?: Record<string, unknown>;
}

const mediaType = (contentType: string) => contentType.split(';')[0]?.trim().toLowerCase() ?? '';

export function contractSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`API answers match the OpenAPI document on ${dialect}`, () => {
    let server: RunningServer;
    let api: OpenAPIBackend;
    let calls: RecordedCall[];
    beforeAll(async () => {
      // The answers of the suites before this one, not the document request below.
      calls = [...recordedCalls];
      server = await startServer(makeDatabase);
      const doc = await call<Document>(server, '/api/docs', { session: null });
      api = new OpenAPIBackend({
        definition: doc.body,
        strict: true,
        // Skips openapi-backend's check of the definition, made against the OpenAPI 3.0
        // meta-schema only (openapi-schema-validator 12 has no 3.1), which refuses valid 3.1 such
        // as JSON Schema `examples`. The structure is checked by @redocly/cli in
        // openapi-tools.test.ts. (quick also compiles each validator on first use.)
        quick: true,
        // /api/docs and /api/docs/ are different things: the document and the page.
        ignoreTrailingSlashes: false,
        // The document is 3.1, whose schemas are JSON Schema 2020-12.
        customizeAjv: (_ajv, options) => {
          const ajv = new Ajv2020({ ...options, strict: false, allErrors: true });
          addFormats(ajv);
          // openapi-backend types its customizer with ajv's draft-07 class; Ajv2020 shares its API.
          return ajv as unknown as typeof _ajv;
        },
      });
      await api.init();
    });
    afterAll(async () => {
      await server?.close();
    });

    it('every status, media type and body the suites saw is one the document gives', () => {
      const problems: string[] = [];
      const checked = new Set<string>();
      const unmatched = new Set<string>();
      for (const answer of calls) {
        const url = new URL(answer.url, 'http://portal.test');
        const operation = api.matchOperation({
          method: answer.method,
          path: url.pathname,
          query: url.search.slice(1),
          headers: {},
        });
        const where = `${answer.method} ${url.pathname} ${answer.status}`;
        if (!operation) {
          // Unknown routes (404), the docs page and the web app are not operations of the API.
          const isApi = url.pathname === '/api' || url.pathname.startsWith('/api/');
          if (isApi && answer.status !== 404 && !url.pathname.startsWith('/api/docs/')) {
            unmatched.add(where);
          }
          continue;
        }
        checked.add(`${operation.operationId} ${answer.status}`);
        const documented = (operation.responses as Record<string, Answer | undefined>)[
          String(answer.status)
        ];
        if (!documented) {
          problems.push(`${where}: status not documented (${JSON.stringify(answer.body)})`);
          continue;
        }
        const type = mediaType(answer.contentType);
        if (!documented.content) {
          if (answer.size > 0) problems.push(`${where}: a body where the document has none`);
          continue;
        }
        if (!(type in documented.content)) {
          problems.push(
            `${where}: ${type || 'no media type'}, documented ${Object.keys(documented.content).join(', ')}`,
          );
          continue;
        }
        if (type !== 'application/json') continue;
        const result = api.validateResponse(answer.body, operation, answer.status);
        if (!result.valid) {
          const errors = (result.errors ?? []).map(
            (e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`,
          );
          problems.push(
            `${where}: ${errors.join('; ')} in ${JSON.stringify(answer.body).slice(0, 300)}`,
          );
        }
      }
      expect(problems).toEqual([]);
      expect([...unmatched]).toEqual([]);
      // The suites call nearly every operation (all 90 when this was written): a contract test
      // over a handful of calls would say little.
      const operations = new Set([...checked].map((key) => key.split(' ')[0]));
      expect(operations.size).toBeGreaterThanOrEqual(80);
    }, 120_000); // every answer of the run, checked one by one: 10-13 s on CI, 30+ on a busy machine
  });
}
