import { describe, expect, it } from 'vitest';
import { computeFormState, pruneHidden } from '../../../src/engine/form/form-state';
import type { FormFlow } from '../../../src/engine/form/flow';
import { signInFlow } from './helpers';

const KINDS = [
  'SocialSecurityNumber',
  'DateOfBirth',
  'Phone',
  'MRSAccountNumber',
  'ClientAccountNumber',
];

describe('computeFormState (sign-in flow)', () => {
  it('places each value input directly after the dropdown that chose it', () => {
    const state = computeFormState(signInFlow, {
      option1: 'Phone',
      option2: 'SocialSecurityNumber',
    });
    expect(state.order).toEqual([
      'lastName',
      'option1',
      'phone',
      'option2',
      'socialSecurityNumber',
    ]);
  });

  it('uses the defaults SSN then date of birth', () => {
    const state = computeFormState(signInFlow, {
      option1: 'SocialSecurityNumber',
      option2: 'DateOfBirth',
    });
    expect(state.order).toEqual([
      'lastName',
      'option1',
      'socialSecurityNumber',
      'option2',
      'dateOfBirth',
    ]);
    expect([...state.required].sort()).toEqual(['dateOfBirth', 'option2', 'socialSecurityNumber']);
    expect(state.hidden.has('phone')).toBe(true);
    expect(state.hidden.has('socialSecurityNumber')).toBe(false);
  });

  it('shows and requires the client account number only when chosen', () => {
    const chosen = computeFormState(signInFlow, {
      option1: 'ClientAccountNumber',
      option2: 'Phone',
    });
    expect(chosen.order).toContain('creditorAccountNumber');
    expect(chosen.required.has('creditorAccountNumber')).toBe(true);
    const notChosen = computeFormState(signInFlow, { option1: 'Phone', option2: 'DateOfBirth' });
    expect(notChosen.order).not.toContain('creditorAccountNumber');
    expect(notChosen.required.has('creditorAccountNumber')).toBe(false);
  });

  it('with an account number from the URL hides option2 and its input, and disables option1 and the account number', () => {
    const state = computeFormState(signInFlow, {
      option1: 'MRSAccountNumber',
      option2: 'DateOfBirth',
      accountNumber: 'LU1.10001',
      accountFromUrl: true,
    });
    expect(state.order).toEqual(['lastName', 'option1', 'accountNumber']);
    expect(state.hidden.has('option2')).toBe(true);
    expect(state.hidden.has('dateOfBirth')).toBe(true);
    expect([...state.disabled].sort()).toEqual(['accountNumber', 'option1']);
    expect(state.required.has('dateOfBirth')).toBe(false);
    expect(state.required.has('option2')).toBe(false);
  });

  it('excludes from each dropdown the value chosen in the other', () => {
    const state = computeFormState(signInFlow, { option1: 'Phone', option2: 'DateOfBirth' });
    expect(state.optionsFor('option1', KINDS)).toEqual(KINDS.filter((k) => k !== 'DateOfBirth'));
    expect(state.optionsFor('option2', KINDS)).toEqual(KINDS.filter((k) => k !== 'Phone'));
    expect(state.optionsFor('lastName', KINDS)).toEqual(KINDS);
  });

  it('a hidden dropdown excludes nothing from the other one', () => {
    const state = computeFormState(signInFlow, {
      option1: 'MRSAccountNumber',
      option2: 'DateOfBirth',
      accountFromUrl: true,
    });
    expect(state.optionsFor('option1', KINDS)).toEqual(KINDS);
  });
});

describe('pruneHidden', () => {
  it('drops the values of hidden fields and keeps the rest', () => {
    const pruned = pruneHidden(signInFlow, {
      lastName: 'Smith',
      option1: 'SocialSecurityNumber',
      option2: 'DateOfBirth',
      socialSecurityNumber: '1234',
      dateOfBirth: '1980-01-31',
      phone: '5551234567',
      accountNumber: 'LU1.1',
    });
    expect(pruned).toEqual({
      lastName: 'Smith',
      option1: 'SocialSecurityNumber',
      option2: 'DateOfBirth',
      socialSecurityNumber: '1234',
      dateOfBirth: '1980-01-31',
    });
  });

  it('keeps data-only fields that no rule hides (accountFromUrl)', () => {
    const pruned = pruneHidden(signInFlow, {
      option1: 'MRSAccountNumber',
      accountFromUrl: true,
      option2: 'Phone',
    });
    expect(pruned).toEqual({ option1: 'MRSAccountNumber', accountFromUrl: true });
  });
});

describe('computeFormState (generic rules)', () => {
  const flow: FormFlow = {
    schema: 'forms/test',
    order: ['a', { if: [{ var: 'b' }, 'b', null] }, 'c', 'c'],
    fields: {
      a: { widget: 'checkbox', label: { en: 'A', es: 'A' } },
      b: { widget: 'text', label: { en: 'B', es: 'B' } },
      c: { widget: 'text', label: { en: 'C', es: 'C' } },
    },
    rules: [
      { effect: 'hide', fields: ['c'], when: { '==': [{ var: 'a' }, true] } },
      { effect: 'require', fields: ['b'], when: { var: 'a' } },
    ],
  };

  it('drops JSON Logic entries that give null, hidden fields and duplicates', () => {
    expect(computeFormState(flow, {}).order).toEqual(['a', 'c']);
    expect(computeFormState(flow, { b: 'x' }).order).toEqual(['a', 'b', 'c']);
    expect(computeFormState(flow, { a: true, c: 'x' }).order).toEqual(['a']);
  });

  it('require rules follow the data', () => {
    expect(computeFormState(flow, { a: true }).required.has('b')).toBe(true);
    expect(computeFormState(flow, { a: false }).required.has('b')).toBe(false);
  });

  it('a field in several show rules shows when any of them holds', () => {
    const shown: FormFlow = {
      ...flow,
      rules: [
        { effect: 'show', fields: ['c'], when: { var: 'a' } },
        { effect: 'show', fields: ['c'], when: { var: 'b' } },
      ],
    };
    expect(computeFormState(shown, {}).hidden.has('c')).toBe(true);
    expect(computeFormState(shown, { b: 'x' }).hidden.has('c')).toBe(false);
    expect(computeFormState(shown, { a: true }).hidden.has('c')).toBe(false);
  });
});
