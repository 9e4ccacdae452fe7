/**
 * The e-mail to a member given a task by someone else (SPEC §18): queued through the outbox
 * (src/mail/outbox.ts) in the unit of work that gives it, so a task given always has its e-mail and
 * a refused one never does; the mail sender sends it within the minute. Nobody is told of a task
 * they give themselves.
 */
import type { Trx } from '../../db/database.js';
import type { Actor } from '../../identity/actor.js';
import { queueMail } from '../../mail/outbox.js';
import { localDate, localTime } from '../../wall-clock.js';
import type { TaskNotice } from './task-rules.js';
import { bookingNameOf, memberOf, zoneOf } from './task.repository.js';
import type { Task } from './task.value.js';

/** When a task is due, in words (the venue's wall clock), or undefined when it has no due time. */
async function dueWords(trx: Trx, task: Task): Promise<string | undefined> {
  if (task.dueDate !== null) return task.dueDate;
  if (task.dueAt === null) return undefined;
  const zone = await zoneOf(trx, task.organizationId);
  const ms = Date.parse(task.dueAt);
  return `${localDate(ms, zone)} at ${localTime(ms, zone)} (${zone})`;
}

/** Queues the e-mail telling the task's assignee it was given to them, unless they gave it themselves. */
export async function tellAssignee(
  trx: Trx,
  actor: Actor,
  task: Task,
  notice: TaskNotice | undefined,
  now: number,
): Promise<void> {
  if (!notice || task.assigneeId === actor.userId) return;
  const assignee = await memberOf(trx, task.organizationId, task.assigneeId);
  if (!assignee) return;
  const giver = actor.userId ? await memberOf(trx, task.organizationId, actor.userId) : undefined;
  const who = giver ? giver.name || giver.email : 'Marquee';
  const booking = task.bookingId ? await bookingNameOf(trx, task.organizationId, task.bookingId) : undefined;
  const due = await dueWords(trx, task);
  const text = [
    `${who} gave you a task: ${task.title}`,
    due ? `Due: ${due}` : '',
    booking ? `Booking: ${booking.name} (${booking.reference})` : '',
    task.notes ? `\n${task.notes}\n` : '',
    `Your tasks: ${notice.tasksUrl}`,
  ]
    .filter(Boolean)
    .join('\n');
  await queueMail(
    trx,
    {
      organizationId: task.organizationId,
      kind: 'task',
      to: { address: assignee.email, name: assignee.name },
      subject: `New task: ${task.title}`,
      text,
    },
    { now, sending: notice.sending },
  );
}
