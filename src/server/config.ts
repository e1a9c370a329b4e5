/**
 * Runtime config from flows/: every JSON file under each sub-folder becomes
 * `config[folder][name]` (name = path inside the folder without `.json`, `/`-separated). The web
 * app reads it from one `<script type="application/json" id="portal-config">` in index.html.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface PortalConfig {
  forms: Record<string, unknown>;
  rules: Record<string, unknown>;
  texts: Record<string, unknown>;
  [folder: string]: Record<string, unknown>;
}

function jsonFiles(dir: string, prefix = ''): [string, string][] {
  const out: [string, string][] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...jsonFiles(full, `${prefix}${entry.name}/`));
    else if (entry.name.endsWith('.json')) out.push([`${prefix}${entry.name.slice(0, -5)}`, full]);
  }
  return out;
}

export function loadFlows(flowsDir: string): PortalConfig {
  const config: PortalConfig = { forms: {}, rules: {}, texts: {} };
  if (!existsSync(flowsDir)) return config;
  for (const entry of readdirSync(flowsDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder: Record<string, unknown> = config[entry.name] ?? {};
    for (const [name, file] of jsonFiles(path.join(flowsDir, entry.name))) {
      try {
        folder[name] = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`flows/${entry.name}/${name}.json is not valid JSON: ${reason}`);
      }
    }
    config[entry.name] = folder;
  }
  return config;
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
export function configScript(config: PortalConfig): string {
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
export function injectConfig(html: string, config: PortalConfig): string {
  const script = configScript(config);
  const at = html.search(/<\/body>/i);
  return at === -1 ? `${html}${script}` : `${html.slice(0, at)}${script}\n${html.slice(at)}`;
}
