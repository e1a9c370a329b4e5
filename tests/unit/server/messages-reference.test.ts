/**
 * A message's sign-in link carries its reference (issue 43, item 4: click-through counts): the
 * account-number sign-in `/login?accountNumber=…&m=<message id>`, the id taken from the message's
 * own opt-out token when not given, and no reference from anything else.
 */
import { describe, expect, it } from 'vitest';
import { messageReference, signInLink } from '../../../src/server/messages/compose';
import { unsubscribeToken } from '../../../src/server/messages/outbox/tokens';

const ID = `msg_${'ab12'.repeat(6)}`;

describe('a message link reference', () => {
  it('is the message id of its opt-out token, or the one given', () => {
    const token = unsubscribeToken(Buffer.alloc(32, 7), ID);
    const unsubscribe = `https://pay.example.com/unsubscribe?token=${token}`;
    expect(messageReference({ portal: 'https://pay.example.com', unsubscribe })).toBe(ID);
    expect(
      messageReference({ portal: 'https://pay.example.com', unsubscribe, reference: 'msg_x' }),
    ).toBe('msg_x');
  });

  it('is none for a link without a message token', () => {
    for (const unsubscribe of [
      'https://pay.example.com/unsubscribe',
      'https://pay.example.com/unsubscribe?token=abc.def',
      `https://pay.example.com/unsubscribe?token=${ID}`,
      'not a url',
    ]) {
      expect(messageReference({ portal: 'https://pay.example.com', unsubscribe })).toBeUndefined();
    }
  });

  it('goes into the account-number sign-in, never anything that signs in', () => {
    expect(signInLink('https://pay.example.com/x?y=1#z', 'LU1.10001', ID)).toBe(
      `https://pay.example.com/login?accountNumber=LU1.10001&m=${ID}`,
    );
    expect(signInLink('https://pay.example.com', 'LU1.10001')).toBe(
      'https://pay.example.com/login?accountNumber=LU1.10001',
    );
  });
});
