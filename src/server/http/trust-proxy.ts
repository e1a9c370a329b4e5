/**
 * TRUST_PROXY (issue 39): the proxies whose `X-Forwarded-For` the server believes, named by address
 * or CIDR, comma-separated, in Fastify's own string form (proxy-addr's), including its names
 * `loopback`, `linklocal` and `uniquelocal`. The client address it yields keys the rate limits,
 * the per-address lockout and the audit log, so trusting every sender of the header (`true`, `1`,
 * a hop count) would let a client choose it: those values are refused at start, as is anything
 * that is not an address, a CIDR or one of those names.
 */
import { isIP } from 'node:net';

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** A problem with a TRUST_PROXY entry, said for the operator at start-up. */
export class TrustProxyError extends Error {}

function validEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash === -1) return isIP(entry) !== 0;
  const address = entry.slice(0, slash);
  const bits = entry.slice(slash + 1);
  const family = isIP(address);
  if (family === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` from TRUST_PROXY: false when unset, empty, `false` or `0`; otherwise the
 * list of trusted proxies. Throws TrustProxyError for anything else.
 */
export function trustProxyFrom(value: string | undefined): false | string {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^(true|\d+)$/i.test(text)) {
    throw new TrustProxyError(
      `TRUST_PROXY=${text} would trust an X-Forwarded-For from anyone (a client could choose its own address). Set it to the addresses or CIDRs of your proxies, comma-separated, e.g. TRUST_PROXY=10.0.0.5,10.0.1.0/24 (or loopback for a proxy on this machine).`,
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !validEntry(entry));
  if (wrong.length > 0) {
    throw new TrustProxyError(
      `TRUST_PROXY holds ${wrong.map((entry) => JSON.stringify(entry)).join(', ')}, which is not an address, a CIDR or one of loopback, linklocal, uniquelocal. Set it to the addresses or CIDRs of your proxies, comma-separated.`,
    );
  }
  return entries.join(',');
}
