import { describe, expect, it } from 'vitest';
import { validateForm } from '../../../src/engine/form/validate';
import {
  signIn,
  signInFlow,
  translator,
  verifyLetter,
  verifyLetterFlow,
  verifySsn,
  verifySsnFlow,
} from './helpers';

const base = { lastName: 'Smith', option1: 'SocialSecurityNumber', option2: 'DateOfBirth' };
const run = (data: Record<string, unknown>, language: 'en' | 'es' = 'en') =>
  validateForm({
    flow: signInFlow,
    validate: signIn.validate,
    data,
    translate: translator(language),
  });

describe('validateForm (sign-in)', () => {
  it('accepts a complete sign-in', () => {
    expect(run({ ...base, socialSecurityNumber: '1234', dateOfBirth: '1980-01-31' })).toEqual([]);
  });

  it("SSN '12' gives 'Please enter 4 digits'", () => {
    const errors = run({ ...base, socialSecurityNumber: '12', dateOfBirth: '1980-01-31' });
    expect(errors.map(({ field, keyword, message }) => ({ field, keyword, message }))).toEqual([
      { field: 'socialSecurityNumber', keyword: 'pattern', message: 'Please enter 4 digits' },
    ]);
  });

  it('requires the chosen value inputs (rule-required) and the schema-required last name, in display order', () => {
    const errors = run({ option1: 'Phone', option2: 'MRSAccountNumber' });
    expect(errors.map((e) => [e.field, e.keyword, e.message])).toEqual([
      ['lastName', 'required', 'Please enter your last name or business name.'],
      ['phone', 'required', 'Please enter a valid phone number'],
      ['accountNumber', 'required', 'A valid account number is required'],
    ]);
  });

  it('ignores errors of hidden fields', () => {
    const errors = run({
      ...base,
      socialSecurityNumber: '1234',
      dateOfBirth: '1980-01-31',
      phone: '12',
      accountNumber: 'bad',
    });
    expect(errors).toEqual([]);
  });

  it('checks formats: phone needs 10 digits, account number like LU1.10001, last name 2-50 chars', () => {
    const errors = run({
      lastName: 'S',
      option1: 'Phone',
      option2: 'MRSAccountNumber',
      phone: '555123456',
      accountNumber: 'LU1-10001',
    });
    expect(errors.map((e) => [e.field, e.keyword])).toEqual([
      ['lastName', 'minLength'],
      ['phone', 'pattern'],
      ['accountNumber', 'pattern'],
    ]);
    expect(errors[0]?.message).toBe('Last name must be at least 2 characters.');
    expect(
      run({
        ...base,
        option1: 'MRSAccountNumber',
        accountNumber: 'lu1.10001',
        option2: 'Phone',
        phone: '5551234567',
      }),
    ).toEqual([]);
  });

  it('treats an empty string as missing for a rule-required field', () => {
    const errors = run({ ...base, socialSecurityNumber: '', dateOfBirth: '1980-01-31' });
    expect(errors.map((e) => [e.field, e.keyword])).toEqual([['socialSecurityNumber', 'required']]);
  });

  it('with an account number from the URL needs no second factor', () => {
    const data = {
      lastName: 'Smith',
      option1: 'MRSAccountNumber',
      option2: 'DateOfBirth',
      accountNumber: 'LU1.10001',
      accountFromUrl: true,
    };
    expect(run(data)).toEqual([]);
  });

  it('writes the messages in Spanish', () => {
    const errors = run({ ...base, socialSecurityNumber: '12', dateOfBirth: '1980-13-01' }, 'es');
    expect(errors.map((e) => e.message)).toEqual([
      'Escriba 4 dígitos',
      'Escriba una fecha válida como MM/DD/AAAA.',
    ]);
  });

  it('reports unknown properties as a form-level error', () => {
    const errors = run({
      ...base,
      socialSecurityNumber: '1234',
      dateOfBirth: '1980-01-31',
      extra: 1,
    });
    expect(errors.map((e) => [e.field, e.keyword])).toEqual([['', 'additionalProperties']]);
  });
});

describe('validateForm (dialogs)', () => {
  it('verify-ssn wants exactly 4 digits', () => {
    const run4 = (value: unknown) =>
      validateForm({
        flow: verifySsnFlow,
        validate: verifySsn.validate,
        data: { socialSecurityNumber: value },
        translate: translator(),
      });
    expect(run4('1234')).toEqual([]);
    expect(run4('123').map((e) => e.message)).toEqual(['Please enter 4 digits']);
    expect(run4(undefined).map((e) => e.message)).toEqual(['Please enter 4 digits']);
  });

  it('verify-letter accepts LU1.10001.57 and rejects a two-part code', () => {
    const check = (value: string) =>
      validateForm({
        flow: verifyLetterFlow,
        validate: verifyLetter.validate,
        data: { letterCode: value },
        translate: translator(),
      });
    expect(check('LU1.10001.57')).toEqual([]);
    const errors = check('LU1.10001');
    expect(errors.map((e) => e.keyword)).toEqual(['pattern']);
    expect(errors[0]?.message).toContain('LU1.10001.57');
  });
});
