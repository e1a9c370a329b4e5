/**
 * The routes of src/web/app/router.tsx that show each lazily loaded screen, read from its source
 * (used by the size report and by the build's route preload list, vite-route-preloads.ts), and the
 * routes the page files of flows/pages add to it (`...formPageRoutes('account')`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** One route of a page file (flows/pages/<name>.json `routes`). */
export interface PageRoute {
  path: string;
  access: string;
  prefetch?: string;
}

/** Every route the page files under `flowsDir`/pages declare. */
export function readPageRoutes(flowsDir: string): PageRoute[] {
  const dir = path.join(flowsDir, 'pages');
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files.flatMap((file) => {
    const page = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { routes?: PageRoute[] };
    return page.routes ?? [];
  });
}

/** The form page's module (the lazily loaded `FormPage`) and the page routes of one access. */
const FORM_PAGE_SPREAD = /\.\.\.formPageRoutes\('(\w+)'\)/;

/**
 * The full route paths of router.tsx that show each feature module (`const X = lazy(() =>
 * import('../features/…'))`), read from the file's nesting: a line holding only `path: '…',`
 * opens a parent route for the more indented lines below it.
 */
export function routesByFeature(
  router: string,
  pageRoutes: readonly PageRoute[] = [],
): Map<string, string[]> {
  const modules = new Map<string, string>();
  for (const [, name, module] of router.matchAll(
    /const (\w+) = lazy\(\s*\(\) => import\('\.\.\/(features\/[^']+)'\)/g,
  )) {
    modules.set(name!, `${module}.tsx`);
  }
  // Pages used through a variable: `const comingSoon = <ComingSoonPage />`.
  const aliases = new Map<string, string>();
  for (const [, variable, name] of router.matchAll(/const (\w+) = <(\w+)\b/g)) {
    aliases.set(variable!, name!);
  }
  const out = new Map<string, string[]>();
  const parents: { indent: number; path: string }[] = [];
  // The route tree only (`const buildRoutes = …`): helpers above it build route objects too.
  const start = router.search(/^const (buildRoutes|routes)\b/m);
  for (const line of router.slice(Math.max(start, 0)).split('\n')) {
    const indent = line.search(/\S/);
    if (indent === -1) continue;
    while (parents.length > 0 && parents.at(-1)!.indent > indent) parents.pop();
    const own = line.match(/path: '([^']*)'/)?.[1];
    if (own !== undefined && /^\s*path: '[^']*',\s*$/.test(line)) {
      parents.push({ indent, path: own });
      continue;
    }
    const spread = line.match(FORM_PAGE_SPREAD)?.[1];
    const formPage = modules.get('FormPage');
    if (spread !== undefined && formPage) {
      for (const route of pageRoutes.filter((r) => r.access === spread)) {
        const full = [...parents.map((p) => p.path), route.path].join('/');
        out.set(formPage, [...(out.get(formPage) ?? []), full]);
      }
      continue;
    }
    const element = line.match(/element: (?:<(\w+)|(\w+))/);
    const name = element?.[1] ?? aliases.get(element?.[2] ?? '');
    const module = name ? modules.get(name) : undefined;
    if (!module) continue;
    const full = [...parents.map((p) => p.path), own ?? ''].filter((part) => part !== '').join('/');
    out.set(module, [...(out.get(module) ?? []), full]);
  }
  return out;
}

/**
 * The feature modules (as in `routesByFeature`) whose route asks for its data as the navigation
 * starts (`element: <Page …/>, … handle: prefetch('…')` in one route object of router.tsx).
 */
export function prefetchedFeatures(
  router: string,
  pageRoutes: readonly PageRoute[] = [],
): Set<string> {
  const modules = new Map<string, string>();
  for (const [, name, module] of router.matchAll(
    /const (\w+) = lazy\(\s*\(\) => import\('\.\.\/(features\/[^']+)'\)/g,
  )) {
    modules.set(name!, `${module}.tsx`);
  }
  const out = new Set<string>();
  for (const [, name] of router.matchAll(/element: <(\w+)[^{}]*?handle: prefetch\(/g)) {
    const module = modules.get(name!);
    if (module) out.add(module);
  }
  const formPage = modules.get('FormPage');
  if (formPage && FORM_PAGE_SPREAD.test(router) && pageRoutes.some((route) => route.prefetch)) {
    out.add(formPage);
  }
  return out;
}
