/**
 * One lease queue for the tables whose rows server processes work off under a lease (webhook
 * deliveries, issue 42; messages, issue 43). A row is `pending` until settled; while a process
 * works on it, it holds a lease (`lease_owner`, `lease_until`):
 *
 * - claim: one statement leases at most `limit` due rows. The due rows are picked once, in a
 *   MATERIALIZED common table expression (FOR UPDATE SKIP LOCKED on PostgreSQL, so two processes
 *   never claim one row and never wait for each other), and only those are updated.
 *
 *   Why not `UPDATE … WHERE id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)`, as both queues had:
 *   PostgreSQL may plan it as a nested-loop semi-join that rescans the subquery for every outer
 *   row. Each rescan's row locking skips the rows this very statement has already updated
 *   ("updated by self"), so it yields the next due row, and the statement leases every due row,
 *   whatever `limit` says. A process then had a whole burst on the wire at once: killed, every
 *   accepted message of the burst was in doubt and sent again (issue 43's kill -9 duplicates).
 *   A MATERIALIZED CTE is evaluated once.
 * - settle: the outcome is written only by the lease's owner, while the row is `pending`
 *   (`settleLeased`; a process whose lease lapsed writes nothing).
 * - release: a process stopping hands its leases back (lease cleared, nothing else).
 *
 * A lease that lapses (its process killed or stuck) makes the row due again; `markLapsed` names
 * a column the claim stamps when it takes such a row (the attempt before may have got through).
 */
import { sql, type Expression, type Selectable, type Updateable } from 'kysely';
import type { Database, Db } from '../db/types';

/** The tables worked off under a lease; each has `id`, `status`, `lease_owner`, `lease_until`. */
export type LeasedTable = 'messages' | 'webhook_deliveries';

export interface ClaimOptions {
  postgres: boolean;
  owner: string;
  now: Date;
  leaseMs: number;
  /** A column set to `now` (if still null) on a row taken from a lapsed lease (messages'). */
  markLapsed?: 'in_doubt_at';
}

/**
 * Leases the rows of `table` that `due` selects (a query of their `id`s, at most as many as it
 * limits itself to, already filtered on being due and lease-free) to `options.owner`; answers
 * the rows as leased.
 */
export async function claimLeased<T extends LeasedTable>(
  db: Db,
  table: T,
  due: {
    forUpdate(): { skipLocked(): Expression<unknown> };
  } & Expression<unknown>,
  options: ClaimOptions,
): Promise<Selectable<Database[T]>[]> {
  const stamp = options.now.toISOString();
  const until = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const picked = options.postgres ? due.forUpdate().skipLocked() : due;
  const mark = options.markLapsed
    ? sql`, ${sql.ref(options.markLapsed)} = case when lease_until is not null then coalesce(${sql.ref(options.markLapsed)}, ${stamp}) else ${sql.ref(options.markLapsed)} end`
    : sql``;
  // `${picked}` compiles in parentheses (a subquery): `as materialized (select …)`.
  const result = await sql<Selectable<Database[T]>>`with due as materialized ${picked}
    update ${sql.table(table)} set lease_owner = ${options.owner}, lease_until = ${until}${mark}
    where id in (select id from due) and status = 'pending'
      and (lease_until is null or lease_until <= ${stamp})
    returning *`.execute(db);
  return result.rows;
}

/**
 * Writes `values` (an outcome) on row `id` of `table` if `owner` still holds its lease and it is
 * `pending`; false when it does not (its lease lapsed and another process took it, or it was
 * settled). `values` should clear the lease (`lease_owner`, `lease_until`).
 */
export async function settleLeased<T extends LeasedTable>(
  db: Db,
  table: T,
  id: number | string,
  owner: string,
  values: Updateable<Database[T]>,
): Promise<boolean> {
  const set = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
  const result = await sql`update ${sql.table(table)} set ${sql.join(set)}
    where id = ${id} and lease_owner = ${owner} and status = 'pending'`.execute(db);
  return Number(result.numAffectedRows ?? 0) === 1;
}

/** Hands back the leases of `owner` on `ids` (a process stopping before it worked on them). */
export async function releaseLeased(
  db: Db,
  table: LeasedTable,
  owner: string,
  ids: readonly (number | string)[],
): Promise<void> {
  if (ids.length === 0) return;
  await sql`update ${sql.table(table)} set lease_owner = null, lease_until = null
    where id in (${sql.join(ids)}) and lease_owner = ${owner}`.execute(db);
}
