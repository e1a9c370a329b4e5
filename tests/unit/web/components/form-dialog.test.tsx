// @vitest-environment jsdom
/**
 * The shared form dialog (issue 23) as its callers use it: the Verify SSN dialog's submit waits
 * for valid data and the caller's busy state, a promise-returning submit closes the dialog before
 * `onDone` (where the letter dialog navigates), and a rejected one keeps it open.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { ReactNode } from 'react';
import { splitLocales } from '../../../../src/engine/i18n/split';
import { setPortalConfig } from '../../../../src/web/lib/config';
import { FormDialog, type FormDialogProps } from '../../../../src/web/components/form-dialog';
import {
  validationTree,
  verifyLetter,
  verifyLetterFlow,
  verifySsn,
  verifySsnFlow,
} from '../../engine/helpers';

let i18n: I18n;
beforeAll(async () => {
  const texts = splitLocales({
    validation: validationTree,
    dialog: {
      title: { en: 'Verify SSN', es: 'Verifique' },
      description: { en: 'Enter the last 4.', es: 'Escriba los 4.' },
      cancel: { en: 'Cancel', es: 'Cancelar' },
      failed: { en: 'That did not work.', es: 'No funcionó.' },
    },
  });
  i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: texts.en }, es: { translation: texts.es } },
    interpolation: { escapeValue: false },
  });
  setPortalConfig({
    forms: { 'verify-ssn': verifySsnFlow, 'verify-letter': verifyLetterFlow },
    rules: {},
    texts: {},
    content: {},
    journeys: {},
    pages: {},
  });
});
afterEach(cleanup);

const inI18n = (node: ReactNode) => <I18nextProvider i18n={i18n}>{node}</I18nextProvider>;
const submitButton = () => screen.getByRole('button', { name: 'Continue' });
const disabled = (button: HTMLElement) => (button as HTMLButtonElement).disabled;

/** The letter's form under the dialog's own id (`flow` names its flow). */
const renderLetterForm = (
  props: Pick<FormDialogProps<string>, 'onSubmit' | 'onClose'> & Partial<FormDialogProps<string>>,
) =>
  render(
    inI18n(
      <FormDialog
        open
        formId="letter-dialog"
        flow="verify-letter"
        form={verifyLetter}
        testId="letter-dialog"
        titleKey="dialog.title"
        cancelKey="dialog.cancel"
        content={{ kind: 'form' }}
        {...props}
      />,
    ),
  );

describe('FormDialog', () => {
  it('the SSN dialog: described by its paragraph, submit disabled until 4 digits, the caller busy', async () => {
    const onSubmit = vi.fn(() => undefined);
    const onClose = vi.fn();
    const view = (busy: boolean) =>
      inI18n(
        <FormDialog
          open
          formId="verify-ssn"
          form={verifySsn}
          testId="ssn-dialog"
          titleKey="dialog.title"
          descriptionKey="dialog.description"
          cancelKey="dialog.cancel"
          content={{ kind: 'form' }}
          busy={busy}
          onSubmit={onSubmit}
          onClose={onClose}
        />,
      );
    const { rerender } = render(view(false));
    const dialog = await screen.findByRole('dialog', { name: 'Verify SSN' });
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Enter the last 4.');
    const input = await screen.findByRole('textbox');
    expect(disabled(submitButton())).toBe(true);
    await userEvent.type(input, '43');
    expect(disabled(submitButton())).toBe(true);
    await userEvent.type(input, '21');
    await waitFor(() => expect(disabled(submitButton())).toBe(false));
    await userEvent.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ socialSecurityNumber: '4321' }),
    );
    // No promise: the caller keeps the dialog open and says when it is busy.
    rerender(view(true));
    expect(disabled(screen.getByRole('button', { name: 'Cancel' }))).toBe(true);
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a resolved submit closes the dialog first, then hands its value to onDone', async () => {
    const calls: string[] = [];
    renderLetterForm({
      onSubmit: () => Promise.resolve('/letter-option/LU1.10001/57'),
      onDone: (path) => calls.push(`done ${path}`),
      onClose: () => calls.push('close'),
    });
    const input = await screen.findByRole('textbox');
    expect(input.id).toBe('letter-dialog_letterCode');
    await userEvent.type(input, 'LU1.10001.57');
    await userEvent.click(screen.getByRole('button', { name: verifyLetterFlow.submit!.en }));
    await waitFor(() => expect(calls).toEqual(['close', 'done /letter-option/LU1.10001/57']));
  });

  it('a rejected submit keeps the dialog open with its failure alert', async () => {
    const onClose = vi.fn();
    renderLetterForm({
      errorKey: 'dialog.failed',
      content: { kind: 'form', outro: <p>after the form</p> },
      onSubmit: () => Promise.reject(new Error('not found')),
      onClose,
    });
    expect(screen.getByText('after the form')).toBeTruthy();
    await userEvent.type(await screen.findByRole('textbox'), 'LU1.10001.57');
    await userEvent.click(screen.getByRole('button', { name: verifyLetterFlow.submit!.en }));
    expect((await screen.findByTestId('dialog-error')).textContent).toContain('That did not work.');
    expect(onClose).not.toHaveBeenCalled();
  });
});
