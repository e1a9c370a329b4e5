/**
 * The Sentry SDK set-up, loaded on demand by ./monitoring (its own chunk). Session sample rate 100
 * percent (every page load is a release-health session and a traced page load), replays off (both
 * replay rates 0), and every input and text masked should a replay ever be recorded. Nothing
 * personal leaves: no user data, no bodies, headers, cookies or query values, and each event and
 * breadcrumb goes through the scrubber first.
 */
import * as Sentry from '@sentry/react';
import type { MonitoringConfig } from './config';
import { scrubBreadcrumb, scrubEvent } from './scrub';

export function initSentry(config: MonitoringConfig): (error: unknown) => void {
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
    },
    integrations: [
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration({ maskAllInputs: true, maskAllText: true, blockAllMedia: true }),
    ],
    tracesSampleRate: 1,
    // The portal's API calls carry no tracing headers.
    tracePropagationTargets: [],
    replaysSessionSampleRate: 0,
    replaysOnErrorSampleRate: 0,
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  return (error) => {
    Sentry.captureException(error);
  };
}
