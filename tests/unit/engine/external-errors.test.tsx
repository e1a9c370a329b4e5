// @vitest-environment jsdom
/**
 * Errors the form did not find itself (the server's answer to a submit) shown on their fields:
 * with the flow's text for their keyword in the current language, focused when they arrive, gone
 * once the field changes.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { SchemaForm, type ExternalError } from '../../../src/engine/form/SchemaForm';
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

const describedBy = (element: Element): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

const contact = {
  name: 'Maria',
  account: 'LU1.99999',
  reason: 'payment',
  phoneNumber: '3125550100',
  message: 'Hello',
  finalVerify: true,
};

async function renderContactUs() {
  const { flow, schema, validator } = await loadForm('contact-us');
  const onSubmit = vi.fn();
  const view = (externalErrors: ExternalError[]) => (
    <I18nextProvider i18n={i18n}>
      <SchemaForm
        id="contact-us"
        flow={flow}
        schema={schema}
        validator={validator}
        formData={contact}
        onSubmit={onSubmit}
        externalErrors={externalErrors}
      />
    </I18nextProvider>
  );
  const utils = render(view([]));
  return { ...utils, onSubmit, show: (errors: ExternalError[]) => utils.rerender(view(errors)) };
}

describe('external errors (contact us: an account that is not the user’s)', () => {
  it('shows the flow text on the field, focuses it, follows the language, clears on change', async () => {
    const user = userEvent.setup();
    const { show } = await renderContactUs();
    const account = screen.getByLabelText(/^Account number/) as HTMLInputElement;
    expect(describedBy(account)).not.toContain('A valid account number is required');

    show([{ field: 'account', keyword: 'notFound' }]);
    expect(describedBy(account)).toContain('A valid account number is required');
    expect(account.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(account);

    await act(() => i18n.changeLanguage('es'));
    expect(describedBy(account)).toContain('Se requiere un número de cuenta válido');
    await act(() => i18n.changeLanguage('en'));

    await user.type(account, '1');
    expect(describedBy(account)).not.toContain('A valid account number is required');
  });

  it('an error on a field left unchanged does not stop a new submit', async () => {
    const user = userEvent.setup();
    const { show, onSubmit } = await renderContactUs();
    show([{ field: 'account', keyword: 'notFound' }]);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
