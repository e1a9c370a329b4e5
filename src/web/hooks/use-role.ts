import { useSyncExternalStore } from 'react';
import { currentRole, subscribeToSession, type Role } from '../lib/session';
import { isDrawingFrame } from '../lib/signed-in-frame';

/**
 * The signed-in role, re-rendering when tokens are saved or cleared. A page drawn by the server is
 * drawn signed out (and hydrated only for a visitor who is: src/web/main.tsx), except the
 * signed-in frame (lib/signed-in-frame.ts), drawn and hydrated as `account`.
 */
export function useRole(): Role {
  return useSyncExternalStore(subscribeToSession, currentRole, drawnRole);
}

const drawnRole = (): Role => (isDrawingFrame() ? 'account' : 'none');
