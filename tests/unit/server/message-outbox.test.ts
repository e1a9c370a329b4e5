/** The message outbox's pure parts (issue 43): opt-out tokens, masked addresses, values. */
import { describe, expect, it } from 'vitest';
import {
  maskAddress,
  unsubscribeKey,
  unsubscribeToken,
  verifyUnsubscribeToken,
} from '../../../src/server/messages/outbox/tokens';
import { messageValues, methodWords } from '../../../src/server/messages/outbox/values';

const key = unsubscribeKey(Buffer.alloc(32, 7));
const id = `msg_${'ab'.repeat(12)}`;

describe('opt-out tokens', () => {
  it('verifies its own token and names the message', () => {
    expect(verifyUnsubscribeToken(key, unsubscribeToken(key, id))).toBe(id);
  });
  it('refuses a changed, foreign, malformed or missing token', () => {
    const token = unsubscribeToken(key, id);
    const other = `msg_${'cd'.repeat(12)}`;
    expect(verifyUnsubscribeToken(key, `${other}.${token.split('.')[1]}`)).toBeNull();
    expect(verifyUnsubscribeToken(unsubscribeKey(Buffer.alloc(32, 8)), token)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}x`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${token}.x`)).toBeNull();
    expect(verifyUnsubscribeToken(key, 'nope')).toBeNull();
    expect(verifyUnsubscribeToken(key, undefined)).toBeNull();
  });
});

describe('masked addresses', () => {
  it('keeps the first letter and the domain of an e-mail, the last 4 digits of a number', () => {
    expect(maskAddress('maria.garcia@example.com')).toBe('m•••@example.com');
    expect(maskAddress('+13125550123')).toBe('•••0123');
  });
});

describe('message values', () => {
  const base = {
    eventType: 'payment.succeeded',
    eventAt: '2026-12-07T15:00:00Z',
    accountNumber: 'LU1.10001',
    firstName: 'Maria',
    lastName: 'Garcia',
    creditor: 'Northwind Bank',
    balanceCents: 245_000,
    timeZone: 'America/New_York',
  };
  it('formats a payment in the language', () => {
    const data = {
      confirmation: 'WPB2C3',
      amountCents: 7500,
      paidOn: '2026-12-07',
      method: { kind: 'card', last4: '1111', brand: 'Visa' },
    };
    expect(messageValues({ ...base, data, language: 'en' })).toMatchObject({
      amount: '$75.00',
      date: 'December 7, 2026',
      method: 'Visa ****1111',
      confirmation: 'WPB2C3',
      balance: '$2,450.00',
      firstName: 'Maria',
    });
    expect(messageValues({ ...base, data, language: 'es' }).date).toBe('7 de diciembre de 2026');
  });
  it('leaves out what the event does not carry (the renderer then refuses the message)', () => {
    const values = messageValues({ ...base, data: {}, language: 'en' });
    expect(values.amount).toBeUndefined();
    expect(values.method).toBeUndefined();
    expect(values.date).toBe('December 7, 2026');
    expect(methodWords({ kind: 'bank', last4: '6789', brand: null })).toBe('****6789');
  });
});
