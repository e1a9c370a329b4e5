/**
 * The placeholder rule the studio's editor flags while typing and check:config refuses (issue 44,
 * item 3): the same declarations, read from the shipped flows/glossary/placeholders.json.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  allowedPlaceholders,
  placeholderProblems,
  readPlaceholderGlossary,
} from '../../../src/domain/placeholders';
import { checkGlossary, readGlossary } from '../../../src/server/content/checks/glossary';
import type { Json } from '../../../src/server/content/checks/types';

const json = JSON.parse(readFileSync('flows/glossary/placeholders.json', 'utf8')) as Json;
const glossary = readPlaceholderGlossary(json);
const FILE = 'content/payment-authorization.json';

describe('placeholders (client and server)', () => {
  it('reads each value with its meaning in both languages and a sample', () => {
    expect(glossary.values.get('total')).toEqual({
      name: 'total',
      meaning: expect.objectContaining({ en: expect.any(String), es: expect.any(String) }),
      sample: { en: '$640.00', es: '$640.00' },
    });
    // A typed sample is formatted in each language as real values are.
    expect(glossary.values.get('date')?.sample).toEqual({
      en: 'March 11, 2026',
      es: '11 de marzo de 2026',
    });
    expect(glossary.values.get('accountNumber')?.sample).toEqual({
      en: 'LU1.10001',
      es: 'LU1.10001',
    });
    // Words of a language (a button's) in each: a Spanish editor sees Spanish.
    expect(glossary.values.get('action')?.sample).toEqual({
      en: 'Pay $60.00',
      es: 'Pagar $60.00',
    });
  });

  it('names the values a text may use from every declaration that matches its file and pointer', () => {
    const allowed = allowedPlaceholders(glossary, FILE, '/recurring');
    expect(allowed).toEqual(expect.arrayContaining(['total', 'phone', 'agency']));
    expect(allowed).not.toContain('supportPhone');
    expect(allowedPlaceholders(glossary, 'content/no-such-file.json', '/x')).toEqual([]);
  });

  it('flags an unknown value and one the other language lacks, per language', () => {
    const allowed = allowedPlaceholders(glossary, FILE, '/recurring');
    expect(placeholderProblems({ en: 'Pay {{total}}', es: 'Pague {{total}}' }, allowed)).toEqual(
      [],
    );
    expect(placeholderProblems({ en: 'Pay {{total}} {{nope}}', es: 'Pague' }, allowed)).toEqual([
      { kind: 'unknown', language: 'en', placeholder: 'nope' },
      { kind: 'missing', language: 'es', placeholder: 'total' },
      { kind: 'missing', language: 'es', placeholder: 'nope' },
    ]);
  });

  it('agrees with check:config: what the editor calls unknown, the server refuses', () => {
    const reported: string[] = [];
    const server = readGlossary((file) =>
      file === 'glossary/placeholders.json' ? json : undefined,
    );
    checkGlossary(
      (_file, pointer, problem) =>
        reported.push(
          `${pointer}:${String((problem.values as { placeholder?: string }).placeholder)}`,
        ),
      FILE,
      { recurring: { en: 'Pay {{total}} {{nope}}', es: 'Pague {{total}} {{nope}}' } },
      server,
    );
    const allowed = allowedPlaceholders(glossary, FILE, '/recurring');
    const unknown = placeholderProblems(
      { en: 'Pay {{total}} {{nope}}', es: 'Pague {{total}} {{nope}}' },
      allowed,
    ).filter((p) => p.kind === 'unknown' && p.language === 'en');
    expect(reported).toEqual(unknown.map((p) => `/recurring:${p.placeholder}`));
  });
});
