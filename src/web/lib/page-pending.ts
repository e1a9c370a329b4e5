/**
 * Whether the page is still waiting for its data (a DelayedSpinner is on screen or about to be).
 * The footer stays hidden meanwhile: shown under a page that then fills in, it would be pushed
 * down the screen (a layout shift); shown after, it simply appears below the content.
 */
import { useLayoutEffect, useSyncExternalStore } from 'react';

let waiting = 0;
const listeners = new Set<() => void>();

function change(delta: number): void {
  waiting += delta;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while some part of the page waits for its data. */
export function usePagePending(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting > 0,
    () => false,
  );
}

/** Marks the page as waiting while the calling component is mounted (set before paint). */
export function useHoldPage(): void {
  useLayoutEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
}
