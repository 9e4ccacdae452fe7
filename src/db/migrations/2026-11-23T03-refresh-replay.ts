/**
 * A rotated refresh token keeps, for REFRESH_REUSE_GRACE seconds, the pair its use issued,
 * encrypted with a key derived from that refresh token itself: a client that lost the response
 * and retries gets the same pair again, and the database alone can never read it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_tokens').addColumn('rotation_replay', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('oauth_tokens').dropColumn('rotation_replay').execute();
}
