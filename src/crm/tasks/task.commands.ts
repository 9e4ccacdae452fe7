/**
 * Writing tasks (SPEC §18), as units of work (src/writes/unit-of-work.ts): the rules of
 * task-rules.ts over the task's value, with the facts they need (the venue's zone, whether the
 * assignee is a member and the booking the organization's). A task given to a member by someone
 * else queues their e-mail in the same unit of work (task-notice.ts), and an open task with a due
 * time and an assignee queues the e-mail at its due time (task-reminder.ts). Every refusal is returned.
 */
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import type { Work } from '../../writes/unit-of-work.js';
import type { Reads } from '../data/reads.js';
import { recordDeleted } from '../change-events.js';
import { idsInOrganization } from '../records.js';
import { createValueCommand, deleteValueCommand, updateValueCommand } from '../value-commands.js';
import { checkTask, type TaskInput } from './task-rules.js';
import { tellAssignee } from './task-notice.js';
import { queueDueReminder } from './task-reminder.js';
import { memberOf, zoneOf } from './task.repository.js';
import { TASK_ACTIONS } from './task.policy.js';
import { taskDefinition } from './task.resource.js';
import { type Task, taskCodec } from './task.value.js';

export type { TaskInput, TaskNotice } from './task-rules.js';

async function judged(db: Db | Trx, actor: Actor, input: TaskInput, now: number, current?: Task) {
  const organizationId = actor.organizationId;
  const assignee = input.assigneeId === undefined ? (current ? undefined : actor.userId) : input.assigneeId;
  const booking = input.bookingId;
  return checkTask(input, current, {
    zone: await zoneOf(db, organizationId),
    userId: actor.userId,
    assigneeIsMember:
      typeof assignee === 'string' && (await memberOf(db, organizationId, assignee)) !== undefined,
    bookingExists:
      typeof booking === 'string' &&
      (await idsInOrganization(db, 'bookings', organizationId, [booking])).has(booking),
    now,
  });
}

/** Every problem of a task input, writing nothing (forms, and the API's one 422 per bad field). */
export async function taskProblems(
  reads: Reads,
  actor: Actor,
  input: TaskInput,
  now: number,
  current?: Task,
) {
  return (await judged(reads.db, actor, input, now, current)).problems;
}

const KIND = { definition: taskDefinition, codec: taskCodec };

export const createTask = createValueCommand({
  ...KIND,
  action: TASK_ACTIONS.create,
  check: (work: Work, input: TaskInput) => judged(work.trx, work.actor, input, work.now),
  async afterWrite({ trx, actor, now }, created, input) {
    await tellAssignee(trx, actor, created, input.notify, now);
    await queueDueReminder(trx, created, now);
  },
});

export const updateTask = updateValueCommand({
  ...KIND,
  action: TASK_ACTIONS.update,
  check: (work: Work, input: TaskInput, current: Task) =>
    judged(work.trx, work.actor, input, work.now, current),
  async afterWrite({ trx, actor, now }, current, updated, input) {
    if (updated.assigneeId !== current.assigneeId) await tellAssignee(trx, actor, updated, input.notify, now);
    await queueDueReminder(trx, updated, now);
  },
});

export const deleteTask = deleteValueCommand({ ...KIND, action: TASK_ACTIONS.delete });

/** Deletes the tasks about a booking that is being deleted, each told of as `task.deleted`. */
export async function deleteTasksOf(trx: Trx, bookingId: string, now: number): Promise<void> {
  const tasks = await trx.deleteFrom('tasks').where('booking_id', '=', bookingId).returningAll().execute();
  for (const task of tasks) await recordDeleted(trx, taskDefinition, task, now);
}
