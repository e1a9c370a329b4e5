/**
 * The studio's audit log (issue 24, item 6): who did what, when, from where. Rows are only ever
 * inserted: no route updates or deletes them, and the database refuses it (migration 0009's
 * triggers). Read with filters, as JSON or as CSV; the CSV is safe to open in a spreadsheet
 * (RFC 4180 quoting, and a cell that starts with = + - @ tab or carriage return is prefixed with
 * a single quote so it is never read as a formula).
 *
 * Failed sign-ins are written as one row per client address and minute (issue 39, item 7): the
 * first failure of a minute from an address is an audit row (`sign-in.failure`, with its email and
 * reason); the others of that minute only raise the count in `sign_in_failures`, which the log
 * shows on that row as `detail.failuresInMinute`. So a burst of failures, or of refusals while
 * locked, writes one audit row an address a minute, not one a try.
 */
import { sql } from 'kysely';
import type { Db } from '../db/types';
import { ApiError } from '../http/errors';

/** Every action the studio records. */
export type AuditAction =
  | 'sign-in.success'
  | 'sign-in.failure'
  | 'sign-in.lockout'
  | 'sign-out'
  | 'staff.create'
  | 'staff.disable'
  | 'staff.invitation'
  | 'staff.invitation.accept'
  | 'staff.role.request'
  | 'staff.role.change'
  | 'staff.role.approve'
  | 'staff.role.cancel'
  | 'staff.password.change'
  | 'staff.totp.start'
  | 'staff.totp.change'
  | 'staff.credentials.failure'
  | 'draft.create'
  | 'draft.update'
  | 'draft.submit'
  | 'draft.spanish-confirm'
  | 'draft.approve'
  | 'draft.return'
  | 'draft.preview'
  | 'content.publish'
  | 'content.rollback'
  | 'evidence.view'
  | 'events.view'
  | 'messages.view'
  | 'webhook.create'
  | 'webhook.rotate'
  | 'webhook.disable'
  | 'webhook.enable'
  | 'webhook.redeliver';

export interface AuditEntry {
  staffId: number | null;
  action: AuditAction;
  subject?: string | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

export async function recordAudit(db: Db, at: Date, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: at.toISOString(),
      staff_id: entry.staffId,
      action: entry.action,
      subject: entry.subject ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
      ip: entry.ip ?? null,
    })
    .execute();
}

/** One failed studio sign-in: counted per address and minute, the first of each also audited. */
export async function recordSignInFailure(
  db: Db,
  at: Date,
  entry: { staffId: number | null; subject: string; reason: string; ip: string },
): Promise<void> {
  const stamp = at.toISOString();
  const row = await db
    .insertInto('sign_in_failures')
    .values({
      address: entry.ip,
      minute: stamp.slice(0, 16),
      failures: 1,
      first_at: stamp,
      last_at: stamp,
    })
    .onConflict((oc) =>
      oc.columns(['address', 'minute']).doUpdateSet((eb) => ({
        failures: eb('sign_in_failures.failures', '+', 1),
        last_at: stamp,
      })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  if (Number(row.failures) !== 1) return;
  await recordAudit(db, at, {
    staffId: entry.staffId,
    action: 'sign-in.failure',
    subject: entry.subject,
    detail: { reason: entry.reason },
    ip: entry.ip,
  });
}

export interface AuditFilter {
  action?: string;
  staffId?: number;
  /** ISO timestamp or day (from its start), inclusive. */
  from?: string;
  /** ISO timestamp, inclusive; a day means to its end. */
  to?: string;
  limit?: number;
}

export interface AuditRow {
  id: number;
  at: string;
  staffId: number | null;
  staffEmail: string | null;
  action: string;
  subject: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function readAudit(db: Db, filter: AuditFilter): Promise<AuditRow[]> {
  let query = db
    .selectFrom('audit_log as a')
    .leftJoin('staff_accounts as s', 's.id', 'a.staff_id')
    // A failed sign-in's row carries the count of its address and minute.
    .leftJoin('sign_in_failures as f', (join) =>
      join
        .onRef('f.address', '=', 'a.ip')
        .on('a.action', '=', 'sign-in.failure')
        .on(sql`f.minute`, '=', sql<string>`substr(a.at, 1, 16)`),
    )
    .select([
      'a.id',
      'a.at',
      'a.staff_id',
      's.email',
      'a.action',
      'a.subject',
      'a.detail',
      'a.ip',
      'f.failures',
    ]);
  if (filter.action) query = query.where('a.action', '=', filter.action);
  if (filter.staffId !== undefined) query = query.where('a.staff_id', '=', filter.staffId);
  if (filter.from) {
    const from = DAY.test(filter.from) ? `${filter.from}T00:00:00.000Z` : toIso(filter.from);
    query = query.where('a.at', '>=', from);
  }
  if (filter.to) {
    const to = DAY.test(filter.to) ? `${filter.to}T23:59:59.999Z` : toIso(filter.to);
    query = query.where('a.at', '<=', to);
  }
  const rows = await query
    .orderBy('a.id', 'desc')
    .limit(filter.limit ?? 100)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    at: row.at,
    staffId: row.staff_id,
    staffEmail: row.email,
    action: row.action,
    subject: row.subject,
    detail: {
      ...(JSON.parse(row.detail) as Record<string, unknown>),
      ...(row.failures === null ? {} : { failuresInMinute: Number(row.failures) }),
    },
    ip: row.ip,
  }));
}

/** A timestamp as the log writes them (UTC, milliseconds), so text comparison orders them. */
function toIso(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new ApiError(400, 'invalidRequest');
  return date.toISOString();
}

/** One CSV cell: formula-safe, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'staffId',
  'staffEmail',
  'action',
  'subject',
  'detail',
  'ip',
] as const;

export function auditCsv(rows: AuditRow[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push(
      AUDIT_CSV_COLUMNS.map((column) =>
        csvCell(column === 'detail' ? JSON.stringify(row.detail) : row[column]),
      ).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
