/**
 * The page files of flows/pages read against a debtor's data, as the form page reads them: the
 * forms' first data (prefill rules), the guards and the named values.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Account, Debtor } from '../../../src/domain/types';
import {
  fillPath,
  guardTarget,
  holds,
  pageValues,
  prefillData,
  resultValues,
  type FormPageFile,
} from '../../../src/web/features/form-page/utils/page-model';
import { debtorFullName } from '../../../src/web/utils/debtor-name';

const page = (name: string) =>
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, `../../../flows/pages/${name}.json`), 'utf8'),
  ) as FormPageFile;

const form = (file: FormPageFile, name: string) => (file.forms ?? []).find((f) => f.form === name)!;

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

const debtorFacts = (debtor: Debtor) => ({ debtor, debtorName: debtorFullName(debtor) });

const account = {
  accountNumber: 'LU1.10001',
  isClosed: false,
  isEop: false,
  bankruptcyReported: false,
  supportPhoneNumber: null,
} as unknown as Account;

const t = (key: string) => `<${key}>`;

describe('contact information page', () => {
  const file = page('contact-information');
  const contact = form(file, 'contact-information');
  const preferences = form(file, 'communication-preferences');

  it('a person: names, address, every phone on file in order, no nulls', () => {
    expect(prefillData(contact, debtorFacts(maria))).toEqual({
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
    const data = prefillData(contact, debtorFacts(acme));
    expect(data).toMatchObject({ isBusiness: true, businessName: 'Acme LLC' });
    expect(data).not.toHaveProperty('firstName');
  });

  it('preferences: offered when e-mail or SMS is allowed; a channel not allowed is off', () => {
    expect(holds(preferences.when, debtorFacts(maria))).toBe(true);
    expect(holds(preferences.when, debtorFacts({ ...maria, allowEmail: false }))).toBe(false);
    expect(prefillData(preferences, debtorFacts(maria))).toEqual({
      allowEmail: true,
      allowSms: false,
      emails: true,
      texts: false,
      letters: false,
      emailAddress: 'maria@example.com',
    });
  });
});

describe('bankruptcy page', () => {
  const file = page('bankruptcy');
  const facts = { account, ...debtorFacts(maria) };

  it('the spec defaults and the contact section from the debtor (first phone)', () => {
    expect(prefillData(form(file, 'bankruptcy'), facts)).toEqual({
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

  it('a closed or end-of-process account goes to the dashboard; an open one stays', () => {
    expect(guardTarget(file, facts)).toBeUndefined();
    expect(guardTarget(file, { ...facts, account: { ...account, isClosed: true } })).toBe(
      '/dashboard',
    );
    expect(guardTarget(file, { ...facts, account: { ...account, isEop: true } })).toBe(
      '/dashboard',
    );
    expect(holds(file.done!.when, facts)).toBe(false);
    expect(
      holds(file.done!.when, { ...facts, account: { ...account, bankruptcyReported: true } }),
    ).toBe(true);
  });

  it("the support phone: the account's, else the client's, formatted; else the default text", () => {
    expect(pageValues(file, facts, t)).toEqual({
      accountNumber: 'LU1.10001',
      supportPhone: '<account.defaultSupportPhone>',
      name: 'Maria Garcia',
    });
    const settings = { paymentSettings: { supportPhoneNumber: '8005550100' } };
    expect(pageValues(file, { ...facts, ...settings }, t).supportPhone).toBe('800-555-0100');
    const own = {
      ...facts,
      ...settings,
      account: { ...account, supportPhoneNumber: '8005550199' },
    };
    expect(pageValues(file, own, t).supportPhone).toBe('800-555-0199');
  });
});

describe('dispute page', () => {
  const file = page('dispute');
  const values = { accountNumber: 'LU1/1 0' };

  it('success goes back to the account (its number encoded) with the confirmation code', () => {
    expect(fillPath((file.forms ?? [])[0]!.submit.success.goTo!, values)).toBe(
      '/accounts/LU1%2F1%200',
    );
    expect(resultValues(values, { confirmation: 'DSP-1', document: {} })).toEqual({
      accountNumber: 'LU1/1 0',
      confirmation: 'DSP-1',
    });
    const toast = (file.forms ?? [])[0]!.submit.success.toast!;
    expect(holds(toast.bodyWhen, { result: { confirmation: 'DSP-1' } })).toBe(true);
    expect(holds(toast.bodyWhen, { result: { confirmation: null } })).toBe(false);
  });

  it('a closed account goes home', () => {
    expect(guardTarget(file, { account: { ...account, isClosed: true } })).toBe('/');
  });
});

describe('contact us page', () => {
  const file = page('contact-us');

  it('signed in: name and first phone from the debtor; signed out: an empty form and the sign-in prompt', () => {
    const contact = form(file, 'contact-us');
    expect(prefillData(contact, { signedIn: true, ...debtorFacts(maria) })).toEqual({
      name: 'Maria Garcia',
      phoneNumber: '5552010001',
    });
    expect(prefillData(contact, { signedIn: false })).toEqual({});
    expect(holds(file.prompt!.when, { signedIn: false })).toBe(true);
    expect(holds(file.prompt!.when, { signedIn: true })).toBe(false);
  });
});
