/**
 * A message's sign-in link carries its reference (issue 43, item 4: click-through counts): the
 * account-number sign-in `/login?accountNumber=…&m=<message id>`, the id given by the caller (the
 * outbox passes the message's id, outbox/build.ts), never read back out of the opt-out token: a
 * message rendered without one has no `m`, whatever its opt-out link says.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFlowsTree, treeToConfig } from '@/server/content/tree';
import { signInLink } from '../../../src/server/messages/compose';
import { renderMessage } from '../../../src/server/messages/render';
import { sampleValues } from '../../../src/server/messages/samples';
import { unsubscribeToken } from '../../../src/server/messages/outbox/tokens';

const ID = `msg_${'ab12'.repeat(6)}`;
const root = path.resolve(import.meta.dirname, '../../..');
const config = treeToConfig(readFlowsTree(path.join(root, 'flows')));
const portal = 'https://pay.example.com';
const unsubscribe = `${portal}/unsubscribe?token=${unsubscribeToken(Buffer.alloc(32, 7), ID)}`;
const render = (reference?: string) =>
  renderMessage(config, {
    kind: 'payment-receipt',
    language: 'en',
    client: 'NWB',
    values: sampleValues(config),
    links: { portal, unsubscribe, ...(reference !== undefined && { reference }) },
  });

describe('a message link reference', () => {
  it('is the one given, in the e-mail and its plain text', async () => {
    const m = await render(ID);
    const link = `${portal}/login?accountNumber=LU1.10001&m=${ID}`;
    expect(m.text).toContain(link);
    expect(m.html).toContain(`accountNumber=LU1.10001&amp;m=${ID}`);
  });

  it('is none when none is given, even with a message token in the opt-out link', async () => {
    const m = await render();
    expect(m.text).toContain(`${portal}/login?accountNumber=LU1.10001\n`);
    expect(m.text).not.toContain('m=msg_');
    expect(m.html).not.toContain('m=msg_');
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
