import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router-dom';
import { variantConfig } from '@/domain/payment-variant';
import { useRole } from '../hooks/use-role';
import { paymentJourney } from '../lib/config';
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

/**
 * Payment pages: account users, and letter users only for a variant paid with a letter's option
 * (schedule `letter` in flows/journeys/payment.json).
 */
export function RequirePaymentAccess() {
  const role = useRole();
  const { paymentVariant = '' } = useParams();
  const paysLetter = variantConfig(paymentJourney(), paymentVariant)?.schedule === 'letter';
  const allowed = role === 'account' || (role === 'letter' && paysLetter);
  return allowed ? <Remembered /> : <ToSignIn />;
}
