/**
 * The count of drafted mails awaiting approval beside *Approvals* in the workspace's navigation
 * (SPEC §18) is read on every page: an index on the organization and the run's state makes it a
 * range of one index, not a walk over every run the organization ever had.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('automation_runs_state_idx')
    .on('automation_runs')
    .columns(['organization_id', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('automation_runs_state_idx').execute();
}
