/**
 * Clean free text in the browser (issue 40 item 3): the precompiled validators the browser runs
 * refuse control characters, bidi controls and, in names and addresses, `<` and `>`, with the
 * text of what is wrong; every free-text field of every form declares one of the text patterns.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  TEXT_PATTERNS,
  isTextPattern,
  textKeyword,
  type TextPatternName,
} from '../../../src/engine/form/text-rules';
import { validateForm } from '../../../src/engine/form/validate';
import { loadForm, translator, validationTree } from './helpers';

const texts = validationTree as unknown as Record<string, { en: string; es: string }>;

const BIDI = [
  0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
];
const isControl = (code: number): boolean => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
const isBreak = (code: number): boolean => code === 0x0a || code === 0x0d;

/** Whether a pattern should take the code point, by its name. */
function allowed(name: TextPatternName, code: number): boolean {
  if (BIDI.includes(code)) return false;
  if (isBreak(code)) return name.startsWith('plainText');
  if (isControl(code)) return false;
  if (code === 0x3c || code === 0x3e) return !name.startsWith('nameText');
  return true;
}

describe('text patterns', () => {
  it('refuse exactly the forbidden characters, over the whole Basic Multilingual Plane', () => {
    for (const [name, source] of Object.entries(TEXT_PATTERNS) as [TextPatternName, string][]) {
      const pattern = new RegExp(source, 'u');
      const wrong: string[] = [];
      for (let code = 0; code <= 0xffff; code += 1) {
        if (code >= 0xd800 && code <= 0xdfff) continue;
        const value = `a${String.fromCodePoint(code)}b`;
        if (pattern.test(value) !== allowed(name, code)) wrong.push(code.toString(16));
      }
      expect(wrong, name).toEqual([]);
      expect(pattern.test('a\u{1F600}b'), name).toBe(true);
    }
  });

  it('the Required forms also need a character that is not a space', () => {
    for (const name of ['plainLineRequired', 'plainTextRequired', 'nameTextRequired'] as const) {
      const pattern = new RegExp(TEXT_PATTERNS[name], 'u');
      expect(pattern.test('   ')).toBe(false);
      expect(pattern.test(' x ')).toBe(true);
    }
  });

  it('name what is wrong, bidi controls first', () => {
    expect(textKeyword('a\u202Eb\u0001<')).toBe('bidiControls');
    expect(textKeyword('a\u0085b\n<')).toBe('controlCharacters');
    expect(textKeyword('a\r\nb<')).toBe('lineBreaks');
    expect(textKeyword('<b>')).toBe('angleBrackets');
    expect(textKeyword('Ñandú "O\'Brien" & Co.')).toBeUndefined();
  });
});

const formsDir = path.resolve(import.meta.dirname, '../../../schemas/forms');

/** Every string property of every form schema: [form, field, schema]. */
function stringFields(): [string, string, Record<string, unknown>][] {
  const out: [string, string, Record<string, unknown>][] = [];
  for (const file of readdirSync(formsDir).filter((f) => f.endsWith('.schema.json'))) {
    const schema = JSON.parse(readFileSync(path.join(formsDir, file), 'utf8')) as {
      properties?: Record<string, Record<string, unknown>>;
    };
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      if (property.type === 'string') out.push([file.replace('.schema.json', ''), field, property]);
    }
  }
  return out;
}

/** Fields that are not free text: a password is taken as typed, and is never shown or stored. */
// Passwords are hashed, never shown or stored as typed: any character may be in one.
const NOT_FREE_TEXT = new Set([
  'studio-sign-in.password',
  'studio-join-password.password',
  'studio-join-password.passwordAgain',
  'studio-password-change.currentPassword',
  'studio-password-change.newPassword',
  'studio-password-change.newPasswordAgain',
  'studio-totp-enrol.password',
]);

describe('form schemas', () => {
  it('every free-text field declares a text pattern (the others are enums, constants or digit patterns)', () => {
    const open = stringFields()
      .filter(([form, field]) => !NOT_FREE_TEXT.has(`${form}.${field}`))
      .filter(([, , property]) => property.enum === undefined && property.const === undefined)
      .filter(([, , property]) => {
        const pattern = property.pattern;
        if (isTextPattern(pattern)) return false;
        // A pattern anchored at both ends (digits, letters, dates) is not free text.
        return !(typeof pattern === 'string' && pattern.startsWith('^') && pattern.endsWith('$'));
      })
      .map(([form, field]) => `${form}.${field}`);
    expect(open).toEqual([]);
  });

  it("the browser's validator refuses each forbidden character in each free-text field, naming it", async () => {
    const failures: string[] = [];
    for (const [form, field, property] of stringFields()) {
      if (!isTextPattern(property.pattern)) continue;
      const { validate } = await loadForm(form);
      const multiLine = [TEXT_PATTERNS.plainText, TEXT_PATTERNS.plainTextRequired].some(
        (pattern) => pattern === property.pattern,
      );
      const name = String(property.pattern).includes('<>');
      const cases: [string, string][] = [
        ['\u202E', 'bidiControls'],
        ['\u2066', 'bidiControls'],
        ['\u200F', 'bidiControls'],
        ['\u0001', 'controlCharacters'],
        ['\t', 'controlCharacters'],
        ['\u009B', 'controlCharacters'],
      ];
      if (!multiLine) cases.push(['\n', 'lineBreaks'], ['\r', 'lineBreaks']);
      if (name) cases.push(['<', 'angleBrackets'], ['>', 'angleBrackets']);
      for (const [char, keyword] of cases) {
        const errors = validate({ [field]: `Ab${char}cd@example.com` });
        const error = errors.find((e) => e.instancePath === `/${field}` && e.keyword === 'pattern');
        if (!error || textKeyword(`Ab${char}cd`) !== keyword)
          failures.push(`${form}.${field} U+${char.codePointAt(0)?.toString(16)}`);
      }
      if (multiLine) {
        const errors = validate({ [field]: 'Line one\nLine two\r\nLine three' });
        if (errors.some((e) => e.instancePath === `/${field}`))
          failures.push(`${form}.${field} LF`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("validateForm gives the contact-information form's address line with U+202E the text of what is wrong, in English and Spanish", async () => {
    const { flow, validate } = await loadForm('contact-information');
    const data = {
      firstName: 'Grace',
      lastName: 'Kim',
      addressLine1: 'Kim\u202Egnp.exe',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      email: 'grace@example.com',
    };
    for (const language of ['en', 'es'] as const) {
      const errors = validateForm({ flow, validate, data, translate: translator(language) });
      expect(errors.map(({ field, keyword, message }) => ({ field, keyword, message }))).toEqual([
        { field: 'addressLine1', keyword: 'bidiControls', message: texts.bidiControls?.[language] },
      ]);
    }
    const angle = validateForm({
      flow,
      validate,
      data: { ...data, addressLine1: '<script>alert(1)</script>', email: 'gr\u202Ece@example.com' },
      translate: translator('es'),
    });
    expect(angle.map(({ field, keyword, message }) => ({ field, keyword, message }))).toEqual([
      { field: 'addressLine1', keyword: 'angleBrackets', message: texts.angleBrackets?.es },
      { field: 'email', keyword: 'bidiControls', message: texts.bidiControls?.es },
    ]);
    const clean = validateForm({
      flow,
      validate,
      data: { ...data, addressLine1: "1 O'Brien & Núñez St." },
      translate: translator('en'),
    });
    expect(clean).toEqual([]);
  });
});
