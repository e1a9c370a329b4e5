/**
 * Route chunks being downloaded. Navigations are React transitions, so the old page stays on screen
 * while the next page's chunk loads and no Suspense fallback appears: the loading bar reads this
 * count instead.
 */
import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';

let pending = 0;
const listeners = new Set<() => void>();

function setPending(delta: number): void {
  pending += delta;
  for (const listener of listeners) listener();
}

export function pendingPageLoads(): number {
  return pending;
}

export function subscribeToPageLoads(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React.lazy whose download is counted while it is in flight (for the loading bar). */
export function lazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return reactLazy(() => {
    setPending(1);
    return load().finally(() => setPending(-1));
  });
}
