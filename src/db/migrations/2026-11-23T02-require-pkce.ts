/**
 * The per-integration *Require PKCE* setting (SPEC §4, RFC 9700 §2.1.1): when set, authorization
 * requests without an S256 code_challenge are refused. Integrations are confidential clients, so
 * it is off for existing ones and by default. A flag, kept as the time it was turned on.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('integrations').addColumn('pkce_required_at', timestampType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('integrations').dropColumn('pkce_required_at').execute();
}
