/**
 * API errors: one JSON shape `{ message, errors?, fieldRequired?, reason? }` in the caller's language.
 * 500s never carry details or a stack; validation errors list `{ path, keyword, message }`.
 *
 * A database that is briefly out of reach (PostgreSQL down or restarting, connections refused or
 * cut, SQLite's write lock held past the busy timeout: db/unavailable.ts) is answered 503
 * `serviceUnavailable` with Retry-After, not 500: the same request may succeed a moment later.
 * Every 503 carries Retry-After (a payment that was interrupted, `paymentInterrupted`, too).
 * A text a debtor accepts that has a placeholder without a value (MissingPlaceholderValue, issue
 * 40) is answered 422 `textUnavailable`: nothing was recorded nor taken.
 */
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MissingPlaceholderValue } from '@/engine/form/messages';
import type { ErrorBody, FieldError } from '@/generated/types/api/error';
import { reportedKeyword } from '../../engine/form/text-rules';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable';
import { pickLanguage, type Language, type MessageCatalog, type MessageKey } from './messages';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answer texts from flows/texts, in English and Spanish. */
    catalog: MessageCatalog;
  }
}

/** What an error adds to its message: body fields, and `params` for the text's {{placeholders}}. */
export type ErrorExtra = Pick<ErrorBody, 'errors' | 'fieldRequired' | 'reason'> & {
  params?: Record<string, unknown>;
};

/** An error with a status code and a message key; thrown by handlers, answered centrally. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messageKey: MessageKey,
    readonly extra: ErrorExtra = {},
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

export function languageOf(request: FastifyRequest): Language {
  return pickLanguage(request.headers['accept-language']);
}

export function errorBody(
  request: FastifyRequest,
  key: MessageKey,
  extra: ErrorExtra = {},
): ErrorBody {
  const { params, ...fields } = extra;
  return { message: request.server.catalog.message(key, languageOf(request), params), ...fields };
}

/**
 * An error path in the names the client sent: a body that used a field's other name (aliases.ts)
 * hears about `/account`, not `/accountNumber`.
 */
export function sentPath(request: FastifyRequest, path: string): string {
  const names = request.sentNames;
  if (!names) return path;
  const [, first = '', ...rest] = path.split('/');
  const sent = names[first];
  return sent === undefined ? path : ['', sent, ...rest].join('/');
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  extra: ErrorExtra = {},
): FastifyReply {
  const errors = extra.errors?.map((error) => ({ ...error, path: sentPath(request, error.path) }));
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(errorBody(request, key, errors ? { ...extra, errors } : extra));
}

/** ajv errors -> field errors (paths are JSON pointers into the body or query). */
export function fieldErrors(
  catalog: MessageCatalog,
  errors: ErrorObject[],
  lang: Language,
  /** The data validated (the body), for what a free-text pattern refused (text-rules.ts). */
  data?: unknown,
): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    // if/then wrappers add an "if" error next to the real one; skip them.
    if (error.keyword === 'if') continue;
    let path = error.instancePath;
    if (error.keyword === 'required') {
      path += `/${(error.params as { missingProperty: string }).missingProperty}`;
    } else if (error.keyword === 'additionalProperties') {
      path += `/${(error.params as { additionalProperty: string }).additionalProperty}`;
    }
    const keyword = reportedKeyword(error, data);
    const id = `${path}|${keyword}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({
      path: path || '/',
      keyword,
      message: catalog.keywordMessage(keyword, lang, error.params as Record<string, unknown>),
    });
  }
  return out;
}

const statusKeys: Record<number, MessageKey> = {
  400: 'invalidRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'notFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
};

export function registerErrorHandling(app: FastifyInstance, catalog: MessageCatalog): void {
  app.decorate('catalog', catalog);
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.statusCode === 503)
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(request, reply, error.statusCode, error.messageKey, error.extra);
    }
    if (error instanceof MissingPlaceholderValue) {
      // A text the debtor would accept has a placeholder without a value: nothing is recorded or
      // taken, and the answer says so (never a blank in a legal text, never a 500).
      request.log.error(
        { placeholder: error.placeholder },
        'a text has a placeholder without a value',
      );
      return sendError(request, reply, 422, 'textUnavailable');
    }
    if (isDatabaseUnavailable(error)) {
      // No stack: what failed is the connection, not the code. The code names the cause.
      const code = (error as { code?: unknown }).code;
      request.log.warn(
        { code: typeof code === 'string' ? code : undefined, reason: error.message },
        'database unavailable',
      );
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(request, reply, 503, 'serviceUnavailable');
    }
    if (error.validation) {
      const errors = fieldErrors(
        app.catalog,
        error.validation as ErrorObject[],
        languageOf(request),
        error.validationContext === 'body'
          ? request.body
          : error.validationContext === 'params'
            ? request.params
            : request.query,
      );
      return sendError(request, reply, 400, 'invalidRequest', { errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500 || status < 400) {
      request.log.error({ err: error }, 'request failed');
      return sendError(request, reply, 500, 'serverError');
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return sendError(request, reply, 400, 'invalidJson');
    }
    request.log.info({ code: error.code, statusCode: status }, 'request rejected');
    return sendError(request, reply, status, statusKeys[status] ?? 'invalidRequest');
  });
}
