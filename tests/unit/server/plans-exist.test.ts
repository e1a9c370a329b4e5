/**
 * ListOverview decides whether plans exist without building them (plansExist): it must answer
 * exactly what GetPaymentPlans / GetSettlementPlans return, for every client of flows/clients
 * and for balances around each client's limits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClientDirectory, type ClientSettings } from '../../../src/server/clients/settings';
import { paymentPlans, plansExist, settlementPlans } from '../../../src/server/payments/plans';

const dir = path.resolve(import.meta.dirname, '../../../flows/clients');
const files = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(dir, f), 'utf8'))]),
);
const directory = ClientDirectory.fromConfig(files);
const clients = directory.ids().map((id) => directory.forClient(id));

const variants = (client: ClientSettings): ClientSettings[] => [
  client,
  { ...client, payment: { ...client.payment, allowPifArr: false } },
  { ...client, payment: { ...client.payment, allowSifArr: false } },
  { ...client, payment: { ...client.payment, maxMonthlyPayments: 1 } },
  { ...client, settlementTiers: [{ months: 4, discount: 0 }] },
  { ...client, minMonthlyPaymentCents: 100_000 },
];

describe('plansExist', () => {
  it('answers what paymentPlans and settlementPlans return', () => {
    const balances = [0, 1, 2, 99, 100, 101, 4999, 5000, 9999, 10_000, 10_001, 60_000, 245_000];
    let cases = 0;
    for (const base of clients) {
      for (const client of variants(base)) {
        for (const balanceCents of balances) {
          const input = { balanceCents, client, today: '2026-03-31' };
          expect(plansExist(input), `${client.id} ${balanceCents}`).toEqual({
            payment: paymentPlans(input).length > 0,
            settlement: settlementPlans(input).length > 0,
          });
          cases += 1;
        }
      }
    }
    expect(cases).toBeGreaterThan(100);
  });

  it('finds both kinds for an ordinary balance and none for nothing owed', () => {
    const client = directory.forClient('default');
    expect(plansExist({ balanceCents: 245_000, client })).toEqual({
      payment: true,
      settlement: true,
    });
    expect(plansExist({ balanceCents: 0, client })).toEqual({ payment: false, settlement: false });
  });
});
