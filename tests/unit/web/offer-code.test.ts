import { describe, expect, it } from 'vitest';
import { parseOfferCode } from '../../../src/web/features/verify-letter/utils/offer-code';

describe('parseOfferCode', () => {
  it('splits an offer code into the account number and the letter id', () => {
    expect(parseOfferCode('LU1.10001.57')).toEqual({ accountNumber: 'LU1.10001', letterId: 57 });
  });

  it('trims and upper-cases the account number', () => {
    expect(parseOfferCode(' lu1.10001.7 ')).toEqual({ accountNumber: 'LU1.10001', letterId: 7 });
  });

  it.each(['LU1.10001', 'LU1.10001.x', '10001.57', '', 'LU1.10001.'])('rejects %j', (code) => {
    expect(parseOfferCode(code)).toBeNull();
  });
});
