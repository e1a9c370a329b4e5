import { useSyncExternalStore } from 'react';
import { currentRole, subscribeToSession, type Role } from '../lib/session';

/** The signed-in role, re-rendering when tokens are saved or cleared. */
export function useRole(): Role {
  return useSyncExternalStore(subscribeToSession, currentRole);
}
