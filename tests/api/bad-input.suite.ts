/**
 * The bad-input sweep: every operation of the served OpenAPI document gets bad inputs derived from
 * its own parameters and request body: missing, wrong types, huge, deeply nested, NUL and lone
 * surrogates, prototype keys, numbers out of range (1e309), malformed JSON, other JSON values,
 * and the wrong content type. Signed-in operations are called with a valid token of a role they
 * take, so their bodies are really parsed and validated.
 *
 * The rule checked: no answer is a 5xx, and every 4xx is JSON with a `message` text. The answers
 * go through the harness's `call()`, so the contract suite (registered after this one) also checks
 * that each status and body is one the document gives for that operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startServer, type DatabaseFactory, type RunningServer } from './harness';
import { clearLockout, letterSignIn, MARIA, signIn, snapshotDemo } from './debtor-fixtures';
import type { OpenApiDoc, Operation } from './openapi.suite';

type Schema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
}

interface Probe {
  label: string;
  path: string;
  query: string;
  body?: string;
  contentType?: string;
}

/** Well-formed values for fields whose schema has a pattern (the demo data's own). */
const SAMPLES: Record<string, unknown> = {
  accountNumber: 'LU1.10001',
  account: 'LU1.10001',
  email: 'maria@example.com',
  emailAddress: 'maria@example.com',
  emailConfirm: 'maria@example.com',
  phoneNumber: '5552010001',
  smsNumber: '5552010001',
  attorneyPhoneNumber: '3125550100',
  phone: '555-201-0001',
  zip: '62701',
  state: 'IL',
  stateFiled: 'IL',
  socialSecurityNumber: '1234',
  dateOfBirth: '1980-01-15',
  cardNumber: '4111111111111111',
  cardExpiration: '2031-12-31',
  bankRoutingNumber: '011000015',
  bankAccountNumber: '123456789',
  debtors: '1',
  confirmation: 'PAY-0000000000',
  lastName: 'Garcia',
};

/** A deep array: far past any real body's nesting, well under the body limit. */
const DEEP = `${'['.repeat(2000)}${']'.repeat(2000)}`;

function resolve(doc: OpenApiDoc, schema: unknown): Schema {
  let node = (schema ?? {}) as Schema;
  for (let hops = 0; typeof node.$ref === 'string' && hops < 10; hops += 1) {
    const name = decodeURIComponent(node.$ref.replace('#/components/schemas/', ''));
    node = doc.components.schemas[name] ?? {};
  }
  return node;
}

function firstType(schema: Schema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null') as string;
  if (typeof schema.type === 'string') return schema.type;
  if ('const' in schema) return typeof schema.const;
  if (Array.isArray(schema.enum)) return typeof schema.enum[0];
  return undefined;
}

/** A plausible value of a schema: the starting point each bad input changes one thing of. */
function sample(doc: OpenApiDoc, raw: unknown, name = '', depth = 0): unknown {
  const schema = resolve(doc, raw);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (name in SAMPLES) return SAMPLES[name];
  const variant = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (Array.isArray(variant) && variant.length > 0 && !schema.type) {
    return sample(doc, variant[0], name, depth);
  }
  switch (firstType(schema)) {
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'array':
      return depth > 3 ? [] : [sample(doc, schema.items, name, depth + 1)];
    case 'object': {
      if (depth > 3) return {};
      const properties = (resolve(doc, schema).properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, child]) => [key, sample(doc, child, key, depth + 1)]),
      );
    }
    case 'string':
      if (schema.format === 'date' || /date/i.test(name)) return '2030-01-15';
      if (schema.format === 'date-time') return '2030-01-15T12:00:00Z';
      if (schema.format === 'email') return 'maria@example.com';
      return 'Garcia';
    default:
      return 'Garcia';
  }
}

/** A value of another JSON type than the schema's. */
function wrongType(doc: OpenApiDoc, raw: unknown): unknown {
  switch (firstType(resolve(doc, raw))) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'twelve';
    case 'boolean':
      return 'yes';
    case 'array':
      return { item: 1 };
    case 'object':
      return ['a'];
    default:
      return { nested: { value: [1, 2, 3] } };
  }
}

const query = (values: Record<string, unknown>): string => {
  const text = Object.entries(values)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return text ? `?${text}` : '';
};

/** Every bad input for one operation. */
function probes(doc: OpenApiDoc, path: string, method: string, op: Operation): Probe[] {
  const parameters = (op.parameters ?? []).filter(
    (p): p is Parameter => 'name' in p && (p.in === 'query' || p.in === 'path'),
  );
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const pathWith = (values: Record<string, string>) =>
    path.replace(/\{([^}]+)\}/g, (_all, name: string) => values[name] ?? 'x');
  const validPathValues = Object.fromEntries(
    pathParams.map((p) => [p.name, encodeURIComponent(String(sample(doc, p.schema, p.name)))]),
  );
  const validPath = pathWith(validPathValues);
  const validQuery = Object.fromEntries(
    queryParams.map((p) => [p.name, sample(doc, p.schema, p.name)]),
  );
  const out: Probe[] = [];
  const add = (label: string, probe: Partial<Probe>) =>
    out.push({ label, path: validPath, query: query(validQuery), ...probe });

  // Path parameters: NUL, a lone surrogate (as UTF-8 bytes no decoder accepts), huge, wrong.
  for (const p of pathParams) {
    for (const [label, value] of [
      ['NUL', 'a%00b%40example.com'],
      ['lone surrogate', '%ED%A0%80'],
      ['broken escape', '%E0%A4%A'],
      ['huge', 'x'.repeat(5000)],
    ] as const) {
      add(`path ${p.name} ${label}`, { path: pathWith({ ...validPathValues, [p.name]: value }) });
    }
  }

  // Query parameters: missing, wrong, NUL, lone surrogate, huge, out of range, repeated, extra.
  if (queryParams.length > 0) add('query missing', { query: '' });
  for (const p of queryParams) {
    const type = firstType(resolve(doc, p.schema));
    const valid = encodeURIComponent(String(validQuery[p.name]));
    // Already encoded: a lone surrogate cannot be (encodeURIComponent refuses it), so it is sent
    // as the UTF-8 bytes of one, which no decoder accepts.
    const variants: [string, string][] = [
      ['NUL', `${valid}%00`],
      ['lone surrogate', `${valid}%ED%A0%80`],
      ['broken escape', `${valid}%E0%A4%A`],
      ['huge', 'x'.repeat(5000)],
      ['wrong type', type === 'string' ? '' : 'twelve'],
    ];
    if (type === 'integer' || type === 'number') {
      variants.push(['1e309', '1e309'], ['-1e309', '-1e309'], ['2147483648', '2147483648']);
      variants.push(['-1', '-1'], ['0x10', '0x10'], ['1.5', '1.5'], ['NaN', 'NaN']);
    }
    const others = Object.fromEntries(Object.entries(validQuery).filter(([k]) => k !== p.name));
    for (const [label, value] of variants) {
      const rest = query(others);
      const own = `${encodeURIComponent(p.name)}=${value}`;
      add(`query ${p.name} ${label}`, { query: rest ? `${rest}&${own}` : `?${own}` });
    }
    add(`query ${p.name} repeated`, {
      query: `${query(validQuery) || '?'}&${encodeURIComponent(p.name)}=x`,
    });
  }
  if (method === 'get' || method === 'delete') {
    const rest = query(validQuery);
    const extra = '__proto__=x&constructor=y&prototype=z';
    add('query unknown parameter', { query: rest ? `${rest}&${extra}` : `?${extra}` });
  }

  const bodySchema = op.requestBody?.content['application/json']?.schema;
  if (method !== 'post' || !bodySchema) return out;

  // A body with two sets of names (the form's and the spec's, `anyOf`): each set gets the inputs.
  const shapes = (resolve(doc, bodySchema).anyOf as unknown[] | undefined) ?? [bodySchema];
  shapes.forEach((shape, index) => {
    const base = sample(doc, shape);
    const baseObject =
      base !== null && typeof base === 'object' && !Array.isArray(base)
        ? (base as Record<string, unknown>)
        : {};
    const properties = (resolve(doc, shape).properties ?? {}) as Record<string, unknown>;
    const json = (label: string, value: unknown) =>
      add(`${label}${index > 0 ? ` (names ${index + 1})` : ''}`, { body: JSON.stringify(value) });
    const raw = (label: string, body: string, contentType?: string) =>
      add(`${label}${index > 0 ? ` (names ${index + 1})` : ''}`, {
        body,
        ...(contentType ? { contentType } : {}),
      });
    if (index === 0) {
      json('body missing fields', {});
      for (const value of [[], 'text', 42, null, true])
        json(`body ${JSON.stringify(value)}`, value);
      raw('malformed JSON', '{"accountNumber": "LU1.10001",');
      raw('empty JSON body', '');
      raw('text/plain', 'accountNumber=LU1.10001', 'text/plain');
      raw('form-urlencoded', 'accountNumber=LU1.10001', 'application/x-www-form-urlencoded');
      raw('too large', JSON.stringify({ ...baseObject, filler: 'x'.repeat(2_000_000) }));
      raw('deep', `{"accountNumber":"LU1.10001","nested":${DEEP}}`);
      raw('__proto__', '{"__proto__":{"polluted":true},"accountNumber":"LU1.10001"}');
      raw('constructor.prototype', '{"constructor":{"prototype":{"polluted":true}}}');
    }
    json('prototype keys', { ...baseObject, constructor: 'x', prototype: { polluted: true } });
    const huge = JSON.stringify(baseObject).replace(/:(\d+|true|false)/g, ':1e309');
    if (huge !== JSON.stringify(baseObject)) raw('1e309 everywhere', huge);
    json('all wrong types', {
      ...Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, wrongType(doc, p)])),
    });
    for (const [name, schema] of Object.entries(properties)) {
      const type = firstType(resolve(doc, schema));
      json(`${name} wrong type`, { ...baseObject, [name]: wrongType(doc, schema) });
      json(`${name} deep`, { ...baseObject, [name]: JSON.parse(DEEP) as unknown });
      json(`${name} object`, { ...baseObject, [name]: { $gt: '' } });
      if (type === 'string' || type === undefined) {
        const value = String(baseObject[name] ?? 'x');
        json(`${name} NUL`, { ...baseObject, [name]: `${value}\u0000` });
        json(`${name} lone surrogate`, { ...baseObject, [name]: `${value}\udc00` });
        json(`${name} huge`, { ...baseObject, [name]: 'x'.repeat(60_000) });
      }
      if (type === 'integer' || type === 'number') {
        for (const value of ['1e309', '-1e309', '2147483648', '-1', '0.5', '1e-400']) {
          const text = JSON.stringify({ ...baseObject, [name]: 0 });
          raw(`${name} ${value}`, text.replace(`"${name}":0`, `"${name}":${value}`));
        }
      }
    }
  });
  return out;
}

export function badInputSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`bad inputs to every operation on ${dialect}`, () => {
    let server: RunningServer;
    let doc: OpenApiDoc;
    let restore: () => Promise<void>;

    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await clearLockout(server);
      // A probe the server accepts (a value that was already valid) may change the demo debtors.
      restore = await snapshotDemo(server);
      doc = (await call<OpenApiDoc>(server, '/api/docs', { session: null })).body;
    });
    afterAll(async () => {
      await restore?.();
      await server?.close();
    });

    it('answers no 5xx, and every 4xx is JSON with a message', async () => {
      const problems: string[] = [];
      let sent = 0;
      let operations = 0;
      const statuses: Record<number, number> = {};
      let accountToken: string | undefined;
      let letterToken: string | undefined;
      const signedIn = async (role: 'account' | 'letter') =>
        (role === 'account' ? await signIn(server, MARIA) : await letterSignIn(server)).accessToken;
      for (const [path, methods] of Object.entries(doc.paths)) {
        if (!path.startsWith('/api/') || path === '/api/docs' || path === '/api/health') continue;
        for (const [method, op] of Object.entries(methods)) {
          operations += 1;
          // One token of each role for the sweep (signing in per operation would meet the
          // per-identity rate limit); Logout, which ends the session it is given, gets its own.
          const roles = op['x-roles'] ?? [];
          let token: string | undefined;
          if (path.endsWith('/Logout')) token = (await signIn(server, MARIA)).accessToken;
          else if (roles.includes('account')) token = accountToken ??= await signedIn('account');
          else if (roles.includes('letter')) token = letterToken ??= await signedIn('letter');
          for (const probe of probes(doc, path, method, op)) {
            sent += 1;
            const where = `${method.toUpperCase()} ${path} [${probe.label}]`;
            const headers: Record<string, string> = {};
            if (probe.contentType) headers['content-type'] = probe.contentType;
            try {
              const res = await call<{ message?: unknown }>(server, `${probe.path}${probe.query}`, {
                method: method.toUpperCase(),
                ...(probe.body !== undefined ? { rawBody: probe.body } : {}),
                ...(token ? { token } : {}),
                headers,
              });
              statuses[res.status] = (statuses[res.status] ?? 0) + 1;
              if (res.status >= 500) problems.push(`${where}: ${res.status} ${res.text}`);
              else if (res.status >= 400) {
                const type = res.headers.get('content-type') ?? '';
                const message = res.body?.message;
                if (!type.startsWith('application/json')) {
                  problems.push(`${where}: ${res.status} as ${type}`);
                } else if (typeof message !== 'string' || message === '') {
                  problems.push(`${where}: ${res.status} without a message: ${res.text}`);
                }
              }
            } catch (error) {
              problems.push(`${where}: ${(error as Error).message}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
      // Every operation of both families, each with many inputs.
      expect(operations).toBeGreaterThanOrEqual(80);
      expect(sent).toBeGreaterThan(operations * 10);
      // Most inputs are refused as invalid (400); a few are the wrong media type or too large.
      expect(statuses[400] ?? 0).toBeGreaterThan(sent * 0.8);
      expect(statuses[413]).toBeGreaterThan(0);
      expect(statuses[415]).toBeGreaterThan(0);
      // About 1,000 calls: 46 s on SQLite and 107 s on PostgreSQL on a busy 2-core host.
    }, 300_000);
  });
}
