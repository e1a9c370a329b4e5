import { useEffect, useRef } from 'react';

/**
 * Gives focus back to the element that opened a dialog when it closes. Fluent restores focus only
 * for dialogs opened by their own DialogTrigger; lazily loaded dialogs are opened from outside.
 */
export function useRestoreFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) {
      opener.current = document.activeElement as HTMLElement | null;
      return;
    }
    const element = opener.current;
    opener.current = null;
    if (!element) return;
    // After the dialog's own focus handling on close.
    const timer = window.setTimeout(() => {
      if (element.isConnected) element.focus();
    }, 0);
    return () => window.clearTimeout(timer);
  }, [open]);
}
