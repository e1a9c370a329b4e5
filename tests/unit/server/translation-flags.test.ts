/** One step of the translation state (issue 44, item 5): what a save does to a file's flags. */
import { describe, expect, it } from 'vitest';
import { nextFlags } from '../../../src/server/studio/translations';

const file = (en: string, es: string) => ({ kind: 'x', intro: { en, es } });

describe('nextFlags', () => {
  it('flags an English change with the English the Spanish had', () => {
    expect(nextFlags(new Map(), file('A', 'a'), file('B', 'a'))).toEqual(
      new Map([['/intro', 'A']]),
    );
  });
  it('keeps the English the Spanish was saved against across English changes', () => {
    const flags = new Map([['/intro', 'A']]);
    expect(nextFlags(flags, file('B', 'a'), file('C', 'a'))).toEqual(flags);
  });
  it('clears when the Spanish is saved, or the English goes back', () => {
    const flags = new Map([['/intro', 'A']]);
    expect(nextFlags(flags, file('B', 'a'), file('B', 'b'))).toEqual(new Map());
    expect(nextFlags(flags, file('B', 'a'), file('A', 'a'))).toEqual(new Map());
  });
  it('leaves a new text and an untouched text as they were', () => {
    expect(nextFlags(new Map(), { kind: 'x' }, file('A', 'a'))).toEqual(new Map());
    const flags = new Map([['/intro', 'A']]);
    expect(nextFlags(flags, file('B', 'a'), file('B', 'a'))).toEqual(flags);
  });
});
