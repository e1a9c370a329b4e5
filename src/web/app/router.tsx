import { lazy } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { rememberReturnPath } from '../lib/session';
import { setUnauthorizedHandler } from '../lib/api';
import { AppShell } from './shell/app-shell';
import { ErrorPage } from './error-page';
import { RequirePaymentAccess, RequireRole } from './guards';

// One chunk per screen: the sign-in page does not download the dashboard.
const SignInPage = lazy(() => import('../features/sign-in/components/sign-in-page'));
const VerifyLetterPage = lazy(
  () => import('../features/verify-letter/components/verify-letter-page'),
);
const LetterOptionsPage = lazy(
  () => import('../features/verify-letter/components/letter-options-page'),
);
const LogoutPage = lazy(() => import('../features/logout/components/logout-page'));
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page'));
const AccountPage = lazy(() => import('../features/accounts/components/account-page'));
const ComingSoonPage = lazy(() => import('../features/coming-soon/components/coming-soon-page'));

const comingSoon = <ComingSoonPage />;

const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        errorElement: <ErrorPage />,
        children: [
          { path: 'login', element: <SignInPage /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'verify-letter', element: <VerifyLetterPage /> },
          { path: 'contact-us', element: comingSoon },
          { path: 'terms', element: comingSoon },
          { path: 'privacy', element: comingSoon },
          {
            element: <RequireRole roles={['letter', 'account']} />,
            children: [
              { path: 'letter-option/:accountNumber/:letterId', element: <LetterOptionsPage /> },
            ],
          },
          {
            element: <RequireRole roles={['account']} />,
            children: [
              { path: 'dashboard', element: <DashboardPage /> },
              { path: 'dashboard/contact-us', element: comingSoon },
              { path: 'contact-information', element: comingSoon },
              { path: 'funding-methods', element: comingSoon },
              {
                path: 'accounts/:accountNumber',
                children: [
                  { index: true, element: <AccountPage /> },
                  { path: 'bankruptcy', element: comingSoon },
                  { path: 'dispute', element: comingSoon },
                  { path: 'paymentOptions', element: comingSoon },
                ],
              },
            ],
          },
          {
            path: 'accounts/:accountNumber/payment/:paymentVariant',
            element: <RequirePaymentAccess />,
            children: [
              { path: 'start', element: comingSoon },
              { path: 'success', element: comingSoon },
              { path: ':stage?', element: comingSoon },
            ],
          },
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

setUnauthorizedHandler(() => {
  const { pathname, search } = router.state.location;
  rememberReturnPath(pathname + search);
  void router.navigate('/login', { replace: true });
});
