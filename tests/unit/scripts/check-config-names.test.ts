/**
 * Names for people are data (issue 44): check:config, run as an operator runs it on a copy of
 * flows/ with a fixture laid over it (FLOWS_DIR), refuses a file or a value the catalogue of
 * flows/studio/ does not name in English and Spanish, and passes a new file in a new folder whose
 * names are a catalogue file of their own, with no change under src/. The names the studio shows
 * come from the same catalogue (src/domain/studio/names.ts).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { walkLeaves } from '@/domain/studio/leaves';
import type { Schema } from '@/domain/studio/meta-schema';
import {
  choiceName,
  detailName,
  fieldName,
  fileName,
  namesFiles,
  readNames,
} from '@/domain/studio/names';
import { checkNames } from '@/server/content/checks/names';
import type { JsonObject } from '@/server/content/checks/types';
import { readFlowsTree } from '@/server/content/tree';
import { flowsFixture, flowsWith, type FlowsCopy } from '../../e2e/flows-fixture';

const root = path.resolve(import.meta.dirname, '../../..');
const copies: FlowsCopy[] = [];
afterAll(() => copies.forEach((copy) => copy.remove()));

function checkConfig(fixture: string): { status: number; lines: string[]; dir: string } {
  const copy = flowsWith(flowsFixture(fixture));
  copies.push(copy);
  let status = 0;
  let output: string;
  try {
    output = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/check-config.ts'], {
      cwd: root,
      encoding: 'utf8',
      stdio: 'pipe',
      env: { ...process.env, FLOWS_DIR: copy.dir },
    });
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    status = failed.status;
    output = failed.stdout + failed.stderr;
  }
  // check:config names a file by its path from the repository: keep it from flows/ on.
  const lines = output
    .split('\n')
    .filter((line) => line.includes('flows/'))
    .map((line) => line.slice(line.lastIndexOf('flows/')));
  return { status, lines, dir: copy.dir };
}

const metaSchema = (json: unknown): Schema => {
  const name = /([a-z0-9-]+)\.schema\.json$/.exec(String((json as { $schema: string }).$schema));
  return JSON.parse(
    readFileSync(path.join(root, 'schemas', 'meta', `${name?.[1]}.schema.json`), 'utf8'),
  ) as Schema;
};

describe('check:config and names for people (FLOWS_DIR fixtures)', () => {
  it('refuses a new file the catalogue does not name', () => {
    const { status, lines } = checkConfig('names-missing');
    expect(status).toBe(1);
    expect(lines).toEqual([
      'flows/texts/hardship.json: no name for people: "Names for people" gives this file no name, description and group',
    ]);
  }, 60_000);

  it('refuses each value without a name, in English and in Spanish', () => {
    const { status, lines } = checkConfig('names-unnamed-value');
    expect(status).toBe(1);
    expect(lines).toContain(
      'flows/notices/hardship.json: /blocks/0/text: no English name for people: "Names for people" gives this value no name and description (en)',
    );
    expect(lines).toContain(
      'flows/notices/hardship.json: /blocks/0/text: no Spanish name for people: "Names for people" gives this value no name and description (es)',
    );
    expect(
      lines.filter((line) => line.startsWith('flows/notices/hardship.json: /title:')),
    ).toHaveLength(2);
  }, 60_000);

  it('passes a new file named by a catalogue file of its own, and names its values', () => {
    const { status, lines, dir } = checkConfig('names-new-file');
    expect(lines).toEqual([]);
    expect(status).toBe(0);
    const tree = readFlowsTree(dir);
    const names = readNames(namesFiles(tree));
    const json = tree['notices/hardship.json'];
    expect(fileName(names, 'notices/hardship.json', json, 'es')?.group?.name.es).toBe('Legal');
    const said = walkLeaves(json, metaSchema(json)).map(
      (leaf) => fieldName(names, 'notices/hardship.json', json, leaf.path, 'en')?.name,
    );
    expect(said).toEqual([
      'Notice: Hardship program: a date or kind',
      'Notice: Hardship program: title',
      'Notice: Hardship program: a date or kind',
      'Notice: Hardship program: paragraph 1',
    ]);
    expect(fieldName(names, 'notices/hardship.json', json, ['blocks', 0, 'text'], 'es')).toEqual({
      name: 'Aviso: Programa por dificultades: párrafo 1',
      description: 'Comienza “Si perdió su empleo o enfrenta una emergencia…”',
    });
  }, 60_000);
});

describe('the names of flows/', () => {
  const tree = readFlowsTree(path.join(root, 'flows'));
  const names = readNames(namesFiles(tree));

  it('names the recurring authorization and a form field by its own label', () => {
    const authorization = tree['content/payment-authorization.json'];
    expect(
      fieldName(names, 'content/payment-authorization.json', authorization, ['recurring'], 'en'),
    ).toEqual({
      name: 'Recurring payment authorization',
      description: 'The text a debtor accepts before a plan',
    });
    expect(
      fileName(names, 'content/payment-authorization.json', authorization, 'es')?.group?.name.es,
    ).toBe('Legal');
    const phone = tree['forms/add-phone.json'];
    expect(
      fieldName(names, 'forms/add-phone.json', phone, ['fields', 'phoneNumber', 'hint'], 'en')
        ?.name,
    ).toBe('Add a phone number: the hint of “New phone number”');
    expect(
      fieldName(names, 'forms/add-phone.json', phone, ['fields', 'phoneNumber', 'hint'], 'es')
        ?.name,
    ).toBe('Agregar un número de teléfono: la ayuda de «Nuevo número de teléfono»');
  });

  it('gives every file a group of the catalogue', () => {
    const groups = new Set(names.groups.map((group) => group.id));
    for (const [file, json] of Object.entries(tree)) {
      expect(groups.has(fileName(names, file, json, 'en')?.group?.id ?? ''), file).toBe(true);
    }
  });

  it('names every choice a setting offers and every audit detail, in both languages', () => {
    expect(choiceName(names, 'maskedDate', 'en')).toBe('Date typed in one box');
    expect(choiceName(names, 'maskedDate', 'es')).toBe('Fecha escrita en una casilla');
    expect(choiceName(names, 'no-such-choice', 'en')).toBeUndefined();
    expect(detailName(names, 'baseVersion', 'es')).toBe('Hecho a partir de la versión');
    // A detail the catalogue does not know is still said for people, never by its key.
    expect(detailName(names, 'somethingNew', 'en')).toBe('Other detail');
  });

  it('refuses a setting whose choices are not all named (check:config)', () => {
    const json = tree['forms/add-phone.json'] as JsonObject;
    const found: string[] = [];
    const report = (file: string, pointer: string, check: { code: string; values: object }) =>
      found.push(`${pointer} ${check.code} ${JSON.stringify(check.values)}`);
    checkNames(report as never, 'forms/add-phone.json', json, metaSchema(json), names);
    expect(found).toEqual([]);
    const without = { ...names, choices: new Map(names.choices) };
    without.choices.delete('maskedDate');
    checkNames(report as never, 'forms/add-phone.json', json, metaSchema(json), without);
    expect(found.length).toBeGreaterThan(0);
    expect(found).toContain(
      `/fields/phoneNumber/widget unnamedChoice ${JSON.stringify({ language: 'en', value: 'maskedDate' })}`,
    );
    expect(found.every((line) => line.includes('"maskedDate"'))).toBe(true);
  });
});
