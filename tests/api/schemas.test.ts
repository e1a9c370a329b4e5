/**
 * API schemas: one definition per shape, used from other schemas by its $id (cross-file $ref;
 * scripts/gen-types.ts imports the generated type instead of declaring it again). Also checks the
 * demo file against the import schema.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../src/server/ajv';
import { REPO_ROOT } from './harness';

const JSON_SCHEMA = 'http://json-schema.org/draft-07/schema#';
type Schema = Record<string, unknown> & { definitions?: Record<string, unknown> };
const dir = path.join(REPO_ROOT, 'schemas/api');
const files = readdirSync(dir).filter((f) => f.endsWith('.schema.json'));
const schemas = new Map<string, Schema>(
  files.map((f) => [f, JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as Schema]),
);

/** JSON pointers of every `title` keyword; a property that is named `title` is not one. */
function titleKeywords(node: unknown, pointer = '', inProperties = false): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => titleKeywords(item, `${pointer}/${i}`));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => [
    ...(key === 'title' && !inProperties ? [`${pointer}/title`] : []),
    ...titleKeywords(value, `${pointer}/${key}`, key === 'properties' && !inProperties),
  ]);
}

describe('API schemas', () => {
  // A description documents a field for API clients (the OpenAPI document); no title: words
  // shown to users live in flows/.
  it('have a unique $id /schemas/api/<name>.json and no titles', () => {
    for (const [file, schema] of schemas) {
      expect(schema.$id).toBe(`/schemas/api/${file.replace('.schema.json', '')}.json`);
      expect(titleKeywords(schema), file).toEqual([]);
    }
  });

  it('tell a title keyword from a property named title', () => {
    const withKeyword = { properties: { name: { type: 'string', title: 'Name' } } };
    const withProperty = { required: ['title'], properties: { title: { type: 'string' } } };
    expect(titleKeywords(withKeyword)).toEqual(['/properties/name/title']);
    expect(titleKeywords(withProperty)).toEqual([]);
  });

  it('refer to other API schemas only by a $id that exists (one definition per shape)', () => {
    const ids = new Map([...schemas.values()].map((schema) => [String(schema.$id), schema]));
    const refs: string[] = [];
    const collect = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref' && typeof value === 'string') refs.push(value);
          else collect(value);
        }
      }
    };
    for (const schema of schemas.values()) collect(schema);
    // Besides API schemas, only the JSON Schema meta-schema (ajv has it): a flow file's
    // meta-schema as GET /studio/api/content/file answers it (studio-content-file).
    const external = refs.filter((ref) => !ref.startsWith('#') && ref !== JSON_SCHEMA);
    expect(external).toContain('/schemas/api/account.json');
    for (const ref of external) {
      const [id = '', pointer] = ref.split('#');
      const target = ids.get(id);
      expect(target, ref).toBeDefined();
      if (pointer)
        expect(target?.definitions?.[pointer.replace('/definitions/', '')], ref).toBeDefined();
    }
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
