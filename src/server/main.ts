/**
 * Starts the portal: `tsx src/server/main.ts [--dev]`.
 * Env: HOST (127.0.0.1), PORT (3000), DATA_DIR (./data, SQLite file portal.db), DATABASE_URL
 * (PostgreSQL instead of SQLite), PORTAL_SECRET, PORTAL_TIME_ZONE, LOG_LEVEL, TRUST_PROXY (the
 * proxies' addresses or CIDRs: http/trust-proxy.ts), WEB_DIR (dist/web), FLOWS_DIR (flows),
 * DEMO_DATA (import file for an empty DB, or "off"),
 * LOCKOUT_MAX_FAILURES / LOCKOUT_MAX_FAILURES_PER_ADDRESS (sign-in failures before a 15-minute
 * lock; default 5 each), SENTRY_DSN / SENTRY_ENVIRONMENT / SENTRY_RELEASE (browser error
 * monitoring; nothing loads without a DSN), REDIS_URL (rate-limit counters shared by every process;
 * in memory without it), RATE_LIMIT_PREFIX / RATE_LIMIT_WINDOW_SECONDS /
 * RATE_LIMIT_SIGN_IN_PER_ADDRESS / RATE_LIMIT_SIGN_IN_PER_IDENTITY / RATE_LIMIT_GUEST_PER_ADDRESS
 * (read by buildApp: http/rate-limits.ts), HEAP_SNAPSHOT_DIR (heap snapshots on request of the
 * parent process over IPC only: memory-reports.ts).
 * The server secret: PORTAL_SECRET (at least 32 bytes) or PORTAL_KEY_FILE, else DATA_DIR/portal.key
 * on SQLite; on PostgreSQL one of the two is required (db/secret.ts).
 */
import path from 'node:path';
import { buildApp, REPO_ROOT } from './app';
import { openDatabase } from './db/database';
import { secretSourceFromEnv } from './db/secret';
import { answerMemoryRequests } from './memory-reports';
import { trustProxyFrom } from './http/trust-proxy';

async function main(): Promise<void> {
  // Before anything is opened: a TRUST_PROXY that would trust anyone stops the start.
  const trustProxy = trustProxyFrom(process.env.TRUST_PROXY);
  const dev = process.argv.includes('--dev');
  const host = process.env.HOST || '127.0.0.1';
  const port = Number(process.env.PORT || 3000);
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  const database = openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
  const demo = process.env.DEMO_DATA;
  const secret = secretSourceFromEnv(process.env, database);

  const app = await buildApp({
    db: database.db,
    flowsDir: path.resolve(process.env.FLOWS_DIR || path.join(REPO_ROOT, 'flows')),
    schemasDir: path.resolve(process.env.SCHEMAS_DIR || path.join(REPO_ROOT, 'schemas')),
    webDir: path.resolve(process.env.WEB_DIR || path.join(REPO_ROOT, 'dist/web')),
    dev,
    secret: secret.secret,
    keyFile: secret.keyFile,
    trustProxy,
    demoDataFile: demo === 'off' ? false : demo ? path.resolve(demo) : undefined,
    logger: { level: process.env.LOG_LEVEL || 'info' },
    lockout: {
      maxFailures: Number(process.env.LOCKOUT_MAX_FAILURES) || 5,
      maxFailuresPerAddress: Number(process.env.LOCKOUT_MAX_FAILURES_PER_ADDRESS) || 5,
    },
  });
  app.addHook('onClose', async () => {
    await database.destroy();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host, port });
  answerMemoryRequests();
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  console.log(`Portal running at http://${shownHost}:${actualPort}/`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
