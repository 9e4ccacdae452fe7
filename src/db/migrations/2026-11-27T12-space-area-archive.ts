/**
 * Spaces as Event Temple describes them (SPEC §15): a floor `area` in whole square metres, and
 * `archived_at`, when the venue stopped offering the space (it takes no new events and is left
 * out of availability; the events it held keep it).
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('spaces').addColumn('area', 'integer').execute();
  await db.schema.alterTable('spaces').addColumn('archived_at', timestampType(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('spaces').dropColumn('archived_at').execute();
  await db.schema.alterTable('spaces').dropColumn('area').execute();
}
