import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { useRole } from '../hooks/use-role';
import { rememberLastPath, rememberReturnPath, type Role } from '../lib/session';

/** Sends a visitor without an allowed role to sign-in, remembering where they were going. */
function ToSignIn() {
  const location = useLocation();
  rememberReturnPath(location.pathname + location.search);
  return <Navigate to="/login" replace />;
}

/** Remembers the page so a signed-in user who opens /login is sent back to it. */
function Remembered() {
  const location = useLocation();
  const path = location.pathname + location.search;
  useEffect(() => rememberLastPath(path), [path]);
  return <Outlet />;
}

export function RequireRole({ roles }: { roles: Role[] }) {
  const role = useRole();
  return roles.includes(role) ? <Remembered /> : <ToSignIn />;
}

/** Payment pages: account users, and letter users for the letter variant only. */
export function RequirePaymentAccess() {
  const role = useRole();
  const { paymentVariant } = useParams();
  const allowed = role === 'account' || (role === 'letter' && paymentVariant === 'letter');
  return allowed ? <Remembered /> : <ToSignIn />;
}
