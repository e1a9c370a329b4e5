import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginFailureReason, track, trackSignedIn } from '@/web/lib/analytics';
import { takeActionId, takeReturnPath } from '@/web/lib/session';
import { verifyIdentity } from '../api/verify-identity';
import { destinationAfterSignIn, signInFailure } from '../utils/sign-in-outcome';
import {
  browserTimeZone,
  buildVerifyIdentityRequest,
  type SignInFormData,
} from '../utils/verify-identity-request';

export interface SignInController {
  busy: boolean;
  /** Text key of the error shown under the form, if any. */
  errorKey: string | null;
  /** The sign-in waiting for the last 4 of the SSN (the Verify SSN dialog is open). */
  awaitingSsn: boolean;
  submit: (data: SignInFormData) => Promise<void>;
  submitSsn: (ssn: string) => Promise<void>;
  cancelSsn: () => void;
}

/** Sign-in states (spec §4): idle, submitting, extra SSN required, error, or success + redirect. */
export function useSignIn(): SignInController {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [pending, setPending] = useState<SignInFormData | null>(null);

  const attempt = useCallback(
    async (data: SignInFormData, extraSsn?: string) => {
      setBusy(true);
      setErrorKey(null);
      try {
        const tokens = await verifyIdentity(
          buildVerifyIdentityRequest(data, browserTimeZone(), extraSsn),
        );
        // The query library and the session's first reads load once the identity is verified:
        // the sign-in page itself asks for no data.
        const [{ establishAccountSession }, { queryClient }] = await Promise.all([
          import('@/web/api/establish-session'),
          import('@/web/lib/query-client'),
        ]);
        const { accounts } = await establishAccountSession(queryClient, tokens);
        const destination = destinationAfterSignIn(
          takeReturnPath(),
          accounts.map((account) => account.accountNumber),
        );
        setPending(null);
        trackSignedIn('account', takeActionId());
        await navigate(destination, { replace: true });
      } catch (error) {
        const failure = signInFailure(error, data);
        track('login_failed', { reason: loginFailureReason(failure) });
        if (failure.kind === 'needsSsn') {
          setPending(data);
        } else {
          setPending(null);
          setErrorKey(failure.key);
        }
      } finally {
        setBusy(false);
      }
    },
    [navigate],
  );

  const submit = useCallback((data: SignInFormData) => attempt(data), [attempt]);
  const submitSsn = useCallback(
    async (ssn: string) => {
      if (pending) await attempt(pending, ssn);
    },
    [attempt, pending],
  );
  const cancelSsn = useCallback(() => setPending(null), []);

  return { busy, errorKey, awaitingSsn: pending !== null, submit, submitSsn, cancelSsn };
}
