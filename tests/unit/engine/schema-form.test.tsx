// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import axe from 'axe-core';
import { createPortal } from 'react-dom';
import { SchemaForm } from '../../../src/engine/form/SchemaForm';
import { splitLocales } from '../../../src/engine/i18n/split';
import type { FormFlow } from '../../../src/engine/form/flow';
import {
  signIn,
  signInFlow,
  validationTree,
  verifySsn,
  verifySsnFlow,
  loadLazyWidgets,
} from './helpers';

let i18n: I18n;

beforeEach(async () => {
  const texts = splitLocales({ validation: validationTree });
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: texts.en }, es: { translation: texts.es } },
    interpolation: { escapeValue: false },
  });
});
beforeAll(loadLazyWidgets);
afterEach(cleanup);

type SignInProps = Partial<Parameters<typeof SchemaForm>[0]>;

function signInForm(props: SignInProps = {}) {
  return (
    <I18nextProvider i18n={i18n}>
      <SchemaForm
        id="sign-in"
        flow={signInFlow}
        schema={signIn.schema}
        validator={signIn.validator}
        onSubmit={() => undefined}
        {...props}
      />
    </I18nextProvider>
  );
}

function renderSignIn(props: SignInProps = {}) {
  const onSubmit = vi.fn();
  const utils = render(signInForm({ onSubmit, ...props }));
  return { ...utils, onSubmit };
}

const describedBy = (element: HTMLElement): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

describe('SchemaForm (sign-in)', () => {
  it('labels every shown field, marks required ones and shows the defaults in order', () => {
    renderSignIn();
    const lastName = screen.getByLabelText(/Last name or business name/);
    expect(lastName.id).toBe('sign-in_lastName');
    expect((lastName as HTMLInputElement).required).toBe(true);
    expect(describedBy(lastName)).toContain('Include a suffix without punctuation');
    const option1 = screen.getByLabelText(/^Verify with/) as HTMLSelectElement;
    expect(option1.value).not.toBe('');
    expect(within(option1).getByRole('option', { selected: true }).textContent).toBe(
      'Last 4 of SSN',
    );
    // option1 does not offer what option2 chose (date of birth), and vice versa
    expect(within(option1).queryByText('Date of birth')).toBeNull();
    const option2 = screen.getByLabelText(/^And verify with/) as HTMLSelectElement;
    expect(within(option2).queryByText('Last 4 of SSN')).toBeNull();
    const ssn = screen.getByLabelText(/Last 4 of SSN/, { selector: 'input' });
    expect((ssn as HTMLInputElement).required).toBe(true);
    expect(ssn.getAttribute('maxlength')).toBe('4');
    expect(ssn.getAttribute('inputmode')).toBe('numeric');
    const ids = [...document.querySelectorAll('input, select')].map((el) => el.id);
    expect(ids).toEqual([
      'sign-in_lastName',
      'sign-in_option1',
      'sign-in_socialSecurityNumber',
      'sign-in_option2',
      'sign-in_dateOfBirth',
    ]);
    expect(screen.queryByLabelText(/Phone number/, { selector: 'input' })).toBeNull();
  });

  it('shows no error before submit; submitting empty shows errors tied to fields and focuses the first', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderSignIn();
    expect(screen.queryByText('Please enter 4 digits')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const lastName = screen.getByLabelText(/Last name or business name/);
    expect(lastName.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(lastName)).toContain('Please enter your last name or business name.');
    const ssn = screen.getByLabelText(/Last 4 of SSN/, { selector: 'input' });
    expect(ssn.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(ssn)).toContain('Please enter 4 digits');
    expect(document.activeElement).toBe(lastName);
  });

  it('focuses the first invalid field in display order', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await user.type(screen.getByLabelText(/Last name or business name/), 'Smith');
    await user.type(screen.getByLabelText(/Last 4 of SSN/, { selector: 'input' }), '12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const ssn = screen.getByLabelText(/Last 4 of SSN/, { selector: 'input' });
    expect(document.activeElement).toBe(ssn);
    expect(describedBy(ssn)).toContain('Please enter 4 digits');
  });

  it('re-translates the visible errors when the language changes', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Please enter 4 digits')).toBeTruthy();
    await act(async () => {
      await i18n.changeLanguage('es');
    });
    expect(screen.queryByText('Please enter 4 digits')).toBeNull();
    expect(screen.getByText('Escriba 4 dígitos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeTruthy();
    expect(screen.getByLabelText(/Apellido o nombre de la empresa/)).toBeTruthy();
  });

  it('submits valid data with hidden fields pruned, formatting as typed', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderSignIn();
    await user.type(screen.getByLabelText(/Last name or business name/), 'Smith');
    await user.selectOptions(screen.getByLabelText(/^Verify with/), 'Phone number');
    const phone = screen.getByLabelText(/Phone number/, { selector: 'input' });
    expect(phone.id).toBe('sign-in_phone');
    await user.type(phone, '5551234567');
    expect((phone as HTMLInputElement).value).toBe('555-123-4567');
    await user.type(screen.getByLabelText(/Date of birth/, { selector: 'input' }), '01311980');
    expect(
      (screen.getByLabelText(/Date of birth/, { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('01/31/1980');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      lastName: 'Smith',
      option1: 'Phone',
      option2: 'DateOfBirth',
      phone: '5551234567',
      dateOfBirth: '1980-01-31',
    });
  });

  it('with an account number from the URL: option1 and the account number are locked, no second factor', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderSignIn({
      formData: { option1: 'MRSAccountNumber', accountNumber: 'LU1.10001', accountFromUrl: true },
    });
    expect((screen.getByLabelText(/^Verify with/) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByLabelText(/MRS account number/, { selector: 'input' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(screen.queryByLabelText(/^And verify with/)).toBeNull();
    await user.type(screen.getByLabelText(/Last name or business name/), 'Smith');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      lastName: 'Smith',
      option1: 'MRSAccountNumber',
      accountNumber: 'LU1.10001',
      accountFromUrl: true,
    });
  });

  it('submits a change made in the same event as the submit', () => {
    const { onSubmit } = renderSignIn({
      formData: {
        lastName: 'Smith',
        option1: 'SocialSecurityNumber',
        option2: 'DateOfBirth',
        socialSecurityNumber: '1234',
        dateOfBirth: '1980-01-31',
      },
    });
    const form = document.getElementById('sign-in') as HTMLFormElement;
    act(() => {
      fireEvent.change(screen.getByLabelText(/Last name or business name/), {
        target: { value: 'Smythe' },
      });
      fireEvent.submit(form);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ lastName: 'Smythe' });
  });

  it('leaves the submit of a form inside its tree (a dialog in a portal) to that form', () => {
    const inner = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { onSubmit } = renderSignIn({
      formData: {
        lastName: 'Smith',
        option1: 'SocialSecurityNumber',
        option2: 'DateOfBirth',
        socialSecurityNumber: '1234',
        dateOfBirth: '1980-01-31',
      },
      children: createPortal(
        <form data-testid="dialog-form" onSubmit={inner}>
          <button type="submit">Add</button>
        </form>,
        document.body,
      ),
    });
    fireEvent.submit(screen.getByTestId('dialog-form'));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.submit(document.getElementById('sign-in') as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner and ignores submits while busy', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderSignIn({
      busy: true,
      formData: {
        lastName: 'Smith',
        option1: 'SocialSecurityNumber',
        option2: 'DateOfBirth',
        socialSecurityNumber: '1234',
        dateOfBirth: '1980-01-31',
      },
    });
    const button = screen.getByRole('button', { name: 'Continue' });
    // The spinner's code loads on demand (theme/lazy-spinner.tsx).
    await waitFor(() => expect(button.querySelector('[role="progressbar"]')).not.toBeNull());
    await user.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps what is typed when drawn again before its first paint has passed', () => {
    // RJSF takes the data from its `formData` prop until the form has started (after the first
    // paint); a first change starts it at once, so a render right after that keeps the change.
    const { rerender } = render(signInForm({ busy: false }));
    const lastName = screen.getByLabelText(/Last name or business name/);
    fireEvent.change(lastName, { target: { value: 'Smith' } });
    rerender(signInForm({ busy: true }));
    expect(screen.getByLabelText(/Last name or business name/)).toHaveProperty('value', 'Smith');
  });

  it('runs its checks once when the page is idle, before anything is typed', async () => {
    // The first run of a validator compiles it; done ahead, it is not inside the first blur or
    // the Continue.
    const rawValidation = vi.spyOn(signIn.validator, 'rawValidation');
    try {
      renderSignIn();
      expect(rawValidation).not.toHaveBeenCalled();
      await waitFor(() => expect(rawValidation).toHaveBeenCalledTimes(1));
    } finally {
      rawValidation.mockRestore();
    }
  });

  it('has no axe violations, before and after a failed submit', async () => {
    const user = userEvent.setup();
    const { container } = renderSignIn();
    const rules = { 'color-contrast': { enabled: false }, region: { enabled: false } };
    expect((await axe.run(container, { rules })).violations).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await axe.run(container, { rules })).violations).toEqual([]);
  });
});

describe('SchemaForm (verify-ssn dialog)', () => {
  const renderSsn = () => {
    const onSubmit = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <SchemaForm
          flow={verifySsnFlow as FormFlow}
          schema={verifySsn.schema}
          validator={verifySsn.validator}
          onSubmit={onSubmit}
        />
      </I18nextProvider>,
    );
    return onSubmit;
  };

  it('keeps Continue disabled until valid and validates as the user types', async () => {
    const user = userEvent.setup();
    const onSubmit = renderSsn();
    const button = screen.getByRole('button', { name: 'Continue' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const input = screen.getByLabelText(/Last 4 of SSN/);
    expect(input.id).toBe('verify-ssn_socialSecurityNumber');
    await user.type(input, '12a');
    expect((input as HTMLInputElement).value).toBe('12');
    expect(describedBy(input)).toContain('Please enter 4 digits');
    await user.type(input, '34');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(describedBy(input)).not.toContain('Please enter 4 digits');
    await user.click(button);
    expect(onSubmit).toHaveBeenCalledWith({ socialSecurityNumber: '1234' });
  });
});
