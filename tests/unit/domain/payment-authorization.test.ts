/**
 * The words a debtor accepts fail closed (issue 40): a placeholder without a value throws
 * MissingPlaceholderValue; it never becomes an empty string ("Your SSN is .").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  authorizationTexts,
  type AuthorizationContent,
  type AuthorizationFacts,
} from '@/domain/payment-authorization';
import { interpolate, interpolateStrict, MissingPlaceholderValue } from '@/engine/form/messages';

const root = path.resolve(import.meta.dirname, '../../..');
const content = JSON.parse(
  readFileSync(path.join(root, 'flows/content/payment-authorization.json'), 'utf8'),
) as AuthorizationContent;

const facts: AuthorizationFacts = {
  name: 'Maria Garcia',
  agency: 'MRS',
  creditor: 'Northwind Bank',
  accountNumber: 'LU1.10001',
  method: 'Visa ****1111',
  phone: '8005550100',
  action: 'Pay $60.00',
  payments: [{ date: '2026-03-11', cents: 6000 }],
};

describe('rendering the words a debtor accepts', () => {
  it('fills every declared value of the shipped authorization, in English and Spanish', () => {
    for (const language of ['en', 'es'] as const) {
      const texts = authorizationTexts(content, language, facts);
      for (const text of [texts.agreement, texts.eSign, texts.authorization])
        expect(text).not.toMatch(/\{\{|\}\}/);
    }
    const recurring = authorizationTexts(content, 'en', {
      ...facts,
      payments: [
        { date: '2026-03-11', cents: 6000 },
        { date: '2026-04-11', cents: 6000 },
      ],
    });
    expect(recurring.authorization).toContain('within 30 days');
    expect(recurring.authorization).toContain('at least 1 business day before');
  });

  it('throws on a placeholder it has no value for ({{ssnFull}}), in both languages', () => {
    const tampered: AuthorizationContent = {
      ...content,
      single: {
        en: `${content.single.en} Your SSN is {{ssnFull}}.`,
        es: `${content.single.es} Su número de Seguro Social es {{ssnFull}}.`,
      },
    };
    for (const language of ['en', 'es'] as const) {
      expect(() => authorizationTexts(tampered, language, facts)).toThrow(MissingPlaceholderValue);
      try {
        authorizationTexts(tampered, language, facts);
      } catch (error) {
        expect((error as MissingPlaceholderValue).placeholder).toBe('ssnFull');
      }
    }
  });

  it('interpolateStrict refuses unknown, undefined and null values; interpolate still blanks them', () => {
    expect(interpolateStrict('Hi {{ name }}, {{n}}', { name: 'Ana', n: 0 })).toBe('Hi Ana, 0');
    expect(() => interpolateStrict('Your SSN is {{ssnFull}}.', {})).toThrow(
      MissingPlaceholderValue,
    );
    expect(() => interpolateStrict('{{a}}', { a: undefined })).toThrow(MissingPlaceholderValue);
    expect(() => interpolateStrict('{{a}}', { a: null })).toThrow(MissingPlaceholderValue);
    // Only own values: not what every object inherits.
    expect(() => interpolateStrict('{{toString}}', {})).toThrow(MissingPlaceholderValue);
    expect(interpolate('Your SSN is {{ssnFull}}.', {})).toBe('Your SSN is .');
  });
});
