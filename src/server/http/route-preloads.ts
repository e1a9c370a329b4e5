/**
 * The scripts to preload for an address: read from the build's `route-preloads.json`
 * (scripts/lib/vite-route-preloads.ts) and matched the way React Router matches the same
 * patterns: `:name` is one segment, `:name?` an optional last one, and the most specific pattern
 * (most literal segments) wins. An address that matches none (the root, an unknown path, a page
 * whose screen is in the entry) gets no extra preloads.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const segmentsOf = (value: string) => value.split('/').filter((part) => part !== '');

/** Whether an address (its segments) matches a route pattern (its segments). */
export function matches(pattern: string[], address: string[]): boolean {
  const required = pattern.filter((part) => !part.endsWith('?')).length;
  if (address.length < required || address.length > pattern.length) return false;
  return pattern.every((part, i) => {
    const segment = address[i];
    if (segment === undefined) return part.endsWith('?');
    return part.startsWith(':') || part === segment;
  });
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** The build's `route-preloads.json` in `webDir` (scripts/lib/vite-route-preloads.ts), if any. */
export interface RoutePreloadsFile {
  routes?: { path: string; files: string[] }[];
  requests?: Record<string, string[]>;
}

export function readRoutePreloads(webDir: string): RoutePreloadsFile | undefined {
  const file = path.join(webDir, 'route-preloads.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreloadsFile)
    : undefined;
}

/**
 * `(pathname) => { value, params } | undefined`: the value of the route pattern the address
 * matches (the most specific: most literal segments), with the address's parameters (decoded).
 * An address that is not valid percent-encoding matches nothing.
 */
export function routeTable<T>(
  entries: [pattern: string, value: T][],
): (pathname: string) => { value: T; params: Record<string, string> } | undefined {
  const patterns = entries
    .map(([pattern, value]) => {
      const segments = segmentsOf(pattern);
      return { segments, literals: segments.filter((s) => !s.startsWith(':')).length, value };
    })
    .sort((a, b) => b.literals - a.literals);
  return (pathname) => {
    let address: string[];
    try {
      address = segmentsOf(pathname).map((part) => decodeURIComponent(part));
    } catch {
      return undefined;
    }
    const entry = patterns.find((pattern) => matches(pattern.segments, address));
    if (!entry) return undefined;
    const params: Record<string, string> = {};
    entry.segments.forEach((part, i) => {
      const value = address[i];
      if (part.startsWith(':') && value !== undefined) params[part.replace(/^:|\?$/g, '')] = value;
    });
    return { value: entry.value, params };
  };
}

/** `(pathname) => '<link rel="modulepreload" …>…'` for the build's route list (none without it). */
export function routePreloadLinks(
  data: RoutePreloadsFile | undefined,
): (pathname: string) => string {
  const find = routeTable(
    (data?.routes ?? []).map((route): [string, string] => [
      route.path,
      route.files
        .filter((href) => href.startsWith('/assets/') && href.endsWith('.js'))
        .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`)
        .join(''),
    ]),
  );
  return (pathname) => find(pathname)?.value ?? '';
}
