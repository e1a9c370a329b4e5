import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { DelayedSpinner } from '../../../components/delayed-spinner';
import { clearSession } from '../../../lib/session';

/** Clears the tokens, the remembered paths and every cached answer, then goes to sign-in. */
export default function LogoutPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    queryClient.clear();
    void navigate('/login', { replace: true });
  }, [queryClient, navigate]);
  return <DelayedSpinner />;
}
