import { describe, expect, it } from 'vitest';
import { localize, splitLocales, toLanguage } from '../../../src/engine/i18n/split';

describe('splitLocales', () => {
  it('turns { en, es } leaves into one tree per language', () => {
    const tree = {
      title: { en: 'Sign in', es: 'Iniciar sesión' },
      errors: { blocked: { en: 'Blocked', es: 'Bloqueado' } },
    };
    expect(splitLocales(tree)).toEqual({
      en: { title: 'Sign in', errors: { blocked: 'Blocked' } },
      es: { title: 'Iniciar sesión', errors: { blocked: 'Bloqueado' } },
    });
  });

  it('names the path of a leaf that is not localized', () => {
    expect(() => splitLocales({ a: { b: 'plain' } } as never)).toThrow('/a/b');
  });
});

describe('toLanguage and localize', () => {
  it('accepts en and es only, defaulting to en', () => {
    expect(toLanguage('es-MX')).toBe('es');
    expect(toLanguage('fr')).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });

  it('picks the language and falls back to English when empty', () => {
    expect(localize({ en: 'Hi', es: 'Hola' }, 'es')).toBe('Hola');
    expect(localize({ en: 'Hi', es: '' }, 'es')).toBe('Hi');
    expect(localize(undefined, 'es')).toBeUndefined();
  });
});
