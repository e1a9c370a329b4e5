import type { ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { AppProviders, type StyleRenderer } from './providers';
import { AppRoutes, history } from './router';

/**
 * The app in the browser. `router` is for the server's prerender (entry-server.tsx), which draws
 * the same tree at a fixed address; the browser's router follows its history.
 */
export function App({
  renderer,
  router = (routes) => (
    <HistoryRouter history={history} useTransitions={false}>
      {routes}
    </HistoryRouter>
  ),
}: {
  renderer: StyleRenderer;
  router?: (routes: ReactNode) => ReactNode;
}) {
  return <AppProviders renderer={renderer}>{router(<AppRoutes />)}</AppProviders>;
}
