/**
 * The studio edits messages like any other file (issue 43): its generic editor walks a file of
 * flows/messages/ beside schemas/meta/message.schema.json, with no code of its own for them. Every
 * text (subject, preheader, each block, the common disclosure and opt-out) is an English and
 * Spanish field, a schedule's days and a client's own days are numbers within the meta-schema's
 * bounds, and the block types and events are choices.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkLeaves } from '@/domain/studio/leaves';
import type { Schema } from '@/domain/studio/meta-schema';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const meta = read('schemas/meta/message.schema.json') as Schema;

describe('the studio editor on flows/messages', () => {
  it('makes every text of a kind an English and Spanish field', () => {
    const leaves = walkLeaves(read('flows/messages/payment-receipt.json'), meta);
    const texts = leaves.filter((leaf) => leaf.kind === 'text').map((leaf) => leaf.pointer);
    expect(texts).toEqual([
      '/title',
      '/email/subject',
      '/email/preheader',
      '/email/blocks/0/text',
      '/email/blocks/1/text',
      '/email/blocks/2/text',
      '/email/blocks/3/text',
      '/sms/blocks/1/text',
    ]);
    const events = leaves.find((leaf) => leaf.pointer === '/trigger/events/0');
    expect(events).toMatchObject({ kind: 'string', value: 'payment.succeeded' });
    expect(events?.kind === 'string' && events.options).toContain('plan.created');
    const blockType = leaves.find((leaf) => leaf.pointer === '/email/blocks/4/type');
    expect(blockType).toMatchObject({ kind: 'string', value: 'disclosure' });
  });

  it("makes a schedule's days and a client's own days numbers within bounds", () => {
    const leaves = walkLeaves(read('flows/messages/plan-payment-reminder.json'), meta);
    for (const [pointer, value] of [
      ['/trigger/schedule/daysBefore', 3],
      ['/clients/ADW/daysBefore', 5],
    ] as const)
      expect(leaves.find((leaf) => leaf.pointer === pointer)).toMatchObject({
        kind: 'number',
        value,
        integer: true,
        minimum: 0,
        maximum: 60,
      });
  });

  it('makes the common disclosure and opt-out, per channel and language, fields', () => {
    const leaves = walkLeaves(read('flows/messages/common.json'), meta);
    expect(leaves.filter((leaf) => leaf.kind === 'text').map((leaf) => leaf.pointer)).toEqual([
      '/disclosure/email',
      '/disclosure/sms',
      '/optOut/email',
      '/optOut/sms',
      '/signature',
    ]);
  });
});
