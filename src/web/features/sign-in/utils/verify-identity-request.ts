import { normalizeAccountNumber } from '@/domain/masking';
import type { VerifyIdentityRequest } from '@/generated/types/api/verify-identity-request';
import type { SignIn, VerificationKind as FormKind } from '@/generated/types/forms/sign-in';

/**
 * The sign-in form's data as the form gives it (schemas/forms/sign-in.schema.json): any field may
 * still be unfilled. Its factor kinds (FormKind) are those the form offers, a part of the API's.
 */
export type SignInFormData = Partial<SignIn>;

export interface TimeZone {
  /** Minutes, as Date#getTimezoneOffset gives them (UTC minus local: 300 for US Eastern winter). */
  offset: number;
  label: string;
}

export function browserTimeZone(now = new Date()): TimeZone {
  return {
    offset: now.getTimezoneOffset(),
    label: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
}

const FIELD_OF_KIND = {
  SocialSecurityNumber: 'socialSecurityNumber',
  DateOfBirth: 'dateOfBirth',
  Phone: 'phone',
  MRSAccountNumber: 'accountNumber',
  ClientAccountNumber: 'creditorAccountNumber',
} as const satisfies Record<FormKind, keyof VerifyIdentityRequest & keyof SignInFormData>;

function normalize(kind: FormKind, value: string): string {
  if (kind === 'Phone') return value.replace(/\D/g, '');
  if (kind === 'MRSAccountNumber') return normalizeAccountNumber(value);
  return value.trim();
}

/** The factors the user chose, in order: option1, then option2 unless the account came from the URL. */
export function chosenKinds(data: SignInFormData): FormKind[] {
  const kinds = [data.option1, data.accountFromUrl ? undefined : data.option2];
  return kinds.filter((kind, i): kind is FormKind => !!kind && kinds.indexOf(kind) === i);
}

/**
 * The VerifyIdentity body for the sign-in form (spec §5 ordering): each chosen factor in order as
 * option1, option2, with only the chosen factors' values; a lone factor (the account number from
 * the URL) gets last name as option2; an SSN asked for after a 440 answer goes in as option3.
 */
export function buildVerifyIdentityRequest(
  data: SignInFormData,
  timeZone: TimeZone,
  extraSsn?: string,
): VerifyIdentityRequest {
  const kinds = chosenKinds(data);
  const request: VerifyIdentityRequest = {
    lastName: (data.lastName ?? '').trim(),
    option1: kinds[0] ?? 'LastName',
    option2: kinds[1] ?? 'LastName',
    stateDisclosuresAccepted: true,
    consent: true,
    timeZoneOffset: timeZone.offset,
    timeZoneLabel: timeZone.label,
  };
  for (const kind of kinds) {
    const field = FIELD_OF_KIND[kind];
    request[field] = normalize(kind, data[field] ?? '');
  }
  if (extraSsn !== undefined) {
    request.option3 = 'SocialSecurityNumber';
    request.socialSecurityNumber = extraSsn.trim();
  }
  return request;
}
