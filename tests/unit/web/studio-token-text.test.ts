/**
 * The studio's text boxes show placeholders as tokens (issue 44, item 3): a text as words and
 * tokens, and back to the very same stored text.
 */
import { describe, expect, it } from 'vitest';
import { hasTypedPlaceholder, textParts } from '../../../src/web/features/studio/utils/token-text';

const joined = (text: string) =>
  textParts(text)
    .map((part) => (part.kind === 'words' ? part.text : part.raw))
    .join('');

describe('a text as words and tokens', () => {
  it('makes each placeholder a token with its name, and keeps how it was written', () => {
    expect(textParts('I, {{name}}, pay {{ total }}.')).toEqual([
      { kind: 'words', text: 'I, ' },
      { kind: 'token', name: 'name', raw: '{{name}}' },
      { kind: 'words', text: ', pay ' },
      { kind: 'token', name: 'total', raw: '{{ total }}' },
      { kind: 'words', text: '.' },
    ]);
  });

  it('gives the stored text back byte for byte', () => {
    for (const text of [
      '',
      '{{a}}{{b}}',
      'no values',
      'call {{phone}}\nor write {{ agency.email }}',
      '{{ not closed',
      '{{}}',
    ])
      expect(joined(text)).toBe(text);
  });

  it('leaves braces that are no placeholder as words', () => {
    expect(textParts('{{ two words }} {x}')).toEqual([
      { kind: 'words', text: '{{ two words }} {x}' },
    ]);
    expect(hasTypedPlaceholder('call {{phone}}')).toBe(true);
    expect(hasTypedPlaceholder('call {{pho')).toBe(false);
  });
});
