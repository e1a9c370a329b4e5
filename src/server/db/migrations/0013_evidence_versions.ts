/**
 * Evidence for every kind (issue 24, item 6): a dispute, a bankruptcy notice and a recorded form
 * keep the published content version their form was checked under (`published_version`), and a
 * dispute and a bankruptcy notice the language the debtor used (a recorded form had it already),
 * so the studio can show the exact words the debtor accepted (that immutable version's form, in
 * that language). Rows from before are null: their words were not recorded.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['disputes', 'bankruptcies']) {
    await db.schema.alterTable(table).addColumn('language', 'text').execute();
    await db.schema.alterTable(table).addColumn('published_version', 'integer').execute();
  }
  await db.schema.alterTable('form_records').addColumn('published_version', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('form_records').dropColumn('published_version').execute();
  for (const table of ['bankruptcies', 'disputes']) {
    await db.schema.alterTable(table).dropColumn('published_version').execute();
    await db.schema.alterTable(table).dropColumn('language').execute();
  }
}
