/**
 * What the server derives from a config (an error catalog, the sign-in policy, payment services,
 * recorded forms...), made once per config object: a published version is a config object of its
 * own, so what a request derives from `ctx.config` always follows the version served, and each
 * version's is made once (kept while its config is).
 */
import type { PortalConfig } from '../config';

export function perConfig<T>(make: (config: PortalConfig) => T): (config: PortalConfig) => T {
  const made = new WeakMap<PortalConfig, T>();
  return (config) => {
    if (made.has(config)) return made.get(config) as T;
    const value = make(config);
    made.set(config, value);
    return value;
  };
}
