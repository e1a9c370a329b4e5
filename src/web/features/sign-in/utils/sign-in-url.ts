import { isValidMrsAccountNumber, normalizeAccountNumber } from '@/domain/masking';

export interface SignInUrlParams {
  /** A valid MRS account number from the link, else null. */
  accountNumber: string | null;
  actionId: string | null;
  /** The query string without accountNumber and idps, or null when nothing had to go. */
  cleanedSearch: URLSearchParams | null;
}

/** Reads accountNumber and actionID from a sign-in link; accountNumber and idps leave the URL. */
export function readSignInUrl(search: URLSearchParams): SignInUrlParams {
  const raw = search.get('accountNumber');
  const accountNumber = raw && isValidMrsAccountNumber(raw) ? normalizeAccountNumber(raw) : null;
  let cleanedSearch: URLSearchParams | null = null;
  if (search.has('accountNumber') || search.has('idps')) {
    cleanedSearch = new URLSearchParams(search);
    cleanedSearch.delete('accountNumber');
    cleanedSearch.delete('idps');
  }
  return { accountNumber, actionId: search.get('actionID'), cleanedSearch };
}
