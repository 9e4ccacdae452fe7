/**
 * Where a booking came from (SPEC §14): `source` (inquiry_form, api, workspace, import,
 * assistant; null for bookings made before it was recorded) and `source_details`, a JSON object
 * of strings (the UTM fields and referrer of an inquiry). A lead's company is found among the
 * organization's accounts by its name, whatever its case (accounts_org_lower_name_idx).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One column a statement: SQLite adds no more at once.
  await db.schema.alterTable('bookings').addColumn('source', 'text').execute();
  await db.schema.alterTable('bookings').addColumn('source_details', 'text').execute();
  await sql`create index accounts_org_lower_name_idx on accounts (organization_id, lower(name), created_at, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index accounts_org_lower_name_idx`.execute(db);
  await db.schema.alterTable('bookings').dropColumn('source_details').execute();
  await db.schema.alterTable('bookings').dropColumn('source').execute();
}
