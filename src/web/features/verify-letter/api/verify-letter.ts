import type { TokenPair } from '@/generated/types/api/token-pair';
import { apiRequest } from '@/web/lib/api';
import type { OfferCode } from '../utils/offer-code';

export function verifyLetter(code: OfferCode): Promise<Partial<TokenPair> | null> {
  return apiRequest<Partial<TokenPair> | null>('/api/Authorization/VerifyLetter', { body: code });
}
