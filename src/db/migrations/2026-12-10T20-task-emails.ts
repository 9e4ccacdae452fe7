/**
 * Each member's choice of e-mails about their tasks (SPEC §18), on their membership: `each` (the
 * default, as before), `digest` (one e-mail at 08:00 in the venue's zone) or `off`.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('memberships')
    .addColumn('task_emails', 'text', (c) => c.notNull().defaultTo('each'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('memberships').dropColumn('task_emails').execute();
}
