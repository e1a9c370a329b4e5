/**
 * Build step: the first screens' code in few files (see `firstLoadChunks`).
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

/**
 * Fluent's parts that the signed-in first screens show and /login's first load does not (badges,
 * message bars, the spinner), and Tabster's focus handling (focus given back to the button that
 * opened a dialog): each in one chunk instead of one per component. By package, as the module
 * graph cannot tell: /login imports Fluent through its barrel, which imports every component.
 * `npm run size` fails when /login's first load asks for one of them (`SIGNED_IN_ONLY_CHUNKS`).
 */
const FLUENT_EXTRA = /node_modules[\\/]@fluentui[\\/]react-(badge|message-bar|spinner)[\\/]/;
const TABSTER =
  /node_modules[\\/](tabster[\\/]|@fluentui[\\/]react-tabster[\\/].*[\\/](useTabster|useRestoreFocus)\.js$)/;

/** The chunks /login's first load must not ask for: what only a signed-in visitor needs at once. */
export const SIGNED_IN_ONLY_CHUNKS = ['signed-in', 'session', 'fluent-extra', 'tabster'];

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
 * Left to the default splitting, every set of screens sharing a module gets a chunk of its own:
 * the dashboard's first load came in 40 scripts and /login's in 22, most of them a kilobyte or
 * two. Over HTTP/1.1 a browser fetches six at a time from one server, and each file costs a round
 * trip and its own compression overhead. These groups put:
 * - `first`: our modules (src/, not a package) that /login's first load and a landing screen both
 *   import: the API client, the config, the form messages, the page header; and those the entry
 *   and the sign-in screen both import. /login loads them anyway, so its load does not grow; the
 *   other first screens load a few kilobytes they may not use yet.
 * - `signed-in`: every module the landing screens (and the data prefetch) import that /login's
 *   first load does not, and `session`: those of them the letter-code screen imports too (the
 *   query library, the session's start), so that screen does not load the rest.
 * - `fluent-extra` and `tabster`: see FLUENT_EXTRA.
 * The groups' `test` needs the module graph, read when the build has finished loading modules
 * (`buildEnd`), before chunks are made. Only the modules each names: their imports outside it
 * (React, Fluent) stay where they are.
 */
export function firstLoadChunks(webRoot: string): { plugin: Plugin; groups: ChunkGroup[] } {
  const sourceRoot = path.dirname(webRoot) + path.sep;
  let first = new Set<string>();
  let signedIn = new Set<string>();
  let session = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-first-load-chunks',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    buildEnd() {
      const graph = this as unknown as ModuleGraph;
      const id = (file: string) => path.join(webRoot, file);
      const firstLoad = staticClosure(graph, FIRST_LOAD.map(id));
      const letterSignIn = staticClosure(graph, LETTER_SIGN_IN.map(id));
      const landingClosure = staticClosure(graph, LANDING_SCREENS.map(id));
      // Also what the entry and the sign-in screen (a chunk of its own) both import: left alone,
      // such a module came in a file of its own (a 0.1 KB helper cost /login 0.3 KB).
      const [entry, signIn] = FIRST_LOAD.map((file) => staticClosure(graph, [id(file)]));
      first = new Set(
        [...firstLoad].filter(
          (module) =>
            module.startsWith(sourceRoot) &&
            (landingClosure.has(module) || (entry!.has(module) && signIn!.has(module))),
        ),
      );
      const landing = [...landingClosure].filter((module) => !firstLoad.has(module));
      signedIn = new Set(landing.filter((module) => !letterSignIn.has(module)));
      session = new Set(landing.filter((module) => letterSignIn.has(module)));
    },
  };
  const group = (name: string, test: (id: string) => boolean): ChunkGroup => ({
    name,
    test,
    includeDependenciesRecursively: false,
  });
  return {
    plugin,
    groups: [
      group('first', (module) => first.has(module)),
      group('signed-in', (module) => signedIn.has(module)),
      group('session', (module) => session.has(module)),
      group('fluent-extra', (module) => FLUENT_EXTRA.test(module)),
      group('tabster', (module) => TABSTER.test(module)),
    ],
  };
}

interface ChunkGroup {
  name: string;
  test: (id: string) => boolean;
  includeDependenciesRecursively: false;
}
