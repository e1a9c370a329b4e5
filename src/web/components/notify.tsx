import { Suspense, lazy, useCallback, useEffect, useSyncExternalStore } from 'react';

// Fluent's toaster (its portal, motion and toast parts) is about a tenth of the first load, and no
// page shows a toast before the user acts: it loads at the user's first pointer or key press.
// (Not at the first toast: mounting it while a dialog closes breaks the dialog's focus return.)
const ToastHost = lazy(() => import('./toast-host'));
const FIRST_INTERACTION = ['pointerdown', 'keydown'] as const;

export interface Notice {
  intent: 'success' | 'error' | 'info' | 'warning';
  /** Text keys (flows/texts); values fill {{placeholders}}. */
  titleKey: string;
  bodyKey?: string;
  values?: Record<string, string | number>;
}

let pending: Notice[] = [];
let requested = false;
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

function request(): void {
  if (requested) return;
  requested = true;
  emit();
}

/** The one place toasts appear; mounted once by the app providers, loaded at the first action. */
export function AppToaster() {
  const needed = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  useEffect(() => {
    if (needed) return;
    for (const name of FIRST_INTERACTION) window.addEventListener(name, request, { once: true });
    return () => {
      for (const name of FIRST_INTERACTION) window.removeEventListener(name, request);
    };
  }, [needed]);
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
    if (requested) emit();
    else request();
  }, []);
}
