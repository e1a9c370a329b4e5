import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import metaSchema from '../../../schemas/meta/form-flow.schema.json';
import { checkExpression } from '../../../src/engine/rules/json-logic';
import type { FormFlow } from '../../../src/engine/form/flow';

const root = path.resolve(import.meta.dirname, '../../..');
const flowsDir = path.join(root, 'flows/forms');
const names = ['sign-in', 'verify-ssn', 'verify-letter'];
const validateFlow = new Ajv({ allErrors: true, strict: false }).compile(metaSchema);
const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

describe('form flow files', () => {
  it('every engine form has a flow file', () => {
    expect(readdirSync(flowsDir).filter((f) => f.endsWith('.json'))).toEqual(
      expect.arrayContaining(names.map((n) => `${n}.json`)),
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
    for (const rule of flow.rules ?? []) {
      for (const field of rule.fields) expect(properties, field).toContain(field);
      expect(checkExpression(rule.when)).toEqual([]);
    }
    for (const entry of flow.order) {
      if (typeof entry === 'string') expect(Object.keys(flow.fields)).toContain(entry);
      else expect(checkExpression(entry)).toEqual([]);
    }
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
