/**
 * The data a signed-in screen shows first, by route pattern of router.tsx: the GET addresses its
 * queries ask for, `:name` standing for the address's parameter. Data only (the server reads it).
 *
 * The server names these requests in the page it sends for such an address, and a small script in
 * that page starts them before any of the app's code has downloaded
 * (src/server/http/page-requests.ts); src/web/lib/api.ts then takes each answer over instead of
 * asking again. On a phone this takes the data's round trip out of the wait for the first screen:
 * without it the requests could only start once the scripts had downloaded and run. They are the
 * requests the route's `handle.prefetch` (prefetch.ts) starts on a navigation inside the app.
 * An address here that the app no longer asks for is only a wasted request (tested in e2e).
 */
export const PAGE_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  dashboard: ['/api/v2/Debtor/PrimaryDebtorInfo', '/api/v2/Account/ListOverview'],
  'accounts/:accountNumber': [
    '/api/v2/Account/Detailed?accountNumber=:accountNumber',
    '/api/v2/Account/GetPaymentSettings?accountNumber=:accountNumber',
  ],
  'accounts/:accountNumber/paymentOptions': [
    '/api/v2/Account/Detailed?accountNumber=:accountNumber',
  ],
};
