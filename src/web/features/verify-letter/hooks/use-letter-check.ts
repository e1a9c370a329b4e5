import { useState } from 'react';
import { establishLetterSession } from '@/web/api/establish-session';
import { letterQuery } from '@/web/api/letter';
import { track, trackSignedIn } from '@/web/lib/analytics';
import { useQueryClient } from '@/web/lib/query-client';
import { verifyLetter } from '../api/verify-letter';
import { parseOfferCode } from '../utils/offer-code';

/** Rejects a check whose code is not a letter's (the error text is already set). */
export class LetterNotFound extends Error {}

export interface LetterCheck {
  /** While the server is asked (not while a code that cannot be one is turned down). */
  busy: boolean;
  /** The not-found text's key after a failed check, else null. */
  errorKey: string | null;
  /**
   * Parses an offer code, asks the server for its letter and opens the letter session; resolves
   * with the path of the letter's options. `opened` runs with that path before `busy` ends (a page
   * navigates in it, so its button stays busy until it has gone). A failure is tracked, sets
   * `errorKey` and rejects with LetterNotFound.
   */
  check: (letterCode: string, opened?: (path: string) => unknown) => Promise<string>;
  clearError: () => void;
}

/**
 * The offer-code check of the letter screens (spec §2), shared by the verify-letter page and the
 * navigation's letter dialog: one parse, one analytics trail, one session set-up.
 */
export function useLetterCheck(notFoundKey: string): LetterCheck {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const check = async (letterCode: string, opened?: (path: string) => unknown) => {
    const code = parseOfferCode(letterCode);
    if (!code) {
      track('letter_verification_failed', { reason: 'invalid_code' });
      setErrorKey(notFoundKey);
      throw new LetterNotFound();
    }
    setBusy(true);
    setErrorKey(null);
    try {
      establishLetterSession(queryClient, await verifyLetter(code));
      track('letter_verified', {});
      trackSignedIn('letter');
      void queryClient.prefetchQuery(letterQuery(code));
      const path = `/letter-option/${encodeURIComponent(code.accountNumber)}/${code.letterId}`;
      await opened?.(path);
      return path;
    } catch {
      track('letter_verification_failed', { reason: 'not_found' });
      setErrorKey(notFoundKey);
      throw new LetterNotFound();
    } finally {
      setBusy(false);
    }
  };

  return { busy, errorKey, check, clearError: () => setErrorKey(null) };
}
