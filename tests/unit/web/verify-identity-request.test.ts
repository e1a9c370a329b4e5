import { describe, expect, it } from 'vitest';
import {
  buildVerifyIdentityRequest,
  type SignInFormData,
} from '../../../src/web/features/sign-in/utils/verify-identity-request';

const zone = { offset: 300, label: 'America/New_York' };
const fixed = {
  stateDisclosuresAccepted: true,
  consent: true,
  timeZoneOffset: 300,
  timeZoneLabel: 'America/New_York',
};

describe('buildVerifyIdentityRequest', () => {
  it('sends the two chosen factors in order with only their values', () => {
    const data: SignInFormData = {
      lastName: ' Garcia ',
      option1: 'SocialSecurityNumber',
      option2: 'DateOfBirth',
      socialSecurityNumber: '1234',
      dateOfBirth: '1980-01-15',
      phone: '5552010001',
    };
    expect(buildVerifyIdentityRequest(data, zone)).toEqual({
      lastName: 'Garcia',
      option1: 'SocialSecurityNumber',
      option2: 'DateOfBirth',
      socialSecurityNumber: '1234',
      dateOfBirth: '1980-01-15',
      ...fixed,
    });
  });

  it('strips non-digits from the phone and normalises the account number', () => {
    const request = buildVerifyIdentityRequest(
      {
        lastName: 'Lee',
        option1: 'Phone',
        option2: 'MRSAccountNumber',
        phone: '555-201-0003',
        accountNumber: 'lu1.40001',
      },
      zone,
    );
    expect(request.phone).toBe('5552010003');
    expect(request.accountNumber).toBe('LU1.40001');
  });

  it('adds last name as the second factor when the account number came from the URL', () => {
    const request = buildVerifyIdentityRequest(
      {
        lastName: 'Garcia',
        option1: 'MRSAccountNumber',
        option2: 'DateOfBirth',
        accountNumber: 'LU1.10001',
        dateOfBirth: '1980-01-15',
        accountFromUrl: true,
      },
      zone,
    );
    expect(request.option1).toBe('MRSAccountNumber');
    expect(request.option2).toBe('LastName');
    expect(request.dateOfBirth).toBeUndefined();
  });

  it('puts an SSN asked for after a 440 answer in option3', () => {
    const request = buildVerifyIdentityRequest(
      {
        lastName: 'Lee',
        option1: 'DateOfBirth',
        option2: 'Phone',
        dateOfBirth: '1990-03-03',
        phone: '5552010003',
      },
      zone,
      '4321',
    );
    expect(request).toMatchObject({
      option1: 'DateOfBirth',
      option2: 'Phone',
      option3: 'SocialSecurityNumber',
      socialSecurityNumber: '4321',
    });
  });
});
