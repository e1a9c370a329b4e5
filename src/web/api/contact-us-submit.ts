import type { SubmissionResult } from '@/generated/types/api/submission-result';
import { useMutation } from '../lib/query-client';
import { track } from '../lib/analytics';
import { apiRequest } from '../lib/api';
import { currentRole } from '../lib/session';

/** The contact-us form's data (flows/forms/contact-us.json). */
export type ContactRequest = Record<string, unknown>;

/** Guest/ContactUs; sent with the bearer token when signed in (the account must then be theirs). */
export async function submitContactUs(request: ContactRequest): Promise<SubmissionResult> {
  const result = await apiRequest<SubmissionResult | null>('/api/v2/Guest/ContactUs', {
    body: request,
  });
  if (!result?.success) throw new Error('Contact request not accepted');
  return result;
}

export function useContactUs() {
  return useMutation({
    mutationFn: submitContactUs,
    onSuccess: (_result, request) =>
      track('contact_us_submitted', {
        signedIn: currentRole() !== 'none',
        reason: typeof request.reason === 'string' ? request.reason : undefined,
      }),
  });
}
