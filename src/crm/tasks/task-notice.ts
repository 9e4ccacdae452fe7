/**
 * The e-mail to a member given a task by someone else (SPEC §18): queued through the outbox
 * (src/mail/outbox.ts) in the unit of work that gives it, so a task given always has its e-mail and
 * a refused one never does; the mail sender sends it within the minute. Nobody is told of a task
 * they give themselves, nor a member who chose the daily digest or no task e-mails.
 */
import type { Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { queueMail } from '../../mail/outbox.js';
import { localDate, localTime } from '../../wall-clock.js';
import type { TaskNotice } from './task-rules.js';
import { bookingNameOf, memberOf, zoneOf } from './task.repository.js';
import type { Task } from './task.value.js';
import { taskEmailsOf } from './task-emails.js';

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
  const giver = actor.userId ? await memberOf(trx, task.organizationId, actor.userId) : undefined;
  const who = giver ? giver.name || giver.email : 'Marquee';
  const due = await dueWords(trx, task);
  await mailAssignee(trx, task, {
    subject: `New task: ${task.title}`,
    lines: [`${who} gave you a task: ${task.title}`, due ? `Due: ${due}` : ''],
    ...notice,
    now,
  });
}

/**
 * Queues an e-mail to the task's assignee, while they are a member who takes each e-mail about
 * their tasks (task-emails.ts: not those who chose the digest or none): its first lines, then the
 * task's booking and notes and the link to their tasks.
 */
export async function mailAssignee(
  trx: Trx,
  task: Task,
  mail: { subject: string; lines: readonly string[]; tasksUrl: string; sending: boolean; now: number },
): Promise<void> {
  const assignee = await memberOf(trx, task.organizationId, task.assigneeId);
  if (!assignee || taskEmailsOf(assignee.task_emails) !== 'each') return;
  const booking = task.bookingId ? await bookingNameOf(trx, task.organizationId, task.bookingId) : undefined;
  const text = [
    ...mail.lines,
    booking ? `Booking: ${booking.name} (${booking.reference})` : '',
    task.notes ? `\n${task.notes}\n` : '',
    `Your tasks: ${mail.tasksUrl}`,
  ]
    .filter(Boolean)
    .join('\n');
  await queueMail(
    trx,
    {
      organizationId: task.organizationId,
      kind: 'task',
      to: { address: assignee.email, name: assignee.name },
      subject: mail.subject,
      text,
    },
    { now: mail.now, sending: mail.sending },
  );
}
