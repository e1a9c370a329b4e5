/**
 * The routes of src/web/app/router.tsx that show each lazily loaded screen, read from its source
 * (used by the size report and by the build's route preload list, vite-route-preloads.ts).
 */

/**
 * The full route paths of router.tsx that show each feature module (`const X = lazy(() =>
 * import('../features/…'))`), read from the file's nesting: a line holding only `path: '…',`
 * opens a parent route for the more indented lines below it.
 */
export function routesByFeature(router: string): Map<string, string[]> {
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
  for (const line of router.split('\n')) {
    const indent = line.search(/\S/);
    if (indent === -1) continue;
    while (parents.length > 0 && parents.at(-1)!.indent > indent) parents.pop();
    const own = line.match(/path: '([^']*)'/)?.[1];
    if (own !== undefined && /^\s*path: '[^']*',\s*$/.test(line)) {
      parents.push({ indent, path: own });
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
export function prefetchedFeatures(router: string): Set<string> {
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
  return out;
}
