import { describe, expect, it } from 'vitest';
import { PAYMENT_VARIANTS } from '../../../src/domain/payment-options';
import { submissionType } from '../../../src/domain/submission-type';

describe('submissionType', () => {
  it('letter submits LET', () => {
    expect(submissionType('letter')).toBe('LET');
  });

  it('bif and pif submit PIF', () => {
    expect(submissionType('bif')).toBe('PIF');
    expect(submissionType('pif')).toBe('PIF');
  });

  it('one-time, past-due, upcoming, remaining and bring-current submit PPA', () => {
    for (const variant of [
      'one-time',
      'past-due',
      'upcoming',
      'remaining',
      'bring-current',
    ] as const) {
      expect(submissionType(variant)).toBe('PPA');
    }
  });

  it('sif submits SIF', () => {
    expect(submissionType('sif')).toBe('SIF');
  });

  it('every payment variant has a type', () => {
    for (const variant of PAYMENT_VARIANTS)
      expect(submissionType(variant)).toMatch(/^(LET|PIF|PPA|SIF)$/);
  });
});
