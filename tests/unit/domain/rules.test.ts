import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  checkRules,
  decideOptions,
  derivedFact,
  firstMatch,
  withDerived,
  type FirstMatchRules,
  type OptionGroupRules,
  type RulesFile,
} from '../../../src/domain/rules';
import { RULES_CHECKS } from '../../../src/domain/rules-checks';
import { loadRules, rulesContext } from './fixtures';

const root = path.resolve(import.meta.dirname, '../../..');
const label = { en: 'x', es: 'y' };

describe('withDerived', () => {
  it('adds derived facts in order, each seeing the earlier ones', () => {
    const facts = withDerived(
      {
        derived: [
          { id: 'double', value: { '*': [{ var: 'n' }, 2] } },
          { id: 'big', value: { '>': [{ var: 'double' }, 5] } },
        ],
      },
      { n: 3 },
    );
    expect(facts).toEqual({ n: 3, double: 6, big: true });
  });

  it('returns the facts unchanged without derived facts', () => {
    expect(withDerived({}, { n: 1 })).toEqual({ n: 1 });
  });
});

describe('decideOptions', () => {
  const rules: OptionGroupRules = {
    $schema: '../../schemas/meta/rules.schema.json',
    kind: 'option-groups',
    outcomes: { a: { label }, b: { label }, c: { label } },
    groups: [
      {
        id: 'first',
        when: { var: 'x' },
        options: [{ outcome: 'a' }, { outcome: 'b', when: { var: 'y' } }],
      },
      { id: 'second', when: true, options: [{ outcome: 'c' }, { outcome: 'c' }] },
    ],
  };

  it('the first matching group decides, with its options that hold', () => {
    expect(decideOptions(rules, { x: true, y: false })).toEqual({
      group: 'first',
      outcomes: ['a'],
    });
    expect(decideOptions(rules, { x: true, y: true })).toEqual({
      group: 'first',
      outcomes: ['a', 'b'],
    });
  });

  it('later groups apply only when earlier ones do not match; duplicates are dropped', () => {
    expect(decideOptions(rules, { x: false })).toEqual({ group: 'second', outcomes: ['c'] });
  });

  it('no matching group gives no options', () => {
    expect(decideOptions({ ...rules, groups: [rules.groups[0]!] }, {})).toEqual({
      group: null,
      outcomes: [],
    });
  });
});

describe('firstMatch', () => {
  const rules: FirstMatchRules = {
    $schema: '../../schemas/meta/rules.schema.json',
    kind: 'first-match',
    outcomes: { a: { label }, b: { label }, z: { label } },
    derived: [{ id: 'isBig', value: { '>': [{ var: 'n' }, 10] } }],
    rules: [
      { id: 'big', when: { var: 'isBig' }, outcome: 'a' },
      { id: 'positive', when: { '>': [{ var: 'n' }, 0] }, outcome: 'b' },
    ],
    default: 'z',
  };

  it('the first rule that holds gives the outcome', () => {
    expect(firstMatch(rules, { n: 11 })).toBe('a');
    expect(firstMatch(rules, { n: 1 })).toBe('b');
  });

  it('gives the default when no rule holds', () => {
    expect(firstMatch(rules, { n: 0 })).toBe('z');
  });

  it('derivedFact reads one derived fact and refuses an unknown one', () => {
    expect(derivedFact(rules, 'isBig', { n: 11 })).toBe(true);
    expect(() => derivedFact(rules, 'isSmall', { n: 1 })).toThrow('no derived fact "isSmall"');
  });
});

describe('checkRules', () => {
  it('names malformed expressions, unknown facts, undeclared outcomes and duplicate ids', () => {
    const file: RulesFile = {
      $schema: '../../schemas/meta/rules.schema.json',
      kind: 'first-match',
      outcomes: { a: { label } },
      derived: [
        { id: 'd', value: { var: 'known' } },
        { id: 'd', value: { nope: [1] } },
      ],
      rules: [
        { id: 'r', when: { and: [{ var: 'd' }, { var: 'later' }] }, outcome: 'a' },
        { id: 'r', when: { some: [{ var: 'list' }, { var: 'itemField' }] }, outcome: 'b' },
        { id: 's', when: { var: ['fallback', { var: 'other' }] }, outcome: 'a' },
      ],
      default: 'c',
    };
    expect(checkRules(file, ['known', 'list'])).toEqual([
      '/derived/1/id: duplicate id "d"',
      '/derived/1/value: unknown operator "nope"',
      '/rules/1/id: duplicate id "r"',
      '/rules/0/when: unknown fact "later"',
      '/rules/1/outcome: outcome "b" is not declared in /outcomes',
      '/rules/2/when: unknown fact "fallback"',
      '/rules/2/when: unknown fact "other"',
      '/default: outcome "c" is not declared in /outcomes',
    ]);
  });

  it('skips the fact check without a list of known facts', () => {
    const file: RulesFile = {
      $schema: '../../schemas/meta/rules.schema.json',
      kind: 'option-groups',
      outcomes: { a: { label } },
      groups: [
        { id: 'g', when: { var: 'anything' }, options: [{ outcome: 'a', when: { var: '' } }] },
      ],
    };
    expect(checkRules(file)).toEqual([]);
  });
});

describe('flows/rules files', () => {
  const ajv = new Ajv({ allErrors: true, strict: true });
  const validate = ajv.compile(
    JSON.parse(readFileSync(path.join(root, 'schemas/meta/rules.schema.json'), 'utf8')) as object,
  );
  const files = readdirSync(path.join(root, 'flows/rules'))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.replace(/\.json$/, ''));

  it('every rules file has a domain check', () => {
    expect(files.sort()).toEqual(Object.keys(RULES_CHECKS).sort());
  });

  it.each(files)('%s.json matches the meta-schema and passes its domain check', (name) => {
    const file = loadRules<RulesFile>(name);
    expect(validate(file), JSON.stringify(validate.errors)).toBe(true);
    expect(RULES_CHECKS[name]?.(file, rulesContext)).toEqual([]);
  });

  it('the meta-schema requires both languages of a label', () => {
    const file = loadRules<FirstMatchRules>('schedule-status');
    const broken = {
      ...file,
      outcomes: { ...file.outcomes, pending: { label: { en: 'Pending' } } },
    };
    expect(validate(broken)).toBe(false);
    expect(validate.errors?.some((e) => e.instancePath === '/outcomes/pending/label')).toBe(true);
  });

  it('the meta-schema requires rules and default for first-match and groups for option-groups', () => {
    expect(
      validate({
        $schema: '../../schemas/meta/rules.schema.json',
        kind: 'first-match',
        outcomes: { a: { label } },
      }),
    ).toBe(false);
    expect(
      validate({
        $schema: '../../schemas/meta/rules.schema.json',
        kind: 'option-groups',
        outcomes: { a: { label } },
      }),
    ).toBe(false);
  });
});
