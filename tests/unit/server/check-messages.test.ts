/**
 * The checks' words in the staff member's language (studio/check-messages.ts): each code's
 * Spanish from flows/texts/studio.json `checks`, and English texts that say exactly what
 * `npm run check:config` prints (its lines are the checks' `message`).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFlowsChecker, type CheckCode, type ConfigProblem } from '@/server/content/checks';
import { englishMessage, problem, type Check } from '@/server/content/checks/problems';
import { readFlowsTree, treeToConfig } from '@/server/content/tree';
import { createStudioChecker } from '@/server/studio/content-checks';
import { checkMessage, localizedChecks } from '@/server/studio/check-messages';

const root = path.resolve(import.meta.dirname, '../../..');
const tree = readFlowsTree(path.join(root, 'flows'));
const texts = treeToConfig(tree).texts;

const asProblem = (check: Check, pointer = '/x'): ConfigProblem => ({
  path: 'texts/x.json',
  pointer,
  ...check,
  message: englishMessage(check),
});
const say = (check: Check, language: 'en' | 'es') =>
  checkMessage(asProblem(check), language, texts);

const KNOWN = ['account', 'paymentSettings'];

/** Every code with values, and what the studio says in Spanish. */
const SPANISH: { [C in CheckCode]: [Extract<Check, { code: C }>['values'], string] } = {
  invalidJson: [{ detail: 'Unexpected end' }, 'no es un JSON válido (Unexpected end)'],
  notAnObject: [{}, 'un archivo de flows debe ser un objeto JSON'],
  domain: [
    { detail: '/holidays/1/id: duplicate id "x"' },
    '/holidays/1/id: duplicate id "x" (este detalle solo está en inglés)',
  ],
  uncheckable: [{ detail: 'boom' }, 'no se puede seguir verificando (boom)'],
  missingMetaSchema: [{}, 'falta: cada archivo de flows indica su meta-esquema en "$schema"'],
  metaSchemaUnreadable: [
    { ref: '../x.json', detail: 'not found' },
    'no se puede cargar el meta-esquema ../x.json (not found)',
  ],
  meta: [
    { keyword: 'maximum', params: { comparison: '<=', limit: 120 }, detail: 'must be <= 120' },
    'debe ser <= 120',
  ],
  missingText: [{ language: 'es' }, 'falta el texto en español (es)'],
  placeholdersDiffer: [
    { en: ['total'], es: ['bogus', 'total'] },
    'los marcadores no coinciden: en {{total}} y es {{bogus,total}} (los dos idiomas deben usar los mismos)',
  ],
  malformedRule: [
    { detail: '/order/5: unknown operator "x"' },
    'regla mal formada: /order/5: unknown operator "x"',
  ],
  textNotFound: [{ key: 'a.b' }, 'el texto "a.b" no está en flows/texts'],
  textMissingLanguage: [
    { key: 'a.b', language: 'en', file: 'flows/texts/a.json' },
    'el texto "a.b" no tiene texto en inglés (en) en flows/texts/a.json',
  ],
  schemaUnreadable: [{ schema: 'schemas/f.json' }, 'no se puede leer schemas/f.json'],
  signInKindNotAllowed: [
    { kind: 'ssn', slot: 'option1' },
    'el formulario para iniciar sesión ofrece "ssn" como option1, pero ninguna combinación lo permite ahí',
  ],
  schemaNotFound: [
    { schema: 'forms/x', file: 'schemas/forms/x.schema.json' },
    'no se encontró el esquema "forms/x" en schemas/forms/x.schema.json',
  ],
  unsupportedKeyword: [
    { schema: 'forms/x', keyword: 'oneOf', at: '/oneOf' },
    'el esquema forms/x usa oneOf en /oneOf: los esquemas de formularios indican sus propiedades directamente (los formularios no muestran oneOf; una elección es un enum y una condición, una regla del flujo)',
  ],
  fieldNotInSchema: [
    { field: 'nope', schema: 'forms/sign-in' },
    'el campo "nope" no está en el esquema forms/sign-in',
  ],
  optionNotInEnum: [
    { option: 'z', field: 'kind' },
    'la opción "z" no está en el enum del esquema para kind',
  ],
  sectionNotFound: [{ section: 's' }, 'la sección "s" no está en sections'],
  duplicateId: [{ id: 'reasons' }, 'el id "reasons" está repetido'],
  fieldNotInFields: [{ field: 'f' }, 'el campo "f" no está en fields'],
  fieldInTwo: [{ field: 'f', list: 'groups' }, 'el campo "f" está en dos groups'],
  formNotFound: [{ form: 'gone' }, 'el formulario "gone" no está en flows/forms'],
  offerNeedsAccountRoute: [
    {},
    'una página que se ofrece necesita una ruta con :accountNumber (el enlace lleva ahí)',
  ],
  unknownOfferFact: [
    { fact: 'f', known: KNOWN },
    'el dato "f" no existe (una oferta lee account, paymentSettings)',
  ],
  offerOrderTaken: [
    { other: 'pages/a.json', place: 'plan', order: 3 },
    'pages/a.json también se ofrece en plan con el orden 3',
  ],
  addressOfRouter: [{ address: 'dashboard' }, '"dashboard" ya es una página de router.tsx'],
  addressTaken: [
    { address: 'a/b', other: 'pages/a.json' },
    '"a/b" ya es la dirección de pages/a.json',
  ],
  unknownDataSource: [
    { name: 'n', known: KNOWN },
    'la fuente de datos "n" no es ninguna de estas: account, paymentSettings',
  ],
  stageTwice: [{ stage: 'months' }, 'la etapa "months" está dos veces'],
  unknownLoad: [
    { load: 'L', known: KNOWN },
    'la carga "L" no es ninguna de estas: account, paymentSettings',
  ],
  unknownCall: [
    { call: 'C', known: KNOWN },
    'la llamada "C" no es ninguna de estas: account, paymentSettings',
  ],
  onlyLastStageSubmits: [{}, 'solo la última etapa envía'],
  submitNeedsForm: [{}, 'una etapa que envía necesita un formulario'],
  placeholderNotDeclared: [
    { placeholder: 'ssnFull' },
    'el marcador "ssnFull" no está declarado para este texto en flows/glossary/placeholders.json: se mostraría vacío',
  ],
  placeholderUnknown: [
    { placeholder: 'ssnFull' },
    'el marcador "ssnFull" no tiene significado ni ejemplo en values',
  ],
  countWithoutPlural: [
    {},
    'un texto que muestra una cantidad necesita formas en plural (claves que terminan en _one y _other)',
  ],
  forbiddenTerm: [
    { term: 'plan de ahorro', instead: 'acuerdo de liquidación' },
    'el texto en español usa "plan de ahorro", que el glosario prohíbe: use "acuerdo de liquidación" (flows/glossary/forbidden-es.json)',
  ],
  messageWithoutDisclosure: [
    { channel: 'sms' },
    'el mensaje de texto no tiene un bloque "disclosure": cada mensaje dice que es de un cobrador de deudas (FDCPA 1692e(11))',
  ],
  messageWithoutOptOut: [
    { channel: 'email' },
    'el correo electrónico no tiene un bloque "optOut": cada mensaje dice cómo dejar de recibir mensajes (Reg F 1006.6(e))',
  ],
  messageCommonMissing: [
    { file: 'flows/messages/common.json' },
    'falta flows/messages/common.json: tiene las palabras de divulgación y para dejar de recibir mensajes que cada mensaje muestra',
  ],
  messageUnknownClient: [{ name: 'ADX' }, 'el cliente "ADX" no está en flows/clients'],
  disclosureWording: [
    { channel: 'email', language: 'es' },
    'la divulgación del correo electrónico (es) debe decir "debt collector" (en) o "cobrador de deudas" (es)',
  ],
  optOutWording: [
    { channel: 'sms', language: 'en' },
    'el texto para dejar de recibir mensajes de texto (en) debe nombrar la respuesta STOP',
  ],
  unnamedFile: [
    {},
    'sin nombre para las personas: «Nombres para las personas» no da a este archivo nombre, descripción ni grupo',
  ],
  unnamedField: [
    { language: 'es' },
    'sin nombre en español para las personas: «Nombres para las personas» no da a este valor nombre ni descripción (es)',
  ],
  unnamedChoice: [
    { language: 'en', value: 'maskedDate' },
    'sin nombre en inglés para la opción «maskedDate»: «Nombres para las personas» no tiene una opción con ese valor (en)',
  ],
};

describe("the checks' messages in the staff member's language", () => {
  for (const [code, [values, spanish]] of Object.entries(SPANISH)) {
    it(`says ${code} in Spanish, and in English as check:config does`, () => {
      const check = problem(code as CheckCode, values as never);
      expect(say(check, 'es')).toBe(spanish);
      expect(say(check, 'en')).toBe(englishMessage(check));
    });
  }

  it('says the English language of a missing text too', () => {
    expect(say(problem('missingText', { language: 'en' }), 'es')).toBe(
      'falta el texto en inglés (en)',
    );
    expect(say(problem('missingText', { language: 'en' }), 'en')).toBe('missing English text (en)');
  });

  it("keeps check:config's English line for an Ajv keyword without a text, or content without the texts", () => {
    const odd = problem('meta', { keyword: 'not', params: {}, detail: 'must NOT be valid' });
    expect(say(odd, 'es')).toBe('must NOT be valid');
    const check = problem('missingText', { language: 'es' });
    expect(checkMessage(asProblem(check), 'es', { common: {} })).toBe('missing Spanish text (es)');
  });

  it('says each meta-schema keyword Ajv reports as Ajv does in English, and in Spanish from the texts', async () => {
    // A meta-schema with every keyword the shipped ones use, read through the checks' library.
    const meta = {
      type: 'object',
      required: ['$schema', 'name'],
      additionalProperties: false,
      minProperties: 2,
      maxProperties: 12,
      propertyNames: { pattern: '^[$a-z]+$' },
      properties: {
        $schema: { type: 'string' },
        kind: { enum: ['a', 'b'] },
        fixed: { const: 1 },
        count: { type: 'integer', minimum: 1, maximum: 3 },
        low: { minimum: 1 },
        few: { type: 'array', minItems: 2 },
        ratio: { exclusiveMaximum: 1 },
        above: { exclusiveMinimum: 0 },
        code: { type: 'string', minLength: 2, maxLength: 3, pattern: '^[a-z]+$' },
        list: { type: 'array', maxItems: 3, uniqueItems: true },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        one: { oneOf: [{ type: 'number' }, { type: 'integer' }] },
        maybe: { type: ['string', 'null'] },
      },
    };
    const check = createFlowsChecker({
      metaSchemaPath: () => 'meta',
      schemaPath: (relative) => relative,
      readJson: () => Promise.resolve(meta),
      label: (where) => where,
      routerPaths: new Set(),
    });
    const problems = await check({
      tree: {
        'texts/x.json': {
          $schema: 'meta',
          Bad: 1,
          kind: 'c',
          fixed: 2,
          count: 9,
          ratio: 1,
          above: 0,
          code: 'A',
          low: 0,
          few: [1],
          list: [1, 1, 1, 1],
          either: true,
          one: 2,
          maybe: 3,
        },
      },
    });
    const keywords = new Set(
      problems.flatMap((found) => (found.code === 'meta' ? [found.values.keyword] : [])),
    );
    for (const keyword of [
      'required',
      'additionalProperties',
      'type',
      'enum',
      'const',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'minLength',
      'pattern',
      'minItems',
      'maxItems',
      'uniqueItems',
      'maxProperties',
      'propertyNames',
      'anyOf',
      'oneOf',
    ])
      expect(keywords, keyword).toContain(keyword);
    const spanish = localizedChecks(problems, 'es', texts);
    for (const [i, found] of problems.entries()) {
      expect(checkMessage(found, 'en', texts), found.message).toBe(found.message);
      expect(spanish[i]?.message, found.message).not.toBe(found.message);
      expect({ ...spanish[i], message: found.message }).toEqual(found);
    }
    const byPointer = (pointer: string) =>
      spanish.filter((found) => found.pointer === pointer).map((found) => found.message);
    expect(byPointer('')).toEqual(
      expect.arrayContaining([
        'falta la propiedad obligatoria "name"',
        'la propiedad "Bad" no se conoce',
        'no debe tener más de 12 propiedades',
        'el nombre de la propiedad no es válido',
      ]),
    );
    expect(byPointer('/count')).toEqual(['debe ser <= 3']);
    expect(byPointer('/code')).toEqual([
      'no debe tener menos de 2 caracteres',
      'debe seguir el patrón "^[a-z]+$"',
    ]);
    expect(byPointer('/maybe')).toEqual(['debe ser del tipo string,null']);
    expect(byPointer('/list')).toEqual([
      'no debe tener más de 3 elementos',
      'no debe tener elementos repetidos (los elementos 2 y 3 son iguales)',
    ]);
    expect(byPointer('/low')).toEqual(['debe ser >= 1']);
    expect(byPointer('/above')).toEqual(['debe ser > 0']);
    expect(byPointer('/few')).toEqual(['no debe tener menos de 2 elementos']);
  });

  it("says a real draft's checks in Spanish with their code, values, path and pointer", async () => {
    const authorization = tree['content/payment-authorization.json'] as Record<string, unknown>;
    const client = tree['clients/NWB.json'] as { payment: Record<string, unknown> };
    const problems = await createStudioChecker(path.join(root, 'schemas'))({
      tree: {
        ...tree,
        'content/payment-authorization.json': {
          ...authorization,
          single: { en: 'Pay {{amount}} today.' },
          agreement: { en: 'You pay {{total}}.', es: 'Paga {{total}} con {{bogus}}.' },
        },
        'clients/NWB.json': { ...client, payment: { ...client.payment, maxMonthlyPayments: 500 } },
        'forms/sign-in.json': {
          ...(tree['forms/sign-in.json'] as Record<string, unknown>),
          order: [{ bogusop: [1] }],
        },
      },
    });
    expect(localizedChecks(problems, 'es', texts)).toEqual(
      expect.arrayContaining([
        {
          path: 'content/payment-authorization.json',
          pointer: '/single',
          code: 'missingText',
          values: { language: 'es' },
          message: 'falta el texto en español (es)',
        },
        {
          path: 'content/payment-authorization.json',
          pointer: '/agreement',
          code: 'placeholdersDiffer',
          values: { en: ['total'], es: ['bogus', 'total'] },
          message:
            'los marcadores no coinciden: en {{total}} y es {{bogus,total}} (los dos idiomas deben usar los mismos)',
        },
        {
          path: 'clients/NWB.json',
          pointer: '/payment/maxMonthlyPayments',
          code: 'meta',
          values: {
            keyword: 'maximum',
            params: { comparison: '<=', limit: 120 },
            detail: 'must be <= 120',
          },
          message: 'debe ser <= 120',
        },
        {
          path: 'forms/sign-in.json',
          pointer: '',
          code: 'malformedRule',
          values: { detail: '/order/0: unknown operator "bogusop"' },
          message: 'regla mal formada: /order/0: unknown operator "bogusop"',
        },
      ]),
    );
  });
});
