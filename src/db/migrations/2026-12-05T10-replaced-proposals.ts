/**
 * When a proposal was replaced (SPEC §13, round 5): sending a newer version of a booking's
 * proposal withdraws the older versions still open, whose links then say so and accept nothing.
 * Null for every other document.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('replaced_at', timestampType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('replaced_at').execute();
}
