import { useEffect } from 'react';
import { useQueryClient } from '../../../lib/query-client';
import { useNavigate } from 'react-router-dom';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { revokeServerSession } from '../../../lib/api';
import { dropAllDocuments } from '../../../lib/documents';
import { clearSession } from '../../../lib/session';

/**
 * Ends the session on the server; clears the tokens, the remembered paths, kept files and every
 * cached answer; then goes to sign-in.
 */
export default function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    revokeServerSession();
    clearSession();
    dropAllDocuments();
    queryClient.clear();
    void navigate('/login', { replace: true });
  }, [queryClient, navigate]);
  return <DelayedSpinner />;
}
