/**
 * buildApp: the whole portal server as a Fastify instance, shared by main.ts and the API tests.
 * It migrates the database, loads the server secret, loads the demo data into an empty database,
 * opens the content versions (flows/ imported as version 1 into an empty database; after that the
 * newest published version, live: content/store.ts), and registers security headers, error
 * handling, the API and the web app.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerFactoryHandler,
  type FastifyServerOptions,
} from 'fastify';
import type { DestinationStream } from 'pino';
import { deriveKeys } from './auth/keys';
import { Lockout, type LockoutOptions } from './auth/lockout';
import { registerAuthRoutes } from './auth/routes';
import { sessionLimitsFromEnv, type SessionLimits } from './auth/sessions';
import { TokenService } from './auth/tokens';
import {
  dsnOrigin,
  loadFlows,
  monitoringFromEnv,
  type CalendarSettings,
  type PageConfig,
  type SessionSettings,
  type MonitoringSettings,
} from './config';
import { catalogOf, serverContentCheck, signInPolicyOf } from './content/server-checks';
import { DatabaseContentStore, type ContentStore, type PublishedContent } from './content/store';
import { liveCatalog } from './http/messages';
import type { SchemaEnums } from './http/validation';
import type { PortalContext } from './context';
import { calendarDay, DEFAULT_TIME_ZONE } from './dates';
import { writesSettled } from './db/database';
import { importPortalData } from './db/import';
import { migrateToLatest } from './db/migrate';
import { checkSecretSource, loadServerSecret } from './db/secret';
import type { Db } from './db/types';
import { registerCompression } from './http/compression';
import { loggerOptions, requestLogger } from './http/logger';
import { registerErrorHandling, sendError } from './http/errors';
import { registerAliases } from './http/aliases';
import { BODY_LIMIT, registerInputRules } from './http/input';
import { rateLimitsFromEnv, registerRateLimits, type RateLimitOptions } from './http/rate-limits';
import { registerSecurityHeaders } from './http/security';
import { installValidator, loadApiSchemas, schemaRef } from './http/validation';
import { createDevWeb, registerDevWeb, registerProductionWeb } from './http/web';
import { registerValidatorModules } from './forms/validator-route';
import { registerAccountRoutes } from './routes/accounts';
import { registerFundingRoutes } from './routes/funding';
import { registerPaymentRoutes } from './routes/payments';
import { registerPlanRoutes } from './routes/plans';
import { registerPlanChangeRoutes } from './routes/plan-changes';
import { registerLetterRoutes } from './routes/letters';
import { registerDocumentRoutes } from './routes/documents';
import { registerMessageRoutes } from './routes/messages';
import { registerOpenApi } from './openapi/document';
import { registerDebtorRoutes } from './routes/debtor';
import { registerFormRoutes } from './routes/forms';
import { registerFormRecordRoutes } from './routes/form-records';
import { registerGuestRoutes } from './routes/guest';
import { registerManagementRoutes } from './routes/management';
import { registerAnalyticsRoutes } from './routes/analytics';
import { registerStudioRoutes } from './studio/routes';
import { registerAgencyFeed } from './events/feed';
import { registerSmsInbound, type SmsSettings } from './messages/sms/inbound';
import { smsProviderFromEnv } from './messages/sms/provider';
import { previewPageConfig } from './studio/preview';
import { registerPreviewGuard } from './studio/preview-guard';
import { startSettling } from './payments/recovery';
import {
  WebhookDispatcher,
  webhookSettingsFromEnv,
  type WebhookSettings,
} from './webhooks/dispatcher';
import { lazyPaymentServices } from './payments/services';
import { registerMessages, type MessageOptions } from './messages/outbox';
import { journeyEnums } from './payments/journey';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

declare module 'fastify' {
  interface FastifyInstance {
    /** The content versions this server serves (also `ctx.content`). */
    content: ContentStore;
  }
}

export interface BuildAppOptions {
  db: Db;
  /** Folder with forms/, rules/, texts/, content/, clients/...: imported as content version 1. */
  flowsDir: string;
  /** Built web app (dist/web). Without an index.html there the server answers only /api. */
  webDir?: string;
  /** Run Vite in middleware mode on the same port (HMR); relaxes the CSP for Vite. */
  dev?: boolean;
  /** Injectable clock (tests). */
  now?: () => Date;
  /** Time zone of calendar days (default PORTAL_TIME_ZONE or America/New_York). */
  timeZone?: string;
  /** false, or pino options; `stream` captures logs (tests). */
  logger?: false | { level?: string; stream?: DestinationStream };
  /** The server secret itself (PORTAL_SECRET, at least 32 bytes); or `keyFile`. */
  secret?: string | undefined;
  /** A file holding the server secret, made when missing (PORTAL_KEY_FILE, or DATA_DIR/portal.key). */
  keyFile?: string | undefined;
  /** Import file loaded when the database has no debtors; false to skip. Default demo data. */
  demoDataFile?: string | false;
  /** Fastify trustProxy (client address from X-Forwarded-For); default false. */
  trustProxy?: FastifyServerOptions['trustProxy'];
  lockout?: LockoutOptions;
  schemasDir?: string;
  /** Error monitoring for the browser (default from SENTRY_DSN); false for none. */
  monitoring?: MonitoringSettings | false;
  /** A payment's lease (default PAYMENT_LEASE_SECONDS, or 60 s); see src/server/payments/recovery.ts. */
  paymentLeaseMs?: number;
  /** Rate limits of the sign-in, letter and guest calls (default from REDIS_URL, RATE_LIMIT_*). */
  rateLimit?: RateLimitOptions;
  /** Session limits: idle and absolute (default SESSION_IDLE_MINUTES, SESSION_MAX_HOURS: 15 min, 12 h). */
  session?: Partial<SessionLimits>;
  /** The webhook dispatcher's settings (default from WEBHOOK_POLL_MS, WEBHOOK_LEASE_SECONDS). */
  webhooks?: Partial<WebhookSettings>;
  /** Texts (issue 43): the SMS provider and webhook secret (default SMS_PROVIDER_URL, SMS_WEBHOOK_SECRET). */
  sms?: Partial<SmsSettings>;
  /** Messages to debtors (default from PORTAL_URL, SMTP_URL, MESSAGE_POLL_MS): messages/outbox/. */
  messages?: MessageOptions;
  /** The content store's fallback poll beside its LISTEN (default 30 s; 0 for none: tests). */
  contentPollMs?: number;
}

async function seedIfEmpty(
  db: Db,
  file: string,
  keys: ReturnType<typeof deriveKeys>,
  now: () => Date,
  today: string,
): Promise<'seeded' | 'skipped'> {
  const row = await db
    .selectFrom('debtors')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  if (Number(row?.n ?? 0) > 0 || !existsSync(file)) return 'skipped';
  const result = await importPortalData(db, JSON.parse(readFileSync(file, 'utf8')) as unknown, {
    identityHmacKey: keys.identityHmacKey,
    today,
    now: now(),
  });
  if (!result.ok) {
    const lines = result.problems.map((p) => `  ${p.path}: ${p.reason}`).join('\n');
    throw new Error(`Demo data ${file} was not imported:\n${lines}`);
  }
  return 'seeded';
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const timeZone = options.timeZone ?? process.env.PORTAL_TIME_ZONE ?? DEFAULT_TIME_ZONE;
  const today = () => calendarDay(now(), timeZone);
  const dev = options.dev ?? false;
  const { db } = options;

  const secretSource = checkSecretSource({ secret: options.secret, keyFile: options.keyFile });
  await migrateToLatest(db);
  const keys = deriveKeys(await loadServerSecret(db, secretSource));
  const demoFile =
    options.demoDataFile === undefined
      ? path.join(REPO_ROOT, 'demo/demo-data.json')
      : options.demoDataFile;
  const seeded = demoFile ? await seedIfEmpty(db, demoFile, keys, now, today()) : 'skipped';

  const schemasDir = options.schemasDir ?? path.join(REPO_ROOT, 'schemas');
  // Known once the first version is loaded and the app made; the store's checks and logs read them.
  const later: { enums?: SchemaEnums; log?: FastifyBaseLogger } = {};
  const content = await DatabaseContentStore.open({
    db,
    flowsDir: options.flowsDir,
    now,
    pollMs: options.contentPollMs,
    check: serverContentCheck({ db, schemasDir, enums: () => later.enums }),
    log: (level, detail, message) => later.log?.[level](detail, message),
  });
  later.enums = journeyEnums(content.current().config);
  const schemas = loadApiSchemas(schemasDir, later.enums);
  const monitoring =
    options.monitoring === undefined ? monitoringFromEnv() : options.monitoring || undefined;
  const calendar: CalendarSettings = { timeZone };
  const sessionLimits: SessionLimits = { ...sessionLimitsFromEnv(), ...options.session };
  // The browser signs an idle user out by the same limit the server ends the session by.
  const session: SessionSettings = { idleMs: sessionLimits.idleMs, maxMs: sessionLimits.maxMs };
  // The page's config: the content version served, without its server-only folders (the sign-in
  // policy; the glossary, which only the checks read and whose samples name people; the messages,
  // which only the server renders; the studio's names for people, which the studio reads by its
  // API), and its number (sent back with a payment: the texts the debtor
  // was shown). Dev re-reads flows/ on every page load so edits show on reload.
  const forPage = ({ version, config }: PublishedContent): PageConfig => {
    const {
      policies: _serverOnly,
      glossary: _checksOnly,
      messages: _sentOnly,
      studio: _studioOnly,
      ...shown
    } = config;
    const page = { ...shown, calendar, session, contentVersion: version };
    return monitoring ? { ...page, monitoring } : page;
  };
  const pageConfigs = new WeakMap<PublishedContent, PageConfig>();
  const getConfig = (): PageConfig => {
    const current = content.current();
    if (dev) return forPage({ ...current, config: loadFlows(options.flowsDir) });
    let page = pageConfigs.get(current);
    if (!page) {
      page = forPage(current);
      pageConfigs.set(current, page);
    }
    return page;
  };

  const devWeb = dev ? await createDevWeb(REPO_ROOT) : undefined;
  const fastifyOptions = {
    logger: loggerOptions(options.logger),
    trustProxy: options.trustProxy ?? false,
    bodyLimit: BODY_LIMIT,
    childLoggerFactory: requestLogger,
    // A URL that does not decode (`%E0%A4%A`, the UTF-8 of a lone surrogate) is answered before
    // routing; in the shared error shape and the caller's language like every other 400.
    frameworkErrors: (
      _error: FastifyError,
      request: FastifyRequest,
      reply: FastifyReply,
    ): FastifyReply => sendError(request, reply, 400, 'invalidRequest'),
  };
  const app: FastifyInstance = devWeb
    ? Fastify({
        ...fastifyOptions,
        serverFactory: (handler: FastifyServerFactoryHandler) => {
          devWeb.setHandler(handler);
          return devWeb.server;
        },
      })
    : Fastify(fastifyOptions);
  later.log = app.log;
  app.decorate('content', content);
  app.addHook('onClose', async () => content.close());
  if (seeded === 'seeded') app.log.info('demo data loaded into the empty database');

  const monitoringOrigin = monitoring ? dsnOrigin(monitoring.dsn) : null;
  registerSecurityHeaders(app, dev, monitoringOrigin ? [monitoringOrigin] : []);
  registerErrorHandling(
    app,
    liveCatalog(() => catalogOf(content.current().config)),
  );
  await registerCompression(app);
  // SQLite's group commit (db/group-commit.ts): no answer leaves before what it shows is on disk.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    const settled = writesSettled(db);
    if (!settled) done(null, payload);
    else settled.then(() => done(null, payload), done);
  });
  registerInputRules(app);
  registerAliases(app);
  installValidator(app, schemas);
  const limits = await registerRateLimits(
    app,
    keys.identityHmacKey,
    options.rateLimit ?? rateLimitsFromEnv(),
  );

  const ctx: PortalContext = {
    db,
    keys,
    tokens: new TokenService(db, keys.jwtKey, now, sessionLimits),
    lockout: new Lockout(db, now, options.lockout),
    limits,
    schemas,
    now,
    today,
    timeZone,
    content,
    get config() {
      return content.current().config;
    },
    schemasDir,
    get signInPolicy() {
      return signInPolicyOf(content.current().config);
    },
    paymentLeaseMs:
      options.paymentLeaseMs ?? (Number(process.env.PAYMENT_LEASE_SECONDS) || 60) * 1000,
  };

  // A studio preview's browser (studio/preview.ts) records nothing through the debtor API.
  registerPreviewGuard(app, ctx);
  const preview = previewPageConfig(ctx, sessionLimits, forPage);
  registerOpenApi(app, ctx, schemasDir);
  registerValidatorModules(app, ctx);
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Health check: the server answers',
        response: { 200: schemaRef(schemas, 'health') },
      },
    },
    async (_request, reply) => {
      return reply.header('cache-control', 'no-store').send({ status: 'ok' });
    },
  );

  for (const prefix of ['/api', '/api/v2']) {
    await app.register(
      async (api) => {
        api.addHook('onRequest', async (request, reply) => {
          reply.header('cache-control', 'no-store');
          const sid = request.headers['x-session-id'];
          if (typeof sid !== 'string' || sid.trim() === '' || sid.length > 200) {
            return sendError(request, reply, 400, 'missingSession');
          }
        });
        registerAuthRoutes(api, ctx);
        registerAccountRoutes(api, ctx);
        registerPaymentRoutes(api, ctx);
        registerPlanRoutes(api, ctx);
        registerPlanChangeRoutes(api, ctx);
        registerFundingRoutes(api, ctx);
        registerLetterRoutes(api, ctx);
        registerDocumentRoutes(api, ctx);
        registerMessageRoutes(api, ctx); // Messages in My documents (issue 43): routes/messages.ts.
        registerDebtorRoutes(api, ctx);
        registerFormRoutes(api, ctx);
        registerFormRecordRoutes(api, ctx);
        registerGuestRoutes(api, ctx);
        registerManagementRoutes(api, ctx);
        registerAnalyticsRoutes(api, ctx);
      },
      { prefix },
    );
  }

  // The staff studio's API (issue 24): its own cookie session and CSRF token, apart from /api.
  await registerStudioRoutes(app, ctx, { session: sessionLimits });
  registerAgencyFeed(app, ctx); // The agency's events feed (issue 42): src/server/events/feed.ts.
  // Text replies from the SMS provider (issue 43): src/server/messages/sms/inbound.ts.
  const smsSettings: SmsSettings = {
    provider: options.sms?.provider ?? smsProviderFromEnv(process.env),
    webhookSecret: options.sms?.webhookSecret ?? (process.env.SMS_WEBHOOK_SECRET?.trim() || null),
  };
  await registerSmsInbound(app, ctx, smsSettings);

  // Payments left in flight by a process that died are settled once their lease has passed.
  const stopSettling = startSettling(ctx, lazyPaymentServices(ctx), (error) =>
    app.log.error({ err: error }, 'settling payments left in flight failed'),
  );
  app.addHook('onClose', async () => stopSettling());

  // Webhooks (issue 42): this process's share of the deliveries (src/server/webhooks/).
  const webhooks = new WebhookDispatcher(
    db,
    keys.webhookKey,
    now,
    { ...webhookSettingsFromEnv(), ...options.webhooks },
    (error) => app.log.error({ err: error }, 'webhook delivery failed'),
  );
  app.decorate('webhooks', webhooks);
  app.addHook('onClose', async () => webhooks.stop());
  webhooks.start();
  // Messages to debtors (issue 43): recorded, then sent over SMTP or kept in the outbox.
  registerMessages(app, ctx, { smsProvider: smsSettings.provider, ...options.messages });

  if (devWeb) registerDevWeb(app, devWeb.vite, { getConfig, preview });
  else {
    await registerProductionWeb(app, {
      webDir: options.webDir,
      getConfig,
      preview,
      onChange: (listener) => content.onChange(() => listener()),
      warn: (message, error) => app.log.warn({ err: error }, message),
    });
  }

  return app;
}
