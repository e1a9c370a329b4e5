import { useSyncExternalStore } from 'react';
import { currentRole, subscribeToSession, type Role } from '../lib/session';

/**
 * The signed-in role, re-rendering when tokens are saved or cleared. A page drawn by the server is
 * drawn signed out (and hydrated only for a visitor who is: src/web/main.tsx).
 */
export function useRole(): Role {
  return useSyncExternalStore(subscribeToSession, currentRole, signedOut);
}

const signedOut = (): Role => 'none';
