/**
 * Reading the venues' mailboxes as jobs of the one runner (SPEC §17, §18): a round of every
 * mailbox each minute (a recurring job: one run a minute however many processes serve), and a
 * `mailbox.read` at once when a watched mailbox says a message arrived (IDLE) or a mailbox was
 * saved. Reading files each message once per Message-ID, so a read repeated after a process died
 * files nothing twice; the process that runs a read keeps its own watchers in step with it.
 */
import type { JobHandler } from '../../jobs/job-handler.js';
import { jobHandler } from '../../jobs/job-handler.js';
import type { Recurrence } from '../../jobs/recurring.js';
import { MAILBOX_READ_KIND, type MailboxRead, type MailboxReader } from './mailbox-reader.js';

export const MAILBOX_ROUND_KIND = 'mailbox.round';

/** The minute's round of every mailbox. */
export function mailboxRound(reader: MailboxReader): Recurrence {
  return { kind: MAILBOX_ROUND_KIND, everyMs: 60_000, perform: () => reader.readAll() };
}

/** A read at once: the organization's mailbox, or every one. */
export function mailboxReadHandler(reader: MailboxReader): JobHandler {
  return jobHandler<MailboxRead>({
    kind: MAILBOX_READ_KIND,
    // Missed reads are made up by the next minute's round: one quick retry is enough.
    retrySchedule: [5],
    async run({ payload }) {
      if (payload.organizationId === undefined) return reader.readAll();
      await reader.readOne(payload.organizationId);
      await reader.keepWatching();
    },
  });
}
