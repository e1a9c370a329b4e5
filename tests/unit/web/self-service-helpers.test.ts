/** Pure helpers of the self-service screens: funding method display, form data from the debtor, API field errors. */
import { describe, expect, it } from 'vitest';
import type { Debtor } from '../../../src/domain/types';
import type { FundingMethod } from '../../../src/web/api/funding-methods';
import { bankruptcyFormData } from '../../../src/web/features/bankruptcy/utils/bankruptcy-form-data';
import {
  contactFormData,
  offersPreferences,
  preferencesFormData,
} from '../../../src/web/features/contact-information/utils/contact-form-data';
import { methodDisplay } from '../../../src/web/features/funding-methods/utils/method-display';
import { ApiError } from '../../../src/web/lib/api';
import { apiFieldErrors } from '../../../src/web/utils/api-field-errors';

const maria: Debtor = {
  firstName: 'Maria',
  lastName: 'Garcia',
  businessName: null,
  addressLine1: '123 Main St',
  addressLine2: null,
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'maria@example.com',
  phones: [
    { phoneNumber: '5552010001', type: 'mobile' },
    { phoneNumber: '5552010009', type: 'home' },
  ],
  communicationPrefs: [
    { type: 'email', enabled: true, preferred: true },
    { type: 'SMS', enabled: true, preferred: false },
    { type: 'letter', enabled: false, preferred: false },
  ],
  allowSms: false,
  allowEmail: true,
};

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

describe('contact information form data', () => {
  it('a person: names, address, every phone on file in order, no nulls', () => {
    expect(contactFormData(maria)).toEqual({
      isBusiness: false,
      firstName: 'Maria',
      lastName: 'Garcia',
      addressLine1: '123 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      email: 'maria@example.com',
      phones: ['5552010001', '5552010009'],
    });
  });

  it('a debtor without a first name is a business', () => {
    const acme = { ...maria, firstName: null, lastName: 'Acme', businessName: 'Acme LLC' };
    expect(contactFormData(acme)).toMatchObject({ isBusiness: true, businessName: 'Acme LLC' });
    expect(contactFormData(acme)).not.toHaveProperty('firstName');
  });

  it('preferences: offered when e-mail or SMS is allowed; a channel not allowed is off', () => {
    expect(offersPreferences(maria)).toBe(true);
    expect(offersPreferences({ ...maria, allowEmail: false })).toBe(false);
    expect(preferencesFormData(maria)).toEqual({
      allowEmail: true,
      allowSms: false,
      emails: true,
      texts: false,
      letters: false,
      emailAddress: 'maria@example.com',
    });
  });
});

describe('bankruptcyFormData', () => {
  it('the spec defaults and the contact section from the debtor (first phone)', () => {
    expect(bankruptcyFormData('LU1.10001', maria)).toEqual({
      accountNumber: 'LU1.10001',
      chapter: 7,
      jointFile: false,
      address1: '123 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      phoneNumber: '5552010001',
    });
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
