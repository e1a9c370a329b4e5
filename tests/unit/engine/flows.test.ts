import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import metaSchema from '../../../schemas/meta/form-flow.schema.json';
import { checkExpression } from '../../../src/engine/rules/json-logic';
import type { FormFlow } from '../../../src/engine/form/flow';

const root = path.resolve(import.meta.dirname, '../../..');
const flowsDir = path.join(root, 'flows/forms');
const names = readdirSync(flowsDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace(/\.json$/, ''));
const validateFlow = new Ajv({ allErrors: true, strict: false }).compile(metaSchema);
const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

describe('form flow files', () => {
  it('every engine form has a flow file', () => {
    expect(names).toEqual(
      expect.arrayContaining(['sign-in', 'verify-ssn', 'verify-letter', 'dispute', 'bankruptcy']),
    );
  });

  it.each(names)('%s matches the meta-schema, its schema and its JSON Logic', (name) => {
    const flow = read(path.join(flowsDir, `${name}.json`)) as FormFlow;
    expect(validateFlow(flow), JSON.stringify(validateFlow.errors)).toBe(true);
    const schema = read(path.join(root, `schemas/${flow.schema}.schema.json`)) as {
      properties: Record<string, unknown>;
    };
    const properties = Object.keys(schema.properties);
    for (const field of Object.keys(flow.fields)) expect(properties, field).toContain(field);
    const sectionIds = (flow.sections ?? []).map((section) => section.id);
    for (const rule of flow.rules ?? []) {
      for (const field of rule.fields ?? []) expect(properties, field).toContain(field);
      for (const id of rule.sections ?? []) expect(sectionIds, id).toContain(id);
      expect(checkExpression(rule.when)).toEqual([]);
    }
    for (const part of [...(flow.sections ?? []), ...(flow.groups ?? [])]) {
      for (const field of part.fields) expect(Object.keys(flow.fields), field).toContain(field);
    }
    for (const field of Object.values(flow.fields)) {
      if (field?.array?.canAdd !== undefined)
        expect(checkExpression(field.array.canAdd)).toEqual([]);
    }
    for (const entry of flow.order) {
      if (typeof entry === 'string') expect(Object.keys(flow.fields)).toContain(entry);
      else expect(checkExpression(entry)).toEqual([]);
    }
  });

  it('the meta-schema requires a keyword and fields for an invalid rule, and sections only for show/hide', () => {
    const flow = read(path.join(flowsDir, 'verify-ssn.json')) as FormFlow;
    const rule = (extra: Record<string, unknown>) => ({
      ...flow,
      rules: [{ when: true, ...extra }],
    });
    expect(validateFlow(rule({ effect: 'invalid', fields: ['socialSecurityNumber'] }))).toBe(false);
    expect(
      validateFlow(rule({ effect: 'invalid', fields: ['socialSecurityNumber'], keyword: 'match' })),
    ).toBe(true);
    expect(validateFlow(rule({ effect: 'require', sections: ['a'] }))).toBe(false);
    expect(validateFlow(rule({ effect: 'show', sections: ['a'] }))).toBe(true);
    expect(validateFlow(rule({ effect: 'show' }))).toBe(false);
  });

  it('the meta-schema rejects a text missing its Spanish', () => {
    const flow = read(path.join(flowsDir, 'verify-ssn.json')) as FormFlow;
    const broken = { ...flow, submit: { en: 'Continue' } };
    expect(validateFlow(broken)).toBe(false);
    const empty = { ...flow, submit: { en: 'Continue', es: '' } };
    expect(validateFlow(empty)).toBe(false);
  });

  it('sign-in labels every verification kind in both dropdowns', () => {
    const flow = read(path.join(flowsDir, 'sign-in.json')) as FormFlow;
    const schema = read(path.join(root, 'schemas/forms/sign-in.schema.json')) as {
      definitions: { verificationKind: { enum: string[] } };
    };
    for (const field of ['option1', 'option2']) {
      expect(Object.keys(flow.fields[field]?.options ?? {}).sort()).toEqual(
        [...schema.definitions.verificationKind.enum].sort(),
      );
    }
  });
});
