/**
 * Where a journey in progress is kept (sessionStorage: this tab only, gone when it closes), so a
 * reload or a trip to sign-in keeps what was entered. Journeys never hold a card or bank number:
 * their forms do not ask for one (a new payment method is sent to the server from its dialog).
 * Signing out clears them all.
 */
const PREFIX = 'portalJourney:';

export function loadJourney<T>(key: string): T | null {
  const raw = sessionStorage.getItem(PREFIX + key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function saveJourney(key: string, value: unknown): void {
  sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
}

export function forgetJourney(key: string): void {
  sessionStorage.removeItem(PREFIX + key);
}

export function forgetAllJourneys(): void {
  for (let i = sessionStorage.length - 1; i >= 0; i -= 1) {
    const key = sessionStorage.key(i);
    if (key?.startsWith(PREFIX)) sessionStorage.removeItem(key);
  }
}
