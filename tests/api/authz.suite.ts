/**
 * Authorization matrix and log hygiene.
 *
 * The matrix reads the OpenAPI document (so it covers every route registered by any module): each
 * signed-in route that names an account, letter, funding method or payment (in its query or body)
 * is called as Maria with John's account number and valid-looking values; the answer must be 404
 * (or 403), never a success. A letter token must get 403 from every route its role may not use.
 *
 * Log hygiene: a journey of sign-ins, a card funding add, a dispute, a bankruptcy report and a
 * contact message, with the server log captured; the log must not contain an SSN or date of birth
 * of the demo, a card number or a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDay, DEFAULT_TIME_ZONE } from '../../src/server/dates';
import { leakedSecrets } from '../leaks';
import { call, startServer, type DatabaseFactory, type RunningServer } from './harness';
import {
  clearLockout,
  JOHN,
  MARIA,
  MARIA_LETTER,
  letterSignIn,
  signIn,
  snapshotDemo,
} from './debtor-fixtures';
import type { OpenApiDoc, Operation } from './openapi.suite';

const today = () => calendarDay(new Date(), DEFAULT_TIME_ZONE);
const JOHNS_ACCOUNT = 'LU1.20001';
/** Names that make a route account-scoped. */
const SCOPED = [
  'accountNumber',
  'account',
  'fundingId',
  'fundingMethodId',
  'targetId',
  'letterId',
  'paymentId',
];

type Schema = Record<string, unknown>;

/** Valid-looking values by field name (before falling back on the schema). */
function named(name: string): unknown {
  const lower = name.toLowerCase();
  if (lower === 'accountnumber' || lower === 'account') return JOHNS_ACCOUNT;
  if (lower === 'letterid') return 57;
  if (/^(fundingid|fundingmethodid|targetid|paymentid|letteroptionid)$/.test(lower)) return 1;
  if (lower === 'cardnumber') return '4111111111111111';
  if (lower === 'cardexpiration') return '12/39';
  if (lower === 'bankroutingnumber' || lower === 'routingnumber') return '021000021';
  if (lower === 'bankaccountnumber') return '000123456789';
  if (lower.includes('phone') || lower === 'smsnumber') return '5552010001';
  if (lower.includes('email')) return 'maria@example.com';
  if (lower === 'zip') return '62701';
  if (lower === 'state' || lower === 'statefiled') return 'IL';
  if (lower === 'filedate') return addDays(today(), -10);
  if (/date$/.test(lower) || lower === 'dateofpayment') return addDays(today(), 1);
  if (lower === 'casenumber') return '24-bk-1';
  if (lower === 'confirmation') return 'WP0123456789';
  return undefined;
}

function resolve(schema: unknown, root: Schema, doc: OpenApiDoc): [Schema, Schema] {
  let node = (schema ?? {}) as Schema;
  let base = root;
  for (let i = 0; i < 5 && typeof node.$ref === 'string'; i += 1) {
    const ref = node.$ref;
    if (ref.startsWith('#/components/schemas/')) {
      base = doc.components.schemas[ref.slice('#/components/schemas/'.length)] ?? {};
      node = base;
    } else {
      let target: unknown = base;
      for (const part of ref.slice(2).split('/')) target = (target as Schema | undefined)?.[part];
      node = (target ?? {}) as Schema;
    }
  }
  return [node, base];
}

/** A value that satisfies `schema` as far as a simple generator can. */
function sample(name: string, schema: unknown, root: Schema, doc: OpenApiDoc): unknown {
  const [node, base] = resolve(schema, root, doc);
  const byName = named(name);
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum)) return node.enum[0];
  if (byName !== undefined) return byName;
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  if (type === 'object' || node.properties) return sampleObject(node, base, doc);
  if (type === 'array') return [sample(name, node.items, base, doc)];
  if (type === 'integer') return typeof node.minimum === 'number' ? node.minimum : 1;
  if (type === 'number') return typeof node.minimum === 'number' ? Math.max(node.minimum, 10) : 10;
  if (type === 'boolean') return true;
  if (node.format === 'date') return today();
  if (node.format === 'date-time') return new Date().toISOString();
  if (node.format === 'email') return 'maria@example.com';
  return 'x'.repeat(typeof node.minLength === 'number' ? Math.max(node.minLength, 2) : 2);
}

function sampleObject(schema: Schema, root: Schema, doc: OpenApiDoc): Schema {
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = (schema.required ?? []) as string[];
  const out: Schema = {};
  for (const [key, property] of Object.entries(properties)) {
    if (required.includes(key) || named(key) !== undefined)
      out[key] = sample(key, property, root, doc);
  }
  return out;
}

interface Target {
  method: string;
  path: string;
  operation: Operation;
  query: Record<string, unknown>;
  body: unknown;
  scoped: boolean;
}

function targets(doc: OpenApiDoc): Target[] {
  const out: Target[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation['x-roles']) continue;
      const query: Record<string, unknown> = {};
      const names: string[] = [];
      for (const parameter of operation.parameters ?? []) {
        if (!('name' in parameter) || parameter.in !== 'query') continue;
        names.push(parameter.name);
        if (parameter.required || named(parameter.name) !== undefined) {
          query[parameter.name] = sample(parameter.name, parameter.schema, {}, doc);
        }
      }
      let body: unknown;
      const body0 = operation.requestBody?.content['application/json']?.schema;
      // A body with two sets of names (the form's and the spec's) is sent with the first.
      const schema = (body0?.anyOf as Record<string, unknown>[] | undefined)?.[0] ?? body0;
      if (schema) {
        const [node, base] = resolve(schema, {}, doc);
        names.push(...Object.keys((node.properties ?? {}) as object));
        body = sampleObject(node, base, doc);
      } else if (method !== 'get' && method !== 'delete') {
        // No declared body: send the account-scoped fields a handler might read.
        body = { accountNumber: JOHNS_ACCOUNT, fundingId: 1, targetId: 1 };
        names.push('accountNumber');
      }
      out.push({
        method: method.toUpperCase(),
        path,
        operation,
        query,
        body,
        scoped: names.some((n) => SCOPED.includes(n)),
      });
    }
  }
  return out;
}

function urlOf(target: Target): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(target.query)) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${target.path}?${qs}` : target.path;
}

export function authzSuite(dialect: string, makeDatabase: DatabaseFactory): void {
  describe(`authorization matrix on ${dialect}`, () => {
    let server: RunningServer;
    let restore: () => Promise<void>;
    let doc: OpenApiDoc;
    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await clearLockout(server);
      restore = await snapshotDemo(server);
      doc = (await call<OpenApiDoc>(server, '/api/docs', { session: null })).body;
    });
    afterAll(async () => {
      await restore?.();
      await server?.close();
    });

    it("answers 404 (or 403), never success, for every account-scoped call with another debtor's ids", async () => {
      const maria = (await signIn(server, MARIA)).accessToken;
      const list = targets(doc).filter((t) => t.scoped);
      expect(list.length).toBeGreaterThan(30);
      const wrong: string[] = [];
      for (const target of list) {
        const res = await call(server, urlOf(target), {
          method: target.method,
          token: maria,
          body: target.body,
        });
        if (![403, 404].includes(res.status)) {
          wrong.push(
            `${target.method} ${urlOf(target)} ${JSON.stringify(target.body)} -> ${res.status} ${res.text.slice(0, 300)}`,
          );
        }
      }
      expect(wrong).toEqual([]);
      // The matrix covered the calls of every family.
      const covered = list.map((t) => `${t.method} ${t.path}`);
      for (const expected of [
        'GET /api/Account/Detailed',
        'GET /api/v2/Account/Letter',
        'POST /api/Account/ByteLetter',
        'POST /api/v2/Account/SubmitDispute',
        'POST /api/Account/SubmitBankruptcy',
        'GET /api/Account/Debtor',
        'GET /api/v2/Account/Letters',
      ]) {
        expect(covered).toContain(expected);
      }
    });

    it('answers 403 to a letter token on every route its role may not use', async () => {
      const letter = (await letterSignIn(server)).accessToken;
      const wrong: string[] = [];
      let checked = 0;
      for (const target of targets(doc)) {
        if (target.operation['x-roles']?.includes('letter')) continue;
        checked += 1;
        const res = await call(server, urlOf(target), {
          method: target.method,
          token: letter,
          body: target.body,
        });
        if (res.status !== 403) wrong.push(`${target.method} ${target.path} -> ${res.status}`);
      }
      expect(checked).toBeGreaterThan(30);
      expect(wrong).toEqual([]);
    });

    it("keeps a letter token to its own letter on the letter routes (404 for John's)", async () => {
      const letter = (await letterSignIn(server)).accessToken;
      const wrong: string[] = [];
      for (const target of targets(doc)) {
        if (!target.operation['x-roles']?.includes('letter') || !target.scoped) continue;
        const res = await call(server, urlOf(target), {
          method: target.method,
          token: letter,
          body: target.body,
        });
        if (![403, 404].includes(res.status))
          wrong.push(`${target.method} ${target.path} -> ${res.status} ${res.text.slice(0, 200)}`);
      }
      expect(wrong).toEqual([]);
    });
  });

  describe(`log hygiene on ${dialect}`, () => {
    let server: RunningServer;
    let restore: () => Promise<void>;
    beforeAll(async () => {
      server = await startServer(makeDatabase);
      await clearLockout(server);
      restore = await snapshotDemo(server);
    });
    afterAll(async () => {
      await restore?.();
      await server?.close();
    });

    it('logs no SSN, date of birth, card number or token during a journey', async () => {
      const before = server.logs.lines.length;
      const secrets: string[] = [];
      const maria = await signIn(server, MARIA);
      const john = await signIn(server, JOHN);
      secrets.push(maria.accessToken, maria.refreshToken, john.accessToken, john.refreshToken);
      await call(server, '/api/Authorization/VerifyIdentity', {
        body: { ...MARIA, socialSecurityNumber: '9999' },
      });
      await signIn(server, MARIA); // clears the failure above
      const letter = await letterSignIn(server);
      secrets.push(letter.accessToken, letter.refreshToken);

      const hasCardRoute = Boolean(
        (await call<OpenApiDoc>(server, '/api/docs', { session: null })).body.paths[
          '/api/Account/AddCreditCardFunding'
        ],
      );
      if (hasCardRoute) {
        await call(server, '/api/Account/AddCreditCardFunding', {
          token: john.accessToken,
          body: {
            accountNumber: 'LU1.20001',
            cardNumber: '4111111111111111',
            cardExpiration: '12/39',
            firstName: 'John',
            lastName: 'Smith',
            addressLine1: '456 Oak Ave',
            city: 'Columbus',
            state: 'OH',
            zip: '43215',
          },
        });
        await call(server, '/api/Account/CheckCard?accountNumber=LU1.20001', {
          token: john.accessToken,
          body: { cardNumber: '4111 1111 1111 1111' },
        });
      }
      const dispute = await call(server, '/api/Account/SubmitDispute', {
        token: john.accessToken,
        body: { accountNumber: 'LU1.20001', notMyDebt: true, termsAccepted: true },
      });
      expect(dispute.status).toBe(200);
      const bankruptcy = await call(server, '/api/Account/SubmitBankruptcy', {
        token: john.accessToken,
        body: {
          accountNumber: 'LU1.20001',
          chapter: 7,
          caseNumber: '25-00042',
          fileDate: addDays(today(), -2),
          address1: '456 Oak Ave',
          city: 'Columbus',
          state: 'OH',
          zip: '43215',
          finalVerify: true,
        },
      });
      expect(bankruptcy.status, bankruptcy.text).toBe(200);
      await call(server, '/api/Guest/ContactUs', {
        body: {
          name: 'John Smith',
          reason: 'other',
          phoneNumber: '5552010002',
          message: 'My SSN ends 5678 and I was born 1975-06-30',
          finalVerify: true,
        },
      });
      const refreshed = await call<{ accessToken: string; refreshToken: string }>(
        server,
        '/api/Authorization/Refresh',
        { body: { refreshToken: maria.refreshToken } },
      );
      secrets.push(refreshed.body.accessToken, refreshed.body.refreshToken);
      await call(server, '/api/Authorization/Refresh', {
        body: { refreshToken: maria.refreshToken },
      });
      await call(server, '/api/Authorization/Logout', { method: 'POST', token: john.accessToken });

      const lines = server.logs.lines.slice(before);
      const log = lines.join('\n');
      expect(log).toContain('dispute received');
      expect(log).toContain('bankruptcy reported');
      const found = leakedSecrets(lines, [
        ...secrets,
        '1980-01-15',
        '1975-06-30',
        '4111111111111111',
        '4111 1111 1111 1111',
        '1234',
        '5678',
        '9999',
      ]);
      expect(found.map(({ secret, line }) => `${secret.slice(0, 20)}: ${line}`)).toEqual([]);
      expect(log).not.toMatch(
        /(ssn|socialSecurityNumber|last4|dateOfBirth)"?\s*[:=]\s*"?(1234|5678|9999|19)/i,
      );
    });

    it('logs no offer code: a letter sign-in, its letter and its page leave no letter id', async () => {
      const before = server.logs.lines.length;
      const { accountNumber, letterId } = MARIA_LETTER;
      const letter = await letterSignIn(server);
      const reads = [
        `/api/Account/Letter?accountNumber=${accountNumber}&letterId=${letterId}`,
        `/api/v2/Account/Letter?accountNumber=${accountNumber}&letterId=${letterId}`,
        // Another spelling of the parameter's name reaches the same route: also redacted.
        `/api/v2/Account/Letter?accountNumber=${accountNumber}&%6CetterId=${letterId}`,
      ];
      for (const url of reads) {
        const res = await call(server, url, { token: letter.accessToken });
        expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }
      // The letter's page, as the browser opens it from the letter's link.
      const page = await fetch(`${server.url}/letter-option/${accountNumber}/${letterId}?lang=es`, {
        headers: { accept: 'text/html' },
      });
      await page.arrayBuffer();

      const lines = server.logs.lines.slice(before);
      const urls = lines
        .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
        .filter((url): url is string => url !== undefined);
      // Each request was logged, with its letter id replaced.
      expect(urls.filter((url) => url.includes('Account/Letter?')).length).toBe(reads.length);
      expect(urls).toContain(`/letter-option/${accountNumber}/[redacted]?lang=es`);
      const log = lines.join('\n');
      expect(log).not.toMatch(new RegExp(`letterId=${letterId}\\b`, 'i'));
      expect(log).not.toContain(`/letter-option/${accountNumber}/${letterId}`);
      expect(log).not.toContain(`${accountNumber}.${letterId}`);
    });
  });
}
