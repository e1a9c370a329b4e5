/**
 * Texts within the law (issue 43, sms-texts.suite.ts) on SQLite and on PostgreSQL (a database of
 * its own, `${PG_DB_PREFIX:-portal_sms}_…`, dropped afterwards; skipped when PostgreSQL is not
 * reachable unless PG_REQUIRED=1).
 */
import { onBothDatabases } from './both-databases';
import { smsTextsSuite } from './sms-texts.suite';

await onBothDatabases(smsTextsSuite, { prefix: 'portal_sms', requiredName: 'texts on PostgreSQL' });
