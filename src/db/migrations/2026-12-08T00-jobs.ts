/**
 * The one job runner's queue (SPEC §18, docs/decisions/0019-one-job-runner.md): every piece of
 * timed work is a row with a kind, a payload, a due time and a lease. `dedupe_key` is unique per
 * kind where given (NULLs never collide), so a second enqueue of the same slot or message does
 * nothing. The claim reads pending jobs by due time (`jobs_due_idx`); the metrics count them per
 * kind from the same index.
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dedupe_key', 'text')
    .addColumn('organization_id', 'text', (c) => c.references('organizations.id').onDelete('cascade'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('due_at', ts, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_token', 'text')
    .addColumn('lease_expires_at', ts)
    .addColumn('last_error', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('finished_at', ts)
    .execute();
  await db.schema
    .createIndex('jobs_dedupe_idx')
    .on('jobs')
    .columns(['kind', 'dedupe_key'])
    .unique()
    .execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'due_at']).execute();
  await db.schema.createIndex('jobs_finished_idx').on('jobs').columns(['finished_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
