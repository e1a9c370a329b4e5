/**
 * The flow capabilities as pure functions (shared by browser and server): sections shown and
 * hidden by rules, read-only fields, `invalid` rules (cross-field checks), date limits with the
 * caller's today, arrays of simple items, and the layout the uiSchema carries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormFlow } from '../../../src/engine/form/flow';
import { computeFormState, pruneHidden } from '../../../src/engine/form/form-state';
import { arrayItemUi, buildUiSchema, type FormLayout } from '../../../src/engine/form/ui-schema';
import { validateForm } from '../../../src/engine/form/validate';
import { evaluate } from '../../../src/engine/rules/json-logic';
import { loadForm, translator } from './helpers';

type Loaded = Awaited<ReturnType<typeof loadForm>>;
const forms: Record<string, Loaded> = {};
beforeAll(async () => {
  for (const name of [
    'bankruptcy',
    'card-funding',
    'contact-information',
    'contact-us',
    'dispute',
  ]) {
    forms[name] = await loadForm(name);
  }
});
const form = (name: string): Loaded => forms[name] as Loaded;

const check = (name: string, data: Record<string, unknown>, extra: { today?: string } = {}) =>
  validateForm({
    flow: form(name).flow,
    validate: form(name).validate,
    data,
    translate: translator('en'),
    ...extra,
  }).map(({ field, keyword, message }) => ({ field, keyword, message }));

describe('JSON Logic `last`', () => {
  it('gives the last item, or null', () => {
    expect(evaluate({ last: { var: 'x' } }, { x: ['a', 'b'] })).toBe('b');
    expect(evaluate({ last: { var: 'x' } }, { x: [] })).toBeNull();
    expect(evaluate({ last: { var: 'x' } }, {})).toBeNull();
  });
});

describe('sections', () => {
  it('a section shown by a rule hides its fields (pruned) until the rule holds', () => {
    const { flow } = form('card-funding');
    const address = { addressLine1: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701' };
    const off = computeFormState(flow, { differentAddress: false, ...address });
    expect(off.hiddenSections.has('billingAddress')).toBe(true);
    expect(off.hidden.has('city')).toBe(true);
    expect(off.order).not.toContain('city');
    expect(off.data).toEqual({ differentAddress: false });
    const on = computeFormState(flow, { differentAddress: true, ...address });
    expect(on.hiddenSections.size).toBe(0);
    expect(on.order).toContain('city');
    expect(on.required.has('city')).toBe(true);
  });

  it('a hide rule naming a section wins; fields hidden by rule inside a shown section still prune', () => {
    const flow: FormFlow = {
      schema: 'forms/x',
      order: ['a', 'b', 'c'],
      fields: {
        a: { widget: 'checkbox', label: { en: 'A', es: 'A' } },
        b: { widget: 'text', label: { en: 'B', es: 'B' } },
        c: { widget: 'text', label: { en: 'C', es: 'C' } },
      },
      sections: [{ id: 's', title: { en: 'S', es: 'S' }, fields: ['b', 'c'] }],
      rules: [
        { effect: 'hide', sections: ['s'], when: { var: 'a' } },
        { effect: 'hide', fields: ['c'], when: { '==': [{ var: 'b' }, 'x'] } },
      ],
    };
    expect(pruneHidden(flow, { a: true, b: 'y', c: 'z' })).toEqual({ a: true });
    expect(computeFormState(flow, { a: true }).hiddenSections).toEqual(new Set(['s']));
    expect(pruneHidden(flow, { a: false, b: 'x', c: 'z' })).toEqual({ a: false, b: 'x' });
  });

  it('the uiSchema carries the layout: localized titles, descriptions with the context, hidden sections left out', () => {
    const { flow, schema } = form('bankruptcy');
    const state = computeFormState(flow, {});
    const ui = buildUiSchema(flow, schema, state, 'es', {
      formId: 'bk',
      context: { supportPhone: '800-555-0100' },
    });
    const layout = (ui['ui:options'] as { layout: FormLayout }).layout;
    expect(layout.formId).toBe('bk');
    expect(layout.headingLevel).toBe(2);
    expect(layout.sections.map((s) => s.id)).toEqual([
      'notice',
      'bankruptcy',
      'court',
      'attorney',
      'contact',
      'finalize',
    ]);
    expect(layout.sections[0]?.description).toContain('llámenos al 800-555-0100');
    const card = form('card-funding');
    const hidden = buildUiSchema(card.flow, card.schema, computeFormState(card.flow, {}), 'en');
    expect((hidden['ui:options'] as { layout: FormLayout }).layout.sections).toEqual([]);
  });
});

describe('notes', () => {
  it('are localized and take the context', () => {
    const { flow, schema } = form('dispute');
    const noted: FormFlow = {
      ...flow,
      notes: [{ en: 'Call {{supportPhone}}.', es: 'Llame al {{supportPhone}}.' }],
    };
    const ui = buildUiSchema(noted, schema, computeFormState(noted, {}), 'es', {
      context: { supportPhone: '800-555-0100' },
    });
    const layout = (ui['ui:options'] as { layout: FormLayout }).layout;
    expect(layout.notes).toEqual([{ text: 'Llame al 800-555-0100.', warning: false }]);
    expect(layout.groups.map((g) => [g.id, g.legend])).toEqual([
      ['reasons', 'Motivo de la disputa'],
    ]);
  });
});

describe('read-only fields', () => {
  it('a field with readOnly (or a readonly rule) is read-only, still validated and submitted', () => {
    const { flow, schema } = form('contact-information');
    const state = computeFormState(flow, { firstName: 'Maria', lastName: 'Lopez' });
    expect([...state.readOnly].sort()).toEqual(['businessName', 'firstName', 'lastName']);
    expect(state.data.firstName).toBe('Maria');
    const ui = buildUiSchema(flow, schema, state, 'en');
    expect(ui.firstName?.['ui:readonly']).toBe(true);
    expect(ui.firstName?.['ui:disabled']).toBe(false);
    expect(ui.firstName?.['ui:help']).toBe('Please contact us to change your name');
    const ruled: FormFlow = {
      ...flow,
      rules: [{ effect: 'readonly', fields: ['email'], when: { var: 'isBusiness' } }],
    };
    expect(computeFormState(ruled, { isBusiness: true }).readOnly.has('email')).toBe(true);
    expect(computeFormState(ruled, { isBusiness: false }).readOnly.has('email')).toBe(false);
  });
});

describe('invalid rules (cross-field checks as data)', () => {
  const contact = {
    name: 'Maria',
    reason: 'payment',
    phoneNumber: '3125550100',
    message: 'Hello',
    finalVerify: true,
  };

  it("contact-us: a different confirmation gives 'The email addresses do not match'", () => {
    expect(
      check('contact-us', {
        ...contact,
        commEmail: true,
        email: 'a@example.com',
        emailConfirm: 'b@example.com',
      }),
    ).toEqual([
      { field: 'emailConfirm', keyword: 'match', message: 'The email addresses do not match' },
    ]);
    const es = validateForm({
      flow: form('contact-us').flow,
      validate: form('contact-us').validate,
      data: { ...contact, commEmail: true, email: 'a@example.com', emailConfirm: 'b@x.com' },
      translate: translator('es'),
    });
    expect(es[0]?.message).toBe('Las direcciones de correo electrónico no coinciden');
  });

  it('contact-us: no mismatch error when the emails match, are hidden, or another error comes first', () => {
    const same = { commEmail: true, email: 'a@example.com', emailConfirm: 'a@example.com' };
    expect(check('contact-us', { ...contact, ...same })).toEqual([]);
    const hidden = { commEmail: false, email: 'a@example.com', emailConfirm: 'b@example.com' };
    expect(check('contact-us', { ...contact, ...hidden })).toEqual([]);
    const long = `${'b'.repeat(250)}@x.com`;
    const tooLong = check('contact-us', {
      ...contact,
      commEmail: true,
      email: 'a@example.com',
      emailConfirm: long,
    });
    expect(tooLong.map((e) => [e.field, e.keyword])).toEqual([['emailConfirm', 'maxLength']]);
  });

  it("dispute: no reason gives 'You must select at least one reason.' once, on the group's field", () => {
    const errors = check('dispute', { accountNumber: 'LU1.10001', termsAccepted: true });
    expect(errors).toEqual([
      { field: 'other', keyword: 'atLeastOne', message: 'You must select at least one reason.' },
    ]);
    expect(
      check('dispute', { accountNumber: 'LU1.10001', notMyDebt: true, termsAccepted: true }),
    ).toEqual([]);
    expect(
      check('dispute', { accountNumber: 'LU1.10001', other: true, termsAccepted: true }),
    ).toEqual([
      {
        field: 'message',
        keyword: 'required',
        message: "You must provide a message when selecting 'Other'.",
      },
    ]);
  });

  it('an invalid rule without a text of its own uses validation.<keyword>, then validation.default', () => {
    const { flow, validate } = form('contact-us');
    const ruled: FormFlow = {
      ...flow,
      rules: [
        ...(flow.rules ?? []),
        {
          effect: 'invalid',
          fields: ['name'],
          keyword: 'required',
          when: { '==': [{ var: 'name' }, 'x'] },
        },
      ],
    };
    const errors = validateForm({
      flow: { ...ruled, fields: { ...ruled.fields, name: { ...ruled.fields.name!, errors: {} } } },
      validate,
      data: { ...contact, name: 'x' },
      translate: translator('en'),
    });
    expect(errors.map((e) => [e.field, e.keyword, e.message])).toEqual([
      ['name', 'required', 'This field is required.'],
    ]);
  });
});

describe('date limits', () => {
  const filing = {
    accountNumber: 'LU1.10001',
    chapter: 7,
    caseNumber: '24-10001',
    address1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    finalVerify: true,
  };

  it("bankruptcy: a filing date after the given today gives the flow's dateMax text", () => {
    expect(
      check('bankruptcy', { ...filing, fileDate: '2026-03-15' }, { today: '2026-03-15' }),
    ).toEqual([]);
    expect(
      check('bankruptcy', { ...filing, fileDate: '2026-03-16' }, { today: '2026-03-15' }),
    ).toEqual([
      {
        field: 'fileDate',
        keyword: 'dateMax',
        message: 'The filing date cannot be in the future.',
      },
    ]);
  });

  it('without today, the local calendar day is used', () => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    expect(check('bankruptcy', { ...filing, fileDate: day(now) })).toEqual([]);
    expect(
      check('bankruptcy', { ...filing, fileDate: day(tomorrow) }).map((e) => e.keyword),
    ).toEqual(['dateMax']);
  });

  it('dateMin gives a dateMin error; a malformed date keeps its pattern error', () => {
    const { flow, validate } = form('bankruptcy');
    const bounded: FormFlow = {
      ...flow,
      fields: { ...flow.fields, fileDate: { ...flow.fields.fileDate!, dateMin: '2000-01-01' } },
    };
    const run = (fileDate: string) =>
      validateForm({
        flow: bounded,
        validate,
        data: { ...filing, fileDate },
        translate: translator('en'),
        today: '2026-03-15',
      }).map((e) => [e.keyword, e.params.limit]);
    expect(run('1999-12-31')).toEqual([['dateMin', '2000-01-01']]);
    expect(run('2026-02-30x').map(([keyword]) => keyword)).toEqual(['pattern']);
  });
});

describe('arrays of simple items', () => {
  const details = {
    firstName: 'Maria',
    lastName: 'Lopez',
    addressLine1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    email: 'maria@example.com',
  };

  it('empty items are dropped from the data; item errors name the item as the user sees it', () => {
    const phones = ['3125550100', '', '312', undefined];
    const state = computeFormState(form('contact-information').flow, { ...details, phones });
    expect(state.data.phones).toEqual(['3125550100', '312']);
    expect(state.itemIndex.phones).toEqual([0, 2]);
    expect(check('contact-information', { ...details, phones })).toEqual([
      {
        field: 'phones.2',
        keyword: 'pattern',
        message: 'Phone number must be at least 10 digits',
      },
    ]);
    expect(check('contact-information', { ...details, phones: ['3125550100', ''] })).toEqual([]);
  });

  it('canAdd: only when the last item is not empty, and fewer than 10', () => {
    const { flow } = form('contact-information');
    const canAdd = flow.fields.phones?.array?.canAdd ?? null;
    expect(evaluate(canAdd, { phones: [] })).toBeTruthy();
    expect(evaluate(canAdd, {})).toBeTruthy();
    expect(evaluate(canAdd, { phones: ['3125550100'] })).toBeTruthy();
    expect(evaluate(canAdd, { phones: ['3125550100', undefined] })).toBeFalsy();
    expect(
      evaluate(canAdd, { phones: Array.from({ length: 10 }, () => '3125550100') }),
    ).toBeFalsy();
  });

  it('items are labelled by position; initial items are read-only', () => {
    const { flow, schema } = form('contact-information');
    const state = computeFormState(flow, { ...details, phones: ['3125550100'] });
    const ui = buildUiSchema(flow, schema, state, 'es', {
      existing: { phones: 1 },
      data: { phones: ['3125550100'] },
    });
    const phones = ui.phones as Record<string, unknown>;
    expect(phones['ui:widget']).toBeUndefined();
    const options = phones['ui:options'] as Record<string, unknown>;
    expect(options).toMatchObject({
      addLabel: 'Agregar un número de teléfono',
      canAddNow: true,
      existingCount: 1,
    });
    expect(arrayItemUi(options, 0)).toMatchObject({
      'ui:widget': 'phone',
      'ui:title': 'Número de teléfono 1',
      'ui:readonly': true,
    });
    expect(arrayItemUi(options, 1)).toMatchObject({
      'ui:title': 'Número de teléfono 2',
      'ui:readonly': false,
    });
  });
});
