/**
 * Private calendar feeds (SPEC §11): a staff member's subscription URL for the venue, one space or
 * their own bookings. Only the SHA-256 of the URL's secret is kept; a feed is revoked, never
 * edited. Written on each use (last_used_at), read by its secret alone: no cache depends on it.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('space_id', 'text', (c) => c.references('spaces.id').onDelete('cascade'))
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_used_at', ts)
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema
    .createIndex('calendar_feeds_user_idx')
    .on('calendar_feeds')
    .columns(['user_id', 'organization_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}
