/**
 * Messages are data, checked before they ship (issue 43). Each fixture under tests/fixtures/ is
 * laid over a copy of flows/ (tests/e2e/flows-fixture.ts) and `npm run check:config` is run on it
 * as FLOWS_DIR, as a deployment would:
 * - messages-no-disclosure: the receipt's e-mail without the debt-collector disclosure: refused;
 * - messages-no-opt-out: a text message, and a client's own e-mail, without the opt-out: refused;
 * - messages-unknown-placeholder: a subject with {{cardNumber}}, which the glossary does not
 *   declare: refused;
 * - messages-unknown-client: a client's own days for a client flows/clients does not have: refused;
 * - messages-common-wording: common words that no longer say "debt collector", lose the unsubscribe
 *   link or the reply STOP: refused;
 * - messages-new-kind: a kind flows/ does not have, added as a file only: passes, and the renderer
 *   renders it in both languages (no change under src/).
 */
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { readFlowsTree, treeToConfig } from '../../src/server/content/tree';
import { messageKinds, renderMessage } from '../../src/server/messages/render';
import { flowsFixture, flowsWith, type FlowsCopy } from '../e2e/flows-fixture';
import { REPO_ROOT } from './harness';

const copies: FlowsCopy[] = [];
afterAll(() => copies.forEach((copy) => copy.remove()));

/** check:config on flows/ with the fixture laid over it: its exit status and output. */
function checkConfig(fixture: string): { status: number; output: string; dir: string } {
  const copy = flowsWith(flowsFixture(fixture));
  copies.push(copy);
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-config.ts'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, FLOWS_DIR: copy.dir },
    });
    return { status: 0, output, dir: copy.dir };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { status: failed.status, output: failed.stdout + failed.stderr, dir: copy.dir };
  }
}

/** The problems named in flows/messages/ (check:config names a file from the repository). */
const problemLines = (output: string) =>
  output
    .split('\n')
    .map((line) => line.slice(line.indexOf('flows/messages/')))
    .filter((line) => line.startsWith('flows/messages/'));

describe('check:config on messages (FLOWS_DIR fixtures)', () => {
  it('refuses an e-mail without the debt-collector disclosure', () => {
    const { status, output } = checkConfig('messages-no-disclosure');
    expect(status).toBe(1);
    expect(problemLines(output)).toEqual([
      'flows/messages/payment-receipt.json: /email/blocks: the e-mail has no "disclosure" block: every message says it is from a debt collector (FDCPA 1692e(11))',
    ]);
  }, 60_000);

  it("refuses a text message, and a client's own e-mail, without the opt-out", () => {
    const { status, output } = checkConfig('messages-no-opt-out');
    expect(status).toBe(1);
    expect(problemLines(output)).toEqual([
      'flows/messages/dispute-received.json: /sms/blocks: the text message has no "optOut" block: every message says how to opt out (Reg F 1006.6(e))',
      'flows/messages/plan-payment-reminder.json: /clients/ADW/email/blocks: the e-mail has no "optOut" block: every message says how to opt out (Reg F 1006.6(e))',
    ]);
  }, 60_000);

  it('refuses a placeholder the glossary does not declare for the message', () => {
    const { status, output } = checkConfig('messages-unknown-placeholder');
    expect(status).toBe(1);
    expect(problemLines(output)).toEqual([
      'flows/messages/payment-declined.json: /email/subject: placeholder "cardNumber" is not declared for this text in flows/glossary/placeholders.json: it would be shown as nothing',
    ]);
  }, 60_000);

  it('refuses a client override for a client flows/clients does not have', () => {
    const { status, output } = checkConfig('messages-unknown-client');
    expect(status).toBe(1);
    expect(problemLines(output)).toEqual([
      'flows/messages/letter-offer-expiring.json: /clients/ADX: client "ADX" is not in flows/clients',
    ]);
  }, 60_000);

  it('refuses common words without "debt collector", the unsubscribe link or STOP', () => {
    const { status, output } = checkConfig('messages-common-wording');
    expect(status).toBe(1);
    expect(problemLines(output)).toEqual([
      'flows/messages/common.json: /optOut/email/en: the e-mail opt-out (en) needs its link: <unsubscribe>words</unsubscribe>',
      'flows/messages/common.json: /disclosure/email/es: the e-mail disclosure (es) must say "debt collector" (en) or "cobrador de deudas" (es)',
      'flows/messages/common.json: /optOut/sms/es: the text message opt-out (es) must name the reply STOP',
    ]);
  }, 60_000);

  it('passes a new kind added as a file only, and renders it in both languages', async () => {
    const { status, output, dir } = checkConfig('messages-new-kind');
    expect(output).toMatch(/check:config: \d+ files OK/);
    expect(status).toBe(0);
    const config = treeToConfig(readFlowsTree(dir));
    expect(messageKinds(config)).toContain('payment-method-removed');
    for (const language of ['en', 'es'] as const) {
      const message = await renderMessage(config, {
        kind: 'payment-method-removed',
        language,
        client: 'NWB',
        values: { accountNumber: 'LU1.10001', firstName: 'Maria' },
        links: { portal: 'https://pay.example.com', unsubscribe: 'https://pay.example.com/u/1' },
      });
      expect(message.channels).toEqual(['email']);
      expect(message.text).toContain(language === 'en' ? 'debt collector' : 'cobrador de deudas');
      expect(message.html).toContain('href="https://pay.example.com/u/1"');
      expect(message.html).toContain(
        'href="https://pay.example.com/login?accountNumber=LU1.10001"',
      );
      expect(message.sms).toMatch(/STOP/);
    }
  }, 60_000);
});
