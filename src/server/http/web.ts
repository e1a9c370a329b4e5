/**
 * Serving the web app. Production: dist/web with /assets/* (content-hashed names) cached for a
 * year as immutable and sent precompressed (Brotli or gzip, written at build), index.html (config
 * of the content version served injected, made again after a publish; compressed per response by
 * compression.ts) as `private, no-cache`, and an SPA fallback
 * for non-/api GETs that accept HTML. Dev: Vite in
 * middleware mode on the same HTTP server (HMR over the same port).
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ViteDevServer } from 'vite';
import { cookieLanguage } from '../../engine/i18n/language-cookie';
import { LANGUAGES, type Language } from '../../engine/i18n/split';
import { injectConfig, isStudioPage, withoutStudio, type PageConfig } from '../config';
import { namePreloads, startAfterFirstPaint } from './boot-script';
import { pageRequestElements } from './page-requests';
import { prerenderedPages, type PrerenderedPage, type PrerenderedSet } from './prerender';
import { readRoutePreloads, routePreloadLinks } from './route-preloads';
import { sendError } from './errors';
import { framedByStudio, securityHeaders } from './security';

function wantsHtml(request: { method?: string; url?: string; headers: http.IncomingHttpHeaders }) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = request.url ?? '/';
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return false;
  // Navigations ask for HTML; scripts, styles and images do not. (No file-extension test: account
  // numbers in routes contain dots, e.g. /accounts/LU1.10001.)
  return (request.headers.accept ?? '').includes('text/html');
}

export interface WebOptions {
  webDir?: string | undefined;
  /** The page config of the content version served now. */
  getConfig: () => PageConfig;
  /** Subscribes to publishes (content versions): the pages are made again from getConfig(). */
  onChange?: (listener: () => void) => void;
  /**
   * The page config of a studio preview the request holds (studio/preview.ts), or undefined: that
   * page is made from it, never drawn in advance nor cached, and may be framed by the studio.
   */
  preview?: (request: FastifyRequest) => Promise<PageConfig | undefined>;
  /** Told when a public page cannot be drawn on the server (the browser draws it instead). */
  warn?: (message: string, error: unknown) => void;
}

const ROOT_ELEMENT = '<div id="root"></div>';

/** Above this a built stylesheet stays a file of its own (cached) rather than in every page. */
const INLINE_STYLESHEET_MAX_BYTES = 4096;

/**
 * The build's small stylesheets written into the page as `<style>` (the CSP allows inline
 * styles): a linked one holds the first paint until it has downloaded, one round trip more.
 */
function inlineStylesheets(html: string, webDir: string): string {
  return html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g,
    (link, file: string) => {
      const filePath = path.join(webDir, file);
      if (!existsSync(filePath)) return link;
      const css = readFileSync(filePath, 'utf8');
      if (Buffer.byteLength(css) > INLINE_STYLESHEET_MAX_BYTES || css.includes('</')) return link;
      return `<style>${css}</style>`;
    },
  );
}

/** Production serving. Without a built index.html the app answers only /api. */
export async function registerProductionWeb(app: FastifyInstance, options: WebOptions) {
  const { webDir } = options;
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);
  const indexTemplate = hasWeb ? readFileSync(indexFile, 'utf8') : '';
  const warn = options.warn ?? (() => undefined);

  // The scripts of the screen at the address asked for, preloaded with the entry's.
  // The build's route list, read once: each route's scripts, and its screen's first requests.
  const routeList = hasWeb && webDir ? readRoutePreloads(webDir) : undefined;
  const preloadsFor = routePreloadLinks(routeList);
  // A signed-in screen's first data requests, started by its page (page-requests.ts).
  const requestsFor = pageRequestElements(routeList);
  // The page of a content version: its config injected; the public pages drawn on the server
  // (prerender.ts), after the set before; a drawn page's scripts start after its first paint
  // (boot-script.ts): its own template.
  // The staff studio's pages carry its texts and forms too; the debtor pages do not (withoutStudio).
  interface Pages {
    indexHtml: string;
    studioHtml: string;
    drawnHtml: string;
    prerendered: PrerenderedSet;
  }
  const pagesOf = (config: PageConfig, after?: Promise<unknown>): Pages => {
    const debtor = withoutStudio(config);
    const page = (shown: PageConfig) =>
      hasWeb && webDir ? inlineStylesheets(injectConfig(indexTemplate, shown), webDir) : '';
    const indexHtml = page(debtor);
    return {
      indexHtml,
      studioHtml: page(config),
      drawnHtml: startAfterFirstPaint(indexHtml),
      prerendered:
        hasWeb && webDir
          ? prerenderedPages(webDir, debtor, warn, after)
          : { page: () => Promise.resolve(undefined), ready: Promise.resolve() },
    };
  };
  // After a publish, a page that is not drawn on the server (a signed-in screen) carries the new
  // config at once; the drawn ones stay those of the version before, with its config, until every
  // page of the new version is drawn (in the background), then change together.
  let drawn = pagesOf(options.getConfig());
  let indexHtml = drawn.indexHtml;
  let studioHtml = drawn.studioHtml;
  let last = drawn.prerendered.ready;
  let generation = 0;
  options.onChange?.(() => {
    generation += 1;
    const mine = generation;
    const next = pagesOf(options.getConfig(), last);
    indexHtml = next.indexHtml;
    studioHtml = next.studioHtml;
    last = next.prerendered.ready;
    void last.then(() => {
      if (mine === generation) drawn = next;
    });
  });
  const pageFor = (
    pathname: string,
    language: Language,
    page: PrerenderedPage | undefined,
    template: string,
  ) => {
    const headEnd = template.indexOf('</head>');
    let head = headEnd === -1 ? '' : preloadsFor(pathname);
    // A drawn page's scripts are named, to be asked for after its first paint. A signed-in screen
    // (its frame drawn or not) asks for its data itself (page-requests.ts).
    if (page) head = namePreloads(head + page.head);
    if (headEnd !== -1 && (!page || page.signedIn)) head += requestsFor(pathname);
    let html = head ? template.slice(0, headEnd) + head + template.slice(headEnd) : template;
    if (language !== LANGUAGES[0])
      html = html.replace('<html lang="en">', `<html lang="${language}">`);
    if (page) {
      html = html.replace(
        ROOT_ELEMENT,
        `<div id="root" data-prerendered="${language}"${page.signedIn ? ' data-signed-in=""' : ''} inert>${page.body}</div>`,
      );
    }
    return html;
  };

  // A studio preview's page: the draft's config, in the preview's language; made for this
  // request, not kept by any cache, and the studio (same origin) may show it in a frame.
  const sendPreview = (reply: FastifyReply, pathname: string, shown: PageConfig) => {
    const preview = shown.preview as { language?: Language } | undefined;
    const template =
      hasWeb && webDir
        ? inlineStylesheets(injectConfig(indexTemplate, withoutStudio(shown)), webDir)
        : '';
    framedByStudio(reply);
    return reply
      .header('cache-control', 'no-store')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(pageFor(pathname, preview?.language ?? LANGUAGES[0], undefined, template));
  };

  // The page carries runtime config and names this build's assets: revalidated on every visit,
  // never kept by a shared cache. A public page asked for without a query (which the page would
  // act on) comes drawn, in the language of the visitor's cookie (the default without one).
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/', query] = (request.raw.url ?? '/').split('?');
    const shown =
      options.preview && !isStudioPage(pathname) ? await options.preview(request) : undefined;
    if (shown) return sendPreview(reply, pathname, shown);
    const language = cookieLanguage(request.headers.cookie) ?? LANGUAGES[0];
    // The drawn page and its template from one set, even if a newer set is ready meanwhile.
    const set = drawn;
    const page = query === undefined ? await set.prerendered.page(pathname, language) : undefined;
    return reply
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(
        pageFor(
          pathname,
          language,
          page,
          page ? set.drawnHtml : isStudioPage(pathname) ? studioHtml : indexHtml,
        ),
      );
  };

  if (hasWeb && webDir) {
    app.get('/', sendIndex);
    app.get('/index.html', sendIndex);
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      // The build writes name.js.br and name.js.gz next to each asset (vite.config.ts); the
      // smallest the browser accepts is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      // Dot folders are the build's own (.vite/manifest.json, .prerender/: the server's
      // renderer), not the site's.
      allowedPath: (pathName) => !pathName.split('/').some((part) => part.startsWith('.')),
      setHeaders: (res, filePath) => {
        const relative = path.relative(webDir, filePath).split(path.sep).join('/');
        res.header(
          'cache-control',
          relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && wantsHtml(request.raw)) return sendIndex(request, reply);
    return sendError(request, reply, 404, 'notFound');
  });
}

export interface DevWeb {
  server: http.Server;
  vite: ViteDevServer;
  /** Call with Fastify's request handler (from serverFactory). */
  setHandler(handler: http.RequestListener): void;
}

/**
 * Creates the HTTP server and a Vite dev server in middleware mode bound to it. API requests and
 * HTML navigations go to Fastify (which serves the transformed index.html); everything else
 * (modules, assets, HMR) goes to Vite first.
 */
export async function createDevWeb(repoRoot: string): Promise<DevWeb> {
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const headers = securityHeaders(true);
  const server = http.createServer((req, res) => {
    if ((req.url ?? '').startsWith('/api') || wantsHtml(req)) {
      handler(req, res);
      return;
    }
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    vite.middlewares(req, res, () => handler(req, res));
  });
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: path.join(repoRoot, 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server } },
    appType: 'custom',
  });
  return {
    server,
    vite,
    setHandler: (h) => {
      handler = h;
    },
  };
}

/** The config a page carries: the whole one on the studio's pages, the debtor part elsewhere. */
function pageConfigFor(url: string, config: PageConfig): PageConfig {
  return isStudioPage(url.split('?')[0] ?? '/') ? config : withoutStudio(config);
}

/** Dev: index.html from Vite's root, transformed by Vite, with config re-read on every load. */
export function registerDevWeb(app: FastifyInstance, vite: ViteDevServer, options: WebOptions) {
  const indexFile = path.join(vite.config.root, 'index.html');
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = await vite.transformIndexHtml(request.url, readFileSync(indexFile, 'utf8'));
    const shown =
      options.preview && !isStudioPage(request.url.split('?')[0] ?? '/')
        ? await options.preview(request)
        : undefined;
    if (shown) framedByStudio(reply);
    return reply
      .header('cache-control', shown ? 'no-store' : 'no-cache')
      .type('text/html; charset=utf-8')
      .send(injectConfig(html, pageConfigFor(request.url, shown ?? options.getConfig())));
  };
  app.setNotFoundHandler(async (request, reply) => {
    if (wantsHtml(request.raw)) return sendIndex(request, reply);
    return sendError(request, reply, 404, 'notFound');
  });
  app.addHook('onClose', async () => {
    await vite.close();
  });
}
