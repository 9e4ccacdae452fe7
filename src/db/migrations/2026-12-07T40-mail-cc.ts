/**
 * A message to several clients, or with copies (SPEC §17 `to`, `cc`), is one mail with its To and
 * Cc headers, as a mail program sends it, so every recipient sees who else has it and "reply all"
 * reaches them all: `other_recipients` keeps the addresses beside `to_address` (JSON `{to: [{name,
 * address}], cc: [...]}`), null when there are none.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outgoing_mail').addColumn('other_recipients', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outgoing_mail').dropColumn('other_recipients').execute();
}
