/**
 * Build step: `route-preloads.json` next to index.html, listing for each route pattern of
 * src/web/app/router.tsx the scripts its screen needs beyond what index.html already preloads
 * (the screen's chunk and its static imports). The server puts them in the page as
 * `<link rel="modulepreload">` for the address asked for (src/server/http/route-preloads.ts), so
 * the browser fetches the screen's code alongside the entry instead of after it has run. A route
 * with a `handle: prefetch(…)` also gets src/web/app/prefetch.ts and its imports, which the router
 * loads to start the route's requests (router.tsx `prefetchFor`): preloaded, the requests start as
 * soon as the entry has run, not one download later. It also carries, per route pattern, the
 * requests a signed-in screen's page starts before any script (src/web/app/page-requests.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { PAGE_REQUESTS } from '../../src/web/app/page-requests.ts';
import {
  prefetchedFeatures,
  readPageRoutes,
  routesByFeature,
} from '../../src/server/content/router-routes.ts';

/**
 * What the server reads: `/`-rooted asset paths per route pattern ('accounts/:accountNumber'),
 * and the GET requests a signed-in screen's page starts itself, per route pattern
 * (src/web/app/page-requests.ts, src/server/http/page-requests.ts).
 */
export interface RoutePreloads {
  routes: { path: string; files: string[] }[];
  requests: Record<string, readonly string[]>;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  moduleIds: string[];
}

export function routePreloads(webRoot: string): Plugin {
  return {
    name: 'portal-route-preloads',
    // The browser's build (not the server's prerender bundle, vite.config.ts).
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item as ChunkLike);
      }
      const closure = (start: string, into = new Set<string>()): Set<string> => {
        if (into.has(start)) return into;
        into.add(start);
        for (const next of chunks.get(start)?.imports ?? []) closure(next, into);
        return into;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      const preloaded = entry ? closure(entry.fileName) : new Set<string>();
      // The chunk holding a module of src/web (its own, or a group's: vite-first-load-chunks.ts).
      const chunkOf = (module: string) => {
        const id = path.join(webRoot, module);
        return [...chunks.values()].find((chunk) => chunk.moduleIds.includes(id));
      };
      const prefetch = chunkOf('app/prefetch.ts');
      const router = readFileSync(path.join(webRoot, 'app', 'router.tsx'), 'utf8');
      // The page files as built: a page file added later works, only without its preload hints.
      const pageRoutes = readPageRoutes(path.join(webRoot, '..', '..', 'flows'));
      const routes = routesByFeature(router, pageRoutes);
      const prefetched = prefetchedFeatures(router, pageRoutes);
      const out: RoutePreloads = { routes: [], requests: PAGE_REQUESTS };
      for (const [module, patterns] of routes) {
        const chunk = chunkOf(module);
        if (!chunk) continue;
        for (const pattern of patterns) {
          const screen = closure(chunk.fileName);
          if (prefetch && prefetched.has(module)) closure(prefetch.fileName, screen);
          const files = [...screen].filter((file) => !preloaded.has(file));
          out.routes.push({ path: pattern, files: files.map((file) => `/${file}`) });
        }
      }
      out.routes.sort((a, b) => a.path.localeCompare(b.path));
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(out, null, 2)}\n`,
      });
    },
  };
}
