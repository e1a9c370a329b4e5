// @vitest-environment jsdom
/**
 * Typing re-renders only the field typed in: for every flows/forms/*.json, one character typed
 * into each text field renders that field's template and no other field's (counted by wrapping
 * the theme's FieldTemplate). A uiSchema or callback rebuilt on every change would re-render every
 * field on every key, which is what made typing slow on a phone.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { FieldTemplateProps } from '@rjsf/utils';
import { SchemaForm } from '../../../src/engine/form/SchemaForm';
import type * as Templates from '../../../src/engine/form/theme/templates';
import { splitLocales } from '../../../src/engine/i18n/split';
import { FORM_NAMES, loadForm, validationTree, loadLazyWidgets } from './helpers';

const renders = new Map<string, number>();

vi.mock('../../../src/engine/form/theme/templates', async (importOriginal) => {
  const original = await importOriginal<typeof Templates>();
  const Original = original.FieldTemplate;
  function CountedFieldTemplate(props: FieldTemplateProps) {
    renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
    return <Original {...props} />;
  }
  return { ...original, FieldTemplate: CountedFieldTemplate };
});

/** What a page passes besides the user's input (the debtor's flags that show fields). */
const PAGE_DATA: Record<string, Record<string, unknown>> = {
  'communication-preferences': { allowEmail: true, allowSms: true },
  'contact-information': { isBusiness: false },
};
const TYPED_WIDGETS = new Set(['text', 'textarea', 'phone', 'accountNumber', 'ssn', 'number']);

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

describe.each(FORM_NAMES)('typing in flows/forms/%s.json', (name) => {
  it('re-renders only the field typed in', async () => {
    const { flow, schema, validator } = await loadForm(name);
    const fields = Object.entries(flow.fields)
      .filter(([, field]) => field && TYPED_WIDGETS.has(field.widget ?? 'text') && !field.array)
      .map(([field]) => field);
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <SchemaForm
          id={name}
          flow={flow}
          schema={schema}
          validator={validator}
          formData={PAGE_DATA[name]}
          onSubmit={() => {}}
        />
      </I18nextProvider>,
    );
    let typedIn = 0;
    for (const field of fields) {
      const input = document.getElementById(`${name}_${field}`);
      if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) continue;
      if (input.disabled || input.readOnly) continue;
      await user.click(input);
      await waitFor(() => expect(document.activeElement).toBe(input));
      renders.clear();
      await user.keyboard('7');
      const others = [...renders].filter(([id]) => id !== `${name}_${field}` && id !== name);
      expect(renders.get(`${name}_${field}`), `${field} shows the key typed`).toBeGreaterThan(0);
      expect(Object.fromEntries(others), `typing in ${field}`).toEqual({});
      typedIn += 1;
    }
    // Every form with a text field shows at least one at first.
    expect(typedIn, 'typed in at least one field').toBeGreaterThanOrEqual(
      fields.length > 0 ? 1 : 0,
    );
  });
});
