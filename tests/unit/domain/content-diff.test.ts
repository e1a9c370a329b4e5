import { describe, expect, it } from 'vitest';
import { diffTrees } from '@/domain/content-diff';
import { diffWords, type WordDiff } from '@/domain/word-diff';

/** The text a diff was made from (`before`) or leads to (`after`). */
const side = (runs: WordDiff, which: 'before' | 'after') =>
  runs
    .filter((run) => run.op === 'same' || run.op === (which === 'before' ? 'removed' : 'added'))
    .map((run) => run.text)
    .join('');

describe('diffWords', () => {
  it('marks the words that changed and keeps the rest', () => {
    expect(
      diffWords(
        'You authorize a payment of {{amount}}.',
        'You authorize one payment of {{amount}} today.',
      ),
    ).toEqual([
      { op: 'same', text: 'You authorize ' },
      { op: 'removed', text: 'a' },
      { op: 'added', text: 'one' },
      { op: 'same', text: ' payment of {{amount}}' },
      { op: 'added', text: ' today' },
      { op: 'same', text: '.' },
    ]);
  });

  it('gives back both texts, whatever they are', () => {
    const pairs: [string, string][] = [
      ['', ''],
      ['', 'Nuevo texto'],
      ['Texto viejo', ''],
      ['a b c d e', 'e d c b a'],
      ['Pagará {{monto}} el {{fecha}}.', 'Usted pagará {{monto}}, el día {{fecha}}!'],
      ['línea\nnueva  con   espacios', 'línea nueva\ncon espacios'],
    ];
    for (const [before, after] of pairs) {
      const runs = diffWords(before, after);
      expect(side(runs, 'before')).toBe(before);
      expect(side(runs, 'after')).toBe(after);
      // Neighbouring runs never share an op, and none is empty.
      runs.forEach((run, i) => {
        expect(run.text).not.toBe('');
        if (i > 0) expect(run.op).not.toBe(runs[i - 1]!.op);
      });
    }
  });

  it('shows a very long change as removed then added, without running out of memory', () => {
    const before = Array.from({ length: 3000 }, (_, i) => `w${i}`).join(' ');
    const after = Array.from({ length: 3000 }, (_, i) => `v${i}`).join(' ');
    const runs = diffWords(before, after);
    expect(side(runs, 'before')).toBe(before);
    expect(side(runs, 'after')).toBe(after);
  });
});

describe('diffTrees', () => {
  it('lists changed texts as word diffs, other values before and after, and added and removed files', () => {
    const before = {
      'content/a.json': { $schema: 's', single: { en: 'Pay now', es: 'Pague ahora' }, keep: 1 },
      'clients/X.json': { payment: { allowCreditCard: true, minSinglePayment: 50 } },
      'texts/old.json': { title: { en: 'Old', es: 'Viejo' } },
      'rules/r.json': { rules: [{ when: { '==': [1, 1] }, id: 'a' }] },
    };
    const after = {
      'content/a.json': { $schema: 's', single: { en: 'Pay today', es: 'Pague ahora' }, keep: 1 },
      'clients/X.json': { payment: { allowCreditCard: false, minSinglePayment: 50 } },
      'texts/new.json': { title: { en: 'New', es: 'Nuevo' } },
      'rules/r.json': { rules: [{ when: { '==': [1, 2] }, id: 'a' }] },
    };
    expect(diffTrees(before, after)).toEqual([
      {
        path: 'clients/X.json',
        status: 'changed',
        texts: [],
        values: [{ pointer: '/payment/allowCreditCard', before: true, after: false }],
      },
      {
        path: 'content/a.json',
        status: 'changed',
        texts: [
          {
            pointer: '/single',
            en: [
              { op: 'same', text: 'Pay ' },
              { op: 'removed', text: 'now' },
              { op: 'added', text: 'today' },
            ],
            es: [{ op: 'same', text: 'Pague ahora' }],
          },
        ],
        values: [],
      },
      {
        path: 'rules/r.json',
        status: 'changed',
        texts: [],
        values: [{ pointer: '/rules/0/when', before: { '==': [1, 1] }, after: { '==': [1, 2] } }],
      },
      {
        path: 'texts/new.json',
        status: 'added',
        texts: [
          {
            pointer: '/title',
            en: [{ op: 'added', text: 'New' }],
            es: [{ op: 'added', text: 'Nuevo' }],
          },
        ],
        values: [],
      },
      {
        path: 'texts/old.json',
        status: 'removed',
        texts: [
          {
            pointer: '/title',
            en: [{ op: 'removed', text: 'Old' }],
            es: [{ op: 'removed', text: 'Viejo' }],
          },
        ],
        values: [],
      },
    ]);
  });

  it('names a key with a slash by an escaped pointer, and a removed key by before alone', () => {
    const changes = diffTrees({ 'f.json': { 'a/b': 1, gone: 'x' } }, { 'f.json': { 'a/b': 2 } });
    expect(changes[0]!.values).toEqual([
      { pointer: '/a~1b', before: 1, after: 2 },
      { pointer: '/gone', before: 'x' },
    ]);
  });

  it('finds nothing between equal trees, whatever the order of keys', () => {
    expect(
      diffTrees({ 'f.json': { a: 1, b: [1, { c: 2 }] } }, { 'f.json': { b: [1, { c: 2 }], a: 1 } }),
    ).toEqual([]);
  });
});
