/**
 * The payments due (src/crm/reports/payments-due.ts, SPEC §14) are an organization's installments
 * not yet paid, by the day they fall due. Most installments of a venue with a history are paid:
 * an index of the unpaid ones alone, by organization and day, lets the report read those and
 * nothing else (the planner uses it for a query that says `state <> 'paid'`, as the report does).
 */
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('installments_org_unpaid_idx')
    .on('installments')
    .columns(['organization_id', 'due_on'])
    .where(sql<boolean>`state <> 'paid'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('installments_org_unpaid_idx').execute();
}
