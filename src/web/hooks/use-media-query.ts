import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, kept up to date (the window resized or turned). Accepts
 * a condition (`(max-width: 768px)`) or a Griffel media key (`@media (max-width: 768px)`). Without
 * a window (a page drawn on the server) it is `serverValue`.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const condition = query.replace(/^@media\s+/, '');
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(condition);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [condition],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(condition).matches,
    () => serverValue,
  );
}
