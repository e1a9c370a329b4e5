/**
 * A placeholder nobody knows is an error, never a blank (issue 40). With {{ssnFull}} appended to
 * the payment authorization in English and Spanish (a flows copy served as version 1, as if it
 * had been approved without the studio's checks):
 * - check:config (FLOWS_DIR) refuses the copy, naming the file, the text and the placeholder;
 * - SubmitPayment answers 422 `textUnavailable` in the debtor's language, never a 5xx, records
 *   no authorization and takes no payment: no authorization ever ends "Your SSN is .".
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { flowsWith, type FlowsCopy } from '../e2e/flows-fixture';
import { REPO_ROOT, call, startServer, tempDir, type RunningServer } from './harness';
import {
  CARDS,
  PAYER_CONTACT,
  addCard,
  countRows,
  signIn,
  today,
  type ErrorBody,
  type SubmitAnswer,
} from './payments-fixtures';

const MARIA = { lastName: 'Garcia', ssn: '1234', dob: '1980-01-15' };
const ACCOUNT = 'LU1.10001';

describe('an authorization with a placeholder nobody fills ({{ssnFull}})', () => {
  let flows: FlowsCopy;
  const overlay = tempDir('portal-flows-ssn-overlay-');
  const data = tempDir('portal-flows-ssn-');
  let server: RunningServer;
  let token: string;
  let fundingId: number;

  beforeAll(async () => {
    const shipped = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'flows/content/payment-authorization.json'), 'utf8'),
    ) as { single: { en: string; es: string } };
    mkdirSync(path.join(overlay.dir, 'content'), { recursive: true });
    writeFileSync(
      path.join(overlay.dir, 'content/payment-authorization.json'),
      JSON.stringify({
        single: {
          en: `${shipped.single.en} Your SSN is {{ssnFull}}.`,
          es: `${shipped.single.es} Su número de Seguro Social es {{ssnFull}}.`,
        },
      }),
    );
    flows = flowsWith(overlay.dir);
    server = await startServer(() => openDatabase({ dataDir: path.join(data.dir, 'data') }), {
      flowsDir: flows.dir,
    });
    token = await signIn(server, MARIA);
    fundingId = (await addCard(server, token, ACCOUNT, CARDS.visaCredit)).id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    flows?.remove();
    overlay.remove();
    data.remove();
  });

  it('is refused by check:config, naming the text and the placeholder', () => {
    let output = '';
    let status = 0;
    try {
      output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-config.ts'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, FLOWS_DIR: flows.dir },
      });
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      status = failed.status;
      output = failed.stdout + failed.stderr;
    }
    expect(status).toBe(1);
    expect(output).toContain(
      'content/payment-authorization.json: /single: placeholder "ssnFull" is not declared for this text',
    );
  }, 60_000);

  it('answers a payment 422 in both languages, records nothing and takes nothing', async () => {
    const db = server.database.db;
    const before = {
      authorizations: await countRows(db, 'payment_authorizations'),
      submissions: await countRows(db, 'payment_submissions'),
    };
    for (const [lang, message] of [
      [
        'en',
        'We cannot show the full words of this agreement right now, so nothing was recorded and no payment was taken. Please call us.',
      ],
      [
        'es',
        'En este momento no podemos mostrar el texto completo de este acuerdo, así que no se registró nada ni se cobró ningún pago. Llámenos.',
      ],
    ] as const) {
      const res = await call<SubmitAnswer & ErrorBody>(server, '/api/Account/SubmitPayment', {
        token,
        lang,
        body: {
          accountNumber: ACCOUNT,
          fundingId,
          type: 'PPA',
          authorizationDisclosuresAccepted: true,
          firstName: 'Maria',
          lastName: 'Garcia',
          ...PAYER_CONTACT,
          schedule: [{ date: today(), amount: 30 }],
          paymentVariant: 'one-time',
        },
      });
      expect(res.status, res.text).toBe(422);
      expect(res.body.message).toBe(message);
      expect(res.text).not.toMatch(/SSN is \.|Seguro Social es \./);
    }
    expect(await countRows(db, 'payment_authorizations')).toBe(before.authorizations);
    expect(await countRows(db, 'payment_submissions')).toBe(before.submissions);
    expect(server.logs.text()).toContain('a text has a placeholder without a value');
  });
});
