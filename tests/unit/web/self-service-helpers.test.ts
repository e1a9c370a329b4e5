/** Pure helpers of the self-service screens: funding method display, API field errors. */
import { describe, expect, it } from 'vitest';
import type { FundingMethod } from '../../../src/web/api/funding-methods';
import { methodDisplay } from '../../../src/web/features/funding-methods/utils/method-display';
import { ApiError } from '../../../src/web/lib/api';
import { apiFieldErrors } from '../../../src/web/utils/api-field-errors';

describe('methodDisplay', () => {
  const card: FundingMethod = {
    id: 1,
    name: 'Visa ****1111',
    type: 'card',
    accountNumberMask: '****1111',
    expiration: '2031-08-31',
    isExpired: false,
    brand: 'visa',
    cardType: 'credit',
  };

  it('a card: its brand, card type, last 4 and expiry as MM/YYYY', () => {
    expect(methodDisplay(card)).toEqual({
      kindKey: 'funding-methods.brand.visa',
      detailKey: 'funding-methods.cardType.credit',
      last4: '1111',
      expiry: '08/2031',
    });
  });

  it('an unknown brand is a card; a bank account has its account type and no expiry', () => {
    expect(methodDisplay({ ...card, brand: null, cardType: null }).kindKey).toBe(
      'funding-methods.brand.card',
    );
    const bank: FundingMethod = {
      ...card,
      type: 'bank',
      accountNumberMask: '****6789',
      expiration: null,
      brand: null,
      cardType: null,
      bankAccountType: 'checking',
    };
    expect(methodDisplay(bank)).toEqual({
      kindKey: 'funding-methods.bank.checking',
      detailKey: null,
      last4: '6789',
      expiry: null,
    });
    expect(methodDisplay({ ...bank, bankAccountType: null }).kindKey).toBe(
      'funding-methods.bank.other',
    );
  });
});

describe('apiFieldErrors', () => {
  it('maps error paths to engine fields, array items included', () => {
    const error = new ApiError(400, {
      message: 'Invalid',
      errors: [
        { path: '/phones/1', keyword: 'pattern', message: 'x' },
        { path: '/account', keyword: 'notFound', message: 'y' },
        { path: '/', keyword: 'additionalProperties', message: 'z' },
      ],
    });
    expect(apiFieldErrors(error)).toEqual([
      { field: 'phones.1', keyword: 'pattern' },
      { field: 'account', keyword: 'notFound' },
    ]);
  });

  it('nothing for other errors', () => {
    expect(apiFieldErrors(new ApiError(500, 'boom'))).toEqual([]);
    expect(apiFieldErrors(new Error('network'))).toEqual([]);
  });
});
