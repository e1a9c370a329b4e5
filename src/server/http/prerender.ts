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
 * PRERENDERED_PATHS, the public addresses of the page files (flows/pages `routes`, those
 * without parameters): /contact-us, and any page file added since the build, and the content
 * documents with a page of their own.
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
  // The content documents that are pages of their own (flows/content `path`): /accessibility.
  const documents = Object.values(config.content ?? {}) as { kind?: string; path?: unknown }[];
  const fromContent = documents
    .filter((document) => document.kind === 'document' && typeof document.path === 'string')
    .map((document) => `/${String(document.path)}`);
  return [...new Set([...PRERENDERED_PATHS, ...fromPages, ...fromContent])];
}

/**
 * The signed-in screens drawn as their frame (src/web/lib/signed-in-frame.ts): the signed-in
 * header, the heading and skeletons, the same for every visitor (the session is in the browser's
 * sessionStorage: the server does not know who asks). The landing screens after sign-in.
 */
export const FRAME_PATHS = ['/dashboard', '/accounts/:accountNumber'];

/**
 * What an address's parameter may be for its frame to be sent (account numbers such as
 * LU1.10001); any other value gets the page empty, drawn by the browser. Such a value reads the
 * same in a text, an attribute and an encoded URL.
 */
const FRAME_PARAMETER = /^[A-Za-z0-9._-]{1,64}$/;

/** Stands for a parameter while the frame is drawn; the request's value replaces it. */
const slot = (index: number) => `PORTALFRAMESLOT${index}X`;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The frame's address drawn (parameters as slots) and how an address asked for matches it. */
function framePattern(pattern: string): {
  drawn: string;
  match: (pathname: string) => string[] | undefined;
} {
  const segments = pattern.split('/');
  let parameters = 0;
  const drawn = segments.map((segment) => (segment.startsWith(':') ? slot(parameters++) : segment));
  return {
    drawn: drawn.join('/'),
    match: (pathname) => {
      const asked = pathname.split('/');
      if (asked.length !== segments.length) return undefined;
      const values: string[] = [];
      for (const [index, segment] of segments.entries()) {
        const value = asked[index] ?? '';
        if (segment.startsWith(':')) {
          if (!FRAME_PARAMETER.test(value)) return undefined;
          values.push(value);
        } else if (segment !== value) return undefined;
      }
      return values;
    },
  };
}

/** The frame page with the request's parameters in place of the slots (HTML-escaped). */
function filledFrame(page: PrerenderedPage, values: string[]): PrerenderedPage {
  const fill = (html: string) =>
    values.reduce((text, value, index) => text.replaceAll(slot(index), escapeHtml(value)), html);
  return { head: fill(page.head), body: fill(page.body), signedIn: true };
}

export const PRERENDER_BUNDLE = path.join('.prerender', 'entry-server.js');

export interface PrerenderedPage {
  /** Fluent's style elements and the page's preloads, for the head. */
  head: string;
  /** The markup inside #root. */
  body: string;
  /** A signed-in screen's frame (FRAME_PATHS), to be taken over only by someone signed in. */
  signedIn?: boolean;
}

interface PrerenderModule {
  prerenderPage(
    config: PageConfig,
    pathname: string,
    language: Language,
    signedIn?: boolean,
  ): Promise<PrerenderedPage>;
}

const key = (pathname: string, language: Language) => `${language} ${pathname}`;

export interface PrerenderedSet {
  /**
   * `(pathname, language) => page | undefined` (awaiting its drawing): a public page, or the frame
   * of a signed-in screen with the address's parameters filled in.
   */
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
  const frames = FRAME_PATHS.map(framePattern);
  const drawnPaths = [
    ...prerenderedPaths(config).map((pathname) => ({ pathname, signedIn: false })),
    ...frames.map((frame) => ({ pathname: frame.drawn, signedIn: true })),
  ];
  for (const language of LANGUAGES) {
    for (const { pathname, signedIn } of drawnPaths) {
      const page = previous
        .then(() => renderer)
        .then((module) => module?.prerenderPage(config, pathname, language, signedIn))
        .then((drawnPage) => drawnPage && { ...drawnPage, signedIn })
        .catch((error: unknown) => {
          warn(`prerender of ${pathname} (${language}) failed: the browser draws it`, error);
          return undefined;
        });
      pages.set(key(pathname, language), page);
      previous = page;
    }
  }
  const frameOf = (pathname: string, language: Language) => {
    for (const frame of frames) {
      const values = frame.match(pathname);
      const page = values && pages.get(key(frame.drawn, language));
      if (page) return page.then((drawnPage) => drawnPage && filledFrame(drawnPage, values));
    }
    return Promise.resolve(undefined);
  };
  return {
    page: (pathname, language) => {
      // A slot is not an address (it would be sent unfilled).
      if (pathname.includes(slot(0).slice(0, -2))) return Promise.resolve(undefined);
      return pages.get(key(pathname, language)) ?? frameOf(pathname, language);
    },
    ready: previous.then(() => undefined),
  };
}
