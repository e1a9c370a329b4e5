/**
 * How a page drawn on the server (prerender.ts) starts its JavaScript: after its first paint.
 *
 * Such a page is read without any JavaScript: its text is in the HTML and its styles inline. Its
 * scripts are therefore not asked for while the page is being read and painted, but named in
 * `<meta>` elements (the entry, `portal-entry`, and the chunks to preload, `portal-module`), and
 * this small inline script, at the end of the body, asks for them all at once (modulepreload
 * links, then the entry) once the browser has painted the page's text: when the Paint Timing API
 * reports the first contentful paint (a first paint may show only backgrounds), or, where that
 * API is missing, in a task queued from a requestAnimationFrame callback (which runs just before a
 * frame is painted); at the latest START_AT_LATEST_MS after the page is read.
 *
 * Why: on a phone the entry and its chunks (about 190 KB compressed for /login) would otherwise
 * share the network with the page and then be parsed and run, about a second on a slow processor,
 * before the page's own text is painted, though that text needs none of it. Lighthouse's
 * simulation of a slow phone counts every high-priority script fetched before the first paint of
 * the measured load as holding that paint. The page stays inert until React has it
 * (src/web/main.tsx), so nothing can be done with it before the script runs either way.
 *
 * A hidden page (a tab opened in the background) paints no frames: it starts at once. The script
 * is a constant, allowed by its hash in the Content-Security-Policy (security.ts): no other inline
 * script can run.
 */
import { createHash } from 'node:crypto';

/** However long the first paint takes, the scripts are asked for by then (ms after reading). */
const START_AT_LATEST_MS = 1500;

export const BOOT_SCRIPT =
  '(function(){var started=false;function start(){if(started)return;started=true;' +
  'var added=document.createDocumentFragment();function add(element){added.appendChild(element);}' +
  "var modules=document.querySelectorAll('meta[name=portal-module]');" +
  "for(var i=0;i<modules.length;i++){var link=document.createElement('link');link.rel='modulepreload';" +
  "link.crossOrigin='';link.href=modules[i].content;add(link);}" +
  "var entry=document.querySelector('meta[name=portal-entry]');if(!entry)return;" +
  "var script=document.createElement('script');script.type='module';script.crossOrigin='';" +
  'script.src=entry.content;add(script);document.head.appendChild(added);}' +
  "if(document.visibilityState!=='visible'){start();return;}" +
  'var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];' +
  "if(types.indexOf('paint')===-1){requestAnimationFrame(function(){setTimeout(start,0);});}" +
  'else{new PerformanceObserver(function(list,observer){' +
  "if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(start,0);}" +
  "}).observe({type:'paint',buffered:true});}" +
  `setTimeout(start,${START_AT_LATEST_MS});})();`;

/** The CSP source that allows BOOT_SCRIPT and nothing else inline. */
export const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

const ENTRY = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** A page's modulepreload links as `portal-module` names, for BOOT_SCRIPT to ask for later. */
export function namePreloads(html: string): string {
  return html.replace(
    PRELOAD,
    (_link, href: string) => `<meta name="portal-module" content="${href}">`,
  );
}

/**
 * The page with its scripts asked for by BOOT_SCRIPT after the first paint (unchanged if the page
 * has no single module entry script or no body end). Made once from index.html at start-up; the
 * preloads added per address go through namePreloads.
 */
export function startAfterFirstPaint(html: string): string {
  const entry = ENTRY.exec(html);
  const bodyEnd = html.lastIndexOf('</body>');
  if (!entry || bodyEnd === -1) return html;
  const named = `${html.slice(0, bodyEnd)}<script>${BOOT_SCRIPT}</script>\n${html.slice(bodyEnd)}`;
  return namePreloads(named.replace(ENTRY, `<meta name="portal-entry" content="${entry[1]}">`));
}
