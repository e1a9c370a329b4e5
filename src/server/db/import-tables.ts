/**
 * Kysely types of migration 0018 (issue 42, data in at scale): the columns it adds to accounts and
 * transactions and its table of imported records, merged into db/types.ts (as forms-tables.ts and
 * events/tables.ts do). Same conventions as db/types.ts.
 */
import type { ColumnType, Generated } from 'kysely';

/** A digest of the streamed debtor record last imported, by `debtor:<key>`. */
export interface ImportRecordsTable {
  record_key: string;
  digest: string;
  imported_at: string;
}

declare module './types' {
  interface AccountsTable {
    /** Holds in force, comma-separated in alphabetical order ('' for none): db/import-deltas.ts. */
    holds: Generated<string>;
    /** received | under-review | verified | closed, as the agency last said; null without one. */
    dispute_status: string | null;
    /** YYYY-MM-DD of that status. */
    dispute_status_date: string | null;
  }
  interface TransactionsTable {
    /** The agency's key of a payment made outside the portal (unique within the account). */
    external_ref: ColumnType<string | null, string | null | undefined, string | null>;
    /** Migration 0022: the day the payment came back (db/import-returns.ts); null while it stands. */
    returned_date: ColumnType<string | null, string | null | undefined, string | null>;
  }
  interface Database {
    import_records: ImportRecordsTable;
  }
}
