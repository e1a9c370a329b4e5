/**
 * Text consent and stops (issue 43, item 3; src/server/messages/sms/consent.ts). TCPA (47 CFR
 * 64.1200, FCC 24-18): texts need the debtor's prior express consent, and a revocation by any
 * reasonable means stops them.
 *
 * - `sms_consents`: one row per debtor and number (E.164) they consented for: when
 *   (`consented_at`), to which version and language of the consent statement
 *   (flows/texts/…`textConsent`), and where (`source`: `add-phone`, `preferences`). Ticking the box
 *   again after a stop records a new consent (the row's time and version move on).
 *   `withdrawn_at` is set when the debtor unticks "Send me text messages" in preferences.
 * - `sms_stops`: one row per number that sent a revocation: when (`stopped_at`), the reply that
 *   did it, and `confirmed_at`, the claim of the one confirmation text for that stop (set by an
 *   UPDATE … WHERE confirmed_at IS NULL, so two replies at once confirm once). A consent later
 *   than the stop lifts it for that debtor; a new stop after that starts a new row state.
 *
 * Texts are allowed when a consent row exists, is not withdrawn, and no stop of the number is at
 * or after its `consented_at`.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_consents')
    .addColumn('debtor_id', 'integer', (c) =>
      c.notNull().references('debtors.id').onDelete('cascade'),
    )
    .addColumn('phone_e164', 'text', (c) => c.notNull())
    .addColumn('consented_at', 'text', (c) => c.notNull())
    .addColumn('statement_version', 'text', (c) => c.notNull())
    .addColumn('statement_language', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('withdrawn_at', 'text')
    .addPrimaryKeyConstraint('sms_consents_pk', ['debtor_id', 'phone_e164'])
    .execute();
  await db.schema
    .createIndex('sms_consents_phone')
    .on('sms_consents')
    .column('phone_e164')
    .execute();
  await db.schema
    .createTable('sms_stops')
    .addColumn('phone_e164', 'text', (c) => c.primaryKey())
    .addColumn('stopped_at', 'text', (c) => c.notNull())
    /** The inbound reply that stopped texts (at most 320 characters). */
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
}
