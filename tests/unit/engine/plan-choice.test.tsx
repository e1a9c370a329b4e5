// @vitest-environment jsdom
/**
 * The plan slider's − and + buttons as a screen reader and voice control meet them (issue 21):
 * each is named by the symbol it shows and what it does (flows/forms/payment-plan.json
 * `stepLabels`), the plan a button chose is said in a status region (the slider says its own
 * value), and a button at the end of the list keeps the focus.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { SchemaForm } from '../../../src/engine/form/SchemaForm';
import type { FormOption } from '../../../src/engine/form/form-state';
import { splitLocales } from '../../../src/engine/i18n/split';
import { loadForm, loadLazyWidgets, validationTree } from './helpers';

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

const plan = (months: number, amount: string): FormOption => ({
  value: months,
  label: `${months} monthly payments of ${amount}`,
  details: [{ label: 'Each payment', value: amount }],
});
const PLANS = [plan(3, '$816.67'), plan(6, '$408.34'), plan(12, '$204.16')];

async function renderPlans(planMonths = 6) {
  const { flow, schema, validator } = await loadForm('payment-plan');
  render(
    <I18nextProvider i18n={i18n}>
      <SchemaForm
        id="payment-arrangement"
        flow={flow}
        schema={schema}
        validator={validator}
        formData={{ planMonths }}
        context={{ plans: PLANS }}
        onSubmit={() => undefined}
      />
    </I18nextProvider>,
  );
}

const chosen = () => screen.getByTestId('plan-choice').getAttribute('data-value');
const status = () => screen.getByRole('status');

describe('the plan slider’s − and + buttons', () => {
  it('are named by the symbol they show and what they do', async () => {
    await renderPlans();
    const fewer = screen.getByRole('button', { name: '− Fewer payments' });
    const more = screen.getByRole('button', { name: '+ More payments' });
    expect(fewer.textContent).toBe('−');
    expect(more.textContent).toBe('+');
    await act(async () => i18n.changeLanguage('es'));
    expect(screen.getByRole('button', { name: '− Menos pagos' }).textContent).toBe('−');
    expect(screen.getByRole('button', { name: '+ Más pagos' }).textContent).toBe('+');
  });

  it('say the plan a button chose in the status region; a slider move says nothing more', async () => {
    await renderPlans();
    expect(status().textContent).toBe('');
    await userEvent.click(screen.getByRole('button', { name: '− Fewer payments' }));
    expect(chosen()).toBe('3');
    expect(status().textContent).toBe('3 monthly payments of $816.67');
    // The slider announces its own value (aria-valuetext): the status region is emptied.
    fireEvent.change(screen.getByRole('slider'), { target: { value: '1' } });
    expect(chosen()).toBe('6');
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe(
      '6 monthly payments of $408.34',
    );
    expect(status().textContent).toBe('');
    // The same plan chosen again by a button is said again.
    await userEvent.click(screen.getByRole('button', { name: '− Fewer payments' }));
    expect(status().textContent).toBe('3 monthly payments of $816.67');
  });

  it('keep the focus at the end of the list: the last + is disabled but still focused', async () => {
    await renderPlans();
    const more = screen.getByText('+', { selector: 'button' });
    await userEvent.click(more);
    expect(chosen()).toBe('12');
    expect(more.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(more);
    await userEvent.click(more);
    expect(chosen()).toBe('12');
    expect(status().textContent).toBe('12 monthly payments of $204.16');
  });
});
