import type { TokenPair } from '@/generated/types/api/token-pair';
import type { VerifyIdentityRequest } from '@/generated/types/api/verify-identity-request';
import { apiRequest } from '@/web/lib/api';

export function verifyIdentity(request: VerifyIdentityRequest): Promise<Partial<TokenPair> | null> {
  return apiRequest<Partial<TokenPair> | null>('/api/Authorization/VerifyIdentity', {
    body: request,
  });
}
