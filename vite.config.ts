import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { webLightTheme } from '@fluentui/react-components';
import { routePreloads } from './scripts/lib/vite-route-preloads.ts';
import { firstLoadChunks } from './scripts/lib/vite-first-load-chunks.ts';

const shim = (file: string) =>
  fileURLToPath(new URL(`src/engine/form/shims/${file}`, import.meta.url));

/**
 * RJSF's own parts we replace with smaller ones that do what our forms need (see each shim's
 * comment). The unit tests use these too (vitest.config.ts), so every form they render is built
 * from the parts that ship.
 */
export const rjsfShims = [
  {
    find: /^(\.\/|@rjsf\/utils\/lib\/schema\/)shallowAllOfMerge(\.js)?$/,
    replacement: shim('all-of.ts'),
  },
  { find: /^\.\.?\/getDefaultRegistry\.js$/, replacement: shim('registry.ts') },
  { find: /^\.\.?\/deepEquals\.js$/, replacement: shim('deep-equals.ts') },
  { find: /^\.\/omitExtraData\.js$/, replacement: shim('omit-extra-data.ts') },
];

/** `@/…` names a place under src/ (tsconfig.json `paths`): the browser build, the prerender bundle and vitest. */
export const srcAlias = [
  { find: /^@\//, replacement: `${fileURLToPath(new URL('src', import.meta.url))}/` },
];

/** Dependencies of RJSF we do not need in full on every form page (see the shims' comments). */
const dependencyShims = [
  { find: /^markdown-to-jsx\/react$/, replacement: shim('markdown.tsx') },
  { find: /^fast-uri$/, replacement: shim('uri.ts') },
];

/**
 * src/web/app/theme.ts as the theme's values (build only): one object literal instead of Fluent's
 * code that computes the theme from every colour palette in the browser (/login: 3.6 KB gzip less).
 */
function precomputedTheme(): Plugin {
  const themeModule = fileURLToPath(new URL('src/web/app/theme.ts', import.meta.url));
  return {
    name: 'portal-precomputed-theme',
    apply: 'build',
    load(id) {
      if (id !== themeModule) return null;
      return `export const portalTheme = ${JSON.stringify(webLightTheme)};`;
    },
  };
}

/** Where the prerender bundle goes, inside the web build (a dot folder: never served). */
export const PRERENDER_DIR = '.prerender';

/** True for the prerender bundle's own build (`build.ssr`), which the client build starts. */
const isSsrBuild = (config: UserConfig) => Boolean(config.build?.ssr);

/**
 * After the browser build, the server's prerender bundle (src/web/entry-server.tsx) into
 * `<outDir>/.prerender/`: everything in one file (no node_modules needed beside it), with the
 * same aliases and shims as the browser's code, so the server draws what the browser hydrates.
 */
function prerenderBundle(): Plugin {
  let outDir = '';
  return {
    name: 'portal-prerender-bundle',
    apply: (config, { command }) => command === 'build' && !isSsrBuild(config),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: fileURLToPath(import.meta.url),
        logLevel: 'warn',
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: 'entry-server.tsx',
          outDir: path.join(outDir, PRERENDER_DIR),
          emptyOutDir: true,
          manifest: false,
          copyPublicDir: false,
          rolldownOptions: { output: { codeSplitting: false } },
        },
      });
    },
  };
}

/**
 * The `base` chunk's packages (see `codeSplitting` below): Fluent's styling runtime, icons and
 * basic controls, the router, i18next and Vite's preload helper.
 */
const BASE_CHUNK =
  /node_modules[\\/](@griffel|@fluentui[\\/](react-(shared-contexts|utilities|theme|jsx-runtime|text|label|field|input|button)|tokens|keyboard-keys|react-icons)|i18next|react-i18next|react-router|react-router-dom)[\\/]|vite[\\/]preload-helper\.js$/;
/**
 * Fluent's helpers of popups (menus, dialogs, popovers: a click or scroll outside, triggers, virtual
 * parents, timers) and of bundled icons, in those packages: only the signed-in screens' and the
 * dialogs' components use them, so they stay out of `base`, which /login loads (0.4 KB gzip), in a
 * chunk of their own.
 */
const POPUP_HELPERS =
  /node_modules[\\/]@fluentui[\\/]react-(utilities[\\/]lib[\\/](hooks[\\/](useOnClickOutside|useOnScrollOutside|useBrowserTimer|useAnimationFrame|useTimeout)|utils[\\/](priorityQueue|isHTMLElement|omit)|trigger|virtualParent)[\\/]|icons[\\/]lib[\\/]utils[\\/]bundleIcon)/;

/**
 * react-router's production build (build only): its package exports only the development build
 * (the same code with ENABLE_DEV_WARNINGS on: dev-only warnings and their messages, 0.5 KB gzip on
 * every page), for its own framework's bundler to swap. The prerender bundle gets it too.
 */
function reactRouterProduction(): Plugin {
  const dist = (file: string) =>
    fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));
  return {
    name: 'portal-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: dist('index.mjs') },
          { find: /^react-router\/dom$/, replacement: dist('dom-export.mjs') },
        ],
      },
    }),
  };
}

const firstLoad = firstLoadChunks(fileURLToPath(new URL('src/web', import.meta.url)));

// The web app lives in src/web; the server (src/server) serves dist/web and injects runtime config
// from flows/ into index.html, so texts change without a rebuild.
export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    precomputedTheme(),
    reactRouterProduction(),
    // Per route, the scripts its screen needs: the server preloads them in the page.
    routePreloads(fileURLToPath(new URL('src/web', import.meta.url))),
    prerenderBundle(),
    firstLoad.plugin,
    // Brotli and gzip copies of every built asset, sent by @fastify/static (preCompressed) so no
    // asset is compressed per request. index.html is left out: the server injects config into it
    // and compresses it per response.
    {
      ...compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|mjs|css|svg|json|txt|map)$/,
        threshold: 1024,
        logLevel: 'silent',
      }),
      // The browser's assets only, not the server's prerender bundle.
      apply: (config, { command }) => command === 'build' && !isSsrBuild(config),
    },
  ],
  resolve: { alias: [...srcAlias, ...rjsfShims, ...dependencyShims] },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // Fluent's styling runtime, icons and the basic controls every first page uses, the
        // router, i18next and Vite's preload helper, in one chunk: left to the default splitting
        // Fluent's came in a dozen small chunks whose gzip overhead cost /login 5 KB (measured:
        // 251.3 KB in 42 files, 246.1 KB in 24 with the Fluent part of this group), and the rest
        // in four more files that every page loads.
        codeSplitting: {
          groups: [
            {
              name: 'base',
              test: (id: string) => BASE_CHUNK.test(id) && !POPUP_HELPERS.test(id),
            },
            // Left to the default splitting, they came in two more files on /dashboard.
            { name: 'fluent-popup', test: POPUP_HELPERS, includeDependenciesRecursively: false },
            // Small modules /login loads that other screens share, each a file of its own when
            // left to the default splitting (0.1-0.3 KB, and the gzip and request overhead of a
            // file): those of the form engine, which every form page loads together, and those
            // of the sign-in screens (the letter-code screen's too).
            {
              name: 'form-parts',
              test: /node_modules[\\/]ajv[\\/]dist[\\/]runtime[\\/]ucs2length\.js$|src[\\/]engine[\\/]form[\\/]theme[\\/](read-only\.ts|lazy-spinner\.tsx)$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'sign-in-parts',
              test: /src[\\/]web[\\/](components[\\/](auth-card|terms-note)\.tsx|api[\\/]session-setup-error\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // The first screens' own code, and what a signed-in visitor's first screen adds to
            // /login's load, in few files.
            ...firstLoad.groups,
          ],
        },
      },
    },
  },
});
