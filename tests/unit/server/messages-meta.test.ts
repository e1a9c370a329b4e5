/**
 * A message's trigger names an event of the agency event log (issue 42): the meta-schema of
 * flows/messages/ lists the same types as src/server/events/types.ts, so a message can never wait
 * for an event that is not recorded.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '@/server/events/types';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the message meta-schema', () => {
  it('lists the event types of the event log, in their order', () => {
    const meta = JSON.parse(
      readFileSync(path.join(root, 'schemas/meta/message.schema.json'), 'utf8'),
    ) as { definitions: { eventType: { enum: string[] } } };
    expect(meta.definitions.eventType.enum).toEqual([...EVENT_TYPES]);
  });
});
