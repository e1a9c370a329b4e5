/**
 * Journeys are data (issue 22), on the server: with tests/fixtures/flows-half laid over flows/
 * (a "half of the balance" variant, offered to an account without a plan), the server offers the
 * variant, lists it in the OpenAPI document's enums, checks its amount rule on SubmitPayment and
 * answers an unknown variant 400 (never 5xx). The merged tree passes check:config. No code under
 * src/ names the variant.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { flowsFixture, flowsWith, type FlowsCopy } from '../e2e/flows-fixture';
import { REPO_ROOT, call, startServer, tempDir, type RunningServer } from './harness';
import {
  CARDS,
  PAYER_CONTACT,
  addCard,
  signIn,
  today,
  type ErrorBody,
  type SubmitAnswer,
} from './payments-fixtures';

const MARIA = { lastName: 'Garcia', ssn: '1234', dob: '1980-01-15' };
const ACCOUNT = 'LU1.10001';

describe('a variant added as data (tests/fixtures/flows-half)', () => {
  let flows: FlowsCopy;
  const data = tempDir('portal-flows-half-');
  let server: RunningServer;
  let token: string;
  let fundingId: number;
  let balanceCents: number;

  beforeAll(async () => {
    flows = flowsWith(flowsFixture('flows-half'));
    server = await startServer(() => openDatabase({ dataDir: path.join(data.dir, 'data') }), {
      flowsDir: flows.dir,
    });
    token = await signIn(server, MARIA);
    fundingId = (await addCard(server, token, ACCOUNT, CARDS.visaCredit)).id;
    const detailed = await call<{ account: { balance: number } }>(
      server,
      `/api/v2/Account/Detailed?accountNumber=${ACCOUNT}`,
      { token },
    );
    expect(detailed.status, detailed.text).toBe(200);
    balanceCents = Math.round(detailed.body.account.balance * 100);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    flows?.remove();
    data.remove();
  });

  const submit = (body: Record<string, unknown>) =>
    call<SubmitAnswer & ErrorBody>(server, '/api/Account/SubmitPayment', {
      token,
      body: {
        accountNumber: ACCOUNT,
        fundingId,
        type: 'PPA',
        authorizationDisclosuresAccepted: true,
        firstName: 'Maria',
        lastName: 'Garcia',
        ...PAYER_CONTACT,
        ...body,
      },
    });

  it('passes check:config', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/check-config.ts', '--flows', flows.dir],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    expect(out).toMatch(/check:config: \d+ files OK/);
  }, 60_000);

  it('offers the variant to an account without a plan, and documents it in the enums', async () => {
    const overview = await call<{ accountNumber: string; paymentOptions: string[] }[]>(
      server,
      '/api/v2/Account/ListOverview',
      { token },
    );
    expect(overview.status, overview.text).toBe(200);
    const account = overview.body.find((a) => a.accountNumber === ACCOUNT);
    expect(account?.paymentOptions).toContain('half');
    const doc = await call<unknown>(server, '/api/docs', { session: null });
    expect(doc.status).toBe(200);
    const text = JSON.stringify(doc.body);
    // The paymentVariant enum and the option list's enum both carry the journey's new id.
    expect(text).toMatch(/"enum":\[[^\]]*"half"[^\]]*\]/);
    expect(text).not.toContain('"x-enum-from":');
  });

  it("refuses half of the balance with another amount, by the variant's amount rule", async () => {
    const wrong = await submit({
      schedule: [{ date: today(), amount: (balanceCents / 2 + 100) / 100 }],
      paymentVariant: 'half',
    });
    // A payment the rules refuse is answered 200 with success false and the reason (spec).
    expect(wrong.status, wrong.text).toBe(200);
    expect(wrong.body).toEqual({
      paymentSubmission: { confirmation: null, success: false },
      errors: ['invalid_amount'],
    });
  });

  it("answers an unknown variant 400 with the schema's message, never 5xx", async () => {
    for (const paymentVariant of ['quarter', 'constructor', '__proto__', 'HALF', 'x'.repeat(41)]) {
      const res = await submit({
        schedule: [{ date: today(), amount: 10 }],
        paymentVariant,
      });
      expect(res.status, `${paymentVariant}: ${res.text}`).toBe(400);
      expect(res.body.errors?.[0]?.path).toBe('/paymentVariant');
    }
  });

  it('takes half of the balance, and records it on the account', async () => {
    const half = Math.round(balanceCents / 2);
    const res = await submit({
      schedule: [{ date: today(), amount: half / 100 }],
      paymentVariant: 'half',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.paymentSubmission?.success, res.text).toBe(true);
    const code = res.body.paymentSubmission?.confirmation;
    const detailed = await call<{
      transactions: { confirmationCode: string | null; amount: number }[];
    }>(server, `/api/v2/Account/Detailed?accountNumber=${ACCOUNT}`, { token });
    expect(detailed.body.transactions.find((t) => t.confirmationCode === code)?.amount).toBe(
      half / 100,
    );
  });
});
