/**
 * The names under which the web app keeps a browser session in sessionStorage. The app reads and
 * writes them (src/web/lib/session.ts); the server's inline page-request script reads three of
 * them before the app's code has arrived (src/server/http/page-requests.ts). One list, so a
 * rename reaches both.
 */
export const SESSION_KEYS = {
  sessionId: 'portalSessionId',
  accessToken: 'portalAccessToken',
  refreshToken: 'portalRefreshToken',
  returnPath: 'portalReturnPath',
  lastPath: 'portalLastPath',
  actionId: 'portalActionId',
  clockOffset: 'portalClockOffset',
  signedOutReason: 'portalSignedOutReason',
} as const;
