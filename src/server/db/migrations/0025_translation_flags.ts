/**
 * Translation state (issue 44, item 5; studio/translations.ts): the texts whose Spanish needs
 * review, because their English changed after the Spanish was last saved.
 *
 * One row per flagged text, by scope (`draft` and the draft's id, or `version` and a published
 * content version), file (path under flows/) and JSON pointer; a text without a row is in step.
 * `english_then` is the English the Spanish was last saved against (the flag clears by itself
 * when the English goes back to it). A draft's rows are the state of the files it changes (its
 * other files have their base version's); approving it writes the new version's rows.
 *
 * Kysely types: src/server/studio/translation-tables.ts.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('translation_flags')
    /** `draft` or `version`. */
    .addColumn('scope', 'text', (c) => c.notNull())
    /** The draft's id or the version's number. */
    .addColumn('scope_id', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('pointer', 'text', (c) => c.notNull())
    .addColumn('english_then', 'text', (c) => c.notNull())
    .addColumn('flagged_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_flags_pk', ['scope', 'scope_id', 'path', 'pointer'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translation_flags').execute();
}
