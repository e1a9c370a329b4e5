import { isApiError } from '@/web/lib/api';
import { SessionSetupError } from '@/web/api/session-setup-error';
import { chosenKinds, type SignInFormData } from './verify-identity-request';

/** What a failed sign-in leads to: the SSN dialog, or a text key under sign-in.errors. */
export type SignInFailure = { kind: 'needsSsn' } | { kind: 'message'; key: string };

/** Maps a failed VerifyIdentity (or session set-up) to what the user sees (spec §8 Sign-in). */
export function signInFailure(error: unknown, data: SignInFormData): SignInFailure {
  const message = (name: string): SignInFailure => ({
    kind: 'message',
    key: `sign-in.errors.${name}`,
  });
  if (error instanceof SessionSetupError) return message(error.code);
  if (isApiError(error, 404)) {
    return message(
      chosenKinds(data).includes('MRSAccountNumber') ? 'notFound' : 'notFoundTryAccount',
    );
  }
  if (isApiError(error, 403)) return message('blocked');
  if (isApiError(error, 440)) {
    const fieldRequired = (error.body as { fieldRequired?: unknown } | undefined)?.fieldRequired;
    if (fieldRequired === 'SSN') return { kind: 'needsSsn' };
    console.warn('Sign-in: unknown fieldRequired in 440 answer', fieldRequired);
  }
  return message('failed');
}

/** Where to go after sign-in: the remembered page, else the dashboard or the one account. */
export function destinationAfterSignIn(
  returnPath: string | null,
  accountNumbers: readonly string[],
): string {
  if (returnPath && !/^\/(login|logout)\b/.test(returnPath)) return returnPath;
  if (accountNumbers.length === 1) return `/accounts/${encodeURIComponent(accountNumbers[0]!)}`;
  return '/dashboard';
}
