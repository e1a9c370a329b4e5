// @vitest-environment jsdom
/**
 * One harness for every flows/forms/*.json with its precompiled validator: the form renders
 * with a name for every shown field, submitting it empty shows the validateForm errors tied to
 * their fields (or to their group) and focuses the first, and axe finds nothing before or after.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import axe from 'axe-core';
import { getDefaultFormState } from '@rjsf/utils';
import { SchemaForm } from '../../../src/engine/form/SchemaForm';
import { computeFormState } from '../../../src/engine/form/form-state';
import { validateForm } from '../../../src/engine/form/validate';
import { splitLocales } from '../../../src/engine/i18n/split';
import { FORM_NAMES, loadForm, translator, validationTree, loadLazyWidgets } from './helpers';

/** What a page passes besides the user's input: hidden ids, the debtor's flags, context. */
const PAGE_DATA: Record<string, Record<string, unknown>> = {
  bankruptcy: { accountNumber: 'LU1.10001' },
  dispute: { accountNumber: 'LU1.10001' },
  'communication-preferences': { allowEmail: true, allowSms: true },
  'contact-information': { isBusiness: false },
};
const CONTEXT = {
  supportPhone: '800-555-0100',
  // The payment stages' run-time values (src/web/features/payment builds them from the account).
  minAmount: 25,
  maxAmount: 1000,
  minAmountText: '$25.00',
  maxAmountText: '$1,000.00',
  amountHint: 'From $25.00 to $1,000.00.',
  firstDay: '2026-03-15',
  lastDay: '2026-04-14',
  firstDayText: 'March 15, 2026',
  lastDayText: 'April 14, 2026',
  dateChoices: [
    { value: '2026-03-15', label: 'Today, March 15, 2026' },
    { value: 'advanced', label: 'Another day' },
  ],
  plans: [
    { value: 3, label: '3 monthly payments of $333.34' },
    { value: 6, label: '6 monthly payments of $166.67' },
  ],
  letterOptions: [{ value: 7, label: '1 payment of $600.00' }],
  monthChoices: [
    { value: 2, label: '2 monthly payments of $375.00' },
    { value: 3, label: '3 monthly payments of $250.00' },
  ],
  fundingMethods: [
    { value: 1, label: 'Visa ****1111' },
    {
      value: 2,
      label: 'Mastercard ****4444',
      disabled: true,
      hint: 'This payment method has expired. Choose another one or add a new one.',
    },
  ],
  hasMethods: 1,
  isBusiness: 0,
  agreementText: 'You agree to pay $1,000.00.',
  eSignText: 'You agree to sign electronically.',
  authorizationText: 'I authorize one payment of $1,000.00.',
};
const TODAY = '2026-03-15';
const AXE = { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } };

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
afterEach(cleanup);

/** The name a control gets from aria-labelledby, aria-label, its labels or its legend. */
function nameOf(element: HTMLElement): string {
  const text = (ids: string) =>
    ids
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy) return text(labelledBy);
  const label = element.getAttribute('aria-label');
  if (label) return label;
  if (element instanceof HTMLFieldSetElement) {
    return element.querySelector('legend')?.textContent?.trim() ?? '';
  }
  const labels = (element as HTMLInputElement).labels ?? [];
  return [...labels]
    .map((l) => l.textContent ?? '')
    .join(' ')
    .trim();
}

const describedBy = (element: Element): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

describe.each(FORM_NAMES)('flows/forms/%s.json rendered', (name) => {
  it('labels every shown field, shows the errors of an empty submit on their fields, passes axe', async () => {
    const { flow, schema, validator, validate } = await loadForm(name);
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const initial = PAGE_DATA[name] ?? {};
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <SchemaForm
          id={name}
          flow={flow}
          schema={schema}
          validator={validator}
          formData={initial}
          context={CONTEXT}
          today={TODAY}
          onSubmit={onSubmit}
        />
      </I18nextProvider>,
    );

    const data = getDefaultFormState(validator, schema, initial, schema, false, {
      constAsDefaults: 'never',
    }) as Record<string, unknown>;
    const state = computeFormState(flow, data, CONTEXT);
    expect(state.order.length).toBeGreaterThan(0);
    // Lazily loaded widgets (radio, checkbox, textarea) render once their code has arrived.
    await waitFor(() => {
      for (const field of state.order) {
        expect(document.getElementById(`${name}_${field}`), field).not.toBeNull();
      }
    });
    for (const field of state.order) {
      const element = document.getElementById(`${name}_${field}`) as HTMLElement;
      expect(nameOf(element), `${field} has a name`).not.toBe('');
    }
    expect((await axe.run(container, AXE)).violations).toEqual([]);

    const expected = validateForm({
      flow,
      validate,
      data,
      translate: translator('en'),
      today: TODAY,
      context: CONTEXT,
    }).filter((error) => state.order.includes(error.field));
    const submit = screen.getByRole('button', { name: flow.submit?.en });
    if (flow.submitDisabledUntilValid) {
      // A dialog form validates as the user types; its button waits for valid data.
      expect((submit as HTMLButtonElement).disabled).toBe(expected.length > 0);
      return;
    }
    await user.click(submit);
    if (expected.length === 0) {
      expect(onSubmit).toHaveBeenCalledTimes(1);
      return;
    }
    expect(onSubmit).not.toHaveBeenCalled();
    if (flow.errorSummary) {
      const summary = await screen.findByTestId('error-summary');
      expect(summary.querySelectorAll('a')).toHaveLength(expected.length);
    }
    for (const error of expected) {
      const group = flow.groups?.find((g) => g.fields.includes(error.field));
      const target = group
        ? document.getElementById(`${name}__group-${group.id}`)
        : document.getElementById(`${name}_${error.field}`);
      expect(target, error.field).not.toBeNull();
      expect(describedBy(target as HTMLElement), error.field).toContain(error.message);
      // Shown once per error: a group's error is not repeated under its checkboxes (and once
      // more in the error summary, when the flow has one).
      const times = expected.filter((e) => e.message === error.message).length;
      expect(screen.getAllByText(error.message).length, error.message).toBe(
        flow.errorSummary ? times * 2 : times,
      );
    }
    const first = expected[0]!;
    const group = flow.groups?.find((g) => g.fields.includes(first.field));
    const focusId = `${name}_${group ? group.fields.find((f) => state.order.includes(f)) : first.field}`;
    const focused = document.activeElement as HTMLElement;
    expect(
      focused.id === focusId || focused.closest(`[id="${focusId}"]`) !== null,
      focused.id,
    ).toBe(true);
    expect((await axe.run(container, AXE)).violations).toEqual([]);
  }, 20_000);
});
