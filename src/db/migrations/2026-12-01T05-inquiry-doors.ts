/**
 * What the inquiry form's doors keep (SPEC §14, round 5): the form tokens already used (each
 * token makes one inquiry, whichever process takes it), by the SHA-256 of the token and until the
 * token would have expired anyway, when they are pruned; and the door a note came through
 * (`author_door`), so a note no person wrote (the inquiry's message) says where it came from
 * rather than "a former member".
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inquiry_tokens_used')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('expires_at', timestampType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('inquiry_tokens_used_expires_idx')
    .on('inquiry_tokens_used')
    .column('expires_at')
    .execute();
  await db.schema.alterTable('notes').addColumn('author_door', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notes').dropColumn('author_door').execute();
  await db.schema.dropTable('inquiry_tokens_used').execute();
}
