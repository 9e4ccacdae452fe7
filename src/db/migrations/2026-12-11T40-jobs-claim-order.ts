/**
 * The claim reads pending jobs in (due_at, id) order (src/jobs/job.repository.ts claimJobs). A
 * burst of steps due at one instant shares one due_at, and an index of (state, due_at) alone left
 * every claim to sort all of them (10,000 pending jobs: a temporary B-tree on SQLite, a top-N
 * heapsort on PostgreSQL, on every claim). With id in the index the claim reads its first rows in
 * order and stops.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_due_idx').execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'due_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_due_idx').execute();
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['state', 'due_at']).execute();
}
