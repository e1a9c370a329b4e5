/**
 * The served OpenAPI document as an integrator uses it: GET /api/docs saved to a file, then two
 * widely used tools no one here wrote, run as their command-line programs, offline.
 *
 * - @redocly/cli lint with the recommended rules (redocly.yaml): no error, and no warning but the
 *   ones redocly.yaml keeps with a reason.
 * - openapi-typescript generates client types from it, and they compile (TypeScript strict) with
 *   a client's use of them.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { call, REPO_ROOT, startServer, tempDir, type RunningServer } from './harness';

const run = promisify(execFile);
const bin = (file: string) => path.join(REPO_ROOT, 'node_modules', file);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/** The warnings redocly.yaml keeps (see the reasons there), by rule: where they may be. */
const KEPT_WARNINGS: Record<string, { count: number; where: RegExp }> = {
  'no-required-schema-properties-undefined': {
    count: 19,
    where: /^#\/components\/schemas\/verify-identity-request\/allOf\/\d+\/then\/required\/\d+$/,
  },
  'operation-4xx-response': { count: 2, where: /^#\/paths\/~1api~1(health|docs)\/get\/responses$/ },
  'info-license': { count: 1, where: /^#\/info$/ },
};

describe('the OpenAPI document in third-party tools', () => {
  const data = tempDir('portal-openapi-tools-');
  let server: RunningServer;
  let file: string;
  beforeAll(async () => {
    server = await startServer(() => openDatabase({ dataDir: path.join(data.dir, 'data') }));
    const res = await call(server, '/api/docs', { session: null });
    expect(res.status).toBe(200);
    file = path.join(data.dir, 'openapi.json');
    writeFileSync(file, res.text);
  });
  afterAll(async () => {
    await server?.close();
    data.remove();
  });

  it('passes @redocly/cli lint (recommended rules): no error, only the warnings redocly.yaml keeps', async () => {
    const output = path.join(data.dir, 'lint.json');
    // Exit code 1 means errors: read the report either way and name them.
    const result = await run(
      process.execPath,
      [bin('@redocly/cli/bin/cli.js'), 'lint', file, '--format=json', '--max-problems=1000'],
      { cwd: REPO_ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } },
    ).catch((error: { stdout?: string; stderr?: string }) => error);
    writeFileSync(output, result.stdout ?? '');
    const report = JSON.parse(readFileSync(output, 'utf8')) as {
      totals: { errors: number; warnings: number };
      problems: LintProblem[];
    };
    const show = (p: LintProblem) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`;
    expect(report.problems.filter((p) => p.severity === 'error').map(show)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    const warnings = report.problems.filter((p) => p.severity === 'warn');
    const unexpected = warnings.filter(
      (p) => !KEPT_WARNINGS[p.ruleId]?.where.test(p.location[0]?.pointer ?? ''),
    );
    expect(unexpected.map(show)).toEqual([]);
    for (const [rule, kept] of Object.entries(KEPT_WARNINGS)) {
      expect(warnings.filter((p) => p.ruleId === rule).length, rule).toBe(kept.count);
    }
    // Each kept warning's rule is listed in redocly.yaml (with its reason, in a comment).
    const config = readFileSync(path.join(REPO_ROOT, 'redocly.yaml'), 'utf8');
    for (const rule of Object.keys(KEPT_WARNINGS)) expect(config).toContain(`${rule}: warn`);
  });

  it('generates client types with openapi-typescript, and they compile', async () => {
    const types = path.join(data.dir, 'api.d.ts');
    await run(process.execPath, [bin('openapi-typescript/bin/cli.js'), file, '-o', types], {
      cwd: REPO_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
    });
    const generated = readFileSync(types, 'utf8');
    expect(generated).toContain('export interface paths');
    // A client's use of the generated types: bodies, parameters and errors by operation.
    const client = path.join(data.dir, 'client.ts');
    writeFileSync(
      client,
      [
        "import type { components, operations, paths } from './api';",
        "type Detailed = paths['/api/v2/Account/Detailed']['get'];",
        "type Account = Detailed['responses'][200]['content']['application/json'];",
        "export const number: Account['account']['accountNumber'] = 'LU1.10001';",
        "export const query: Detailed['parameters']['query'] = { accountNumber: 'LU1.10001' };",
        "type Phone = components['schemas']['debtor.debtorPhone'];",
        "export const phone: Phone = { phoneNumber: '5552010001', type: 'mobile' };",
        "type Failure = components['responses']['NotFound']['content']['application/json'];",
        "export const failure: Failure = { message: 'x', errors: [{ path: '/', keyword: 'k', message: 'm' }] };",
        "type Card = operations['post_api_Account_AddCreditCardFunding']['requestBody'];",
        "export const card: NonNullable<Card>['content']['application/json']['accountNumber'] = 'LU1.10001';",
        "export const key: operations['post_api_Account_SubmitPayment']['parameters']['header']['Idempotency-Key'] = 'k';",
        '',
      ].join('\n'),
    );
    const program = ts.createProgram([client], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });
});
