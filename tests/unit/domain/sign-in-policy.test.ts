import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkSignInPolicy,
  decideSignIn,
  isFactor,
  type SignInPolicy,
  type VerificationKind,
} from '../../../src/domain/sign-in-policy';

const root = path.resolve(import.meta.dirname, '../../..');
const shipped = JSON.parse(
  readFileSync(path.join(root, 'flows/policies/sign-in.json'), 'utf8'),
) as SignInPolicy;

const KINDS: VerificationKind[] = [
  'None',
  'LastName',
  'DateOfBirth',
  'Phone',
  'Address',
  'SocialSecurityNumber',
  'MRSAccountNumber',
  'ClientAccountNumber',
  'AgentPin',
];

describe('the shipped sign-in policy', () => {
  it('passes its own checks', () => {
    expect(checkSignInPolicy(shipped)).toEqual([]);
  });

  it('allows two different real factors, or the account number with LastName, and nothing else', () => {
    const allowed: string[] = [];
    for (const option1 of KINDS) {
      for (const option2 of [...KINDS, undefined]) {
        if (decideSignIn(shipped, { option1, option2 }).ok) allowed.push(`${option1}/${option2}`);
      }
    }
    const real = [
      'DateOfBirth',
      'Phone',
      'SocialSecurityNumber',
      'MRSAccountNumber',
      'ClientAccountNumber',
    ];
    const expected = real.flatMap((a) => real.filter((b) => b !== a).map((b) => `${a}/${b}`));
    expected.push('MRSAccountNumber/LastName');
    expect(allowed.sort()).toEqual(expected.sort());
  });

  it('names the factors to match, and adds the SSN of option3 to them, never in place of one', () => {
    expect(
      decideSignIn(shipped, {
        option1: 'DateOfBirth',
        option2: 'Phone',
        option3: 'SocialSecurityNumber',
      }),
    ).toEqual({
      ok: true,
      combination: 'two-factors',
      factors: ['DateOfBirth', 'Phone', 'SocialSecurityNumber'],
    });
    expect(
      decideSignIn(shipped, { option1: 'MRSAccountNumber', option2: 'LastName', option3: 'None' }),
    ).toEqual({
      ok: true,
      combination: 'account-number-and-last-name',
      factors: ['MRSAccountNumber'],
    });
    // The SSN twice, a third kind that is not the step-up, or option3 with no pair: refused.
    expect(
      decideSignIn(shipped, {
        option1: 'SocialSecurityNumber',
        option2: 'DateOfBirth',
        option3: 'SocialSecurityNumber',
      }),
    ).toEqual({ ok: false, slot: 'option3' });
    expect(
      decideSignIn(shipped, {
        option1: 'DateOfBirth',
        option2: 'Phone',
        option3: 'MRSAccountNumber',
      }),
    ).toEqual({ ok: false, slot: 'option3' });
    expect(
      decideSignIn(shipped, {
        option1: 'LastName',
        option2: 'None',
        option3: 'SocialSecurityNumber',
      }),
    ).toEqual({ ok: false, slot: 'option1' });
    expect(decideSignIn(shipped, { option1: 'SocialSecurityNumber' })).toEqual({
      ok: false,
      slot: 'option2',
    });
  });
});

describe('a policy file that breaks the rules', () => {
  // As a file could say it if the meta-schema were bypassed: the code still refuses.
  const careless = {
    ...shipped,
    factors: ['None', 'LastName', 'SocialSecurityNumber', 'DateOfBirth'],
    combinations: [
      {
        id: 'loose',
        option1: ['None', 'LastName', 'SocialSecurityNumber'],
        option2: ['None', 'LastName', 'Address'],
      },
    ],
  } as unknown as SignInPolicy;

  it('never counts None or LastName as factors, nor a kind it does not name', () => {
    expect(isFactor(careless, 'None')).toBe(false);
    expect(isFactor(careless, 'LastName')).toBe(false);
    expect(isFactor(careless, 'Address')).toBe(false);
    expect(isFactor(careless, undefined)).toBe(false);
    expect(isFactor(careless, 'SocialSecurityNumber')).toBe(true);
  });

  it('refuses every pair without a real factor in option1, and a kind that is not a factor', () => {
    for (const option1 of KINDS) {
      for (const option2 of [...KINDS, undefined]) {
        const decision = decideSignIn(careless, { option1, option2 });
        const pass = option1 === 'SocialSecurityNumber' && option2 === 'LastName';
        expect(decision.ok, `${option1}/${option2}`).toBe(pass);
      }
    }
  });

  it('is reported by the checks', () => {
    expect(checkSignInPolicy(careless)).toEqual(
      expect.arrayContaining([
        '/factors: None is never a factor',
        '/factors: LastName is never a factor',
        expect.stringContaining('/combinations/0/option2/2: "Address" is not in factors'),
      ]),
    );
    const noSsn = { ...shipped, stepUp: { option3: ['DateOfBirth'] } } as unknown as SignInPolicy;
    expect(checkSignInPolicy(noSsn).join('\n')).toContain(
      '/stepUp/option3: must include SocialSecurityNumber',
    );
  });
});
