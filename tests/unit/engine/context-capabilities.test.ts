import { describe, expect, it } from 'vitest';
import { computeFormState } from '../../../src/engine/form/form-state';
import { buildUiSchema } from '../../../src/engine/form/ui-schema';
import { validateForm } from '../../../src/engine/form/validate';
import { loadForm, translator } from './helpers';

const reschedule = await loadForm('reschedule-payment');
const setPaymentMethod = await loadForm('set-payment-method');

const days = {
  currentDate: '2026-11-21',
  earliestDate: '2026-11-21',
  latestDate: '2026-12-06',
  latestDateText: 'December 6, 2026',
};
const moveTo = (paymentDate: string | undefined, language: 'en' | 'es' = 'en') =>
  validateForm({
    flow: reschedule.flow,
    validate: reschedule.validate,
    data: { paymentDate },
    translate: translator(language),
    today: '2026-11-21',
    context: days,
  }).map((e) => [e.keyword, e.message]);

describe('context: rules read $context, date limits name context days (reschedule)', () => {
  it('accepts a day between the earliest and the latest day', () => {
    expect(moveTo('2026-11-30')).toEqual([]);
    expect(moveTo('2026-12-06')).toEqual([]);
  });

  it("the day it is already on: 'Payment already scheduled for this day'", () => {
    expect(moveTo('2026-11-21')).toEqual([
      ['alreadyScheduled', 'Payment already scheduled for this day'],
    ]);
    expect(moveTo('2026-11-21', 'es')).toEqual([
      ['alreadyScheduled', 'El pago ya está programado para este día'],
    ]);
  });

  it('after the latest day, before the earliest day or not a date: says what to do', () => {
    expect(moveTo('2026-12-07')).toEqual([
      ['dateMax', 'The new date cannot be after December 6, 2026.'],
    ]);
    expect(moveTo('2026-11-20')).toEqual([['dateMin', 'The new date cannot be before today.']]);
    expect(moveTo('2026-13-40')).toEqual([['pattern', 'Enter the date as MM/DD/YYYY.']]);
    expect(moveTo(undefined)).toEqual([['required', 'Choose the new date of the payment.']]);
  });

  it('bounds the picker with the context days and puts the latest day in the help text', () => {
    const state = computeFormState(reschedule.flow, {}, days);
    const ui = buildUiSchema(reschedule.flow, reschedule.schema, state, 'en', { context: days });
    const field = ui.paymentDate as Record<string, unknown>;
    expect(field['ui:help']).toBe('The latest possible date is December 6, 2026.');
    expect(field['ui:options']).toMatchObject({ dateMin: '2026-11-21', dateMax: '2026-12-06' });
  });

  it('a $context rule does not hold without the context', () => {
    const errors = validateForm({
      flow: reschedule.flow,
      validate: reschedule.validate,
      data: { paymentDate: '2026-11-21' },
      translate: translator(),
    });
    expect(errors).toEqual([]);
  });
});

describe('optionsFrom: a choice whose options come from the context (set payment method)', () => {
  const context = {
    fundingMethods: [
      { value: 1, label: 'Visa ****1111' },
      { value: 2, label: 'Checking ****6789' },
    ],
  };
  const run = (data: Record<string, unknown>) =>
    validateForm({
      flow: setPaymentMethod.flow,
      validate: setPaymentMethod.validate,
      data,
      translate: translator(),
      context,
    }).map((e) => [e.field, e.keyword, e.message]);

  it('accepts a listed option', () => {
    expect(run({ scope: 'one', fundingId: 2 })).toEqual([]);
  });

  it('refuses a value the list does not hold (an expired method left out)', () => {
    expect(run({ scope: 'all', fundingId: 3 })).toEqual([
      ['fundingId', 'enum', 'Choose a payment method from the list.'],
    ]);
  });

  it('requires a choice', () => {
    expect(run({ scope: 'one' })).toEqual([['fundingId', 'required', 'Choose a payment method.']]);
  });

  it('hands the list to the widget as its options', () => {
    const state = computeFormState(setPaymentMethod.flow, {}, context);
    const ui = buildUiSchema(setPaymentMethod.flow, setPaymentMethod.schema, state, 'es', {
      context,
    });
    const field = ui.fundingId as Record<string, unknown>;
    expect(field['ui:title']).toBe('Método de pago');
    expect((field['ui:options'] as Record<string, unknown>).runtimeOptions).toEqual(
      context.fundingMethods,
    );
  });
});
