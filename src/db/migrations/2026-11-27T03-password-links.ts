/**
 * One-time links to set a password (Settings → Team invites a person with one): the SHA-256 of
 * a 256-bit token, whom it is for, until when, and when it was used. A link works once.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addColumn('expires_at', timestampType(db), (c) => c.notNull())
    .addColumn('used_at', timestampType(db))
    .execute();
  await db.schema.createIndex('password_links_user_idx').on('password_links').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_links').execute();
}
