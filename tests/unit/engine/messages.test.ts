import { describe, expect, it } from 'vitest';
import { errorMessage, interpolate, treeTranslator } from '../../../src/engine/form/messages';
import { signInFlow, translator, validationTree } from './helpers';

describe('errorMessage', () => {
  it('prefers the field-specific text', () => {
    const text = errorMessage(
      signInFlow,
      { field: 'socialSecurityNumber', keyword: 'pattern' },
      translator(),
    );
    expect(text).toBe('Please enter 4 digits');
  });

  it('falls back to the generic text of the keyword', () => {
    const text = errorMessage(
      signInFlow,
      { field: 'creditorAccountNumber', keyword: 'maxLength', params: { limit: 50 } },
      translator(),
    );
    expect(text).toBe('Please enter no more than 50 characters.');
  });

  it('falls back to validation.default for an unknown keyword', () => {
    const text = errorMessage(
      signInFlow,
      { field: 'lastName', keyword: 'uniqueItems' },
      translator(),
    );
    expect(text).toBe('Please check this field.');
  });

  it('falls back to the default for a field the flow does not know', () => {
    expect(errorMessage(signInFlow, { field: 'nope', keyword: 'required' }, translator())).toBe(
      'This field is required.',
    );
  });

  it('interpolates ajv params into field-specific texts', () => {
    const text = errorMessage(
      signInFlow,
      { field: 'lastName', keyword: 'minLength', params: { limit: 2 } },
      translator(),
    );
    expect(text).toBe('Last name must be at least 2 characters.');
  });

  it('speaks Spanish', () => {
    const es = translator('es');
    expect(
      errorMessage(signInFlow, { field: 'socialSecurityNumber', keyword: 'required' }, es),
    ).toBe('Escriba 4 dígitos');
    expect(errorMessage(signInFlow, { field: 'nope', keyword: 'required' }, es)).toBe(
      'Este campo es obligatorio.',
    );
    expect(
      errorMessage(
        signInFlow,
        { field: 'lastName', keyword: 'maxLength', params: { limit: 50 } },
        es,
      ),
    ).toBe('El apellido debe tener como máximo 50 caracteres.');
  });

  it('offers the field label as {{label}}', () => {
    const tree = {
      validation: { type: { en: '{{label}}: wrong type', es: '{{label}}: tipo incorrecto' } },
    };
    const field = { field: 'creditorAccountNumber', keyword: 'type' };
    expect(errorMessage(signInFlow, field, treeTranslator(tree, 'en'))).toBe(
      'Client account number: wrong type',
    );
    expect(errorMessage(signInFlow, field, treeTranslator(tree, 'es'))).toBe(
      'Número de cuenta del acreedor: tipo incorrecto',
    );
  });
});

describe('interpolate', () => {
  it('replaces known params and blanks unknown ones', () => {
    expect(interpolate('at least {{limit}} and {{ missing }}!', { limit: 3 })).toBe(
      'at least 3 and !',
    );
  });
});

describe('validation texts', () => {
  it('have a generic text for every common ajv keyword and a default, in both languages', () => {
    for (const key of [
      'required',
      'pattern',
      'minLength',
      'maxLength',
      'format',
      'enum',
      'minimum',
      'maximum',
      'const',
      'type',
      'default',
    ]) {
      const leaf = validationTree[key] as { en?: string; es?: string };
      expect(leaf.en, key).toBeTruthy();
      expect(leaf.es, key).toBeTruthy();
    }
  });
});
