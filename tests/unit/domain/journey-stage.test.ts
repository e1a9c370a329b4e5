import { describe, expect, it } from 'vitest';
import type { FormFlow } from '../../../src/engine/form/flow';
import {
  stageContext,
  stageLines,
  stagePrefill,
  type Translate,
} from '../../../src/domain/journey-stage';
import type { Stage } from '../../../src/generated/types/meta/payment-journey';

const t: Translate = (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key);

const flow = {
  schema: 'forms/budget',
  order: ['income', 'plan', 'when', 'secret'],
  fields: {
    income: { widget: 'money', label: { en: 'Income', es: 'Ingreso' } },
    plan: {
      widget: 'radio',
      label: { en: 'Plan', es: 'Plan' },
      optionsFrom: 'plans',
    },
    when: { widget: 'date', label: { en: 'Day', es: 'Día' } },
    secret: { widget: 'text', label: { en: 'Hidden', es: 'Oculto' }, review: false },
  },
} as unknown as FormFlow;

const facts = {
  offer: { plans: [{ value: 6, label: '6 payments of $50.00' }], hint: '' },
  payer: { name: 'Ana', phone: null },
  payments: { count: 2, totalCents: 12345 },
};

describe('a journey stage read against its facts', () => {
  it('gives its form the declared context, keeping an empty text and dropping what is missing', () => {
    const stage = {
      id: 's',
      title: { en: 'S', es: 'S' },
      context: {
        plans: { var: 'offer.plans' },
        hint: { var: 'offer.hint' },
        phone: { var: 'payer.phone' },
        business: { '!': { var: 'payer.name' } },
      },
    } as Stage;
    expect(stageContext(stage, facts)).toEqual({
      plans: facts.offer.plans,
      hint: '',
      business: 0,
    });
  });

  it('starts its form with the declared prefill, leaving empty results out', () => {
    const stage = {
      id: 's',
      title: { en: 'S', es: 'S' },
      prefill: { name: { var: 'payer.name' }, phone: { var: 'payer.phone' }, fixed: 7 },
    } as Stage;
    expect(stagePrefill(stage, facts)).toEqual({ name: 'Ana', fixed: 7 });
  });

  it("lists the form's answered fields with their labels, except those marked review: false", () => {
    const stage = {
      id: 's',
      title: { en: 'S', es: 'S' },
      context: { plans: { var: 'offer.plans' } },
    } as Stage;
    const given = { income: 2500, plan: 6, when: '2026-12-15', secret: 'x' };
    expect(stageLines({ stage, facts, given, flow, language: 'en', t })).toEqual([
      { label: 'Income', value: '$2,500.00' },
      { label: 'Plan', value: '6 payments of $50.00' },
      { label: 'Day', value: 'December 15, 2026' },
    ]);
    const es = stageLines({ stage, facts, given: { income: 2500 }, flow, language: 'es', t });
    expect(es).toEqual([{ label: 'Ingreso', value: expect.stringMatching(/2500|2\.500|2,500/) }]);
  });

  it('lists declared lines: a value with its format, a text with values, and only when they hold', () => {
    const stage = {
      id: 's',
      title: { en: 'S', es: 'S' },
      lines: [
        { label: 'a.total', value: { var: 'payments.totalCents' }, format: 'cents' },
        { label: 'a.count', text: 'a.countValue', values: { count: { var: 'payments.count' } } },
        { label: 'a.never', value: 'x', when: { var: 'payments.none' } },
        { label: 'a.name', value: { var: 'given' }, format: 'name' },
        { label: 'a.empty', value: { var: 'payer.phone' }, format: 'phone' },
      ],
    } as Stage;
    const given = { firstName: 'Ana', lastName: 'Ruiz', businessName: '' };
    expect(stageLines({ stage, facts, given, flow: undefined, language: 'en', t })).toEqual([
      { label: 'a.total', value: '$123.45' },
      { label: 'a.count', value: 'a.countValue {"count":2}' },
      { label: 'a.name', value: 'Ana Ruiz' },
    ]);
  });

  it('reads a getter fact only when a line asks for it, and then once', () => {
    let reads = 0;
    const lazy = {
      ...facts,
      get agreement() {
        reads += 1;
        return { text: 'I authorize' };
      },
    };
    const plain = {
      id: 's',
      title: { en: 'S', es: 'S' },
      lines: [{ label: 'a.count', value: { var: 'payments.count' }, format: 'text' }],
    } as Stage;
    const reading = {
      ...plain,
      lines: [{ label: 'a.text', value: { var: 'agreement.text' }, format: 'text' }],
    } as Stage;
    const lines = (stage: Stage) =>
      stageLines({ stage, facts: lazy, given: {}, flow: undefined, language: 'en', t });
    expect(lines(plain)).toEqual([{ label: 'a.count', value: '2' }]);
    expect(reads).toBe(0);
    expect(lines(reading)).toEqual([{ label: 'a.text', value: 'I authorize' }]);
    expect(reads).toBe(1);
  });
});
