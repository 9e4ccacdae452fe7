/**
 * Outgoing mail and webhook deliveries became jobs of the one runner (SPEC §18,
 * docs/decisions/0019-one-job-runner.md): each pending message and each pending delivery now has
 * its job, queued with it. Those already waiting when this runs get theirs here, due when they
 * were, so nothing queued before the upgrade is left behind. Their own leases are no longer used.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../database.js';
import { newId } from '../ids.js';

interface Waiting {
  id: string;
  organization_id: string | null;
  next_attempt_at: string | null;
}

async function queueJobs(db: Db, kind: string, waiting: Waiting[], field: string) {
  const now = new Date().toISOString();
  for (let i = 0; i < waiting.length; i += 200) {
    await db
      .insertInto('jobs')
      .values(
        waiting.slice(i, i + 200).map((row) => ({
          id: newId(),
          kind,
          dedupe_key: row.id,
          organization_id: row.organization_id,
          payload: JSON.stringify({ [field]: row.id }),
          due_at: row.next_attempt_at ?? now,
          state: 'pending' as const,
          attempts: 0,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['kind', 'dedupe_key']).doNothing())
      .execute();
  }
}

export async function up(schema: Kysely<unknown>): Promise<void> {
  // The tables as they stand at this migration: the columns read and written here are old ones.
  const db = schema as unknown as Db;
  const mail = (await db
    .selectFrom('outgoing_mail')
    .select(['id', 'organization_id', 'next_attempt_at'])
    .where('status', '=', 'pending')
    .execute()) as Waiting[];
  await queueJobs(db, 'mail.send', mail, 'mailId');
  const deliveries = (await db
    .selectFrom('webhook_deliveries')
    .select(['id', 'next_attempt_at'])
    .where('status', '=', 'pending')
    .execute()) as Waiting[];
  await queueJobs(
    db,
    'webhook.delivery',
    deliveries.map((row) => ({ ...row, organization_id: null })),
    'deliveryId',
  );
}

export async function down(schema: Kysely<unknown>): Promise<void> {
  const db = schema as unknown as Db;
  await db.deleteFrom('jobs').where('kind', 'in', ['mail.send', 'webhook.delivery']).execute();
}
