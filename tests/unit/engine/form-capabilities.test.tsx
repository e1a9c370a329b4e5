// @vitest-environment jsdom
/**
 * The flow capabilities as the user meets them: sections with headings (and the page's context
 * in their texts), sections shown by rules, a checkbox group with one error, read-only fields,
 * an array of phone numbers, typing transforms, date limits and a cross-field check.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import axe from 'axe-core';
import { SchemaForm, type SchemaFormProps } from '../../../src/engine/form/SchemaForm';
import type { FormFlow } from '../../../src/engine/form/flow';
import { splitLocales } from '../../../src/engine/i18n/split';
import { loadForm, validationTree, loadLazyWidgets } from './helpers';

let i18n: I18n;
beforeAll(async () => {
  await loadLazyWidgets();
  const texts = splitLocales({ validation: validationTree });
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: texts.en }, es: { translation: texts.es } },
    interpolation: { escapeValue: false },
  });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const AXE = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };

async function renderForm(
  name: string,
  props: Partial<SchemaFormProps> & { edit?: (flow: FormFlow) => FormFlow } = {},
) {
  const { flow, schema, validator } = await loadForm(name);
  const onSubmit = vi.fn();
  const { edit, ...rest } = props;
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <SchemaForm
        id={name}
        flow={edit ? edit(flow) : flow}
        schema={schema}
        validator={validator}
        onSubmit={onSubmit}
        {...rest}
      />
    </I18nextProvider>,
  );
  return { ...utils, onSubmit, flow };
}

const describedBy = (element: Element): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

const input = (id: string) => document.getElementById(id) as HTMLInputElement;

describe('sections (bankruptcy)', () => {
  const context = { supportPhone: '800-555-0100' };

  it('renders the spec sections as regions with h2 headings, in order, with their fields', async () => {
    const { container } = await renderForm('bankruptcy', {
      formData: { accountNumber: 'LU1.10001' },
      context,
    });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Before you begin',
      'Bankruptcy details',
      'Court details',
      'Attorney details',
      'Confirm your address and phone',
      'Finalize',
    ]);
    const notice = screen.getByRole('region', { name: 'Before you begin' });
    expect(notice.textContent).toContain('please call us at 800-555-0100.');
    const details = screen.getByRole('region', { name: 'Bankruptcy details' });
    expect(within(details).getByLabelText(/Case number/)).toBeTruthy();
    const court = screen.getByRole('region', { name: 'Court details' });
    expect(within(court).getByLabelText(/Judge name/)).toBeTruthy();
    const finalize = screen.getByRole('region', { name: 'Finalize' });
    expect(await within(finalize).findByLabelText(/I verify/)).toBeTruthy();
    expect((input('bankruptcy_finalVerify') as HTMLInputElement).checked).toBe(false);
    expect((await axe.run(container, AXE)).violations).toEqual([]);
  });

  it('uses the flow heading level and re-renders texts in Spanish', async () => {
    await renderForm('bankruptcy', {
      context,
      edit: (flow) => ({ ...flow, headingLevel: 3 }),
    });
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    expect(screen.getByRole('region', { name: 'Datos del tribunal' })).toBeTruthy();
    expect(screen.getByText(/llámenos al 800-555-0100/)).toBeTruthy();
  });

  it('blocks future filing dates: the picker has max today, and validation says so', async () => {
    const user = userEvent.setup();
    const { onSubmit } = await renderForm('bankruptcy', {
      context,
      today: '2026-03-15',
      formData: {
        accountNumber: 'LU1.10001',
        caseNumber: '24-10001',
        address1: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        finalVerify: true,
      },
    });
    const date = input('bankruptcy_fileDate');
    expect(date.type).toBe('date');
    expect(date.max).toBe('2026-03-15');
    fireEvent.change(date, { target: { value: '2026-03-16' } });
    await user.click(screen.getByRole('button', { name: 'Submit bankruptcy notice' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(describedBy(date)).toContain('The filing date cannot be in the future.');
    expect(document.activeElement).toBe(date);
    fireEvent.change(date, { target: { value: '2026-03-15' } });
    await user.click(screen.getByRole('button', { name: 'Submit bankruptcy notice' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ fileDate: '2026-03-15', chapter: 7 });
  });
});

describe('a section shown by a rule (card funding billing address)', () => {
  it('appears with its heading when the checkbox is ticked; its fields prune when hidden', async () => {
    const user = userEvent.setup();
    const { onSubmit } = await renderForm('card-funding');
    expect(screen.queryByRole('region', { name: 'Billing address' })).toBeNull();
    expect(screen.queryByLabelText(/^City/)).toBeNull();
    await user.click(await screen.findByLabelText('Use a different billing address'));
    const region = screen.getByRole('region', { name: 'Billing address' });
    expect(within(region).getByRole('heading', { level: 3 })).toBeTruthy();
    const state = within(region).getByLabelText(/^State/) as HTMLInputElement;
    await user.type(state, 'il3x');
    expect(state.value).toBe('IL');
    expect(state.maxLength).toBe(2);
    await user.type(within(region).getByLabelText(/^City/), 'Springfield');
    await user.click(screen.getByLabelText('Use a different billing address'));
    expect(screen.queryByRole('region', { name: 'Billing address' })).toBeNull();
    await user.type(screen.getByLabelText(/Card number/), '4111111111111111');
    expect(input('card-funding_cardNumber').value).toBe('4111 1111 1111 1111');
    await user.type(screen.getByLabelText(/Expiration date/), '1230');
    expect(input('card-funding_cardExpiration').value).toBe('12 / 30');
    await user.type(screen.getByLabelText(/First name on card/), 'Maria');
    await user.type(screen.getByLabelText(/Last name on card/), 'Lopez');
    await user.click(screen.getByRole('button', { name: 'Add card' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      cardNumber: '4111111111111111',
      cardExpiration: '2030-12-31',
      firstName: 'Maria',
      lastName: 'Lopez',
      differentAddress: false,
    });
  });

  it('formats an Amex number 4-6-5', async () => {
    const user = userEvent.setup();
    await renderForm('card-funding');
    await user.type(screen.getByLabelText(/Card number/), '378282246310005');
    expect(input('card-funding_cardNumber').value).toBe('3782 822463 10005');
  });
});

describe('checkbox group (dispute reasons)', () => {
  it('one fieldset named by its legend; the error shows once, tied to the group; focus goes to the first box', async () => {
    const user = userEvent.setup();
    const { onSubmit, container } = await renderForm('dispute', {
      formData: { accountNumber: 'LU1.10001' },
    });
    const group = await screen.findByRole('group', { name: 'Reason for dispute' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.id)).toEqual([
      'dispute_alreadyResolved',
      'dispute_incorrectBalance',
      'dispute_notMyDebt',
      'dispute_other',
    ]);
    expect(describedBy(group)).toContain('Select every reason that applies.');
    await user.click(screen.getByRole('button', { name: 'Submit dispute' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText('You must select at least one reason.')).toHaveLength(1);
    expect(describedBy(group)).toContain('You must select at least one reason.');
    const other = input('dispute_other');
    expect(describedBy(other)).not.toContain('You must select at least one reason.');
    expect(other.getAttribute('aria-invalid')).not.toBe('true');
    expect(document.activeElement).toBe(boxes[0]);
    const terms = input('dispute_termsAccepted');
    expect(describedBy(terms)).toContain(
      'Confirm that the information you provided is true to submit your dispute.',
    );
    expect((await axe.run(container, AXE)).violations).toEqual([]);

    await user.click(other);
    await user.click(terms);
    await user.click(screen.getByRole('button', { name: 'Submit dispute' }));
    expect(screen.queryByText('You must select at least one reason.')).toBeNull();
    const message = screen.getByLabelText(/^Message/);
    expect(describedBy(message)).toContain("You must provide a message when selecting 'Other'.");
    expect(document.activeElement).toBe(message);
    await user.type(message, 'Paid in 2020');
    await user.click(screen.getByRole('button', { name: 'Submit dispute' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      accountNumber: 'LU1.10001',
      alreadyResolved: false,
      incorrectBalance: false,
      notMyDebt: false,
      other: true,
      message: 'Paid in 2020',
      termsAccepted: true,
    });
  });
});

describe('required marks on checkboxes', () => {
  it('marks a box required only when it must be ticked, not every yes/no choice', async () => {
    await renderForm('communication-preferences', {
      formData: { allowEmail: true, allowSms: true, emails: false, texts: false, letters: true },
    });
    await screen.findByRole('checkbox', { name: 'Send me emails' });
    for (const id of ['emails', 'texts', 'letters']) {
      expect(input(`communication-preferences_${id}`).required, id).toBe(false);
    }
    // The email address is required while email is allowed.
    expect((input('communication-preferences_emailAddress') as HTMLInputElement).required).toBe(
      true,
    );
    cleanup();

    await renderForm('dispute', { formData: { accountNumber: 'LU1.10001' } });
    expect(input('dispute_termsAccepted').required).toBe(true);
    expect(input('dispute_other').required).toBe(false);
  });
});

describe('cross-field rule (contact us)', () => {
  it("shows 'The email addresses do not match' on the confirmation", async () => {
    const user = userEvent.setup();
    const { onSubmit } = await renderForm('contact-us', {
      formData: {
        name: 'Maria',
        reason: 'payment',
        phoneNumber: '3125550100',
        message: 'Hi',
        finalVerify: true,
        commEmail: true,
      },
    });
    await user.type(await screen.findByLabelText(/^Email/), 'a@example.com');
    const confirm = screen.getByLabelText(/^Confirm email/);
    await user.type(confirm, 'b@example.com');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(describedBy(confirm)).toContain('The email addresses do not match');
    expect(document.activeElement).toBe(confirm);
    await user.clear(confirm);
    await user.type(confirm, 'a@example.com');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('contact information: read-only name and phone numbers', () => {
  const details = {
    isBusiness: false,
    firstName: 'Maria',
    lastName: 'Lopez',
    addressLine1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    email: 'maria@example.com',
    phones: ['3125550100'],
  };

  it('shows the name read-only with its hint', async () => {
    await renderForm('contact-information', { formData: details });
    const first = screen.getByLabelText(/^First name/) as HTMLInputElement;
    expect(first.readOnly).toBe(true);
    expect(first.disabled).toBe(false);
    expect(first.value).toBe('Maria');
    expect(describedBy(first)).toContain('Please contact us to change your name');
    expect((screen.getByLabelText(/^Last name/) as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByLabelText(/^Address/) as HTMLInputElement).readOnly).toBe(false);
  });

  it('existing phones are read-only; one new phone at a time, labelled, removable, validated', async () => {
    const user = userEvent.setup();
    const { onSubmit, container } = await renderForm('contact-information', {
      formData: details,
    });
    const phones = screen.getByRole('group', { name: 'Phone numbers' });
    const existing = within(phones).getByLabelText('Phone number 1') as HTMLInputElement;
    expect(existing.readOnly).toBe(true);
    expect(existing.value).toBe('312-555-0100');
    expect(within(phones).queryByRole('button', { name: /Remove/ })).toBeNull();
    const add = within(phones).getByRole('button', { name: 'Add a phone number' });
    expect(add.getAttribute('aria-disabled')).not.toBe('true');

    await user.click(add);
    const second = within(phones).getByLabelText('Phone number 2') as HTMLInputElement;
    expect(document.activeElement).toBe(second);
    expect(second.readOnly).toBe(false);
    // The last one is empty: no third until it is filled in.
    expect(add.getAttribute('aria-disabled')).toBe('true');
    await user.click(add);
    expect(within(phones).queryByLabelText('Phone number 3')).toBeNull();

    await user.type(second, '312');
    expect(add.getAttribute('aria-disabled')).not.toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(describedBy(second)).toContain('Phone number must be at least 10 digits');
    expect(document.activeElement).toBe(second);
    expect((await axe.run(container, AXE)).violations).toEqual([]);

    await user.type(second, '5550111');
    await user.click(add);
    const third = within(phones).getByLabelText('Phone number 3');
    await user.click(within(phones).getByRole('button', { name: 'Remove phone number 3' }));
    expect(third.isConnected).toBe(false);
    expect(document.activeElement).toBe(second);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ phones: ['3125550100', '3125550111'] });
  });

  it('an empty new phone is dropped on submit', async () => {
    const user = userEvent.setup();
    const { onSubmit } = await renderForm('contact-information', { formData: details });
    await user.click(screen.getByRole('button', { name: 'Add a phone number' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ phones: ['3125550100'] });
  });

  it('upper-cases the state and stops at 2 characters', async () => {
    const user = userEvent.setup();
    await renderForm('contact-information', { formData: { ...details, state: undefined } });
    const state = screen.getByLabelText(/^State/) as HTMLInputElement;
    await user.type(state, 'tex');
    expect(state.value).toBe('TE');
  });
});

describe('digits-only inputs (bank funding)', () => {
  it('keeps digits only, up to the flow maxLength, with a numeric keypad', async () => {
    const user = userEvent.setup();
    await renderForm('bank-funding');
    const routing = screen.getByLabelText(/Routing number/) as HTMLInputElement;
    expect(routing.getAttribute('inputmode')).toBe('numeric');
    await user.type(routing, '12a3-456 7890');
    expect(routing.value).toBe('123456789');
  });
});
