/**
 * The daily digest of a member who chose it (SPEC §18, task-emails.ts): one e-mail at 08:00 in the
 * venue's zone listing their open tasks that are overdue or due that day, sent only when there is
 * at least one. A look every five minutes (a recurring job) queues each such member's next digest
 * as a `task.digest` job at the next 08:00 of the venue's wall clock, keyed by the member and that
 * local date: however many looks and processes, a day has one job, and the job's e-mail commits
 * with its completion, so a member gets one digest a day. The instant is the zone's own 08:00 of
 * that date, on the days the clocks change too. A digest runs only on its day: one a process was
 * down for is not sent the next, and one for a member who has since chosen otherwise is not sent.
 */
import type { Trx } from '../../db/database.js';
import { type JobHandler, jobHandler } from '../../jobs/job-handler.js';
import { enqueueJob } from '../../jobs/job.repository.js';
import type { Recurrence } from '../../jobs/recurring.js';
import { queueMail } from '../../mail/outbox.js';
import { addDays, localDate, localTime, zonedToUtc } from '../../wall-clock.js';
import { tasksPageUrl } from './task-links.js';
import { memberOf, zoneOf } from './task.repository.js';
import { taskCodec, type Task, type TaskTable } from './task.value.js';
import { taskEmailsOf } from './task-emails.js';

export const TASK_DIGEST_JOB = 'task.digest';
export const DIGEST_LOOK_MS = 5 * 60_000;

/** The venue's wall-clock time the digest goes out at. */
const DIGEST_TIME = '08:00';

/** The most tasks one digest lists; the rest are on My tasks. */
const DIGEST_MOST = 50;

interface DigestPayload {
  organizationId: string;
  userId: string;
  /** The venue's local date (YYYY-MM-DD) the digest is of. */
  date: string;
}

/** The next digest at or after `now` in `zone`: its local date and instant (ms). */
export function nextDigest(now: number, zone: string): { date: string; at: number } | undefined {
  const today = localDate(now, zone);
  const at = zonedToUtc(`${today}T${DIGEST_TIME}`, zone);
  if (at === undefined) return undefined;
  if (at >= now) return { date: today, at };
  const date = addDays(today, 1);
  const next = zonedToUtc(`${date}T${DIGEST_TIME}`, zone);
  return next === undefined ? undefined : { date, at: next };
}

/** The look: queues the next digest of every member who chose it (nothing, once queued). */
export const taskDigestRecurrence: Recurrence = {
  kind: 'tasks.digests',
  everyMs: DIGEST_LOOK_MS,
  async perform({ writer }) {
    const now = writer.clock.now();
    const members = await writer.db
      .selectFrom('memberships as m')
      .innerJoin('organizations as o', 'o.id', 'm.organization_id')
      .select(['m.organization_id', 'm.user_id', 'o.timezone'])
      .where('m.task_emails', '=', 'digest')
      .orderBy('m.organization_id')
      .orderBy('m.user_id')
      .execute();
    for (const member of members) {
      const next = nextDigest(now, member.timezone);
      if (!next) continue;
      const payload: DigestPayload = {
        organizationId: member.organization_id,
        userId: member.user_id,
        date: next.date,
      };
      await enqueueJob(writer.db, {
        kind: TASK_DIGEST_JOB,
        dedupeKey: `${member.organization_id}/${member.user_id}@${next.date}`,
        organizationId: member.organization_id,
        payload,
        dueAt: next.at,
        now,
      });
    }
  },
};

/** The member's open tasks overdue or due on `date` (the venue's day ends at the next midnight). */
async function tasksOfTheDay(trx: Trx, payload: DigestPayload, zone: string): Promise<Task[]> {
  const dayEnd = zonedToUtc(addDays(payload.date, 1), zone);
  if (dayEnd === undefined) return [];
  const rows = await trx
    .selectFrom('tasks')
    .selectAll()
    .where('organization_id', '=', payload.organizationId)
    .where('assignee_id', '=', payload.userId)
    .where('status', '=', 'open')
    // An all-day task of the day falls overdue at the day's end itself: it is named by its date.
    .where((eb) =>
      eb.or([eb('due_by', '<', new Date(dayEnd).toISOString()), eb('due_date', '=', payload.date)]),
    )
    .orderBy('due_by')
    .orderBy('id')
    .execute();
  return rows.map((row) => taskCodec.decode(row as TaskTable));
}

function taskLine(task: Task, zone: string): string {
  if (task.dueDate !== null) return `- ${task.title} (${task.dueDate})`;
  const ms = Date.parse(task.dueAt ?? '');
  return `- ${task.title} (${localDate(ms, zone)} at ${localTime(ms, zone)})`;
}

function digestText(tasks: readonly Task[], now: number, zone: string, tasksUrl: string): string {
  const shown = tasks.slice(0, DIGEST_MOST);
  const overdue = shown.filter((t) => t.dueBy !== null && Date.parse(t.dueBy) < now);
  const today = shown.filter((t) => !overdue.includes(t));
  const lines: string[] = [];
  if (overdue.length > 0) lines.push('Overdue:', ...overdue.map((t) => taskLine(t, zone)), '');
  if (today.length > 0) lines.push('Due today:', ...today.map((t) => taskLine(t, zone)), '');
  if (tasks.length > shown.length) lines.push(`And ${tasks.length - shown.length} more.`, '');
  lines.push(`Your tasks: ${tasksUrl}`);
  return lines.join('\n');
}

export interface TaskDigestOptions {
  /** Whether an SMTP server sends mail. */
  sending: boolean;
  baseUrl: string;
}

async function sendDigest(trx: Trx, payload: DigestPayload, options: TaskDigestOptions, now: number) {
  const member = await memberOf(trx, payload.organizationId, payload.userId);
  if (!member || taskEmailsOf(member.task_emails) !== 'digest') return;
  const zone = await zoneOf(trx, payload.organizationId);
  if (localDate(now, zone) !== payload.date) return;
  const tasks = await tasksOfTheDay(trx, payload, zone);
  if (tasks.length === 0) return;
  await queueMail(
    trx,
    {
      organizationId: payload.organizationId,
      kind: 'task',
      to: { address: member.email, name: member.name },
      subject: `Your tasks for ${payload.date}: ${tasks.length}`,
      text: digestText(tasks, now, zone, tasksPageUrl(options.baseUrl, payload.organizationId)),
    },
    { now, sending: options.sending },
  );
}

/** The handler of `task.digest`: the e-mail commits with the job's completion. */
export function taskDigestHandler(options: TaskDigestOptions): JobHandler {
  return jobHandler<DigestPayload>({
    kind: TASK_DIGEST_JOB,
    async run(context) {
      await context.transaction((trx) =>
        sendDigest(trx, context.payload, options, context.writer.clock.now()),
      );
    },
  });
}
