/**
 * Runtime config from flows/: every JSON file under each sub-folder becomes
 * `config[folder][name]` (name = path inside the folder without `.json`, `/`-separated). The web
 * app reads it from one `<script type="application/json" id="portal-config">` in index.html.
 */
import { readFlowsTree, treeToConfig } from './content/tree';

export interface PortalConfig {
  forms: Record<string, unknown>;
  rules: Record<string, unknown>;
  texts: Record<string, unknown>;
  [folder: string]: Record<string, unknown>;
}

/** flows/ as the server's config: every `.json` file of each sub-folder (content/tree.ts). */
export function loadFlows(flowsDir: string): PortalConfig {
  return treeToConfig(readFlowsTree(flowsDir));
}

/**
 * What index.html carries: the config of the content version served (without its server-only
 * folders), the page's blocks (calendar, session, monitoring) and the version's number.
 */
export interface PageConfig {
  contentVersion: number;
  [key: string]: unknown;
}

/** The staff studio's pages: `/studio` and below (the API under `/studio/api` is not a page). */
export const isStudioPage = (pathname: string): boolean =>
  pathname === '/studio' || pathname.startsWith('/studio/');

/**
 * A page config without the staff studio's own parts (its texts, flows/texts/studio.json, and
 * its forms, flows/forms/studio-*.json): what the debtor pages carry, so the studio does not make
 * them heavier. The studio's pages carry the whole config.
 */
export function withoutStudio(config: PageConfig): PageConfig {
  const { texts, forms } = config as {
    texts?: Record<string, unknown>;
    forms?: Record<string, unknown>;
  };
  const { studio: _studioTexts, ...debtorTexts } = texts ?? {};
  const debtorForms = Object.fromEntries(
    Object.entries(forms ?? {}).filter(([name]) => !name.startsWith('studio-')),
  );
  return { ...config, texts: debtorTexts, forms: debtorForms };
}

/** The page's monitoring block (spec §1): where the browser reports errors. A type, so it is a Record. */
export type MonitoringSettings = { dsn: string; environment?: string; release?: string };

/**
 * The page's calendar block: the agency's time zone (PORTAL_TIME_ZONE), in which the browser, like
 * the server, works out today's date for every rule and date limit. A type, so it is a Record.
 */
export type CalendarSettings = { timeZone: string };

/**
 * The page's session block: how long a session may go without a call before the server ends it,
 * and how long it may last at most (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS), so the browser warns
 * and signs out by the same limits. A type, so it is a Record.
 */
export type SessionSettings = { idleMs: number; maxMs: number };

/** SENTRY_DSN (with SENTRY_ENVIRONMENT and SENTRY_RELEASE), or undefined when no DSN is set. */
export function monitoringFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): MonitoringSettings | undefined {
  const dsn = env.SENTRY_DSN?.trim();
  if (!dsn) return undefined;
  return {
    dsn,
    ...(env.SENTRY_ENVIRONMENT ? { environment: env.SENTRY_ENVIRONMENT } : {}),
    ...(env.SENTRY_RELEASE ? { release: env.SENTRY_RELEASE } : {}),
  };
}

/** The origin a DSN's events are sent to (the CSP's connect-src must allow it); null if malformed. */
export function dsnOrigin(dsn: string): string | null {
  try {
    const url = new URL(dsn);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The config as a JSON data block; `<` is escaped so no text can close the element. */
export function configScript(config: PortalConfig | PageConfig): string {
  const json = JSON.stringify(config)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="portal-config">${json}</script>`;
}

/**
 * The config at the end of the body: the page's scripts (modules) run after the whole page is
 * parsed, so they find it there, and the browser parses the page's visible markup (a page drawn
 * on the server) before this large block of data.
 */
export function injectConfig(html: string, config: PortalConfig | PageConfig): string {
  const script = configScript(config);
  const at = html.search(/<\/body>/i);
  return at === -1 ? `${html}${script}` : `${html.slice(0, at)}${script}\n${html.slice(at)}`;
}
