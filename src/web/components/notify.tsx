import { Suspense, lazy, useCallback, useSyncExternalStore } from 'react';

// Fluent's toaster (its portal, motion and toast parts) is about a tenth of the first load and
// no page shows a toast before the user acts: it loads with the first toast.
const ToastHost = lazy(() => import('./toast-host'));

export interface Notice {
  intent: 'success' | 'error' | 'info' | 'warning';
  /** Text keys (flows/texts); values fill {{placeholders}}. */
  titleKey: string;
  bodyKey?: string;
  values?: Record<string, string | number>;
}

let pending: Notice[] = [];
let requested = true;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Notices not yet shown; the toast host takes them (and keeps taking new ones) once loaded. */
export function takeNotices(): Notice[] {
  const taken = pending;
  pending = [];
  return taken;
}

export const subscribeToNotices = subscribe;

/** The one place toasts appear; mounted once by the app providers, loaded at the first toast. */
export function AppToaster() {
  const needed = useSyncExternalStore(subscribe, () => requested);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

/** Shows a toast (spec: success and error toasts) whose texts follow the current language. */
export function useNotify(): (notice: Notice) => void {
  return useCallback((notice: Notice) => {
    pending.push(notice);
    requested = true;
    emit();
  }, []);
}
