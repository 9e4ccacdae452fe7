/**
 * An organization's locale (SPEC §13): the BCP 47 tag its dates, times and amounts are shown in;
 * null follows its time zone's country (src/locale.ts).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('locale').execute();
}
