/**
 * The pages offered at a place of the account screens (flows/pages `offer`): the plan changes in
 * the plan section and the urgent state, each as a link to its address for the account, in order,
 * and only where `when` holds over the offer's facts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FormPageFile } from '../../../src/generated/types/meta/page';
import { pageOffers, type OfferFacts } from '../../../src/web/utils/page-offers';

const dir = path.resolve(import.meta.dirname, '../../../flows/pages');
const pages: Record<string, FormPageFile> = Object.fromEntries(
  readdirSync(dir).map((file) => [
    path.basename(file, '.json'),
    JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as FormPageFile,
  ]),
);
const facts = (place: OfferFacts['place'], urgentState = 'next_payment'): OfferFacts => ({
  place,
  account: { accountNumber: 'LU1.90002' },
  arrangement: { id: 7, type: 'PPA' },
  urgentState,
});

describe('page offers', () => {
  it('the plan changes, in order, in the plan section and in the urgent state', () => {
    const expected = [
      {
        name: 'change-plan',
        text: 'plan-change.plan.offer',
        to: '/accounts/LU1.90002/plan/change',
      },
      {
        name: 'change-payment-day',
        text: 'plan-change.day.offer',
        to: '/accounts/LU1.90002/plan/payment-day',
      },
      {
        name: 'cancel-plan',
        text: 'plan-change.cancel.offer',
        to: '/accounts/LU1.90002/plan/cancel',
      },
    ];
    expect(pageOffers(pages, 'LU1.90002', facts('plan'))).toEqual(expected);
    expect(pageOffers(pages, 'LU1.90002', facts('urgent'))).toEqual(expected);
  });

  it('a page offered at one place only, the address encoded, a page without an account address left out', () => {
    const some: Record<string, FormPageFile> = {
      day: { ...pages['change-payment-day']!, offer: { places: ['plan'], text: 'a.b', order: 2 } },
      plan: { ...pages['change-plan']!, offer: { places: ['urgent'], text: 'a.c', order: 1 } },
      contact: { ...pages['contact-us']!, offer: { places: ['urgent'], text: 'a.d' } },
    };
    expect(pageOffers(some, 'A/1', facts('plan')).map((offer) => offer.to)).toEqual([
      '/accounts/A%2F1/plan/payment-day',
    ]);
    expect(pageOffers(some, 'A/1', facts('urgent')).map((offer) => offer.name)).toEqual(['plan']);
  });

  it('`when` reads the place, the account, the plan and the urgent state', () => {
    const cancel = pages['cancel-plan']!;
    const some: Record<string, FormPageFile> = {
      cancel: {
        ...cancel,
        offer: {
          ...cancel.offer!,
          // Not in the urgent notice of a past-due plan; a settlement (SIF) plan everywhere else.
          when: {
            and: [
              {
                '!': {
                  and: [
                    { '==': [{ var: 'place' }, 'urgent'] },
                    { '==': [{ var: 'urgentState' }, 'past_due'] },
                  ],
                },
              },
              { '==': [{ var: 'arrangement.type' }, 'SIF'] },
            ],
          },
        },
      },
    };
    const sif = (place: OfferFacts['place'], state: string): OfferFacts => ({
      ...facts(place, state),
      arrangement: { type: 'SIF' },
    });
    expect(pageOffers(some, 'X', sif('urgent', 'past_due'))).toEqual([]);
    expect(pageOffers(some, 'X', sif('plan', 'past_due'))).toHaveLength(1);
    expect(pageOffers(some, 'X', sif('urgent', 'next_payment'))).toHaveLength(1);
    expect(pageOffers(some, 'X', facts('plan'))).toEqual([]);
  });
});
