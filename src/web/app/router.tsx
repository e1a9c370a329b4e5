/**
 * The portal's routes and its browser history. A declarative router (`useRoutes` over a history
 * we own) rather than a data router: the data router's code cost /login about 16 KB gzip for
 * loaders we used only to start requests early. The history starts them instead: on every address
 * change, before React renders, each matched route's `handle.prefetch` asks for its data
 * (prefetch.ts), so the page's code and data download side by side.
 */
import { Suspense, useEffect } from 'react';
import {
  Navigate,
  Outlet,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createMemoryHistory as createMemoryHistory,
  matchRoutes,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router-dom';
import type { FormPageFile } from '../../generated/types/meta/page';
import { portalConfig } from '../lib/config';
import { pageDocuments } from '../lib/content';
import { currentRole, rememberReturnPath, rememberSignOutReason } from '../lib/session';
import { setUnauthorizedHandler } from '../lib/api';
import { releasePrerenderedPage } from './prerendered';
import { AppShell } from './shell/app-shell';
import { RouteErrorBoundary } from './error-page';
import { RequirePaymentAccess, RequireRole } from './guards';
import type * as Prefetches from './prefetch';
// React.lazy that the loading bar can see (navigations keep the old page while a chunk loads).
import { lazy } from './page-loads';
import { routerListener } from './draw-at-once';

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
// Every page of flows/pages (engine forms, declared as data, routes too) is this one page.
const FormPage = lazy(() => import('../features/form-page/components/form-page'));
const FundingMethodsPage = lazy(
  () => import('../features/funding-methods/components/funding-methods-page'),
);
const PaymentPage = lazy(() => import('../features/payment/components/payment-page'));
const LegalPage = lazy(() => import('../features/legal/components/legal-page'));
const DocumentsPage = lazy(() => import('../features/documents/components/documents-page'));
const MessagePage = lazy(() => import('../features/documents/messages/message-page'));
// The staff studio (issue 24): a product of its own, in its own chunk; no debtor screen loads it.
const StudioApp = lazy(() => import('../features/studio/components/studio-app'));

/**
 * The routes of the page files (flows/pages/<name>.json `routes`) with this access, each showing
 * the one form page: a new form page needs no code, and no rebuild.
 */
function formPageRoutes(access: 'public' | 'account'): RouteObject[] {
  return Object.entries(portalConfig().pages as Record<string, FormPageFile>).flatMap(
    ([name, page]) =>
      page.routes
        .filter((route) => route.access === access)
        .map((route) => ({
          path: route.path,
          element: <FormPage page={name} />,
          ...(route.prefetch && { handle: prefetch(route.prefetch) }),
        })),
  );
}

/** Built on first use: the page files come from the config, read once the page has it. */
let builtRoutes: RouteObject[] | undefined;
function routes(): RouteObject[] {
  builtRoutes ??= buildRoutes();
  return builtRoutes;
}

const buildRoutes = (): RouteObject[] => [
  {
    // The studio has its own shell; its code loads behind the loading bar, as a page's does.
    element: <StudioFrame />,
    children: [{ path: 'studio/*', element: <StudioApp /> }],
  },
  {
    element: <AppShell />,
    children: [
      {
        element: <PageErrors />,
        children: [
          { path: 'login', element: <SignInPage /> },
          { path: 'logout', element: <LogoutPage /> },
          { path: 'verify-letter', element: <VerifyLetterPage /> },
          ...formPageRoutes('public'),
          { path: 'terms', element: <LegalPage document="terms" /> },
          { path: 'privacy', element: <LegalPage document="privacy" /> },
          ...pageDocuments().map(({ name, document }) => ({
            path: document.path,
            element: <LegalPage document={name} />,
          })),
          {
            element: <RequireRole roles={['letter', 'account']} />,
            children: [
              { path: 'letter-option/:accountNumber/:letterId', element: <LetterOptionsPage /> },
            ],
          },
          {
            element: <RequireRole roles={['account']} />,
            children: [
              { path: 'dashboard', element: <DashboardPage />, handle: prefetch('dashboardData') },
              ...formPageRoutes('account'),
              { path: 'funding-methods', element: <FundingMethodsPage /> },
              { path: 'documents', element: <DocumentsPage /> },
              // A message sent to the debtor, as sent (issue 43).
              { path: 'documents/messages/:messageId', element: <MessagePage /> },
              {
                path: 'accounts/:accountNumber',
                children: [
                  { index: true, element: <AccountPage />, handle: prefetch('accountData') },
                  { path: 'documents', element: <DocumentsPage /> },
                  {
                    path: 'paymentOptions',
                    element: <PaymentOptionsPage />,
                    handle: prefetch('accountDetailsData'),
                  },
                ],
              },
            ],
          },
          {
            path: 'accounts/:accountNumber/payment/:paymentVariant',
            element: <RequirePaymentAccess />,
            children: [
              {
                path: 'start',
                element: <PaymentPage mode="start" />,
                handle: prefetch('paymentData'),
              },
              { path: 'success', element: <PaymentPage mode="success" /> },
              {
                path: ':stage?',
                element: <PaymentPage mode="stage" />,
                handle: prefetch('paymentData'),
              },
            ],
          },
          { index: true, element: <Navigate to="/dashboard" replace /> },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

type PrefetchName = {
  [Name in keyof typeof Prefetches]: (typeof Prefetches)[Name] extends Prefetches.Prefetch
    ? Name
    : never;
}[keyof typeof Prefetches];

/** A route's `handle`: what to ask for when the address matches it (an export of prefetch.ts). */
interface RouteHandle {
  prefetch: PrefetchName;
}

function prefetch(name: PrefetchName): RouteHandle {
  return { prefetch: name };
}

/**
 * Starts the data requests of every route that matches the address. prefetch.ts (and the query
 * library with it) loads only for a session: someone signed out is on the way to sign-in.
 */
function prefetchFor(location: Location): void {
  const matches = (matchRoutes(routes(), location) ?? []).flatMap((match) => {
    const handle = match.route.handle as RouteHandle | undefined;
    return handle ? [{ name: handle.prefetch, params: match.params }] : [];
  });
  if (matches.length === 0 || currentRole() === 'none') return;
  // If its code cannot be loaded (offline, or a new release replaced it), the page's own queries
  // still ask for the data when it renders: nothing is lost but the head start.
  import('./prefetch').then(
    (prefetches) => {
      for (const { name, params } of matches) prefetches[name](params);
    },
    () => undefined,
  );
}

/**
 * A failure while showing a page shows the error page in the shell; a new address clears it. Once
 * the first page is live, a page the server drew becomes usable (src/web/main.tsx).
 */
function PageErrors() {
  const { pathname } = useLocation();
  useEffect(releasePrerenderedPage, []);
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Outlet />
    </RouteErrorBoundary>
  );
}

/** Where the studio's code waits (the loading bar shows meanwhile), and its failures show. */
function StudioFrame() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** In the server's prerender (src/web/entry-server.tsx) there is no browser: nothing starts. */
const inBrowser = typeof document !== 'undefined';

const browserHistory = inBrowser
  ? createBrowserHistory({ v5Compat: true })
  : createMemoryHistory({ v5Compat: true });

/**
 * The browser's history as the router sees it, with the data requests started as each change is
 * announced (a history takes one listener: the router's, so it is wrapped here). The router is
 * told not to use transitions itself (app.tsx): each change is drawn in a transition started here,
 * except a Back or Forward to an entry whose state asks to be drawn at once (draw-at-once.ts).
 */
export const history: typeof browserHistory = Object.assign(Object.create(browserHistory), {
  listen(listener: Parameters<typeof browserHistory.listen>[0]) {
    const tell = routerListener(listener);
    return browserHistory.listen((update) => {
      prefetchFor(update.location);
      tell(update);
    });
  },
});

/** The page for the current address. */
export function AppRoutes() {
  return useRoutes(routes());
}

/** Starts the data requests of the address the page was opened at (src/web/main.tsx). */
export function prefetchOpenedAddress(): void {
  if (inBrowser) prefetchFor(history.location);
}

// The session ended (a refused refresh says why): to sign-in, which tells the user why, once.
setUnauthorizedHandler((reason) => {
  const { pathname, search } = history.location;
  rememberReturnPath(pathname + search);
  rememberSignOutReason(reason);
  history.replace('/login');
});
