/**
 * The daily export's files (src/server/events/export-files.ts): every event type lands in exactly
 * one file, columns are named once per file, and an event's data is flattened into them.
 */
import { describe, expect, it } from 'vitest';
import {
  EXPORT_FILES,
  exportFileOf,
  headerOf,
  rowOf,
  unplacedTypes,
  type ExportEvent,
} from '../../src/server/events/export-files';
import { EVENT_TYPES } from '../../src/server/events/types';

const event = (type: string, data: Record<string, unknown>): ExportEvent => ({
  cursor: 42,
  id: 'evt_0123456789abcdef01234567',
  type,
  createdAt: '2026-12-08T05:30:00.000Z',
  agencyDate: '2026-12-07',
  clientId: 'NWB',
  accountNumber: 'LU1.10001',
  debtorKey: 'maria-garcia',
  data,
});

describe('agency export files', () => {
  it('places every event type in exactly one file', () => {
    expect(unplacedTypes()).toEqual({ missing: [], twice: [] });
    const placed = EXPORT_FILES.flatMap((f) => f.types);
    expect([...placed].sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) expect(exportFileOf(type).types).toContain(type);
    expect(() => exportFileOf('payment.exploded')).toThrow(/no file/);
  });

  it('names each column once, the common ones first', () => {
    for (const f of EXPORT_FILES) {
      const header = headerOf(f);
      expect(new Set(header).size, f.name).toBe(header.length);
      expect(header.slice(0, 8)).toEqual([
        'cursor',
        'event_id',
        'type',
        'created_at',
        'agency_date',
        'client',
        'account_number',
        'debtor_key',
      ]);
      expect(f.name).toMatch(/^[a-z-]+\.csv$/);
    }
  });

  it('flattens the data: amounts, confirmation, method, lists as JSON, empty for none', () => {
    const f = exportFileOf('payment.succeeded');
    expect(f.name).toBe('payments.csv');
    const row = Object.fromEntries(
      headerOf(f).map((name, i) => [
        name,
        rowOf(
          f,
          event('payment.succeeded', {
            confirmation: 'WPB2C3D4F5G6',
            amountCents: 12345,
            paidOn: '2026-12-07',
            method: { kind: 'card', last4: '1111', brand: 'visa' },
            planRef: null,
          }),
        )[i],
      ]),
    );
    expect(row).toMatchObject({
      cursor: 42,
      type: 'payment.succeeded',
      agency_date: '2026-12-07',
      confirmation: 'WPB2C3D4F5G6',
      amount_cents: 12345,
      pay_date: '2026-12-07',
      method_kind: 'card',
      method_brand: 'visa',
      method_last4: '1111',
      plan_ref: null,
      reason: null,
      payments: null,
    });
    const plans = exportFileOf('plan.created');
    const cells = rowOf(
      plans,
      event('plan.created', {
        confirmation: 'WPX',
        planRef: 'P1',
        kind: 'installments',
        schedule: [{ payDate: '2026-12-10', amountCents: 500 }],
      }),
    );
    expect(cells[headerOf(plans).indexOf('schedule')]).toBe(
      '[{"payDate":"2026-12-10","amountCents":500}]',
    );
    const prefs = exportFileOf('debtor.preferences_changed');
    const flags = rowOf(
      prefs,
      event('debtor.preferences_changed', { emails: false, texts: true, letters: true }),
    );
    expect(flags[headerOf(prefs).indexOf('emails')]).toBe('false');
    expect(flags[headerOf(prefs).indexOf('texts')]).toBe('true');
  });
});
