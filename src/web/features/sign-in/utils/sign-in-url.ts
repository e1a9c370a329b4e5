import { isValidMrsAccountNumber, normalizeAccountNumber } from '@/domain/masking';

export interface SignInUrlParams {
  /** A valid MRS account number from the link, else null. */
  accountNumber: string | null;
  actionId: string | null;
  /** The message whose link this is (`m`, issue 43: counted as opened), else null. */
  message: string | null;
  /** The query string without accountNumber and idps, or null when nothing had to go. */
  cleanedSearch: URLSearchParams | null;
}

/**
 * Reads accountNumber, actionID and a message's reference (`m`) from a sign-in link;
 * accountNumber, idps and m leave the URL.
 */
export function readSignInUrl(search: URLSearchParams): SignInUrlParams {
  const raw = search.get('accountNumber');
  const accountNumber = raw && isValidMrsAccountNumber(raw) ? normalizeAccountNumber(raw) : null;
  let cleanedSearch: URLSearchParams | null = null;
  const m = search.get('m');
  if (search.has('accountNumber') || search.has('idps') || m !== null) {
    cleanedSearch = new URLSearchParams(search);
    cleanedSearch.delete('accountNumber');
    cleanedSearch.delete('idps');
    cleanedSearch.delete('m');
  }
  const message = m && /^msg_[0-9a-f]{24}$/.test(m) ? m : null;
  return { accountNumber, actionId: search.get('actionID'), message, cleanedSearch };
}
