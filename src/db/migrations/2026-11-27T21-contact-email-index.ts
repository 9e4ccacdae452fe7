/**
 * A contact found by its e-mail address whatever its case (SPEC §15: a lead that brings its
 * contact reuses the organization's contact with that address): an index on the organization
 * and the lower-cased address, in the order the first of them is taken (created_at, id), so the
 * lookup reads one entry rather than every contact.
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index contacts_org_email_idx on contacts (organization_id, lower(email), created_at, id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index contacts_org_email_idx`.execute(db);
}
