/**
 * A stage may stand for a booking status (SPEC §15): `status` is null, `definite` or `lost`.
 * The default pipeline's "Won" stands for `definite`, so every organization's "Won" stage of its
 * pipeline "Sales" (as 2026-11-27T13 made it) does from now on, and a "Lost" stage there, where a
 * venue added one, stands for `lost`. Other pipelines are the venue's own: their stages stand for
 * nothing until an admin says so (Settings → Pipelines, /v2/stages).
 */
import { type Kysely, sql } from 'kysely';

const STANDS_FOR: ReadonlyArray<[string, string]> = [
  ['Won', 'definite'],
  ['Lost', 'lost'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stages').addColumn('status', 'text').execute();
  for (const [name, status] of STANDS_FOR) {
    await sql`update stages set status = ${status}
      where name = ${name}
        and pipeline_id in (select id from pipelines where name = 'Sales')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stages').dropColumn('status').execute();
}
