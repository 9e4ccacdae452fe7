/**
 * A real `marquee serve` (`--workers 2` on PostgreSQL) killed with SIGKILL while it sends 1,000
 * reminder e-mails that fell due at once, then started again (SPEC §18): each recipient gets its
 * mail, through the real SMTP path to a real SMTP server in this process, and none twice — save
 * in the one window SMTP leaves open. The server had taken a message (the test server files it
 * before its 250 goes out) but the process died before recording it as sent: that message is sent
 * again after the restart, under the same Message-ID. The window is measured between the kill and
 * the restart (test/jobs/crash-window.ts): the messages the SMTP server holds whose rows are not
 * `sent`. Mail goes one message at a time, so at most one can be in it; any other repeat, or any
 * recipient without mail, fails.
 */
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { it } from 'node:test';
import { queueMail } from '../../src/mail/outbox.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { startServer } from '../helpers/processes.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { assertOnceBut, LEASE } from './crash-window.js';

const MAILS = 1000;
const recipient = (i: number) => `member-${i}@crash.example`;

eachDatabase((suite) => {
  async function sentRecipients(): Promise<Set<string>> {
    const rows = await suite.db
      .selectFrom('outgoing_mail')
      .select('to_address')
      .where('status', '=', 'sent')
      .execute();
    return new Set(rows.map((row) => row.to_address));
  }

  async function until(enough: () => boolean | Promise<boolean>, ms: number, what: string) {
    const deadline = Date.now() + ms;
    while (!(await enough())) {
      assert.ok(Date.now() < deadline, what);
      await delay(5);
    }
  }

  it('mails every recipient of 1,000 due reminders once across a SIGKILL', { timeout: 240_000 }, async () => {
    const smtp = new TestSmtpServer();
    const smtpUrl = await smtp.start();
    try {
      const org = await makeOrganization(suite.db);
      // Due at a fixed instant long past, whatever day the suite runs: the server, on the wall clock, takes them at once.
      const now = Date.parse('2026-01-05T09:00:00Z');
      // The reminders a run of task.due jobs queues (src/crm/tasks/task-notice.ts), due now.
      await suite.db.transaction().execute(async (trx) => {
        for (let i = 0; i < MAILS; i++)
          await queueMail(
            trx,
            {
              organizationId: org.id,
              kind: 'task',
              to: { address: recipient(i), name: `Member ${i}` },
              subject: `Due now: call back ${i}`,
              text: `Your task is due now: call back ${i}`,
            },
            { now, sending: true },
          );
      });
      const workers = suite.database.dialect === 'postgres' ? ['--workers', '2'] : [];
      const env = { ...suite.database.env, SMTP_URL: smtpUrl, MARQUEE_JOB_LEASE: LEASE, LOG_LEVEL: 'warn' };

      const first = await startServer(env, ['--migrate', ...workers]);
      await until(() => smtp.received.length >= MAILS / 5, 90_000, 'the first process sent too little');
      await first.stop('SIGKILL');
      const sent = await sentRecipients();
      assert.ok(sent.size < MAILS, 'the kill came after every mail was sent');
      const window = new Set(smtp.received.map((mail) => mail.to[0]!).filter((to) => !sent.has(to)));

      const second = await startServer(env, workers);
      try {
        // The dead process's leases run out (LEASE seconds), then its jobs are taken again.
        await until(async () => (await sentRecipients()).size === MAILS, 150_000, 'not every mail was sent');
      } finally {
        await second.stop('SIGTERM');
      }

      const arrived = smtp.received.map((mail) => mail.to[0]!);
      const expected = Array.from({ length: MAILS }, (_, i) => recipient(i));
      const count = assertOnceBut(expected, arrived, window, 1);
      const idsOf = new Map<string, Set<string | undefined>>();
      for (const mail of smtp.received)
        idsOf.set(mail.to[0]!, (idsOf.get(mail.to[0]!) ?? new Set()).add(mail.parsed.messageId));
      assert.ok(
        [...idsOf.values()].every((ids) => ids.size === 1),
        'a repeat is the same message (its Message-ID)',
      );
      const jobs = await suite.db
        .selectFrom('jobs')
        .select('state')
        .where('kind', '=', 'mail.send')
        .where('organization_id', '=', org.id)
        .execute();
      assert.equal(jobs.length, MAILS);
      assert.ok(jobs.every((job) => job.state === 'done'));
      console.log(`# ${suite.database.dialect}: mails at SMTP ${JSON.stringify(count)}`);
    } finally {
      await smtp.close();
    }
  });
});
