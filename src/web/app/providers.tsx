import type { ReactNode } from 'react';
import {
  FluentProvider,
  RendererProvider,
  SSRProvider,
  type GriffelRenderer,
} from '@fluentui/react-components';
import { portalTheme } from './theme';
import { AppToaster } from '../components/notify';

export type StyleRenderer = GriffelRenderer;

/**
 * Fluent's style renderer and theme and the toaster around the app (React Query needs no
 * provider: lib/query-client.ts). The renderer is the server's while it prerenders a page
 * (entry-server.tsx: its styles go into the page) and the document's in the browser, which takes
 * over the styles the server sent instead of inserting them again.
 */
export function AppProviders({
  renderer,
  children,
}: {
  renderer: StyleRenderer;
  children: ReactNode;
}) {
  return (
    <RendererProvider
      renderer={renderer}
      {...(typeof document === 'undefined' ? {} : { targetDocument: document })}
    >
      <SSRProvider>
        <FluentProvider theme={portalTheme}>
          {children}
          <AppToaster />
        </FluentProvider>
      </SSRProvider>
    </RendererProvider>
  );
}
