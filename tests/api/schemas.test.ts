/**
 * API schemas are self-contained (no cross-file $ref, so type generation and precompiled
 * validators stay simple); shared definitions are copied. This keeps the copies identical, and
 * checks the demo file against the import schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../src/server/ajv';
import { REPO_ROOT } from './harness';

type Schema = Record<string, unknown> & { definitions?: Record<string, unknown> };
const dir = path.join(REPO_ROOT, 'schemas/api');
const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json'));
const schemas = new Map<string, Schema>(
  files.map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Schema]),
);

describe('API schemas', () => {
  // A description documents a field for API clients (the OpenAPI document); no title: words
  // shown to users live in flows/.
  it('have a unique $id /schemas/api/<name>.json and no titles', () => {
    for (const [file, schema] of schemas) {
      expect(schema.$id).toBe(`/schemas/api/${file.replace('.schema.json', '')}.json`);
      const text = JSON.stringify(schema);
      expect(text, file).not.toMatch(/"title"/);
      expect(text, file).not.toMatch(/"\$ref":"(?!#)/);
    }
  });

  it('keep copies of shared definitions identical', () => {
    const seen = new Map<string, { file: string; value: unknown }>();
    const tops: Record<string, string> = {
      'account.schema.json': 'account',
      'debtor.schema.json': 'debtor',
    };
    for (const [file, schema] of schemas) {
      const entries = Object.entries(schema.definitions ?? {});
      const top = tops[file];
      if (top) {
        const { $schema: _s, $id: _i, definitions: _d, ...body } = schema;
        entries.push([top, body]);
      }
      // The overview's account is the account plus the fields only the overview carries.
      const overview = schema.definitions?.accountOverview as Schema | undefined;
      if (overview) {
        const extra = ['paymentOptions', 'pendingPaymentsTotal', 'paidOffPercent'];
        const properties = { ...(overview.properties as Record<string, unknown>) };
        for (const name of extra) delete properties[name];
        const required = (overview.required as string[]).filter((n) => !extra.includes(n));
        entries.push(['account', { ...overview, required, properties }]);
      }
      for (const [name, value] of entries) {
        const first = seen.get(name);
        if (first) expect(value, `${name} in ${file} vs ${first.file}`).toEqual(first.value);
        else seen.set(name, { file, value });
      }
    }
    expect(seen.has('account')).toBe(true);
  });

  it('compile, and the demo data matches the import schema', () => {
    const ajv = createAjv();
    for (const schema of schemas.values()) ajv.addSchema(schema);
    for (const schema of schemas.values())
      expect(ajv.getSchema(String(schema.$id))).toBeTypeOf('function');
    const importSchema = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'schemas/import.schema.json'), 'utf8'),
    ) as object;
    const validate = createAjv().compile(importSchema);
    const demo = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'demo/demo-data.json'), 'utf8'),
    ) as unknown;
    expect(validate(demo), JSON.stringify(validate.errors)).toBe(true);
  });
});
