/**
 * Build step: the code a signed-in visitor's first screen needs beyond what /login loads, in one
 * chunk (see `signedInChunk`).
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** The screens a signed-in visitor lands on (after sign-in, or reloading a page), and the prefetch. */
const LANDING_SCREENS = [
  'features/dashboard/components/dashboard-page.tsx',
  'features/accounts/components/account-page.tsx',
  'app/prefetch.ts',
];

/** The first load of a visitor: the entry and the sign-in screen. */
const FIRST_LOAD = ['main.tsx', 'features/sign-in/components/sign-in-page.tsx'];

/** The other way in: the letter-code screen, which also starts a session. */
const LETTER_SIGN_IN = ['features/verify-letter/components/verify-letter-page.tsx'];

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** The modules `roots` import, directly or not, without following dynamic imports. */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * Left to the default splitting, the dashboard's first load came in 40 scripts, most of them a
 * kilobyte or two: every set of screens sharing a module gets a chunk of its own. Over HTTP/1.1 a
 * browser fetches six at a time from one server, and each file costs a round trip and its own
 * compression overhead. This group puts every module the landing screens (and the data prefetch)
 * import that /login's first load does not into one chunk: a landing screen fetches a few
 * kilobytes of the other's code, in far fewer files. /login's load is unchanged (its modules are
 * left out; the size budget in `npm test` holds it). The group's `test` needs the module graph,
 * read when the build has finished loading modules (`buildEnd`), before chunks are made.
 */
export function signedInChunk(webRoot: string): { plugin: Plugin; groups: SignedInGroup[] } {
  let signedIn = new Set<string>();
  let session = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-signed-in-chunk',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    buildEnd() {
      const graph = this as unknown as ModuleGraph;
      const id = (file: string) => path.join(webRoot, file);
      const firstLoad = staticClosure(graph, FIRST_LOAD.map(id));
      const letterSignIn = staticClosure(graph, LETTER_SIGN_IN.map(id));
      const landing = [...staticClosure(graph, LANDING_SCREENS.map(id))].filter(
        (module) => !firstLoad.has(module),
      );
      signedIn = new Set(landing.filter((module) => !letterSignIn.has(module)));
      session = new Set(landing.filter((module) => letterSignIn.has(module)));
    },
  };
  // Only the modules each names: their imports outside it (React, Fluent) stay where they are.
  return {
    plugin,
    groups: [
      { name: 'signed-in', test: (id) => signedIn.has(id), includeDependenciesRecursively: false },
      // What the landing screens share with the letter-code screen (the query library, the
      // session's start): in a chunk of its own, so that screen does not load the rest.
      { name: 'session', test: (id) => session.has(id), includeDependenciesRecursively: false },
    ],
  };
}

interface SignedInGroup {
  name: string;
  test: (id: string) => boolean;
  includeDependenciesRecursively: false;
}
