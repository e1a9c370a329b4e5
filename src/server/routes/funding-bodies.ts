/**
 * The bodies of the funding calls: a card check, and the card and bank forms sent with the
 * account number (split, validated like the browser form, turned into a billing address).
 */
import type { FastifyRequest } from 'fastify';
import type { CardCheckResult } from '@/generated/types/api/card-check-result';
import type { FieldError } from '@/generated/types/api/error';
import type { FormBody } from '@/generated/types/api/form-body';
import { computeFormState } from '../../engine/form/form-state';
import { validateForm } from '../../engine/form/validate';
import { errorMessage } from '../../engine/form/messages';
import type { ClientSettings } from '../clients/settings';
import { hiddenFieldErrors } from '../forms/hidden-fields';
import { ApiError, languageOf } from '../http/errors';
import { cleanCardNumber, isValidCardNumber } from '../payments/cards';
import type { FundingForm, PaymentServices } from '../payments/services';
import { isAccountNumber } from './ownership';

export function checkCard(
  services: PaymentServices,
  client: ClientSettings,
  cardNumber: string,
): CardCheckResult {
  const digits = cleanCardNumber(cardNumber);
  if (!isValidCardNumber(digits)) return 'Invalid';
  const { kind } = services.processor.cardInfo(digits);
  if (kind === 'credit' && !client.payment.allowCreditCard) return 'CreditDisabled';
  if (kind === 'debit' && !client.payment.allowDebitCard) return 'DebitDisabled';
  return 'Ok';
}

/**
 * The form part of a funding body, validated like the browser form (hidden fields must still
 * have their declared type); 400 with field errors. Answers the data with hidden fields pruned:
 * what is stored.
 */
export function validateFundingBody(
  services: PaymentServices,
  request: FastifyRequest,
  form: FundingForm,
  data: FormBody,
  more: (data: FormBody) => FieldError[] = () => [],
): FormBody {
  const translate = services.translator(request);
  const errors: FieldError[] = validateForm({
    flow: form.flow,
    validate: form.compiled.validate,
    data,
    translate,
  }).map((e) => ({
    path: `/${e.field.replace(/\./g, '/')}`,
    keyword: e.keyword,
    message: e.message,
  }));
  errors.push(
    ...hiddenFieldErrors({ flow: form.flow, schema: form.compiled.schema, data, translate }),
  );
  if (errors.length === 0) errors.push(...more(data));
  if (errors.length > 0) throw new ApiError(400, 'invalidRequest', { errors });
  return computeFormState(form.flow, data).data;
}

export function fieldError(
  services: PaymentServices,
  request: FastifyRequest,
  form: FundingForm,
  field: string,
  keyword: string,
): FieldError {
  const message = errorMessage(form.flow, { field, keyword }, services.translator(request));
  return { path: `/${field}`, keyword, message };
}

/** A field error with the generic text of `keyword`, in the caller's language. */
export function bodyError(request: FastifyRequest, path: string, keyword: string): FieldError {
  const message = request.server.catalog.keywordMessage(keyword, languageOf(request));
  return { path, keyword, message };
}

export const sameAccount = (a: string, b: string) =>
  a.trim().toUpperCase() === b.trim().toUpperCase();

/** The billing address fields of the card and bank forms. */
const ADDRESS_FIELDS = ['addressLine1', 'addressLine2', 'city', 'state', 'zip'];

/**
 * Splits `{ accountNumber, ...form }`; the account number must be one (400 `required` or
 * `pattern` otherwise). The spec's card and bank funding requests have no `differentAddress`
 * box: a body without it that gives an address means that address (the form shows and validates
 * the address fields only when the box is ticked).
 */
export function splitBody(request: FastifyRequest): { accountNumber: string; form: FormBody } {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'invalidRequest');
  }
  const { accountNumber, ...form } = body as FormBody;
  if (!isAccountNumber(accountNumber)) {
    const keyword = accountNumber === undefined ? 'required' : 'pattern';
    throw new ApiError(400, 'invalidRequest', {
      errors: [bodyError(request, '/accountNumber', keyword)],
    });
  }
  const givesAddress = ADDRESS_FIELDS.some(
    (field) => typeof form[field] === 'string' && (form[field] as string).trim() !== '',
  );
  if (form.differentAddress === undefined && givesAddress) form.differentAddress = true;
  return { accountNumber, form };
}

export function address(form: FormBody) {
  const text = (key: string): string | null =>
    form.differentAddress === true && typeof form[key] === 'string' ? (form[key] as string) : null;
  return {
    address_line1: text('addressLine1'),
    address_line2: text('addressLine2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
  };
}
