import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DISPUTE_REASONS } from '../../../src/domain/dispute';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;

describe('dispute reasons', () => {
  it("are the dispute form's checkboxes but the terms box, in the schema's order", () => {
    expect(DISPUTE_REASONS).toEqual(['alreadyResolved', 'incorrectBalance', 'notMyDebt', 'other']);
  });

  it('each has a label in the dispute flow (printed on the confirmation PDF)', () => {
    const flow = read('flows/forms/dispute.json') as {
      fields: Record<string, { label?: { en: string; es: string } }>;
    };
    for (const reason of DISPUTE_REASONS) {
      expect(flow.fields[reason]?.label, reason).toEqual({
        en: expect.any(String),
        es: expect.any(String),
      });
    }
  });
});
