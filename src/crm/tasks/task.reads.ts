/** What the doors read of tasks (the pages, the assistant): as values, in the order they fall due. */
import { sql } from 'kysely';
import type { Reads } from '../data/reads.js';
import { findVersioned, versionTag } from '../version-tag.js';
import type { TaskStatus } from './task.fields.js';
import { taskDefinition } from './task.resource.js';
import { type Task, taskCodec } from './task.value.js';
import { countOf } from '../../db/aggregates.js';

export interface TaskQuery {
  assigneeId?: string | undefined;
  bookingId?: string | undefined;
  status?: TaskStatus | undefined;
  /** Only the open tasks past their due time at this instant (milliseconds). */
  overdueAt?: number | undefined;
  /** At most this many (default 200). */
  limit?: number | undefined;
}

/** The organization's tasks asked for: those that fall due first first, those with no due time last. */
export async function listTasks(
  reads: Reads,
  organizationId: string,
  asked: TaskQuery = {},
): Promise<Task[]> {
  let query = reads.db.selectFrom('tasks').selectAll().where('organization_id', '=', organizationId);
  if (asked.assigneeId !== undefined) query = query.where('assignee_id', '=', asked.assigneeId);
  if (asked.bookingId !== undefined) query = query.where('booking_id', '=', asked.bookingId);
  if (asked.status !== undefined) query = query.where('status', '=', asked.status);
  if (asked.overdueAt !== undefined) {
    query = query.where('status', '=', 'open').where('due_by', '<', new Date(asked.overdueAt).toISOString());
  }
  const rows = await query
    .orderBy(sql`due_by is null`)
    .orderBy('due_by')
    .orderBy('created_at')
    .orderBy('id')
    .limit(asked.limit ?? 200)
    .execute();
  return rows.map(taskCodec.decode);
}

/** How many of a member's open tasks are past their due time at `now`. */
export async function countOverdue(reads: Reads, organizationId: string, userId: string, now: number) {
  return countOf(
    reads.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('assignee_id', '=', userId)
      .where('status', '=', 'open')
      .where('due_by', '<', new Date(now).toISOString()),
  );
}

/** The organization's task with the version its form carries, or undefined. */
export function findTask(reads: Reads, organizationId: string, id: string) {
  return findVersioned(reads, taskDefinition, taskCodec.decode, organizationId, id);
}

/** The name and reference of each booking the tasks are about, by id. */
export async function taskBookings(reads: Reads, organizationId: string, tasks: readonly Task[]) {
  const ids = [...new Set(tasks.flatMap((t) => (t.bookingId ? [t.bookingId] : [])))];
  const rows = ids.length
    ? await reads.db
        .selectFrom('bookings')
        .select(['id', 'name', 'reference'])
        .where('organization_id', '=', organizationId)
        .where('id', 'in', ids)
        .execute()
    : [];
  return new Map(rows.map((r) => [r.id, { name: r.name, reference: r.reference }]));
}

/** Whether an open task is past its due time at `now`. */
export function isOverdue(task: Pick<Task, 'status' | 'dueBy'>, now: number): boolean {
  return task.status === 'open' && task.dueBy !== null && Date.parse(task.dueBy) < now;
}

/** The version a form carries to change the task (its ETag, as the API gives it). */
export function taskVersion(task: Pick<Task, 'id' | 'updatedAt'>): string {
  return versionTag('tasks', { id: task.id, updated_at: task.updatedAt });
}
