import { useEffect } from 'react';
import { useQueryClient } from '@/web/lib/query-client';
import { useLocation, useNavigate } from 'react-router-dom';
import { DelayedSpinner } from '@/web/components/delayed-spinner';
import { revokeServerSession } from '@/web/lib/api';
import { dropAllDocuments } from '@/web/lib/documents';
import {
  clearSession,
  forgetSignOutReason,
  isSessionEndReason,
  rememberSignOutReason,
} from '@/web/lib/session';

/** What a navigation to /logout may say: why the session ends (the idle watcher: `idle`). */
export interface LogoutState {
  signedOut?: 'idle';
}

/**
 * Ends the session on the server; clears the tokens, the remembered paths, kept files and every
 * cached answer; then goes to sign-in. Signed out for a reason (`state.signedOut`: the idle
 * logout), the sign-in page says why; a sign-out the user chose (Log out) says nothing.
 */
export default function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { state } = useLocation();
  const reason = (state as LogoutState | null)?.signedOut;
  useEffect(() => {
    revokeServerSession();
    clearSession();
    dropAllDocuments();
    queryClient.clear();
    if (isSessionEndReason(reason)) rememberSignOutReason(reason);
    else forgetSignOutReason();
    void navigate('/login', { replace: true });
  }, [queryClient, navigate, reason]);
  return <DelayedSpinner />;
}
