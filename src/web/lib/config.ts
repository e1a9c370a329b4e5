/**
 * Runtime config injected by the server into index.html as
 * `<script type="application/json" id="portal-config">` (data, so the CSP allows it).
 * Read synchronously before the first render: there is no config request.
 */
import type { FormFlow } from '../../engine/form/flow';
import type { LocalizedTree } from '../../engine/i18n/split';
import type { PaymentJourneyFile } from '../../domain/payment-journey';

export interface PortalConfig {
  /** Form flow files by name (flows/forms/<name>.json), passed to the engine as they are. */
  forms: Record<string, FormFlow>;
  /** Rules files by name (flows/rules/<name>.json). */
  rules: Record<string, unknown>;
  /** Text trees by namespace (flows/texts/<namespace>.json). */
  texts: LocalizedTree;
  /** Long texts by name (flows/content/<name>.json): legal documents and the agency's details. */
  content: Record<string, unknown>;
  /** Journeys by name (flows/journeys/<name>.json): the payment wizard's stages and variants. */
  journeys: Record<string, unknown>;
  /** Form pages by name (flows/pages/<name>.json): what each one-form page shows and does. */
  pages: Record<string, unknown>;
  /** Present only when the server has a monitoring DSN (SENTRY_DSN). */
  monitoring?: MonitoringConfig;
  /** The agency's time zone (the server's PORTAL_TIME_ZONE), for today's date. */
  calendar?: { timeZone: string };
  /**
   * How long a session may go without a call before the server ends it, and how long it may last
   * at most (the server's SESSION_IDLE_MINUTES and SESSION_MAX_HOURS), in ms: the browser warns
   * and signs out by the same limits, and says which one ended a session.
   */
  session?: SessionConfig;
  /**
   * The number of the content version (flows/ as published in the studio) this page was served
   * with: sent back with a payment or a plan change, whose authorization is then made of the texts
   * the debtor read here, even if a newer version is published meanwhile.
   */
  contentVersion?: number;
  /**
   * Present only on a page served for a studio preview (the server's studio/preview.ts): the draft
   * shown and the language the studio chose. The page shows a banner, starts in that language and
   * stores no language choice; the server refuses anything that records.
   */
  preview?: PreviewConfig;
}

export interface PreviewConfig {
  draftId: number;
  language: 'en' | 'es';
}

export interface SessionConfig {
  idleMs: number;
  maxMs: number;
}

/** The server's session limits without SESSION_IDLE_MINUTES / SESSION_MAX_HOURS: 15 min, 12 h. */
export const SESSION_DEFAULTS: SessionConfig = { idleMs: 15 * 60_000, maxMs: 12 * 3_600_000 };

export interface MonitoringConfig {
  dsn: string;
  environment?: string;
  release?: string;
}

export const PORTAL_CONFIG_ELEMENT_ID = 'portal-config';

export function readPortalConfig(doc: Document = document): PortalConfig {
  const element = doc.getElementById(PORTAL_CONFIG_ELEMENT_ID);
  if (!element?.textContent) {
    throw new Error(`#${PORTAL_CONFIG_ELEMENT_ID} is missing from the page`);
  }
  const parsed = JSON.parse(element.textContent) as Partial<PortalConfig>;
  return {
    forms: parsed.forms ?? {},
    rules: parsed.rules ?? {},
    texts: withoutSchemaMarkers(parsed.texts ?? {}),
    content: parsed.content ?? {},
    journeys: parsed.journeys ?? {},
    pages: parsed.pages ?? {},
    ...(parsed.monitoring?.dsn ? { monitoring: parsed.monitoring } : {}),
    ...(parsed.calendar?.timeZone ? { calendar: { timeZone: parsed.calendar.timeZone } } : {}),
    ...(isSessionConfig(parsed.session)
      ? { session: { idleMs: parsed.session.idleMs, maxMs: parsed.session.maxMs } }
      : {}),
    ...(Number.isSafeInteger(parsed.contentVersion) && Number(parsed.contentVersion) > 0
      ? { contentVersion: parsed.contentVersion }
      : {}),
    ...(isPreviewConfig(parsed.preview) ? { preview: parsed.preview } : {}),
  };
}

/** `{ contentVersion }` of the page, for a call that records what the debtor read; else `{}`. */
export function shownContentVersion(): { contentVersion?: number } {
  const { contentVersion } = portalConfig();
  return contentVersion === undefined ? {} : { contentVersion };
}

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/** A session block with both limits as positive numbers of ms; anything else is left out. */
function isSessionConfig(value: unknown): value is SessionConfig {
  const session = value as Partial<SessionConfig> | null | undefined;
  return positive(session?.idleMs) && positive(session?.maxMs);
}

/** A preview block with a draft id and a language the portal speaks; anything else is left out. */
function isPreviewConfig(value: unknown): value is PreviewConfig {
  const preview = value as Partial<PreviewConfig> | null | undefined;
  return (
    Number.isSafeInteger(preview?.draftId) &&
    (preview?.language === 'en' || preview?.language === 'es')
  );
}

/** Each texts file names its meta-schema in "$schema"; that is not a text. */
function withoutSchemaMarkers(texts: LocalizedTree): LocalizedTree {
  return Object.fromEntries(
    Object.entries(texts).map(([namespace, tree]) => {
      const { $schema: _schema, ...rest } = tree as LocalizedTree;
      return [namespace, rest];
    }),
  );
}

let cached: PortalConfig | undefined;

/** The server's prerender: the config it serves, in place of the page's. */
export function setPortalConfig(config: PortalConfig): void {
  cached = config;
}

/** The page's config, read once. */
export function portalConfig(): PortalConfig {
  cached ??= readPortalConfig();
  return cached;
}

/** flows/journeys/payment.json as the server injected it. */
export function paymentJourney(): PaymentJourneyFile {
  const journey = portalConfig().journeys.payment as PaymentJourneyFile | undefined;
  if (!journey?.variants) throw new Error('flows/journeys/payment.json is missing');
  return journey;
}
