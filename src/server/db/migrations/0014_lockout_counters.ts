/**
 * Lockouts that count before they judge (issue 39, items 1 and 7). `lockout_counters` holds one
 * row per key (a debtor, a letter's account, a client address, a staff email): the attempts
 * counted in its window, when the window ends, the lock in force if any, and when the row lapses
 * (`expires_at`, indexed: lapsed rows are deleted on write, a bounded batch at a time). It
 * replaces `login_attempts` (a row per failure) and `staff_lockouts` (a row per email, never
 * removed); locks in force there are carried over (client addresses and staff emails: the debtor
 * keys are new, see auth/lockout.ts).
 *
 * `sign_in_failures` counts the failed studio sign-ins per client address and minute: the first
 * of a minute is written to the audit log, the rest only raise this count (studio/audit.ts).
 */
import { PostgresAdapter, type Kysely } from 'kysely';

/** The lock length of the old tables (15 minutes), for carrying their locks over. */
const LOCK_MS = 15 * 60_000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lockout_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('window_until', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lockout_counters_expires')
    .on('lockout_counters')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('sign_in_failures')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('minute', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_failures_pk', ['address', 'minute'])
    .execute();

  // Locks in force in the old tables stay in force.
  const now = new Date();
  const stamp = now.toISOString();
  const untyped = db as Kysely<Record<string, Record<string, string | number | null>>>;
  const staff = await untyped
    .selectFrom('staff_lockouts')
    .select(['email', 'locked_until'])
    .where('locked_until', '>', stamp)
    .execute();
  const addresses = await untyped
    .selectFrom('login_attempts')
    .select(['key', 'created_at'])
    .where('kind', '=', 'lock')
    .where('key', 'like', 'ip:%')
    .where('created_at', '>', new Date(now.getTime() - LOCK_MS).toISOString())
    .execute();
  const carried = new Map<string, string>();
  for (const row of staff) carried.set(`staff:${String(row.email)}`, String(row.locked_until));
  for (const row of addresses) {
    const until = new Date(new Date(String(row.created_at)).getTime() + LOCK_MS).toISOString();
    const key = String(row.key);
    if ((carried.get(key) ?? '') < until) carried.set(key, until);
  }
  for (const [key, until] of carried) {
    await untyped
      .insertInto('lockout_counters')
      .values({ key, attempts: 0, window_until: until, locked_until: until, expires_at: until })
      .execute();
  }
  await db.schema.dropTable('login_attempts').execute();
  await db.schema.dropTable('staff_lockouts').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = db.schema.createTable('login_attempts');
  await (
    postgres
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_key_time')
    .on('login_attempts')
    .columns(['key', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createTable('staff_lockouts')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failed_attempts', 'integer', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.dropTable('sign_in_failures').execute();
  await db.schema.dropTable('lockout_counters').execute();
}
