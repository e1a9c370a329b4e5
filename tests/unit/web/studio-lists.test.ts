/**
 * Lists staff edit (issue 44, item 6), found among the fields of real flows/ files beside their
 * real meta-schemas: lists of texts and lists of items holding texts get add, remove and move;
 * lists whose items carry an id (a form's sections, a journey's stages) do not.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toPointer } from '@/domain/studio/json-pointer';
import { walkLeaves } from '@/domain/studio/leaves';
import { blankItem, itemLists, moveItem } from '@/domain/studio/lists';
import type { Schema } from '@/domain/studio/meta-schema';

const root = path.resolve(import.meta.dirname, '../../..');
const json = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const meta = (name: string) => json(`schemas/meta/${name}.schema.json`) as Schema;

/** The lists of a file (the lists within an item's too) as pointers and their item counts. */
function listsOf(file: string, schema: string): Record<string, number> {
  const leaves = walkLeaves(json(file), meta(schema));
  const found: Record<string, number> = {};
  const visit = (part: typeof leaves, minDepth: number) => {
    const lists = itemLists(part, minDepth);
    for (const [start, list] of lists) {
      found[toPointer(list.parent)] = list.items;
      const run = part.slice(start, start + list.leaves);
      for (let i = 0; i < list.items; i += 1)
        visit(
          run.filter((leaf) => leaf.path[list.parent.length] === i),
          list.parent.length + 1,
        );
    }
  };
  visit(leaves, 0);
  return found;
}

describe('lists staff edit', () => {
  it("finds a page's paragraphs (objects) and a bullet list of texts within one of them", () => {
    const lists = listsOf('flows/content/terms.json', 'content');
    expect(lists['/blocks']).toBe(18);
    expect(lists['/blocks/7/items']).toBe(5);
  });

  it("finds a plan change's consequences, items of one text each", () => {
    expect(listsOf('flows/content/plan-change.json', 'content')['/cancel/consequences']).toBe(4);
  });

  it('leaves lists whose items carry an id as they are', () => {
    const form = listsOf('flows/forms/payment-disclosure.json', 'form-flow');
    expect(form['/sections']).toBeUndefined();
    expect(listsOf('flows/journeys/payment.json', 'payment-journey')['/stages']).toBeUndefined();
  });

  it('adds an item like the last with its texts empty, and moves items', () => {
    expect(blankItem({ type: 'paragraph', text: { en: 'Hi', es: 'Hola' } })).toEqual({
      type: 'paragraph',
      text: { en: '', es: '' },
    });
    expect(blankItem({ en: 'a', es: 'b' })).toEqual({ en: '', es: '' });
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});
