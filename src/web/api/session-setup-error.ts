/**
 * Why a verified sign-in could not become a session. Its own module, so the sign-in page can tell
 * this failure apart without loading the session set-up (and the query library) before a submit.
 */
export type SessionSetupFailure = 'noToken' | 'incompleteToken' | 'noDebtor' | 'noAccounts';

/** Sign-in answered, but the session cannot be used (spec §8 Sign-in, internal errors). */
export class SessionSetupError extends Error {
  constructor(readonly code: SessionSetupFailure) {
    super(`Sign-in could not be completed: ${code}`);
    this.name = 'SessionSetupError';
  }
}
