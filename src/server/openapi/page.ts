/**
 * The API reference for people: GET /api/docs/ is a page on which Redoc (npm `redoc`, its
 * standalone bundle served from node_modules by this server, never from a CDN) renders the
 * OpenAPI document of GET /api/docs. The page works under the production CSP unchanged: no inline
 * script (the bootstrap is page/redoc-init.js, served from our origin), no eval on Redoc's path,
 * styles inline (allowed for Fluent UI already). The one thing Redoc 2 loads from elsewhere, the
 * logo of its "API docs by Redocly" footer, is replaced by an empty data: image (the footer keeps
 * its words) rather than left for the CSP to block. The page's own words (title, the no-script
 * note) are in flows/texts/api-docs.json, in the caller's Accept-Language; Redoc's are English.
 *
 * The three routes are `hide`: they are not part of the API the document describes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { LocalizedTree } from '../../engine/i18n/split';
import { treeTranslator } from '../../engine/form/messages';
import { pickLanguage } from '../http/messages';

const require = createRequire(import.meta.url);

/** The footer logo Redoc 2 loads from its CDN; the CSP would block it (img-src 'self' data:). */
export const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

/** The files the page loads, by the name it loads them with (relative to /api/docs/). */
const SCRIPTS: Record<string, () => Buffer> = {
  'redoc.standalone.js': () =>
    Buffer.from(
      readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8').replaceAll(
        REDOC_LOGO,
        'data:,',
      ),
    ),
  'redoc-init.js': () => readFileSync(path.join(import.meta.dirname, 'page', 'redoc-init.js')),
};

const TEXT_KEYS = ['title', 'noscript'] as const;

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The page in one language; relative URLs, so it also works behind a path prefix. */
export function docsPageHtml(texts: Record<string, unknown>, language: 'en' | 'es'): string {
  const translate = treeTranslator(texts as LocalizedTree, language);
  const text = (key: (typeof TEXT_KEYS)[number]) =>
    escapeHtml(translate.text(`api-docs.${key}`) ?? key);
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${text('title')}</title>`,
    // No favicon request (the API has none): an empty data: icon.
    '<link rel="icon" href="data:,">',
    '</head>',
    '<body>',
    `<noscript><p>${text('noscript')}</p></noscript>`,
    '<div id="redoc" data-spec-url="../docs"></div>',
    '<script src="redoc.standalone.js"></script>',
    '<script src="redoc-init.js"></script>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The page in both languages; throws, naming it, when one of its texts is missing. */
export function docsPages(texts: Record<string, unknown>): Record<'en' | 'es', string> {
  // A missing text refuses the content, naming it, like the answer texts of the API.
  for (const language of ['en', 'es'] as const) {
    const translate = treeTranslator(texts as LocalizedTree, language);
    for (const key of TEXT_KEYS) {
      if (!translate.text(`api-docs.${key}`)) {
        throw new Error(`flows/texts/api-docs.json: missing ${language} text for "${key}"`);
      }
    }
  }
  return { en: docsPageHtml(texts, 'en'), es: docsPageHtml(texts, 'es') };
}

const pagesOf = new WeakMap<Record<string, unknown>, Record<'en' | 'es', string>>();

/** The pages of a texts tree, made once per tree (a published version has a tree of its own). */
export function docsPagesOf(texts: Record<string, unknown>): Record<'en' | 'es', string> {
  let pages = pagesOf.get(texts);
  if (!pages) {
    pages = docsPages(texts);
    pagesOf.set(texts, pages);
  }
  return pages;
}

/** `texts()` gives the texts served now: the page follows a publish. */
export function registerDocsPage(app: FastifyInstance, texts: () => Record<string, unknown>): void {
  docsPagesOf(texts());

  app.get('/api/docs/', { schema: { hide: true } }, async (request, reply) => {
    const language = pickLanguage(request.headers['accept-language']);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language')
      .type('text/html; charset=utf-8')
      .send(docsPagesOf(texts())[language]);
  });

  // Read on first use: Redoc's bundle is a megabyte that API-only servers (tests) never send.
  const files = new Map<string, Buffer>();
  for (const [name, read] of Object.entries(SCRIPTS)) {
    app.get(`/api/docs/${name}`, { schema: { hide: true } }, async (_request, reply) => {
      let body = files.get(name);
      if (!body) {
        body = read();
        files.set(name, body);
      }
      return reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/javascript; charset=utf-8')
        .send(body);
    });
  }
}
