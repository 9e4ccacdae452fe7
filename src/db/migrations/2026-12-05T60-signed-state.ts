/**
 * What the client agreed to when a proposal was signed (SPEC §13, round 5): a JSON object of one
 * SHA-256 per part of the booking (events, lines, totals, schedule), compared with the booking
 * as it is now to say whether, and where, it changed since. Null for every other document, and
 * for proposals signed before it was kept (they read as unchanged).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').addColumn('signed_state', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('documents').dropColumn('signed_state').execute();
}
