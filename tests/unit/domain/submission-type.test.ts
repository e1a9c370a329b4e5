/**
 * The arrangement type each payment variant submits (spec section 4, Payment flow) is data: the
 * `submissionType` of its entry in flows/journeys/payment.json, read by the browser's submission
 * body and re-checked by the server. The spec's table, held against the file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { variantIds, type PaymentJourneyFile } from '../../../src/domain/payment-journey';

const journey = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../flows/journeys/payment.json'), 'utf8'),
) as PaymentJourneyFile;

const SPEC: Record<string, string> = {
  letter: 'LET',
  bif: 'PIF',
  pif: 'PIF',
  'one-time': 'PPA',
  'past-due': 'PPA',
  upcoming: 'PPA',
  remaining: 'PPA',
  'bring-current': 'PPA',
  sif: 'SIF',
};

describe("the journey file's submission types", () => {
  it('are the spec table, for every payment variant of the spec', () => {
    expect(variantIds(journey)).toEqual(expect.arrayContaining(Object.keys(SPEC)));
    for (const variant of Object.keys(SPEC)) {
      expect(journey.variants[variant]?.submissionType, variant).toBe(SPEC[variant]);
    }
  });
});
