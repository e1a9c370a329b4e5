// @vitest-environment jsdom
/**
 * One payment attempt, exactly once, as a client of SubmitPayment sees it: the key is in the tab
 * before the request leaves; a lost answer, a 5xx or a reload keeps the attempt and its key, so
 * the retry (or the resume after a reload) sends the same key; the server's final answer (paid,
 * refused, a 4xx) ends it, and the next try is a new key; a 409 (still processing) is asked again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/web/lib/api';
import type { PaymentResult } from '../../../src/web/features/payment/api/payment-api';
import {
  PROCESSING_RETRIES,
  runAttempt,
  type AttemptPorts,
} from '../../../src/web/features/payment/utils/payment-attempt';
import {
  loadPayment,
  savePayment,
  type StoredPayment,
} from '../../../src/web/features/payment/utils/payment-store';

const KEY = 'payment:LU1.10001:one-time';
const BODY = { accountNumber: 'LU1.10001', amount: 25 };
const OTHER = { accountNumber: 'LU1.10001', amount: 30 };

type Answer = PaymentResult | Error;
const paid = (confirmation: string): PaymentResult => ({
  paymentSubmission: { success: true, confirmation },
});

/** A SubmitPayment that answers in turn, and what it was sent (with the tab's state then). */
function server(...answers: Answer[]) {
  const sent: { key: string; body: Record<string, unknown>; storedKey?: string }[] = [];
  const ports: Required<AttemptPorts> = {
    send: async (body, key) => {
      sent.push({ key, body, storedKey: loadPayment(KEY).attempt?.key });
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      if (answer instanceof Error) throw answer;
      return answer;
    },
    update: (next) => savePayment(KEY, next(loadPayment(KEY))),
    pause: async () => {},
    newKey: (() => {
      let n = 0;
      return () => `key-${(n += 1)}`;
    })(),
  };
  return { ports, sent };
}

beforeEach(() => {
  sessionStorage.clear();
  const start: StoredPayment = {
    journey: { answers: { arrangement: { amount: 25 } }, completed: [], reviewReached: true },
  };
  savePayment(KEY, start);
});

describe('a payment attempt', () => {
  it('is in the tab, with its key, before its request leaves; paid ends it with the code', async () => {
    const { ports, sent } = server(paid('WP123'));
    const end = await runAttempt(KEY, BODY, ports);
    expect(end).toMatchObject({ kind: 'paid', confirmation: 'WP123' });
    expect(sent).toEqual([{ key: 'key-1', body: BODY, storedKey: 'key-1' }]);
  });

  it('keeps its key after a lost answer, so the retry cannot pay twice', async () => {
    const { ports, sent } = server(new TypeError('Failed to fetch'), paid('WP124'));
    expect(await runAttempt(KEY, BODY, ports)).toEqual({ kind: 'unanswered' });
    expect(loadPayment(KEY).attempt?.key).toBe('key-1');
    expect(await runAttempt(KEY, BODY, ports)).toMatchObject({ kind: 'paid' });
    expect(sent.map((s) => s.key)).toEqual(['key-1', 'key-1']);
  });

  it('keeps its key after a 5xx, and after a reload resumes with the stored body', async () => {
    const { ports, sent } = server(new ApiError(503, {}), paid('WP125'));
    await runAttempt(KEY, BODY, ports);
    // The answers changed meanwhile: the resume still sends what the attempt was made for.
    const end = await runAttempt(KEY, null, ports);
    expect(end).toMatchObject({ kind: 'paid', confirmation: 'WP125' });
    expect(sent).toEqual([
      { key: 'key-1', body: BODY, storedKey: 'key-1' },
      { key: 'key-1', body: BODY, storedKey: 'key-1' },
    ]);
  });

  it('is a new attempt, with a new key, once the body is different', async () => {
    const { ports, sent } = server(new TypeError('offline'), paid('WP126'));
    await runAttempt(KEY, BODY, ports);
    await runAttempt(KEY, OTHER, ports);
    expect(sent.map((s) => s.key)).toEqual(['key-1', 'key-2']);
  });

  it('ends with the refusal codes, and the next try is a new key', async () => {
    const { ports, sent } = server(
      { paymentSubmission: { success: false, confirmation: null }, errors: ['CardDeclined'] },
      paid('WP127'),
    );
    expect(await runAttempt(KEY, BODY, ports)).toEqual({
      kind: 'refused',
      codes: ['CardDeclined'],
    });
    expect(loadPayment(KEY).attempt).toBeUndefined();
    await runAttempt(KEY, BODY, ports);
    expect(sent.map((s) => s.key)).toEqual(['key-1', 'key-2']);
  });

  it('ends on a 4xx with its status', async () => {
    const { ports } = server(new ApiError(422, {}));
    expect(await runAttempt(KEY, BODY, ports)).toEqual({ kind: 'refused', codes: [], status: 422 });
    expect(loadPayment(KEY).attempt).toBeUndefined();
  });

  it('asks again while the server is still processing it (409), with the same key', async () => {
    const { ports, sent } = server(new ApiError(409, {}), new ApiError(409, {}), paid('WP128'));
    expect(await runAttempt(KEY, BODY, ports)).toMatchObject({
      kind: 'paid',
      confirmation: 'WP128',
    });
    expect(sent.map((s) => s.key)).toEqual(['key-1', 'key-1', 'key-1']);
  });

  it('gives up after a bounded number of 409s and keeps the attempt', async () => {
    const answers = Array.from({ length: PROCESSING_RETRIES + 1 }, () => new ApiError(409, {}));
    const { ports, sent } = server(...answers);
    expect(await runAttempt(KEY, BODY, ports)).toEqual({ kind: 'unanswered' });
    expect(sent).toHaveLength(PROCESSING_RETRIES + 1);
    expect(loadPayment(KEY).attempt?.key).toBe('key-1');
  });

  it('resumes nothing when the tab holds no attempt', async () => {
    const { ports, sent } = server(paid('WP129'));
    expect(await runAttempt(KEY, null, ports)).toEqual({ kind: 'unanswered' });
    expect(sent).toHaveLength(0);
  });
});
