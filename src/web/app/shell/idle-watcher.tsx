import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRole } from '../../hooks/use-role';
import type { LogoutState } from '../../features/logout/components/logout-page';
import { refreshSession } from '../../lib/api';
import { portalConfig } from '../../lib/config';
import {
  browserClock,
  createIdleController,
  idleLimits,
  idleState,
  type IdleController,
  type IdleState,
} from '../../lib/idle';
import { startTokenKeeper } from '../../lib/token-keeper';
import type IdleDialogComponent from './idle-dialog';

const loadIdleDialog = () => import('./idle-dialog');

/**
 * When the dialog's code (Fluent's Dialog, about 12 KB gzip) is fetched after sign-in: not with
 * the first screen's scripts, which it would slow on a phone, and long before the 10-minute
 * warning (which fetches it itself if it is not here yet).
 */
const IDLE_DIALOG_PRELOAD_MS = 10_000;

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart'];

/** The idle logout: the sign-in page says the session ended for lack of activity. */
const IDLE_LOGOUT: LogoutState = { signedOut: 'idle' };

/**
 * Signs an idle user out (spec §4 Session and idle): a warning with a countdown after 10 minutes,
 * /logout at 15: the server's idle limit from the page config (`session.idleMs`), the warning 5
 * minutes before it; the sign-in page then says why. Only while signed in (role account or
 * letter); until then the token keeper renews the 15-minute access token, so an active user stays
 * signed in, and "Stay signed in" renews the session on the server too (a refresh is a call
 * there). Loaded by the shell at the first sign-in. The dialog's code is fetched soon after but
 * the dialog is mounted only when first due (a mounted Fluent Dialog, even closed, adds
 * focus-trap sentinels to the page); once mounted it is closed, never unmounted while open, when
 * the session ends.
 */
export default function IdleWatcher() {
  const role = useRole();
  const signedIn = role !== 'none';
  const navigate = useNavigate();
  const controller = useRef<IdleController | null>(null);
  const [limits] = useState(() => idleLimits(portalConfig().session?.idleMs));
  const [state, setState] = useState<IdleState>(() => idleState(0, limits));
  const [IdleDialog, setIdleDialog] = useState<typeof IdleDialogComponent | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    // Fetched well before the warning is due, but not while the first screen is still loading.
    const preload = window.setTimeout(() => void loadIdleDialog(), IDLE_DIALOG_PRELOAD_MS);
    const stopKeeper = startTokenKeeper();
    const idle = createIdleController(
      (next) => {
        setState(next);
        if (next.phase === 'warning') {
          // No Suspense: the module is already here, and a plain state update shows it at once.
          void loadIdleDialog().then((module) => setIdleDialog(() => module.default));
        }
        if (next.phase === 'expired') {
          stopKeeper();
          void navigate('/logout', { state: IDLE_LOGOUT });
        }
      },
      browserClock,
      limits,
    );
    controller.current = idle;
    const onActivity = () => idle.activity();
    for (const name of ACTIVITY_EVENTS) {
      window.addEventListener(name, onActivity, { capture: true, passive: true });
    }
    return () => {
      for (const name of ACTIVITY_EVENTS) {
        window.removeEventListener(name, onActivity, { capture: true });
      }
      window.clearTimeout(preload);
      idle.stop();
      stopKeeper();
      controller.current = null;
      setState(idleState(0, limits));
    };
  }, [signedIn, navigate, limits]);

  if (!IdleDialog) return null;
  return (
    <IdleDialog
      open={signedIn && state.phase === 'warning'}
      remainingMs={state.remainingMs}
      onStay={() => {
        controller.current?.stay();
        // The server ends a session after the same idle time without a call: this is one.
        void refreshSession();
      }}
      onLogOut={() => {
        controller.current?.stop();
        setState(idleState(0, limits));
        void navigate('/logout');
      }}
    />
  );
}
