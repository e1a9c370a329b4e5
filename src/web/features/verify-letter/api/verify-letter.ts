import type { TokenPair } from '@/generated/types/api/token-pair';
import type { VerifyLetterRequest } from '@/generated/types/api/verify-letter-request';
import { apiRequest } from '@/web/lib/api';

export function verifyLetter(code: VerifyLetterRequest): Promise<Partial<TokenPair> | null> {
  return apiRequest<Partial<TokenPair> | null>('/api/Authorization/VerifyLetter', { body: code });
}
