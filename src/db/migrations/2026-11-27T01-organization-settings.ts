/**
 * An organization's own settings (SPEC §12): the time zone the workspace shows times in and the
 * currency new bookings start in. Until now the workspace read dates in the time zone of the
 * organization's latest booking, so one booking made in Tokyo moved a New York venue's week;
 * each existing organization starts with the zone and currency of its latest booking (as it was
 * shown), or UTC and USD.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .execute();
  for (const column of ['timezone', 'currency']) {
    await sql`update organizations set ${sql.ref(column)} = coalesce((
      select b.${sql.ref(column)} from bookings b where b.organization_id = organizations.id
      order by b.created_at desc, b.id desc limit 1), ${sql.ref(column)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('organizations').dropColumn('currency').execute();
  await db.schema.alterTable('organizations').dropColumn('timezone').execute();
}
