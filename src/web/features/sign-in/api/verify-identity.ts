import { apiRequest } from '@/web/lib/api';
import type { TokenPair } from '@/web/lib/session';
import type { VerifyIdentityRequest } from '../utils/verify-identity-request';

export function verifyIdentity(request: VerifyIdentityRequest): Promise<Partial<TokenPair> | null> {
  return apiRequest<Partial<TokenPair> | null>('/api/Authorization/VerifyIdentity', {
    body: request,
  });
}
