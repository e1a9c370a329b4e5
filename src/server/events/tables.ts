/**
 * Kysely types of the tables of migration 0019 (issue 42): events out to the agency and its API
 * keys, merged into `Database` (as forms-tables.ts and payments/tables.ts do) so every query is
 * typed. Same conventions as db/types.ts.
 */
import type { Generated } from 'kysely';

export interface EventCursorsTable {
  name: string;
  /** The last cursor handed out (bigint: a string on PostgreSQL). */
  value: number | string;
}

export interface EventsTable {
  /** Grows by one per event, in commit order, with no gaps (bigint: a string on PostgreSQL). */
  cursor: number | string;
  id: string;
  type: string;
  created_at: string;
  client_id: string | null;
  account_number: string | null;
  debtor_key: string | null;
  /** JSON of the type's data (schemas/events/). */
  data: string;
}

export interface AgencyKeysTable {
  id: Generated<number>;
  name: string;
  client_id: string | null;
  key_hash: string;
  prefix: string;
  created_at: string;
  revoked_at: string | null;
}

declare module '../db/types' {
  interface Database {
    event_cursors: EventCursorsTable;
    events: EventsTable;
    agency_keys: AgencyKeysTable;
  }
}
