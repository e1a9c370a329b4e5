import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFlowsTree } from '@/server/content/tree';
import { createStudioChecker } from '@/server/studio/content-checks';

const root = path.resolve(import.meta.dirname, '../../..');
const check = createStudioChecker(path.join(root, 'schemas'));
const tree = readFlowsTree(path.join(root, 'flows'));

describe("check:config's checks over a tree in memory (the studio's)", () => {
  it('finds nothing wrong in the shipped flows', async () => {
    expect(await check({ tree })).toEqual([]);
  });

  it('names the file and pointer of what a changed tree breaks', async () => {
    const signIn = structuredClone(tree['forms/sign-in.json']) as {
      fields: { lastName: { label: { es?: string } } };
    };
    delete signIn.fields.lastName.label.es;
    expect(await check({ tree: { ...tree, 'forms/sign-in.json': signIn } })).toEqual([
      {
        path: 'forms/sign-in.json',
        pointer: '/fields/lastName/label',
        code: 'missingText',
        values: { language: 'es' },
        message: 'missing Spanish text (es)',
      },
    ]);
  });

  it('reads meta-schemas only from schemas/meta/ and form schemas only from the schemas folder', async () => {
    const form = tree['forms/sign-in.json'] as Record<string, unknown>;
    const problems = await check({
      tree: {
        ...tree,
        'texts/zz.json': { $schema: '../../../../etc/passwd', a: { en: 'A', es: 'A' } },
        'forms/sign-in.json': { ...form, schema: '../../../etc/hosts' },
      },
    });
    expect(problems).toContainEqual({
      path: 'texts/zz.json',
      pointer: '/$schema',
      code: 'metaSchemaUnreadable',
      values: { ref: '../../../../etc/passwd', detail: 'not a meta-schema of schemas/meta/' },
      message:
        'cannot load meta-schema ../../../../etc/passwd (not a meta-schema of schemas/meta/)',
    });
    expect(problems).toContainEqual({
      path: 'forms/sign-in.json',
      pointer: '/schema',
      code: 'schemaNotFound',
      values: { schema: '../../../etc/hosts', file: 'schemas/../../../etc/hosts.schema.json' },
      message: 'schema "../../../etc/hosts" not found at schemas/../../../etc/hosts.schema.json',
    });
  });

  it('reports, never throws, when a file has a shape its domain checks cannot read', async () => {
    for (const file of [
      'rules/payment-options.json',
      'rules/urgent-state.json',
      'journeys/payment.json',
    ]) {
      const broken = {
        $schema: (tree[file] as { $schema: string }).$schema,
        rules: [null],
        stages: 5,
      };
      const problems = await check({ tree: { ...tree, [file]: broken } });
      // Reported (other files may name what it no longer has), not thrown.
      expect(
        problems.some((problem) => problem.path === file),
        file,
      ).toBe(true);
    }
  });
});
