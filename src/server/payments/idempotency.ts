/**
 * Idempotency keys (header `Idempotency-Key`) for unsafe calls such as SubmitPayment. The first
 * request with a key runs and its answer (status and body) is stored under (debtor, key); a retry
 * with the same key and the same body gets that answer again with `Idempotent-Replayed: true`.
 * The same key with a different body is refused (422); a key whose first request is still running
 * is answered 409. Keys are kept KEY_TTL_HOURS; a 5xx answer is not stored, so it can be retried.
 *
 * A key in flight holds a lease (the payment lease). A request whose process died leaves its key
 * in flight: once the lease has passed, the next request with that key has the caller's `settle`
 * work out what happened (for payments, src/server/payments/recovery.ts), and gets the answer the
 * first request would have given, or runs afresh when nothing happened.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PostgresAdapter, sql } from 'kysely';
import { checkSession, touchNow } from '../auth/guard';
import { firstRow, perDatabase, precompileStatement } from '../db/database';
import { writeUnsynced } from '../db/sqlite-writes';
import type { Db } from '../db/types';
import type { PortalContext } from '../context';
import { ApiError, errorBody, sendError } from '../http/errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface HandlerAnswer {
  status: number;
  body: unknown;
}

/**
 * The key a request claimed, for a handler that stores its answer in its own last transaction
 * (a payment: with the accepted payment's rows, `answerStatement`), so that the answer is
 * committed with what it tells and needs no commit of its own. `storedAnswer` is set once that
 * transaction has committed: the answer's JSON, for status 200. Any other answer is stored here
 * as usual.
 */
export interface ClaimedKey {
  id: number;
  storedAnswer?: string;
}

/**
 * JSON with object keys sorted, so equal bodies hash equally whatever their key order. Keys are
 * sorted by UTF-16 code units (`sort()`'s default order); properties whose value is undefined are
 * left out, an undefined array item is null. The text must never change: stored keys' hashes are
 * compared with it.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) out += ',';
      out += canonicalJson(value[i]);
    }
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const keys = Object.keys(object).sort();
    let out = '{';
    for (const key of keys) {
      const item = object[key];
      if (item === undefined) continue;
      if (out.length > 1) out += ',';
      out += `${JSON.stringify(key)}:${canonicalJson(item)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(scope: string, body: unknown): string {
  return createHash('sha256')
    .update(`${scope}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** The key's writes, precompiled (db/database.ts `precompileStatement`). */
const keyStatements = perDatabase((db: Db) => ({
  /**
   * Claims (debtor, key) for a request in flight: a new row, or the row of a key answered before
   * `expired` (kept past KEY_TTL_HOURS: as if forgotten). No row when the key is taken.
   */
  claim: precompileStatement(
    ['integer', 'text', 'text', 'text', 'text', 'text', 'text'],
    (debtorId, key, scope, requestHash, stamp, leaseUntil, expired) =>
      db
        .insertInto('idempotency_keys')
        .values({
          debtor_id: debtorId,
          key,
          scope,
          request_hash: requestHash,
          state: 'in_flight',
          response_status: null,
          response_body: null,
          created_at: stamp,
          completed_at: null,
          lease_until: leaseUntil,
        })
        .onConflict((oc) =>
          oc
            .columns(['debtor_id', 'key'])
            .doUpdateSet((eb) => ({
              scope: eb.ref('excluded.scope'),
              request_hash: eb.ref('excluded.request_hash'),
              state: eb.ref('excluded.state'),
              response_status: eb.ref('excluded.response_status'),
              response_body: eb.ref('excluded.response_body'),
              created_at: eb.ref('excluded.created_at'),
              completed_at: eb.ref('excluded.completed_at'),
              lease_until: eb.ref('excluded.lease_until'),
            }))
            .where('idempotency_keys.state', '=', 'done')
            .where('idempotency_keys.created_at', '<', expired),
        )
        .returning('id'),
  ),
  /** PostgreSQL only (undefined on SQLite): see claimInSession. */
  claimInSession:
    db.getExecutor().adapter instanceof PostgresAdapter ? claimInSession(db) : undefined,
  /** The request's answer, stored unless the key was settled meanwhile (no longer in flight). */
  answer: precompileStatement(
    ['integer', 'text', 'text', 'integer'],
    (status, body, completedAt, id) =>
      db
        .updateTable('idempotency_keys')
        .set({
          state: 'done',
          response_status: status,
          response_body: body,
          completed_at: completedAt,
          lease_until: null,
        })
        .where('id', '=', id)
        .where('state', '=', 'in_flight'),
  ),
}));

/**
 * PostgreSQL: `claim`, the session's revocation (auth/guard.ts revocationInRead) and its last
 * call (touchInRoute, when due: `touched` and `idleSince` as auth/sessions.ts `touch` writes
 * them, else null) in one statement, one round trip: `revoked` tells whether the session `sid`
 * is revoked, and a revoked session's request claims and writes nothing (`id` null, as when the
 * key is taken). The same rows as `claim` and `touch` otherwise, with the same conditions.
 */
function claimInSession(db: Db) {
  return precompileStatement(
    [
      'integer',
      'text',
      'text',
      'text',
      'text',
      'text',
      'text',
      'text',
      'nullable text',
      'nullable text',
    ],
    (debtorId, key, scope, requestHash, stamp, leaseUntil, expired, sid, touched, idleSince) => {
      const statement = sql<{ id: number | null; revoked: boolean }>`
      with session as (
        select exists (select 1 from revoked_sessions where sid = ${sid}::text) as revoked
      ), touched as (
        update sessions set last_active_at = ${touched}::text
        where sid = ${sid}::text and ${touched}::text is not null
          and last_active_at < ${touched}::text and last_active_at >= ${idleSince}::text
          and ends_at > ${touched}::text and not (select revoked from session)
      ), claimed as (
        insert into idempotency_keys (debtor_id, key, scope, request_hash, state,
          response_status, response_body, created_at, completed_at, lease_until)
        select ${debtorId}::integer, ${key}::text, ${scope}::text, ${requestHash}::text,
          'in_flight', null::integer, null::text, ${stamp}::text, null::text, ${leaseUntil}::text
        from session where not session.revoked
        on conflict (debtor_id, key) do update set scope = excluded.scope,
          request_hash = excluded.request_hash, state = excluded.state,
          response_status = excluded.response_status, response_body = excluded.response_body,
          created_at = excluded.created_at, completed_at = excluded.completed_at,
          lease_until = excluded.lease_until
        where idempotency_keys.state = 'done' and idempotency_keys.created_at < ${expired}::text
        returning id
      )
      select (select id from claimed) as id, session.revoked from session`;
      return { compile: () => statement.compile(db) };
    },
  );
}

/**
 * The statement that stores a request's answer (status 200) under its claimed key, for the
 * handler's own transaction (see ClaimedKey); it changes nothing once the key was settled.
 */
export function answerStatement(db: Db, key: ClaimedKey, body: string, completedAt: string) {
  return keyStatements(db).answer(200, body, completedAt, key.id);
}

/** Runs `handler` at most once per (debtor, key); ApiErrors become stored answers too. */
export async function idempotent(
  ctx: PortalContext,
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    scope: string;
    debtorId: number;
    body: unknown;
    /** Settles what a request with this key, whose lease has passed, left unfinished. */
    settle?: (key: string) => Promise<void>;
  },
  handler: (key: ClaimedKey | undefined) => Promise<HandlerAnswer>,
): Promise<FastifyReply> {
  // A route whose guard left the session's revocation and last call to it (auth/guard.ts
  // revocationInRead, touchInRoute): checked and written here before anything else is answered
  // or written, with the claim in one statement on PostgreSQL, else as the guard would.
  const unchecked = request.sessionUnchecked === true;
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = raw === undefined ? undefined : Array.isArray(raw) ? raw.join(',') : raw;
  const statements = keyStatements(ctx.db);
  const inSession =
    unchecked && key !== undefined && KEY_PATTERN.test(key) ? statements.claimInSession : undefined;
  if (!inSession) {
    if (unchecked) await checkSession(ctx, request, undefined);
    await touchNow(ctx, request);
  }
  if (key === undefined) return send(reply, await answerOf(request, () => handler(undefined)));
  if (!KEY_PATTERN.test(key)) return sendError(request, reply, 400, 'invalidIdempotencyKey');

  const hash = requestHash(options.scope, options.body);
  const now = ctx.now();
  const stamp = now.toISOString();
  // The claim and the stored answer are not synced on their own (db/sqlite-writes.ts): the
  // payment's own synced commits, before charging and before answering, sync them. A key kept
  // past KEY_TTL_HOURS is claimed afresh in the same statement (as if forgotten).
  const leaseUntil = new Date(now.getTime() + ctx.paymentLeaseMs).toISOString();
  const expired = new Date(now.getTime() - KEY_TTL_HOURS * 3600_000).toISOString();
  const claim = async () =>
    (
      await writeUnsynced(
        ctx.db,
        statements.claim(options.debtorId, key, options.scope, hash, stamp, leaseUntil, expired),
      )
    )[0];
  /** The first claim, with the session's check when it is still to be made (see above). */
  const firstClaim = async () => {
    const sid = request.auth?.sid;
    if (!inSession || sid === undefined) return claim();
    const touch = request.touchPending ? ctx.tokens.touchDue(sid) : undefined;
    request.touchPending = false;
    let row;
    try {
      row = await firstRow(
        ctx.db,
        inSession(
          options.debtorId,
          key,
          options.scope,
          hash,
          stamp,
          leaseUntil,
          expired,
          sid,
          touch?.stamp ?? null,
          touch?.idleSince ?? null,
        ),
      );
    } catch (error) {
      // Not written: the session's next call writes it.
      if (touch) ctx.tokens.forgetTouch(sid);
      throw error;
    }
    await checkSession(ctx, request, row?.revoked);
    const id = row?.id ?? null;
    return id === null ? undefined : { id };
  };
  const existing = () =>
    ctx.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('debtor_id', '=', options.debtorId)
      .where('key', '=', key)
      .executeTakeFirst();

  let inserted = await firstClaim();
  if (!inserted) {
    let found = await existing();
    if (found && found.request_hash === hash && found.state !== 'done') {
      // A key written before leases existed holds one from its creation.
      const leased =
        found.lease_until ??
        new Date(Date.parse(found.created_at) + ctx.paymentLeaseMs).toISOString();
      if (leased < stamp && options.settle) {
        // Its request died (or ran past its lease): settle it, then answer as it would have.
        await options.settle(key);
        found = await existing();
        if (!found) inserted = await claim();
      }
    }
    if (!inserted) {
      if (!found) return sendError(request, reply, 409, 'idempotencyInFlight');
      if (found.request_hash !== hash || found.scope !== options.scope) {
        return sendError(request, reply, 422, 'idempotencyKeyReused');
      }
      if (found.state !== 'done' || found.response_status === null) {
        return sendError(request, reply, 409, 'idempotencyInFlight');
      }
      reply.header(REPLAYED_HEADER, 'true');
      return send(reply, {
        status: found.response_status,
        body: found.response_body === null ? null : (JSON.parse(found.response_body) as unknown),
      });
    }
  }

  const claimed: ClaimedKey = { id: inserted.id };
  let answer: HandlerAnswer;
  try {
    answer = await answerOf(request, () => handler(claimed));
  } catch (error) {
    await forgetOrSettle(ctx, inserted.id, key, options.settle).catch((cleanup: unknown) => {
      // The database is likely what failed: the key stays in flight and its lease decides.
      request.log.warn({ err: cleanup }, 'idempotency key left in flight after a failure');
    });
    throw error;
  }
  const body = JSON.stringify(answer.body);
  if (answer.status !== 200 || claimed.storedAnswer !== body) {
    // Not if it was settled meanwhile (its lease passed): the settled answer stands.
    await writeUnsynced(
      ctx.db,
      statements.answer(answer.status, body, ctx.now().toISOString(), inserted.id),
    );
  }
  return send(reply, answer);
}

/**
 * After an unexpected failure (the database out of reach, a bug), so that the client may send the
 * request again with the same key. Without `settle` the key is forgotten. With it, what the
 * request left is settled first: a request that failed before it reserved anything, or whose
 * charge never happened, frees its key (the retry runs afresh); one that reserved a payment and
 * may have charged it keeps its key in flight until its lease passes, and the retry after that
 * gets what really happened (recovery.ts), never a second charge and never a false `duplicate`.
 * If this cleanup fails too (the database is still away), the key stays in flight and its lease
 * decides the same way.
 */
async function forgetOrSettle(
  ctx: PortalContext,
  id: number,
  key: string,
  settle: ((key: string) => Promise<void>) | undefined,
): Promise<void> {
  if (settle) await settle(key);
  else await ctx.db.deleteFrom('idempotency_keys').where('id', '=', id).execute();
}

async function answerOf(
  request: FastifyRequest,
  handler: () => Promise<HandlerAnswer>,
): Promise<HandlerAnswer> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof ApiError && error.statusCode < 500) {
      return { status: error.statusCode, body: errorBody(request, error.messageKey, error.extra) };
    }
    throw error;
  }
}

function send(reply: FastifyReply, answer: HandlerAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(answer.body));
}
