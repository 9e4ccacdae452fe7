/**
 * An organization's own From address (Settings → Outgoing mail): the name and address its e-mail
 * is sent from; none set, the installation's MAIL_FROM.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('mail_from_name', 'text').execute();
  await db.schema.alterTable('organizations').addColumn('mail_from_address', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('mail_from_address').execute();
  await db.schema.alterTable('organizations').dropColumn('mail_from_name').execute();
}
