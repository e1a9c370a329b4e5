/**
 * The public pages drawn on the server at start-up, and again after each publish: for each
 * address of `prerenderedPaths` and each language, the page's markup and Fluent's styles, from the
 * config of the content version this server serves (a text change needs a publish, not a build
 * nor a restart). The build writes the renderer as `<webDir>/.prerender/entry-server.js`
 * (vite.config.ts, src/web/entry-server.tsx). Pages are drawn one after another in the background
 * (one set after the other: the app's language is one shared i18next instance); a request for one
 * waits for it. Without the bundle, or if a page fails to draw, the page is sent empty and drawn
 * by the browser as before.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES, type Language } from '../../engine/i18n/split';
import type { PageConfig } from '../config';

/** The public screens of router.tsx: the same for every visitor who is signed out. */
export const PRERENDERED_PATHS = ['/login', '/verify-letter', '/terms', '/privacy'];

/**
 * PRERENDERED_PATHS and the public addresses of the page files (flows/pages `routes`, those
 * without parameters): /contact-us, and any page file added since the build.
 */
export function prerenderedPaths(config: { readonly [folder: string]: unknown }): string[] {
  const pages = Object.values(config.pages ?? {}) as {
    routes?: { path: string; access: string }[];
  }[];
  const fromPages = pages.flatMap((page) =>
    (page.routes ?? [])
      .filter((route) => route.access === 'public' && !route.path.includes(':'))
      .map((route) => `/${route.path}`),
  );
  return [...new Set([...PRERENDERED_PATHS, ...fromPages])];
}

export const PRERENDER_BUNDLE = path.join('.prerender', 'entry-server.js');

export interface PrerenderedPage {
  /** Fluent's style elements and the page's preloads, for the head. */
  head: string;
  /** The markup inside #root. */
  body: string;
}

interface PrerenderModule {
  prerenderPage(config: PageConfig, pathname: string, language: Language): Promise<PrerenderedPage>;
}

const key = (pathname: string, language: Language) => `${language} ${pathname}`;

export interface PrerenderedSet {
  /** `(pathname, language) => page | undefined` (awaiting its drawing). */
  page(pathname: string, language: Language): Promise<PrerenderedPage | undefined>;
  /** Settles when every page of the set is drawn (or has failed to). */
  ready: Promise<void>;
}

/**
 * The public pages of a config, for the built app, drawn after `after` settles (the set before:
 * one set at a time).
 */
export function prerenderedPages(
  webDir: string,
  config: PageConfig,
  warn: (message: string, error: unknown) => void,
  after: Promise<unknown> = Promise.resolve(),
): PrerenderedSet {
  const bundle = path.join(webDir, PRERENDER_BUNDLE);
  if (!existsSync(bundle))
    return { page: () => Promise.resolve(undefined), ready: Promise.resolve() };
  const pages = new Map<string, Promise<PrerenderedPage | undefined>>();
  const renderer = (import(pathToFileURL(bundle).href) as Promise<PrerenderModule>).catch(
    (error: unknown) => {
      warn('the prerender bundle did not load: the browser draws every page', error);
      return undefined;
    },
  );
  // One after another: the app's language is one shared i18next instance.
  let previous: Promise<unknown> = after.catch(() => undefined).then(() => renderer);
  for (const language of LANGUAGES) {
    for (const pathname of prerenderedPaths(config)) {
      const page = previous
        .then(() => renderer)
        .then((module) => module?.prerenderPage(config, pathname, language))
        .catch((error: unknown) => {
          warn(`prerender of ${pathname} (${language}) failed: the browser draws it`, error);
          return undefined;
        });
      pages.set(key(pathname, language), page);
      previous = page;
    }
  }
  return {
    page: (pathname, language) => pages.get(key(pathname, language)) ?? Promise.resolve(undefined),
    ready: previous.then(() => undefined),
  };
}
