/** Runs the in-code migrations (static provider, so bundling and tsx both work). */
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_payments';
import * as m0003 from './migrations/0003_forms';
import * as m0004 from './migrations/0004_payment_authorizations';
import * as m0005 from './migrations/0005_payment_leases';
import * as m0006 from './migrations/0006_sessions';
import * as m0007 from './migrations/0007_plan_changes';
import * as m0008 from './migrations/0008_form_records';
import * as m0009 from './migrations/0009_staff';
import * as m0010 from './migrations/0010_content';
import * as m0011 from './migrations/0011_content_drafts';
import * as m0012 from './migrations/0012_content_source';
import * as m0013 from './migrations/0013_evidence_versions';
import * as m0014 from './migrations/0014_lockout_counters';
import * as m0015 from './migrations/0015_staff_invitations';
import * as m0017 from './migrations/0017_evidence_append_only';
import * as m0018 from './migrations/0018_account_holds';
import * as m0019 from './migrations/0019_events';
import * as m0020 from './migrations/0020_webhooks';
import * as m0021 from './migrations/0021_messages';
import * as m0022 from './migrations/0022_import_scale';
import * as m0023 from './migrations/0023_text_consent';
import * as m0025 from './migrations/0025_translation_flags';
import * as m0026 from './migrations/0026_message_schedule';
import * as m0027 from './migrations/0027_message_in_doubt';
import * as m0028 from './migrations/0028_message_clicks';
import type { Db } from './types';

const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_payments': m0002,
  '0003_forms': m0003,
  '0004_payment_authorizations': m0004,
  '0005_payment_leases': m0005,
  '0006_sessions': m0006,
  '0007_plan_changes': m0007,
  '0008_form_records': m0008,
  '0009_staff': m0009,
  '0010_content': m0010,
  '0011_content_drafts': m0011,
  '0012_content_source': m0012,
  '0013_evidence_versions': m0013,
  '0014_lockout_counters': m0014,
  '0015_staff_invitations': m0015,
  '0017_evidence_append_only': m0017,
  '0018_account_holds': m0018,
  '0019_events': m0019,
  '0020_webhooks': m0020,
  '0021_messages': m0021,
  '0022_import_scale': m0022,
  '0023_text_consent': m0023,
  '0025_translation_flags': m0025,
  '0026_message_schedule': m0026,
  '0027_message_in_doubt': m0027,
  '0028_message_clicks': m0028,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
