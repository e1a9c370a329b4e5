import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { AppProviders } from './providers';
import { AppRoutes, history } from './router';

export function App() {
  return (
    <AppProviders>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProviders>
  );
}
