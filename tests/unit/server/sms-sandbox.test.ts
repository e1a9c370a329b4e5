/**
 * The SMS sandbox provider and its client over real HTTP (issue 43): sends are answered like a
 * provider's, delivery receipts and replies arrive signed (Standard Webhooks) at a real receiver
 * that verifies them with `verifySmsWebhook`, and the provider is configured from the env.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSmsProvider, SmsSendError, smsProviderFromEnv } from '@/server/messages/sms/provider';
import { startSmsSandbox, type SmsSandbox } from '@/server/messages/sms/sandbox';
import {
  SmsWebhookError,
  signSmsWebhook,
  verifySmsWebhook,
  type SmsWebhookEvent,
} from '@/server/messages/sms/webhooks';

const secret = `whsec_${randomBytes(24).toString('base64')}`;

describe('the SMS sandbox', () => {
  let sandbox: SmsSandbox;
  let receiver: http.Server;
  const received: { path: string; event: SmsWebhookEvent }[] = [];

  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        try {
          const event = verifySmsWebhook(secret, request.headers, body);
          received.push({ path: request.url ?? '', event });
          response.writeHead(204).end();
        } catch {
          response.writeHead(401).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    sandbox = await startSmsSandbox({
      portalUrl: `http://127.0.0.1:${port}`,
      secret,
      receiptDelayMs: 5,
    });
  });
  afterAll(async () => {
    await sandbox?.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('sends, then posts a signed delivery receipt; a 0666 number is undelivered', async () => {
    const provider = new HttpSmsProvider(sandbox.url);
    const ok = await provider.send({ to: '+12125550100', body: 'Hello', messageId: 'a1' });
    const bad = await provider.send({ to: '+12125550666', body: 'Hello', messageId: 'a2' });
    await expect.poll(() => received.length).toBe(2);
    const receipts = received.map((r) => r.event);
    expect(received.every((r) => r.path === '/api/messages/sms/status')).toBe(true);
    expect(receipts).toContainEqual({
      type: 'message.status',
      data: expect.objectContaining({
        providerMessageId: ok.providerMessageId,
        messageId: 'a1',
        status: 'delivered',
        errorCode: null,
      }) as unknown,
    });
    expect(receipts).toContainEqual({
      type: 'message.status',
      data: expect.objectContaining({
        providerMessageId: bad.providerMessageId,
        status: 'undelivered',
        errorCode: '30006',
      }) as unknown,
    });
  });

  it('posts an injected reply, signed, to the inbound route', async () => {
    expect(await sandbox.inbound('+18085550100', 'No más')).toBe(204);
    const last = received.at(-1);
    expect(last?.path).toBe('/api/messages/sms/inbound');
    expect(last?.event).toMatchObject({
      type: 'message.inbound',
      data: { from: '+18085550100', body: 'No más', to: '+15005550006' },
    });
  });

  it('refuses a send that is not E.164 or empty, before and at the sandbox', async () => {
    const provider = new HttpSmsProvider(sandbox.url);
    await expect(provider.send({ to: '555', body: 'x', messageId: 'b1' })).rejects.toBeInstanceOf(
      SmsSendError,
    );
    const answer = await fetch(`${sandbox.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: '+12125550100', body: '', messageId: 'b2' }),
    });
    expect(answer.status).toBe(400);
  });

  it('an unreachable provider is a retryable error', async () => {
    const provider = new HttpSmsProvider('http://127.0.0.1:1', null, 2000);
    const error = await provider
      .send({ to: '+12125550100', body: 'x', messageId: 'c1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsSendError);
    expect((error as SmsSendError).retryable).toBe(true);
  });
});

describe('verifySmsWebhook', () => {
  const body = JSON.stringify({
    type: 'message.inbound',
    data: {
      providerMessageId: 'p',
      from: '+12125550100',
      to: '+15005550006',
      body: 'hi',
      at: new Date().toISOString(),
    },
  });
  const reason = (fn: () => unknown) => {
    try {
      fn();
      return 'accepted';
    } catch (error) {
      return error instanceof SmsWebhookError ? error.reason : 'other';
    }
  };

  it('fails closed without a secret, and on a forged or missing signature', () => {
    const headers = signSmsWebhook(secret, 'id1', body);
    expect(reason(() => verifySmsWebhook(secret, headers, body))).toBe('accepted');
    expect(reason(() => verifySmsWebhook(null, headers, body))).toBe('signature');
    expect(reason(() => verifySmsWebhook(secret, {}, body))).toBe('signature');
    const other = `whsec_${randomBytes(24).toString('base64')}`;
    expect(reason(() => verifySmsWebhook(other, headers, body))).toBe('signature');
  });
});

describe('smsProviderFromEnv', () => {
  it('is null without SMS_PROVIDER_URL and refuses a URL that is not http(s)', () => {
    expect(smsProviderFromEnv({})).toBeNull();
    expect(smsProviderFromEnv({ SMS_PROVIDER_URL: '  ' })).toBeNull();
    expect(smsProviderFromEnv({ SMS_PROVIDER_URL: 'http://127.0.0.1:4650' })).toBeInstanceOf(
      HttpSmsProvider,
    );
    expect(() => smsProviderFromEnv({ SMS_PROVIDER_URL: 'ftp://x' })).toThrow(/http/);
    expect(() => smsProviderFromEnv({ SMS_PROVIDER_URL: 'not a url' })).toThrow(/not a URL/);
  });
});
