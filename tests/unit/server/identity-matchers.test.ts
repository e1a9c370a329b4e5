import { describe, expect, it } from 'vitest';
import { hashDateOfBirth, hashSsnLast4 } from '../../../src/server/auth/keys';
import { FACTOR_MATCHERS, factorMatches, type MatchInput } from '../../../src/server/auth/routes';
import type { DebtorRow } from '../../../src/server/db/types';

const key = Buffer.alloc(32, 7);
const debtor = {
  id: 1,
  ssn_last4_hmac: hashSsnLast4(key, '1234'),
  dob_hmac: hashDateOfBirth(key, '1980-01-15'),
  zip: '62701',
  address_line1: '123 Main St',
} as unknown as DebtorRow;
const facts = {
  phones: ['5552010001'],
  accountNumbers: ['LU1.10001'],
  clientAccounts: ['5512345678901001'],
};
const right = {
  lastName: 'Garcia',
  option1: 'None' as const,
  socialSecurityNumber: '1234',
  dateOfBirth: '1980-01-15',
  phone: '555-201-0001',
  accountNumber: 'LU1.10001',
  creditorAccountNumber: '5512345678901001',
  address: { street: '123 Main St', zip: '62701' },
  agentPin: '1234',
};
const hashesOf = (body: {
  lastName: string;
  socialSecurityNumber?: string;
  dateOfBirth?: string;
}) => ({
  ssn: hashSsnLast4(key, body.socialSecurityNumber ?? '0000'),
  dob: hashDateOfBirth(key, body.dateOfBirth ?? '0000-00-00'),
});

const ALL_KINDS = [
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

describe('identity factor matchers', () => {
  it('have no matcher for None or LastName: they never match, nor does an unknown kind', () => {
    expect(Object.keys(FACTOR_MATCHERS).sort()).toEqual([
      'Address',
      'AgentPin',
      'ClientAccountNumber',
      'DateOfBirth',
      'MRSAccountNumber',
      'Phone',
      'SocialSecurityNumber',
    ]);
    const input: MatchInput = { body: right, debtor, facts, hashes: hashesOf(right) };
    for (const kind of ['None', 'LastName', 'Password', 'toString', '__proto__']) {
      expect(factorMatches(kind, input), kind).toBe(false);
    }
  });

  it('match nothing by default: no value, or no candidate, is false for every kind', () => {
    const empty = { lastName: 'Garcia', option1: 'None' as const };
    for (const kind of ALL_KINDS) {
      expect(
        factorMatches(kind, { body: empty, debtor, facts, hashes: hashesOf(empty) }),
        kind,
      ).toBe(false);
      expect(
        factorMatches(kind, {
          body: right,
          debtor: undefined,
          facts: { phones: [], accountNumbers: [], clientAccounts: [] },
          hashes: hashesOf(right),
        }),
        kind,
      ).toBe(false);
    }
  });

  it('match the right value of each real kind, and an agent PIN never', () => {
    const input: MatchInput = { body: right, debtor, facts, hashes: hashesOf(right) };
    const matched = ALL_KINDS.filter((kind) => factorMatches(kind, input));
    expect(matched.sort()).toEqual([
      'Address',
      'ClientAccountNumber',
      'DateOfBirth',
      'MRSAccountNumber',
      'Phone',
      'SocialSecurityNumber',
    ]);
  });
});
