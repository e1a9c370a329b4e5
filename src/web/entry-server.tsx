/**
 * The server's prerender of the public pages (built by Vite as an SSR bundle: vite.config.ts).
 * src/server/http/prerender.ts loads it at start-up and draws each public page in each language
 * from the config it serves (the texts in flows/), so a text change needs a restart, not a build.
 * The page is drawn signed out; the browser hydrates it (src/web/main.tsx). A signed-in screen of
 * `FRAME_PATHS` (prerender.ts) is drawn as its frame instead: signed in, no one's data
 * (lib/signed-in-frame.ts).
 */
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { createDOMRenderer, renderToStyleElements } from '@fluentui/react-components';
import type { Language } from '../engine/i18n/split';
import { App } from './app/app';
import { setPortalConfig, type PortalConfig } from './lib/config';
import { initServerI18n } from './lib/i18n';
import { setDrawingFrame } from './lib/signed-in-frame';

/** What the page gets: styles for its head, markup for #root. */
export interface PrerenderedPage {
  head: string;
  body: string;
}

/**
 * Storage as a visitor with nothing stored sees it: the session and journey modules read it while
 * a page draws. Only defined where the runtime has none (Node before 22).
 */
class EmptyStorage implements Storage {
  #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

function ensureStorage(): void {
  const scope = globalThis as { sessionStorage?: Storage; localStorage?: Storage };
  scope.sessionStorage ??= new EmptyStorage();
  scope.localStorage ??= new EmptyStorage();
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * Draws the page at `pathname` in `language`, waiting for its lazy code (React's prerender);
 * `signedIn`: the signed-in frame of the screen. Pages are drawn one after another: the language
 * is the app's one i18next instance's, and the frame is a flag of the module.
 */
export async function prerenderPage(
  config: PortalConfig,
  pathname: string,
  language: Language,
  signedIn = false,
): Promise<PrerenderedPage> {
  setDrawingFrame(signedIn);
  try {
    return await drawPage(config, pathname, language);
  } finally {
    setDrawingFrame(false);
  }
}

async function drawPage(
  config: PortalConfig,
  pathname: string,
  language: Language,
): Promise<PrerenderedPage> {
  ensureStorage();
  setPortalConfig(config);
  initServerI18n(config.texts, language);
  const renderer = createDOMRenderer();
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App
        renderer={renderer}
        router={(routes) => <StaticRouter location={pathname}>{routes}</StaticRouter>}
      />
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every boundary inline: a large one would otherwise come as a hidden segment revealed by an
      // inline script, which the page's CSP (no inline script) refuses.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    },
  );
  const markup = await readAll(prelude);
  if (errors.length > 0) throw errors[0];
  // React puts the preloads it found (the logo) before the markup: they belong in the head.
  const links = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? '';
  return {
    head: links + renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>),
    body: markup.slice(links.length),
  };
}
