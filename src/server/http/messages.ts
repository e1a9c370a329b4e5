/**
 * Texts of API error answers in English and Spanish, picked by Accept-Language (default en).
 * The web app maps status codes to its own texts from flows/; these are for API clients and logs.
 */
export type Language = 'en' | 'es';

const messages = {
  serverError: {
    en: 'An unexpected server error occurred.',
    es: 'Ocurrió un error inesperado en el servidor.',
  },
  missingSession: {
    en: 'Missing session id header',
    es: 'Falta el encabezado con el id de sesión',
  },
  notFound: {
    en: 'The requested resource was not found.',
    es: 'No se encontró el recurso solicitado.',
  },
  invalidRequest: {
    en: 'The request is not valid.',
    es: 'La solicitud no es válida.',
  },
  invalidJson: {
    en: 'The request body is not valid JSON.',
    es: 'El cuerpo de la solicitud no es JSON válido.',
  },
  unsupportedMediaType: {
    en: 'The request body must be JSON.',
    es: 'El cuerpo de la solicitud debe ser JSON.',
  },
  payloadTooLarge: {
    en: 'The request body is too large.',
    es: 'El cuerpo de la solicitud es demasiado grande.',
  },
  unauthorized: {
    en: 'Please sign in to continue.',
    es: 'Por favor, inicie sesión para continuar.',
  },
  forbidden: {
    en: 'You do not have access to this resource.',
    es: 'No tiene acceso a este recurso.',
  },
  identityNotFound: {
    en: 'Please check your details or try a different combination.',
    es: 'Por favor, verifique sus datos o pruebe una combinación diferente.',
  },
  locked: {
    en: 'You have tried too many times. Please try again in 15 minutes.',
    es: 'Lo ha intentado demasiadas veces. Por favor, inténtelo de nuevo en 15 minutos.',
  },
  ssnRequired: {
    en: 'Please enter the last 4 digits of your Social Security number.',
    es: 'Por favor, ingrese los últimos 4 dígitos de su número de Seguro Social.',
  },
  letterNotFound: {
    en: 'The offer code you entered was not found. Please try again.',
    es: 'No se encontró el código de oferta que ingresó. Por favor, inténtelo de nuevo.',
  },
  accountNotFound: {
    en: 'The account was not found.',
    es: 'No se encontró la cuenta.',
  },
  duplicateOption: {
    en: 'Each identification option can be used only once.',
    es: 'Cada opción de identificación se puede usar solo una vez.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof messages;

/** Texts for validation error keywords; {limit} and {property} are filled in. */
const keywordMessages: Record<string, Record<Language, string>> = {
  required: { en: 'This field is required.', es: 'Este campo es obligatorio.' },
  type: { en: 'The value has the wrong type.', es: 'El valor tiene un tipo incorrecto.' },
  pattern: { en: 'The value has the wrong format.', es: 'El valor tiene un formato incorrecto.' },
  format: { en: 'The value has the wrong format.', es: 'El valor tiene un formato incorrecto.' },
  minLength: {
    en: 'The value must be at least {limit} characters.',
    es: 'El valor debe tener al menos {limit} caracteres.',
  },
  maxLength: {
    en: 'The value must be at most {limit} characters.',
    es: 'El valor debe tener como máximo {limit} caracteres.',
  },
  minimum: {
    en: 'The value must be at least {limit}.',
    es: 'El valor debe ser al menos {limit}.',
  },
  maximum: {
    en: 'The value must be at most {limit}.',
    es: 'El valor debe ser como máximo {limit}.',
  },
  enum: { en: 'The value is not one of the allowed values.', es: 'El valor no está permitido.' },
  const: { en: 'The value is not the allowed value.', es: 'El valor no está permitido.' },
  additionalProperties: {
    en: 'This field is not allowed.',
    es: 'Este campo no está permitido.',
  },
  duplicate: {
    en: 'Each identification option can be used only once.',
    es: 'Cada opción de identificación se puede usar solo una vez.',
  },
  default: { en: 'The value is not valid.', es: 'El valor no es válido.' },
};

export function pickLanguage(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.split('-')[0] ?? '', q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.lang === 'en' || entry.lang === 'es')
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang === 'es' ? 'es' : 'en';
}

export function message(key: MessageKey, lang: Language): string {
  return messages[key][lang];
}

export function keywordMessage(keyword: string, lang: Language, limit?: number | string): string {
  const entry = keywordMessages[keyword] ?? keywordMessages.default;
  const text = entry?.[lang] ?? '';
  return limit === undefined ? text : text.replace('{limit}', String(limit));
}
