import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { signIn, verifyLetter, verifySsn } from './helpers';

const root = path.resolve(import.meta.dirname, '../../..');
const generated = path.join(root, 'src/generated/validators');
const runtime = customizeValidator();
const keyed = (
  errors: readonly { instancePath: string; keyword: string; params: unknown }[] | undefined,
) => (errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${JSON.stringify(e.params)}`).sort();

describe('precompiled validators', () => {
  const cases: [
    string,
    { schema: RJSFSchema; validator: typeof signIn.validator },
    Record<string, unknown>[],
  ][] = [
    [
      'sign-in',
      signIn,
      [
        {},
        { lastName: 'Smith', option1: 'SocialSecurityNumber', socialSecurityNumber: '1234' },
        {
          lastName: 'S',
          option1: 'Nope',
          phone: '12',
          accountNumber: 'x',
          dateOfBirth: '1980-02-30x',
        },
        {
          lastName: 'x'.repeat(51),
          option1: 'Phone',
          option2: 'MRSAccountNumber',
          accountFromUrl: 'yes',
          extra: 1,
        },
      ],
    ],
    [
      'verify-ssn',
      verifySsn,
      [{}, { socialSecurityNumber: '12a4' }, { socialSecurityNumber: '1234' }],
    ],
    [
      'verify-letter',
      verifyLetter,
      [{ letterCode: 'LU1.10001.57' }, { letterCode: 'LU1..57' }, {}],
    ],
  ];

  it.each(cases)(
    '%s gives the same errors as the runtime ajv validator',
    (_name, form, samples) => {
      for (const sample of samples) {
        const precompiled = form.validator.rawValidation<{
          instancePath: string;
          keyword: string;
          params: unknown;
        }>(form.schema, sample).errors;
        const compiledAtRuntime = runtime.rawValidation<{
          instancePath: string;
          keyword: string;
          params: unknown;
        }>(form.schema, sample).errors;
        expect(keyed(precompiled)).toEqual(keyed(compiledAtRuntime));
      }
    },
  );

  it('each generated module carries exactly its schema file', () => {
    for (const [name, form] of [
      ['sign-in', signIn],
      ['verify-ssn', verifySsn],
      ['verify-letter', verifyLetter],
    ] as const) {
      const file = JSON.parse(
        readFileSync(path.join(root, `schemas/forms/${name}.schema.json`), 'utf8'),
      ) as unknown;
      expect(form.schema).toEqual(file);
    }
  });

  it('refuses a schema other than the one it was compiled from', () => {
    const other = { ...signIn.schema, required: ['lastName'] };
    expect(() => signIn.validator.rawValidation(other, {})).toThrow(/differs/);
  });

  it('generated code compiles nothing at runtime (no new Function, no eval, no require)', () => {
    const files = readdirSync(generated).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const code = readFileSync(path.join(generated, file), 'utf8');
      expect(code, file).not.toMatch(/new Function/);
      expect(code, file).not.toMatch(/\beval\(/);
      expect(code, file).not.toMatch(/\brequire\(/);
    }
  });

  it('is up to date with the schemas (gen-validators --check)', () => {
    const output = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/gen-validators.ts', '--check'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(output).toMatch(/up to date/);
  }, 30_000);
});
