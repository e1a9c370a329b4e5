/**
 * check:config against flows/glossary (issue 40), run as an operator runs it: `FLOWS_DIR=<copy of
 * flows/> npx tsx scripts/check-config.ts`, on a fixture tree laid over a copy of flows/.
 * - a placeholder a text may not use ({{ssnFull}} appended to the payment authorization in English
 *   and Spanish) is refused, naming the file, the text and the placeholder;
 * - a text with {{count}} and no plural forms is refused; with _one and _other forms it passes;
 * - a Spanish term the glossary forbids is refused, and a term compliance staff add to
 *   flows/glossary/forbidden-es.json is refused from then on.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
let dir = '';

type JsonObject = Record<string, unknown>;

/** Runs check:config with FLOWS_DIR on a copy of flows/ that `edit` changed. */
function checkFixture(edit: (flows: string) => void): { code: number; output: string } {
  dir = mkdtempSync(path.join(tmpdir(), 'check-glossary-'));
  const flows = path.join(dir, 'flows');
  cpSync(path.join(root, 'flows'), flows, { recursive: true });
  edit(flows);
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-config.ts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, FLOWS_DIR: flows },
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: failed.stdout + failed.stderr };
  }
}

function editJson(file: string, change: (json: JsonObject) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

/** The problem lines of check:config, without the summary line. */
const lines = (output: string) =>
  output.split('\n').filter((line) => line.startsWith('flows') || line.startsWith('/'));

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('check:config and flows/glossary', () => {
  it('refuses {{ssnFull}} appended to the payment authorization in English and Spanish', () => {
    const result = checkFixture((flows) =>
      editJson(path.join(flows, 'content', 'payment-authorization.json'), (json) => {
        const single = json.single as { en: string; es: string };
        single.en += ' Your SSN is {{ssnFull}}.';
        single.es += ' Su número de Seguro Social es {{ssnFull}}.';
      }),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'content/payment-authorization.json: /single: placeholder "ssnFull" is not declared for this text in flows/glossary/placeholders.json: it would be shown as nothing',
    );
    expect(result.output).not.toContain('files OK');
  }, 60_000);

  it('refuses a placeholder when the declarations are gone (fails closed)', () => {
    const result = checkFixture((flows) =>
      rmSync(path.join(flows, 'glossary', 'placeholders.json')),
    );
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'content/payment-authorization.json: /single: placeholder "name" is not declared',
    );
  }, 60_000);

  it('refuses a text with {{count}} without plural forms, and takes it with _one and _other', () => {
    const bare = checkFixture((flows) =>
      editJson(path.join(flows, 'texts', 'letter.json'), (json) => {
        json.fixture = { left: { en: '{{count}} payments left', es: 'Quedan {{count}} pagos' } };
      }),
    );
    expect(bare.code).toBe(1);
    expect(bare.output).toContain(
      'texts/letter.json: /fixture/left: a text that shows a count needs plural forms (keys ending in _one and _other)',
    );
    const plural = checkFixture((flows) =>
      editJson(path.join(flows, 'texts', 'letter.json'), (json) => {
        const options: JsonObject = {};
        json.fixture = options;
        options.left_one = { en: '{{count}} payment left', es: 'Queda {{count}} pago' };
        options.left_other = { en: '{{count}} payments left', es: 'Quedan {{count}} pagos' };
      }),
    );
    expect(lines(plural.output).filter((line) => line.includes('/fixture/left'))).toEqual([]);
    // A key beside its _one form is the other form (as content/plan-change.json's statements).
    const beside = checkFixture((flows) =>
      editJson(path.join(flows, 'texts', 'letter.json'), (json) => {
        json.fixture = {
          left: { en: '{{count}} payments left', es: 'Quedan {{count}} pagos' },
          left_one: { en: '{{count}} payment left', es: 'Queda {{count}} pago' },
        };
      }),
    );
    expect(lines(beside.output).filter((line) => line.includes('/fixture/left'))).toEqual([]);
  }, 120_000);

  it('refuses a Spanish term the glossary forbids, and a term compliance staff add', () => {
    const result = checkFixture((flows) => {
      editJson(path.join(flows, 'journeys', 'payment.json'), (json) => {
        const sif = (json.variants as JsonObject).sif as { title: { es: string } };
        sif.title.es = 'Plan de ahorro';
      });
      editJson(path.join(flows, 'glossary', 'forbidden-es.json'), (json) => {
        (json.terms as unknown[]).push({
          term: 'cobrador',
          instead: 'cobrador de deudas',
          why: { en: 'Say what collects.', es: 'Diga qué se cobra.' },
        });
      });
      editJson(path.join(flows, 'texts', 'common.json'), (json) => {
        json.collector = { en: 'A debt collector', es: 'Un cobrador' };
      });
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      'journeys/payment.json: /variants/sif/title: the Spanish text uses "plan de ahorro", which the glossary forbids: use "acuerdo de liquidación" (flows/glossary/forbidden-es.json)',
    );
    expect(result.output).toContain(
      'texts/common.json: /collector: the Spanish text uses "cobrador", which the glossary forbids: use "cobrador de deudas"',
    );
    // Whole words only: the sif description ("Liquide su deuda…") has none of them.
    expect(result.output).not.toContain('/variants/sif/description');
  }, 60_000);
});
