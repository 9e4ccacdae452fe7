/**
 * Notes marked for the BEO (SPEC §13): a note of a booking or of one of its events with `for_beo`
 * prints on that event's banquet event order. Outgoing e-mail gains an HTML part beside its text
 * (the client's proposal e-mail has a button to its link).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notes')
    .addColumn('for_beo', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('outgoing_mail').addColumn('html_body', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outgoing_mail').dropColumn('html_body').execute();
  await db.schema.alterTable('notes').dropColumn('for_beo').execute();
}
