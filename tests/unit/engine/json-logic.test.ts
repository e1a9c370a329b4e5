import { describe, expect, it } from 'vitest';
import {
  checkExpression,
  evaluate,
  test as holds,
  type JsonLogic,
} from '../../../src/engine/rules/json-logic';

const cases: [string, JsonLogic, unknown, unknown][] = [
  ['a primitive is itself', 5, {}, 5],
  ['a plain array evaluates its items', [1, { var: 'a' }], { a: 2 }, [1, 2]],
  ['var reads a dotted path', { var: 'a.b' }, { a: { b: 3 } }, 3],
  ['var of an array index', { var: 'list.1' }, { list: ['x', 'y'] }, 'y'],
  ['var with a fallback', { var: ['missingFact', 'none'] }, {}, 'none'],
  ['var of "" is the data', { var: '' }, 7, 7],
  ['var path computed', { var: { cat: ['a', '.b'] } }, { a: { b: 'deep' } }, 'deep'],
  ['missing lists empty facts', { missing: ['a', 'b', 'c'] }, { a: 1, b: '' }, ['b', 'c']],
  ['== is loose', { '==': [1, '1'] }, {}, true],
  ['=== is strict', { '===': [1, '1'] }, {}, false],
  ['! and !!', [{ '!': [[]] }, { '!!': ['x'] }], {}, [true, true]],
  ['dates compare as strings', { '<': ['2026-01-31', '2026-02-01'] }, {}, true],
  ['between', { '<=': [1, { var: 'x' }, 3] }, { x: 3 }, true],
  ['null never compares', { '>': [{ var: 'x' }, 0] }, {}, false],
  ['arithmetic', { '-': [{ '+': [1, 2, 3] }, { '*': [2, 2] }] }, {}, 2],
  ['unary minus', { '-': [4] }, {}, -4],
  ['min and max', [{ min: [3, 1, 2] }, { max: [3, 1, 2] }], {}, [1, 3]],
  ['in a string and an array', [{ in: ['b', 'abc'] }, { in: [2, [1, 2]] }], {}, [true, true]],
  ['cat skips null', { cat: ['a', null, 1] }, {}, 'a1'],
  ['merge flattens', { merge: [[1], 2, [3]] }, {}, [1, 2, 3]],
  ['if: first true branch', { if: [false, 'a', { var: 'y' }, 'b', 'c'] }, { y: 1 }, 'b'],
  ['if: else', { if: [false, 'a', 'c'] }, {}, 'c'],
  ['and returns the first falsy', { and: [1, 0, 2] }, {}, 0],
  ['or returns the first truthy', { or: [0, '', 'x'] }, {}, 'x'],
  [
    'filter and map',
    { map: [{ filter: [{ var: 'l' }, { '>': [{ var: '' }, 1] }] }, { '*': [{ var: '' }, 10] }] },
    { l: [1, 2, 3] },
    [20, 30],
  ],
  [
    'some, all, none',
    [{ some: [[1, 2], { '>': [{ var: '' }, 1] }] }, { all: [[], true] }, { none: [[1], false] }],
    {},
    [true, false, true],
  ],
  [
    'startsWith and endsWith',
    [{ startsWith: ['LU1.1', 'LU'] }, { endsWith: ['abc', 'bc'] }],
    {},
    [true, true],
  ],
  [
    'length and last',
    [{ length: { var: 'l' } }, { last: { var: 'l' } }],
    { l: ['a', 'b'] },
    [2, 'b'],
  ],
];

describe('JSON Logic evaluator', () => {
  for (const [name, expression, data, expected] of cases) {
    it(name, () => {
      expect(evaluate(expression, data)).toEqual(expected);
      // The same expression object again (compiled once, reused) gives the same answer.
      expect(evaluate(expression, data)).toEqual(expected);
    });
  }

  it('one expression, many data: each answer is its own', () => {
    const rule: JsonLogic = {
      and: [{ '>=': [{ var: 'balance' }, 25] }, { '!': { var: 'closed' } }],
    };
    expect(holds(rule, { balance: 30, closed: false })).toBe(true);
    expect(holds(rule, { balance: 10, closed: false })).toBe(false);
    expect(holds(rule, { balance: 30, closed: true })).toBe(false);
  });

  it('an unknown operator throws only where it is reached', () => {
    expect(() => evaluate({ nope: [1] } as JsonLogic, {})).toThrow('Unknown rule operator "nope"');
    expect(evaluate({ if: [true, 'ok', { nope: [] }] } as JsonLogic, {})).toBe('ok');
  });

  it('checkExpression names malformed parts', () => {
    expect(checkExpression({ '>': [{ var: 'a' }, 1] })).toEqual([]);
    expect(checkExpression({ a: 1, b: 2 })).toEqual([
      '/: an operator object must have exactly one key, found 2',
    ]);
    expect(checkExpression({ and: [{ nope: 1 }] }, '/when')).toEqual([
      '/when/and/0: unknown operator "nope"',
    ]);
  });
});
