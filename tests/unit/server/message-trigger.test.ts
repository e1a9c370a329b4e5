import { describe, expect, it } from 'vitest';
import type { PortalConfig } from '../../../src/server/config';
import { kindsFor } from '../../../src/server/messages/outbox/build';
import { loadFlowsTreeForTest } from './message-trigger-tree';

describe('a message kind’s trigger condition (trigger.when)', () => {
  const config = { messages: loadFlowsTreeForTest() } as unknown as PortalConfig;
  const schedule = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ payDate: `2026-12-${10 + i}`, amountCents: 100 }));

  it('makes "plan created" for a schedule of several payments, not for a single payment', () => {
    const kinds = (n: number) =>
      kindsFor(config, 'plan.created', { kind: 'PPA', schedule: schedule(n) }).map(([k]) => k);
    expect(kinds(3)).toContain('plan-created');
    expect(kinds(2)).toContain('plan-created');
    expect(kinds(1)).not.toContain('plan-created');
    // No data (unreadable): the condition does not hold, nothing is made.
    expect(kindsFor(config, 'plan.created', null).map(([k]) => k)).not.toContain('plan-created');
  });

  it('a kind without a condition follows its events alone', () => {
    expect(kindsFor(config, 'payment.succeeded', {}).map(([k]) => k)).toContain('payment-receipt');
  });
});
