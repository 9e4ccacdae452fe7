/**
 * An organization's inquiry form (SPEC §14): its settings as a JSON object (enabled, intro,
 * thank-you text, event types offered, embedding origins) and its slug, unique across the
 * installation, by which /inquire/<slug> finds it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('inquiry_form', 'text').execute();
  await db.schema.alterTable('organizations').addColumn('inquiry_slug', 'text').execute();
  await db.schema
    .createIndex('organizations_inquiry_slug_idx')
    .on('organizations')
    .column('inquiry_slug')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('organizations_inquiry_slug_idx').execute();
  await db.schema.alterTable('organizations').dropColumn('inquiry_slug').execute();
  await db.schema.alterTable('organizations').dropColumn('inquiry_form').execute();
}
