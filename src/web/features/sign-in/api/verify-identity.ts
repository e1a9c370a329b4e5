import type { TokenPair } from '@/generated/types/api/token-pair';
import { apiRequest } from '@/web/lib/api';
import type { VerifyIdentityRequest } from '../utils/verify-identity-request';

export function verifyIdentity(request: VerifyIdentityRequest): Promise<Partial<TokenPair> | null> {
  return apiRequest<Partial<TokenPair> | null>('/api/Authorization/VerifyIdentity', {
    body: request,
  });
}
