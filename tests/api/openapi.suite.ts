/**
 * GET /api/docs: an OpenAPI 3.1 document generated from the registered routes and the schemas.
 * Every /api route is in it (whoever registered it) with its own summary, its success answer and
 * its error answers; every reference points inside the document and resolves; every component
 * schema compiles as JSON Schema 2020-12 (OpenAPI 3.1's dialect); only used components are kept.
 * Third-party tools read it in openapi-tools.test.ts; contract.suite.ts checks real answers
 * against it. Also the page that renders it, /api/docs/.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { call, REPO_ROOT, startServer, type DatabaseFactory, type RunningServer } from './harness';
import { BOOT_SCRIPT_SOURCE } from '../../src/server/http/boot-script';
import { PAGE_REQUEST_SCRIPT_SOURCE } from '../../src/server/http/page-requests';

export interface OpenApiDoc {
  openapi: string;
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    responses?: Record<string, unknown>;
    parameters?: Record<string, unknown>;
  };
}

export interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  parameters?: (
    { name: string; in: string; required?: boolean; schema?: unknown } | { $ref: string }
  )[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema: Record<string, unknown> }>;
  };
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
  security?: unknown[];
  'x-roles'?: string[];
}

/** Every `$ref` in a value. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refs(item, out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') out.push(child);
      else refs(child, out);
    }
  }
  return out;
}

function pointer(root: unknown, ref: string): unknown {
  let node = root;
  const path = ref.replace(/^#\/?/, '');
  if (!path) return root;
  for (const part of path.split('/')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

const operations = (doc: OpenApiDoc) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );

export function openApiSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`OpenAPI document on ${dialect}`, () => {
    let server: RunningServer;
    let doc: OpenApiDoc;
    beforeAll(async () => {
      server = await startServer(makeDatabase);
      const res = await call<OpenApiDoc>(server, '/api/docs', { session: null });
      expect(res.status).toBe(200);
      doc = res.body;
    });
    afterAll(async () => {
      await server?.close();
    });

    it('is OpenAPI 3.1 and lists every registered /api route', () => {
      expect(doc.openapi).toBe('3.1.0');
      expect(server.app.apiRoutes.length).toBeGreaterThan(50);
      for (const route of server.app.apiRoutes) {
        const url = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        expect(
          doc.paths[url]?.[route.method.toLowerCase()],
          `${route.method} ${url}`,
        ).toBeDefined();
      }
      for (const family of ['/api', '/api/v2']) {
        for (const path of [
          'Account/Detailed',
          'Account/SubmitDispute',
          'Account/SubmitBankruptcy',
          'Account/ByteLetter',
          'Account/PaymentAuthorization',
          'Debtor/SetCommunicationPreferences',
          'Guest/ContactUs',
          'Management/Time',
          'Analytic',
          'Authorization/Refresh',
        ]) {
          expect(doc.paths[`${family}/${path}`], `${family}/${path}`).toBeDefined();
        }
      }
      expect(doc.paths['/api/v2/Debtor/GetSessionDebtors']).toBeDefined();
      expect(doc.paths['/api/Debtor/GetSessionDebtors']).toBeUndefined();
      // The page that renders the document is not part of the API it describes.
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs/'))).toEqual([]);
    });

    it('gives every operation its own summary, a tag, a success answer and its errors', () => {
      const missing: string[] = [];
      for (const route of server.app.apiRoutes) {
        if (!route.summary) missing.push(`${route.method} ${route.url}: no schema.summary`);
      }
      const tags = new Set((doc.tags ?? []).map((tag) => tag.name));
      for (const { path, method, op } of operations(doc)) {
        const where = `${method.toUpperCase()} ${path}`;
        const statuses = Object.keys(op.responses);
        if (!op.tags?.[0] || !tags.has(op.tags[0])) missing.push(`${where}: tag`);
        if (!statuses.some((s) => /^2/.test(s))) missing.push(`${where}: success answer`);
        if (statuses.includes('default')) missing.push(`${where}: default instead of statuses`);
        if (!statuses.includes('500')) missing.push(`${where}: 500`);
        // The agency's feed (/api/agency/, events/feed.ts) is another client's API: an agency key
        // and no browser session; so are the SMS provider's signed webhooks (/api/messages/sms/).
        const portal = !path.startsWith('/api/agency/') && !path.startsWith('/api/messages/sms/');
        if (portal && path.startsWith('/api/') && !['/api/docs', '/api/health'].includes(path)) {
          if (!statuses.includes('400')) missing.push(`${where}: 400`);
          const names = (op.parameters ?? []).map((p) => ('$ref' in p ? p.$ref : p.name));
          if (!names.includes('#/components/parameters/SessionId')) {
            missing.push(`${where}: X-Session-Id`);
          }
        }
        if (op['x-roles'] && !(statuses.includes('401') && statuses.includes('403'))) {
          missing.push(`${where}: 401 and 403`);
        }
        if (method === 'post' && !(statuses.includes('413') && statuses.includes('415'))) {
          missing.push(`${where}: 413 and 415`);
        }
      }
      expect(missing).toEqual([]);
      expect([...tags]).toEqual(
        expect.arrayContaining(['Account', 'Authorization', 'Debtor', 'Guest', 'Management']),
      );
    });

    it('describes bodies, parameters, headers, files, roles and errors', () => {
      const dispute = doc.paths['/api/v2/Account/SubmitDispute']?.post;
      // The form's names, or the spec's dispute submission (spec-shapes.suite.ts).
      expect(dispute?.requestBody?.content['application/json']?.schema.anyOf).toContainEqual({
        $ref: '#/components/schemas/form-dispute',
      });
      expect(dispute?.responses['200']?.content).toHaveProperty('application/pdf');
      expect(dispute?.['x-roles']).toEqual(['account']);
      expect(dispute?.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' });
      expect(dispute?.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
      expect(doc.components.responses?.NotFound).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/error' } } },
      });
      const letter = doc.paths['/api/Account/Letter']?.get;
      expect(letter?.['x-roles']).toEqual(['letter', 'account']);
      const names = (letter?.parameters ?? []).map((p) =>
        'name' in p ? `${p.in}:${p.name}` : p.$ref,
      );
      expect(names).toEqual(
        expect.arrayContaining([
          '#/components/parameters/SessionId',
          'query:accountNumber',
          'query:letterId',
        ]),
      );
      const optOut = doc.paths['/api/Guest/OptOut/{email}']?.post;
      expect(optOut?.parameters).toContainEqual(
        expect.objectContaining({ name: 'email', in: 'path', required: true }),
      );
      expect(optOut?.responses).toHaveProperty('204');
      expect(optOut?.security).toEqual([]);
      const time = doc.paths['/api/Management/Time']?.get;
      expect(time?.responses['200']?.content).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/server-time' } },
      });
      // The spec-level bodies of the funding calls: the form's fields and the account number.
      for (const path of ['AddCreditCardFunding', 'AddBankAccountFunding']) {
        const body = doc.paths[`/api/Account/${path}`]?.post?.requestBody;
        const schema = body?.content['application/json']?.schema as {
          required?: string[];
          properties?: Record<string, unknown>;
        };
        expect(body?.required, path).toBe(true);
        expect(schema?.required, path).toContain('accountNumber');
        expect(schema?.properties, path).toHaveProperty('firstName');
      }
      const payment = doc.paths['/api/Account/SubmitPayment']?.post;
      expect(payment?.parameters).toContainEqual({
        $ref: '#/components/parameters/IdempotencyKey',
      });
      expect(doc.components.parameters?.IdempotencyKey).toMatchObject({
        name: 'Idempotency-Key',
        in: 'header',
      });
      expect(payment?.responses).toHaveProperty('409');
      expect(payment?.responses).toHaveProperty('422');
      expect(doc.paths['/api/Authorization/VerifyIdentity']?.post?.responses).toHaveProperty('440');
      expect(doc.paths['/api/Account/PaymentAuthorization']?.get?.responses['200']).toMatchObject({
        content: { 'application/pdf': {} },
      });
    });

    it('resolves every reference inside itself and compiles every component schema', () => {
      const problems: string[] = [];
      for (const ref of refs(doc)) {
        if (!ref.startsWith('#/')) problems.push(`not inside the document: ${ref}`);
        else if (pointer(doc, ref) === undefined) problems.push(`does not resolve: ${ref}`);
      }
      const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
      addFormats(ajv);
      ajv.addSchema(doc, 'openapi.json');
      for (const name of Object.keys(doc.components.schemas)) {
        try {
          ajv.getSchema(`openapi.json#/components/schemas/${encodeURIComponent(name)}`);
        } catch (error) {
          problems.push(`${name}: ${(error as Error).message}`);
        }
        const schema = doc.components.schemas[name] ?? {};
        for (const key of ['$id', '$schema', 'definitions']) {
          if (key in schema) problems.push(`${name}: keeps ${key}`);
        }
      }
      expect(problems).toEqual([]);
      // Local definitions are components of their own, named after their file.
      expect(doc.components.schemas).toHaveProperty(['debtor.communicationPref']);
      expect(doc.components.schemas).toHaveProperty(['error.fieldError']);
    });

    it('holds only the components it uses', () => {
      const used = new Set(refs(doc));
      const unused: string[] = [];
      for (const kind of ['schemas', 'responses', 'parameters'] as const) {
        for (const name of Object.keys(doc.components[kind] ?? {})) {
          if (!used.has(`#/components/${kind}/${name}`)) unused.push(`${kind}/${name}`);
        }
      }
      expect(unused).toEqual([]);
    });

    it('is rendered for people at /api/docs/ by Redoc from this server, under the strict CSP', async () => {
      const texts = JSON.parse(
        readFileSync(path.join(REPO_ROOT, 'flows/texts/api-docs.json'), 'utf8'),
      ) as { title: { en: string; es: string } };
      const page = await call(server, '/api/docs/', {
        session: null,
        headers: { accept: 'text/html' },
      });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(
        `script-src 'self' ${BOOT_SCRIPT_SOURCE} ${PAGE_REQUEST_SCRIPT_SOURCE};`,
      );
      expect(csp).not.toMatch(/unsafe-eval|blob:/);
      expect(page.text).toContain('<html lang="en">');
      expect(page.text).toContain(`<title>${texts.title.en}</title>`);
      expect(page.text).toContain('data-spec-url="../docs"');
      // Scripts only from files of this origin: none inline, nothing from elsewhere.
      const scripts = [...page.text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.map(([, attributes = '']) => /src="([^"]+)"/.exec(attributes)?.[1])).toEqual([
        'redoc.standalone.js',
        'redoc-init.js',
      ]);
      expect(scripts.map(([, , body]) => body)).toEqual(['', '']);
      expect(page.text).not.toMatch(/https?:\/\//);
      for (const [file, size] of [
        ['redoc.standalone.js', 500_000],
        ['redoc-init.js', 100],
      ] as const) {
        const script = await call(server, `/api/docs/${file}`, { session: null });
        expect(script.status, file).toBe(200);
        expect(script.headers.get('content-type'), file).toMatch(/^text\/javascript/);
        expect(script.bytes.length, file).toBeGreaterThan(size);
        // Nothing is loaded from a CDN (Redoc's footer logo is the one thing it would fetch).
        expect(script.text, file).not.toContain('cdn.redoc.ly');
      }
      const spanish = await call(server, '/api/docs/', { session: null, lang: 'es-MX,es;q=0.9' });
      expect(spanish.text).toContain('<html lang="es">');
      expect(spanish.text).toContain(`<title>${texts.title.es}</title>`);
    });
  });
}
