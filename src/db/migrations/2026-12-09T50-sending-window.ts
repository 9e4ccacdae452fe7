/**
 * An organization's sending window (SPEC §18): the days and hours its automated mail may go out,
 * as JSON `{days, start, end}`; null keeps the default (weekdays 09:00–17:00 in its zone).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').addColumn('sending_window', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('sending_window').execute();
}
