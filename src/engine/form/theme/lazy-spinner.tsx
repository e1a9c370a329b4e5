/**
 * Fluent's Spinner, loaded on demand: it is only shown while something is busy, so the first page
 * does not pay for it (about 3 KB gzip). Renders nothing for the moment it takes to load.
 */
import { Suspense, lazy, type ComponentProps } from 'react';
import type { Spinner } from './spinner';

const Loaded = lazy(async () => ({ default: (await import('./spinner')).Spinner }));

export function LazySpinner(props: ComponentProps<typeof Spinner>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
