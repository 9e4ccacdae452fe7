/**
 * A member's choice of e-mails about their tasks (SPEC §18: "each member may turn these off, or
 * take one digest at 08:00 in the venue's zone instead"): `each` (the default: an e-mail when
 * someone else gives them a task and one at its due time), `digest` (neither of those; one e-mail
 * a day, task-digest.ts) or `off` (none). It is kept on the membership, so a member of two venues
 * chooses for each, and only the member chooses their own.
 */
import type { Db, Trx } from '../../db/database.js';
import { ValidationError } from '../../errors.js';
import type { Command } from '../../writes/unit-of-work.js';
import { refuse, Refusal } from '../../writes/refusal.js';
import { TASK_ACTIONS } from './task.policy.js';

export const TASK_EMAILS = ['each', 'digest', 'off'] as const;
export type TaskEmails = (typeof TASK_EMAILS)[number];

export function isTaskEmails(value: unknown): value is TaskEmails {
  return (TASK_EMAILS as readonly unknown[]).includes(value);
}

/** What a stored value means (`each` for anything unknown, as the column's default). */
export function taskEmailsOf(stored: string | null | undefined): TaskEmails {
  return isTaskEmails(stored) ? stored : 'each';
}

/** The member's choice in the organization; undefined when they are not its member. */
export async function memberTaskEmails(
  db: Db | Trx,
  organizationId: string,
  userId: string,
): Promise<TaskEmails | undefined> {
  if (userId.includes('\u0000')) return undefined;
  const row = await db
    .selectFrom('memberships')
    .select('task_emails')
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? taskEmailsOf(row.task_emails) : undefined;
}

const NOT_A_MEMBER = refuse({
  status: 403,
  code: 'staff_only',
  detail: 'Task e-mails are a member’s own: choose them signed in.',
});

/** Sets the acting member's own choice. */
export const setTaskEmails: Command<{ taskEmails: string }, TaskEmails | Refusal> = {
  action: TASK_ACTIONS.set_emails,
  async run({ trx, actor }, { taskEmails }) {
    if (actor.userId === null) return NOT_A_MEMBER;
    if (!isTaskEmails(taskEmails))
      return Refusal.from(
        new ValidationError({
          field: 'task_emails',
          detail: 'Choose each e-mail, a daily digest, or none.',
        }),
      );
    await trx
      .updateTable('memberships')
      .set({ task_emails: taskEmails })
      .where('organization_id', '=', actor.organizationId)
      .where('user_id', '=', actor.userId)
      .execute();
    return taskEmails;
  },
};
