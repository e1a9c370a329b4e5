/**
 * The studio's Activity screen (issue 42, item 4): its event types are the server's list (the
 * query schema's enum, the screen's select, a name for people in English and Spanish for each),
 * and the summary of an event's data shows the facts a person looks for first.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/server/events/types';
import {
  EVENT_TYPES as SCREEN_TYPES,
  summaryFacts,
} from '../../src/web/features/studio/utils/event-summary';

const root = path.resolve(import.meta.dirname, '../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;

describe('studio activity', () => {
  it('lists the server event types, each with a name in English and Spanish', () => {
    const query = json('schemas/api/studio-events-query.schema.json') as {
      definitions: { eventType: { enum: string[] } };
    };
    expect([...query.definitions.eventType.enum].sort()).toEqual([...EVENT_TYPES].sort());
    expect([...SCREEN_TYPES]).toEqual([...EVENT_TYPES]);
    const texts = json('flows/texts/studio.json') as {
      activity: { types: Record<string, { en: string; es: string }> };
    };
    for (const type of EVENT_TYPES) {
      const name = texts.activity.types[type.replace(/\./g, '_')];
      expect(name?.en, type).toBeTruthy();
      expect(name?.es, type).toBeTruthy();
    }
  });

  it('summarizes a payment by amount and confirmation, and preferences by channel', () => {
    const yesNo = (value: boolean) => (value ? 'yes' : 'no');
    expect(
      summaryFacts(
        {
          confirmation: 'PAY-123',
          amountCents: 12345,
          paidOn: '2026-12-01',
          method: { kind: 'card', brand: 'visa', last4: '4242' },
        },
        'en',
        yesNo,
      ),
    ).toEqual([
      { name: 'amount', detail: '$123.45' },
      { name: 'confirmation', detail: 'PAY-123' },
      { name: 'paidOn', detail: '2026-12-01' },
      { name: 'method', detail: 'visa …4242' },
    ]);
    expect(
      summaryFacts({ emails: false, texts: true, letters: true, preferred: 'SMS' }, 'es', yesNo),
    ).toEqual([
      { name: 'emails', detail: 'no' },
      { name: 'texts', detail: 'yes' },
      { name: 'letters', detail: 'yes' },
    ]);
    expect(summaryFacts({}, 'en', yesNo)).toEqual([]);
  });
});
