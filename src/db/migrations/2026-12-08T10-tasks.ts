/**
 * Tasks (SPEC §18): a title, notes, a due time (an instant, or a day in the venue's zone), open or
 * done, given to a member and maybe about a booking. `due_by` is when an open task falls overdue
 * (its due_at, or the end of its due_date in the venue's zone), kept so "overdue" is one indexed
 * comparison with the clock. A task goes with its booking (the booking's delete tells of each).
 */
import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.js';
import { addOrganizationScope } from './change-notify-triggers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  const time = timestampType(db);
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organization_id', 'text', (c) =>
      c.notNull().references('organizations.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('due_at', time)
    .addColumn('due_date', 'text')
    .addColumn('due_by', time)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('completed_at', time)
    .addColumn('assignee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('booking_id', 'text', (c) => c.references('bookings.id').onDelete('cascade'))
    .addColumn('created_by_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  // Pages by each sortable column read each row's version from the index alone (2026-11-23T21).
  for (const column of ['created_at', 'updated_at']) {
    await db.schema
      .createIndex(`tasks_org_${column}_idx`)
      .on('tasks')
      .columns(['organization_id', column, 'id', 'updated_at'])
      .execute();
  }
  // A member's open tasks by when they fall due (My tasks, the overdue count on Home).
  await db.schema
    .createIndex('tasks_assignee_idx')
    .on('tasks')
    .columns(['organization_id', 'assignee_id', 'status', 'due_by'])
    .execute();
  await db.schema.createIndex('tasks_booking_idx').on('tasks').columns(['booking_id']).execute();
  await addOrganizationScope(db, 'tasks');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tasks').execute();
}
