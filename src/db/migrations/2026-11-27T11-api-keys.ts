/**
 * API keys (SPEC §15): an organization's admin makes a key that acts as them in that organization
 * with the scopes chosen, sent as X-API-KEY. The key carries its row's id (found by it, then
 * compared by the SHA-256 of the whole key, which is all that is kept). A key is revoked, never
 * edited. Read by its id on each request, and no cache holds a key: the table tells no change
 * (src/db/silent-tables.ts), so noting a key's last use (at most once a minute) empties nothing.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_used_at', ts)
    .addColumn('revoked_at', ts)
    .execute();
  await db.schema
    .createIndex('api_keys_organization_idx')
    .on('api_keys')
    .columns(['organization_id', 'id'])
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
