import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { rememberReturnPath } from '../lib/session';
import { setUnauthorizedHandler } from '../lib/api';
import { AppShell } from './shell/app-shell';
import { ErrorPage } from './error-page';
import { RequirePaymentAccess, RequireRole } from './guards';
import {
  accountData,
  accountDetailsData,
  dashboardData,
  debtorData,
  paymentData,
} from './prefetch';
// React.lazy that the loading bar can see (navigations keep the old page while a chunk loads).
import { lazy } from './page-loads';

// One chunk per screen: the sign-in page does not download the dashboard.
const SignInPage = lazy(() => import('../features/sign-in/components/sign-in-page'));
const VerifyLetterPage = lazy(
  () => import('../features/verify-letter/components/verify-letter-page'),
);
const LetterOptionsPage = lazy(() => import('../features/letters/components/letter-options-page'));
const LogoutPage = lazy(() => import('../features/logout/components/logout-page'));
const DashboardPage = lazy(() => import('../features/dashboard/components/dashboard-page'));
const AccountPage = lazy(() => import('../features/accounts/components/account-page'));
const PaymentOptionsPage = lazy(
  () => import('../features/payment-options/components/payment-options-page'),
);
const ContactUsPage = lazy(() => import('../features/contact-us/components/contact-us-page'));
const ContactInformationPage = lazy(
  () => import('../features/contact-information/components/contact-information-page'),
);
const FundingMethodsPage = lazy(
  () => import('../features/funding-methods/components/funding-methods-page'),
);
const BankruptcyPage = lazy(() => import('../features/bankruptcy/components/bankruptcy-page'));
const DisputePage = lazy(() => import('../features/dispute/components/dispute-page'));
const PaymentPage = lazy(() => import('../features/payment/components/payment-page'));
const LegalPage = lazy(() => import('../features/legal/components/legal-page'));

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
          { path: 'contact-us', element: <ContactUsPage /> },
          { path: 'terms', element: <LegalPage document="terms" /> },
          { path: 'privacy', element: <LegalPage document="privacy" /> },
          {
            element: <RequireRole roles={['letter', 'account']} />,
            children: [
              { path: 'letter-option/:accountNumber/:letterId', element: <LetterOptionsPage /> },
            ],
          },
          {
            element: <RequireRole roles={['account']} />,
            children: [
              { path: 'dashboard', element: <DashboardPage />, loader: dashboardData },
              { path: 'dashboard/contact-us', element: <ContactUsPage /> },
              {
                path: 'contact-information',
                element: <ContactInformationPage />,
                loader: debtorData,
              },
              { path: 'funding-methods', element: <FundingMethodsPage /> },
              {
                path: 'accounts/:accountNumber',
                children: [
                  { index: true, element: <AccountPage />, loader: accountData },
                  { path: 'bankruptcy', element: <BankruptcyPage />, loader: accountData },
                  { path: 'dispute', element: <DisputePage />, loader: accountDetailsData },
                  {
                    path: 'paymentOptions',
                    element: <PaymentOptionsPage />,
                    loader: accountDetailsData,
                  },
                ],
              },
            ],
          },
          {
            path: 'accounts/:accountNumber/payment/:paymentVariant',
            element: <RequirePaymentAccess />,
            children: [
              { path: 'start', element: <PaymentPage mode="start" />, loader: paymentData },
              { path: 'success', element: <PaymentPage mode="success" /> },
              { path: ':stage?', element: <PaymentPage mode="stage" />, loader: paymentData },
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
