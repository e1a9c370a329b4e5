/**
 * Error monitoring (spec §1). Nothing loads unless the server configured a DSN (SENTRY_DSN puts a
 * `monitoring` block into the page's config). With one, the Sentry SDK is fetched after the first
 * paint, in its own chunk, so it never weighs on the first load. Errors reported before it is
 * ready wait in a short queue.
 */
import { portalConfig, type MonitoringConfig } from './config';

type Reporter = (error: unknown) => void;

let reporter: Reporter | null = null;
let waiting: unknown[] = [];
let enabled = false;

/** Reports an error to monitoring; a no-op without a DSN. */
export function reportError(error: unknown): void {
  if (!enabled) return;
  if (reporter) reporter(error);
  else if (waiting.length < 20) waiting.push(error);
}

function afterFirstPaint(callback: () => void): void {
  requestAnimationFrame(() => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 3000 });
    else setTimeout(callback, 1);
  });
}

/** Starts monitoring when configured; call once after the first render. */
export function startMonitoring(config: MonitoringConfig | undefined = portalConfig().monitoring) {
  if (!config?.dsn || enabled) return;
  enabled = true;
  afterFirstPaint(() => {
    import('./sentry')
      .then(({ initSentry }) => {
        reporter = initSentry(config);
        const queued = waiting;
        waiting = [];
        for (const error of queued) reporter(error);
      })
      .catch(() => {
        // Monitoring must never break the portal; without it errors stay in the console.
        enabled = false;
        waiting = [];
      });
  });
}
