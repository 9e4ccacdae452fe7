/**
 * The e-mail to a task's assignee at its due time (SPEC §18), on the one job runner
 * (src/jobs/runner.ts). A write that leaves a task open with a due time and an assignee queues a
 * `task.due` job at its due instant in the same unit of work, once per task and instant (the
 * dedupe key), so re-saving the same due time queues nothing and a moved one queues anew. The job
 * mails only when the task is still open, still due at that instant and still has an assignee:
 * the jobs of a due time moved away, or of a task done, do nothing; nor does the job of a member
 * who takes the daily digest or no task e-mails (task-emails.ts).
 */
import type { Trx } from '../../db/database.js';
import { type JobHandler, jobHandler } from '../../jobs/job-handler.js';
import { enqueueJob } from '../../jobs/job.repository.js';
import { zonedToUtc } from '../../wall-clock.js';
import { tasksPageUrl } from './task-links.js';
import { mailAssignee } from './task-notice.js';
import { taskDigestHandler } from './task-digest.js';
import { zoneOf } from './task.repository.js';
import { type Task, taskCodec, type TaskTable } from './task.value.js';

export const TASK_DUE_JOB = 'task.due';

/** An all-day task falls due at this hour of its day, in the venue's zone. */
const ALL_DAY_HOUR = '09:00';

interface DuePayload {
  taskId: string;
  /** The due instant the job was queued for (ISO). */
  dueAt: string;
}

/** The instant a task falls due (ms), or undefined when it has no due time. */
async function dueInstant(trx: Trx, task: Task): Promise<number | undefined> {
  if (task.dueAt !== null) return Date.parse(task.dueAt);
  if (task.dueDate === null) return undefined;
  return zonedToUtc(`${task.dueDate}T${ALL_DAY_HOUR}`, await zoneOf(trx, task.organizationId));
}

/** Queues the e-mail at the task's due time when it is open with a due time and an assignee. */
export async function queueDueReminder(trx: Trx, task: Task, now: number): Promise<void> {
  if (task.status !== 'open' || !task.assigneeId) return;
  const due = await dueInstant(trx, task);
  if (due === undefined || Number.isNaN(due)) return;
  const dueAt = new Date(due).toISOString();
  const payload: DuePayload = { taskId: task.id, dueAt };
  await enqueueJob(trx, {
    kind: TASK_DUE_JOB,
    dedupeKey: `${task.id}@${dueAt}`,
    organizationId: task.organizationId,
    payload,
    dueAt: due,
    now,
  });
}

export interface TaskReminderOptions {
  /** Whether an SMTP server sends mail. */
  sending: boolean;
  baseUrl: string;
}

async function remind(trx: Trx, payload: DuePayload, options: TaskReminderOptions, now: number) {
  const row = await trx.selectFrom('tasks').selectAll().where('id', '=', payload.taskId).executeTakeFirst();
  if (!row) return;
  const task = taskCodec.decode(row as TaskTable);
  if (task.status !== 'open' || !task.assigneeId) return;
  const due = await dueInstant(trx, task);
  if (due === undefined || due !== Date.parse(payload.dueAt)) return;
  await mailAssignee(trx, task, {
    subject: `Due now: ${task.title}`,
    lines: [`Your task is due now: ${task.title}`],
    tasksUrl: tasksPageUrl(options.baseUrl, task.organizationId),
    sending: options.sending,
    now,
  });
}

/** The handlers of `task.due` and of the daily digest: each e-mail commits with its job's completion. */
export function taskReminderHandlers(options: TaskReminderOptions): JobHandler[] {
  return [
    taskDigestHandler(options),
    jobHandler<DuePayload>({
      kind: TASK_DUE_JOB,
      async run(context) {
        await context.transaction((trx) => remind(trx, context.payload, options, context.writer.clock.now()));
      },
    }),
  ];
}
