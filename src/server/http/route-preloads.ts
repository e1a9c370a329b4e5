/**
 * The scripts to preload for an address: read from the build's `route-preloads.json`
 * (scripts/lib/vite-route-preloads.ts) and matched the way React Router matches the same
 * patterns: `:name` is one segment, `:name?` an optional last one, and the most specific pattern
 * (most literal segments) wins. An address that matches none (the root, an unknown path, a page
 * whose screen is in the entry) gets no extra preloads.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface RouteEntry {
  segments: string[];
  literals: number;
  links: string;
}

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

/** `(pathname) => '<link rel="modulepreload" …>…'` for the built web app in `webDir`. */
export function routePreloadLinks(webDir: string): (pathname: string) => string {
  const file = path.join(webDir, 'route-preloads.json');
  if (!existsSync(file)) return () => '';
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    routes?: { path: string; files: string[] }[];
  };
  const entries: RouteEntry[] = (data.routes ?? [])
    .map((route) => {
      const segments = segmentsOf(route.path);
      return {
        segments,
        literals: segments.filter((part) => !part.startsWith(':')).length,
        links: route.files
          .filter((href) => href.startsWith('/assets/') && href.endsWith('.js'))
          .map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`)
          .join(''),
      };
    })
    .sort((a, b) => b.literals - a.literals);
  return (pathname) => {
    let address: string[];
    try {
      address = segmentsOf(decodeURI(pathname));
    } catch {
      return '';
    }
    return entries.find((entry) => matches(entry.segments, address))?.links ?? '';
  };
}
