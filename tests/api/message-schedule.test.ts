/**
 * Scheduled messages, texts through the outbox, imported consent, holds and contact hours
 * (issue 43, message-schedule.suite.ts) on SQLite and on PostgreSQL (a database of its own,
 * `${PG_DB_PREFIX:-portal_msgsched}_…`, dropped afterwards; skipped when PostgreSQL is not
 * reachable unless PG_REQUIRED=1).
 */
import { onBothDatabases } from './both-databases';
import { messageScheduleSuite } from './message-schedule.suite';

await onBothDatabases(messageScheduleSuite, {
  prefix: 'portal_msgsched',
  requiredName: 'message schedule on PostgreSQL',
});
