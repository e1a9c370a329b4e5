import type { ReactNode } from 'react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { AppToaster } from '../components/notify';

/** Fluent's theme and the toaster around the app (React Query needs no provider: lib/query-client.ts). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <FluentProvider theme={webLightTheme}>
      {children}
      <AppToaster />
    </FluentProvider>
  );
}
