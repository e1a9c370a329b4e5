import { normalizeAccountNumber } from '@/domain/masking';
import type { VerifyLetterRequest } from '@/generated/types/api/verify-letter-request';

/**
 * Splits an offer code into the account number and the letter id, the body of
 * Authorization/VerifyLetter: `LU1.10001.57` -> `{ accountNumber: 'LU1.10001', letterId: 57 }`.
 * Null when the last part is not a number.
 */
export function parseOfferCode(code: string): VerifyLetterRequest | null {
  const trimmed = code.trim();
  const dot = trimmed.lastIndexOf('.');
  if (dot <= 0) return null;
  const accountNumber = trimmed.slice(0, dot);
  const idPart = trimmed.slice(dot + 1);
  if (!/^\d+$/.test(idPart) || !accountNumber.includes('.')) return null;
  return { accountNumber: normalizeAccountNumber(accountNumber), letterId: Number(idPart) };
}
