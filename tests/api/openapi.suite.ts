/**
 * GET /api/docs: an OpenAPI 3.1 document generated from the registered routes and the schemas.
 * Every /api route is in it (whoever registered it), every reference resolves, every component
 * schema compiles.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../src/server/ajv';
import { call, startServer, type DatabaseFactory, type RunningServer } from './harness';

export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
}

export interface Operation {
  parameters?: (
    { name: string; in: string; required?: boolean; schema?: unknown } | { $ref: string }
  )[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
  security?: unknown[];
  'x-roles'?: string[];
}

/** Every `$ref` in a value, with the component schema it sits in (for `#/definitions/...`). */
function refs(value: unknown, where: string | null, out: [string, string | null][] = []) {
  if (Array.isArray(value)) value.forEach((item) => refs(item, where, out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') out.push([child, where]);
      else refs(child, where, out);
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
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

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
    });

    it('describes bodies, parameters, files, roles and errors', () => {
      const dispute = doc.paths['/api/v2/Account/SubmitDispute']?.post;
      expect(dispute?.requestBody?.content['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/form-dispute',
      });
      expect(dispute?.responses['200']?.content).toHaveProperty('application/pdf');
      expect(dispute?.['x-roles']).toEqual(['account']);
      expect(dispute?.responses.default?.content).toHaveProperty('application/json');
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
    });

    it('resolves every reference and compiles every component schema', () => {
      const problems: string[] = [];
      for (const [ref, where] of refs(doc.paths, null)) {
        if (pointer(doc, ref) === undefined) problems.push(`paths: ${ref}`);
        void where;
      }
      // A component keeps its $id: another schema's $id (with a pointer into it) names it.
      const byId = new Map(
        Object.values(doc.components.schemas)
          .filter((schema) => typeof schema.$id === 'string')
          .map((schema) => [schema.$id as string, schema]),
      );
      const ajv = createAjv({ strict: false });
      for (const schema of byId.values()) ajv.addSchema(schema);
      for (const [name, schema] of Object.entries(doc.components.schemas)) {
        for (const [ref] of refs(schema, name)) {
          const [id = '', local = ''] = ref.split('#');
          const target = ref.startsWith('#/components/')
            ? pointer(doc, ref)
            : pointer(id ? byId.get(id) : schema, `#${local}`);
          if (target === undefined) problems.push(`${name}: ${ref}`);
        }
        try {
          if (typeof schema.$id === 'string') ajv.getSchema(schema.$id);
          else createAjv({ strict: false }).compile({ ...schema, $id: `/openapi/${name}.json` });
        } catch (error) {
          problems.push(`${name}: ${(error as Error).message}`);
        }
      }
      expect(byId.has('/schemas/api/account.json')).toBe(true);
      expect(problems).toEqual([]);
    });
  });
}
