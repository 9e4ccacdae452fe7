/**
 * Each member's choice of task e-mails (SPEC §18), on the one job runner, counted at a real SMTP
 * server: a member who takes the digest gets one e-mail at 08:00 in the venue's zone (New York)
 * listing their open tasks overdue or due that day (to midnight, not past it), once a day however
 * often the look runs, at the zone's own 08:00 on the days the clocks go forward and back, and
 * none on a day they have no such task or for a day already gone; neither the digest's member nor
 * one who turned task e-mails off gets the assignment or due-time e-mail, which a member who
 * takes each e-mail still gets.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { setTaskEmails, taskDigestRecurrence, taskReminderHandlers } from '../../src/crm/tasks/index.js';
import { createLogger } from '../../src/http/logger.js';
import { staffActor } from '../../src/policy/actor.js';
import { recurringHandler, startRecurring } from '../../src/jobs/recurring.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { MailSender } from '../../src/mail/sender.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeUser } from '../helpers/factories.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { TestSmtpServer } from '../helpers/smtp-server.js';
import { type Api, apiFor, changeDocument, created } from '../helpers/writes.js';
import { silent } from '../jobs/job-fixtures.js';

/** Saturday 8 March 2031, 06:00 in New York (EST); the clocks go forward the next night. */
const START = Date.parse('2031-03-08T11:00:00.000Z');

const taskDocument = (attributes: Record<string, unknown>, assignee: string) => ({
  data: {
    type: 'tasks',
    attributes,
    relationships: { assignee: { data: { type: 'users', id: assignee } } },
  },
});

type Member = { id: string; email: string };

eachDatabase((suite) => {
  let server: TestServer;
  let smtp: TestSmtpServer;
  let sender: MailSender;
  let venue: Venue;
  let api: Api;
  let runner: JobRunner;
  let digest: Member;
  let quiet: Member;
  let each: Member;
  let idle: Member;

  /** Runs the jobs due, then sends what they queued to the SMTP server. */
  const settle = async (instant: number) => {
    server.clock.stopAt(instant);
    for (let ran = await runner.drain(); ran > 0; ran = await runner.drain());
    while ((await sender.sendDue()) > 0);
  };
  const received = (member: Member) =>
    smtp.received.filter((mail) => mail.to.includes(member.email)).map((mail) => mail.parsed);
  const digests = (member: Member) => received(member).filter((m) => m.subject?.startsWith('Your tasks for'));
  const addTask = async (attributes: Record<string, unknown>, assignee: Member) =>
    created(api, '/v2/tasks', taskDocument(attributes, assignee.id));
  const choose = async (member: Member, taskEmails: string) =>
    write(
      { db: suite.db, clock: server.clock },
      staffActor({ organizationId: venue.orgId, userId: member.id, role: 'member', door: 'workspace' }),
      setTaskEmails,
      { taskEmails },
    );

  before(async () => {
    smtp = new TestSmtpServer();
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      SMTP_URL: await smtp.start(),
      MAIL_FROM: 'Harbour Rooms <events@harbour.example>',
    });
    server.clock.stopAt(START);
    venue = await makeVenue(suite.db);
    await suite.db
      .updateTable('organizations')
      .set({ timezone: 'America/New_York' })
      .where('id', '=', venue.orgId)
      .execute();
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    sender = new MailSender({
      db: server.app.ctx.db,
      config: server.config,
      clock: server.clock,
      logger: createLogger('warn'),
    });
    runner = new JobRunner({
      writer: { db: suite.db, clock: server.clock },
      logger: silent,
      handlers: [
        recurringHandler(taskDigestRecurrence),
        ...taskReminderHandlers({ sending: true, baseUrl: server.url }),
      ],
      retrySchedule: [5],
      pollMs: 60_000,
    });
    const member = () => makeUser(suite.db, venue.orgId, { role: 'member' });
    [digest, quiet, each, idle] = await Promise.all([member(), member(), member(), member()]);
    await choose(digest, 'digest');
    await choose(quiet, 'off');
    await choose(idle, 'digest');
    await startRecurring(suite.db, [taskDigestRecurrence], START);
  });
  after(async () => {
    await sender?.stop();
    await server?.close();
    await smtp?.close();
  });

  it('sends one digest at 08:00 New York time each day, across the change to summer time and midnight', async () => {
    await addTask({ title: 'Chase the deposit', due_at: '2031-03-07T20:00:00.000Z' }, digest);
    await addTask({ title: 'Walk the site', due_date: '2031-03-09' }, digest);
    // Sunday 23:30 and Monday 00:30 in New York (EDT): the first is Sunday's, the second is not.
    await addTask({ title: 'Late call', due_at: '2031-03-10T03:30:00.000Z' }, digest);
    await addTask({ title: 'After midnight', due_at: '2031-03-10T04:30:00.000Z' }, digest);
    const done = await addTask({ title: 'Already done', due_date: '2031-03-09' }, digest);
    const closed = await api(`/v2/tasks/${done}`, {
      method: 'PATCH',
      body: changeDocument('tasks', done, { status: 'done' }),
    });
    assert.equal(closed.status, 200, JSON.stringify(closed.body));

    // Saturday 08:00 EST is 13:00 UTC.
    await settle(Date.parse('2031-03-08T12:59:00Z'));
    assert.equal(digests(digest).length, 0);
    await settle(Date.parse('2031-03-08T13:00:00Z'));
    assert.deepEqual(
      digests(digest).map((m) => m.subject),
      ['Your tasks for 2031-03-08: 1'],
    );
    assert.match(digests(digest)[0]!.text ?? '', /Overdue:\n- Chase the deposit \(2031-03-07 at 15:00\)/);
    assert.ok((digests(digest)[0]!.text ?? '').includes(`${server.url}/orgs/${venue.orgId}/tasks`));

    // Sunday 08:00 EDT is 12:00 UTC, an hour earlier than Saturday's.
    await settle(Date.parse('2031-03-09T11:59:00Z'));
    assert.equal(digests(digest).length, 1);
    await settle(Date.parse('2031-03-09T12:00:00Z'));
    assert.equal(digests(digest).length, 2);
    const sunday = digests(digest)[1]!;
    assert.equal(sunday.subject, 'Your tasks for 2031-03-09: 3');
    assert.equal(
      (sunday.text ?? '').split('\nYour tasks:')[0],
      [
        'Overdue:',
        '- Chase the deposit (2031-03-07 at 15:00)',
        '',
        'Due today:',
        '- Late call (2031-03-09 at 23:30)',
        '- Walk the site (2031-03-09)',
        '',
      ].join('\n'),
    );
    // The look runs on through the day; the day's digest was sent.
    await settle(Date.parse('2031-03-09T13:00:00Z'));
    await settle(Date.parse('2031-03-09T20:00:00Z'));
    assert.equal(digests(digest).length, 2);
    // No due-time e-mail to a member who takes the digest.
    await settle(Date.parse('2031-03-10T03:30:00Z'));
    assert.equal(received(digest).length, 2);
    assert.equal(received(idle).length, 0, 'no digest without a task overdue or due');
  });

  it('sends nothing to a member who turned task e-mails off, and each e-mail to one who takes each', async () => {
    server.clock.stopAt(Date.parse('2031-03-10T14:00:00Z'));
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await addTask({ title: 'Count the chairs', due_at: '2031-03-10T16:00:00.000Z' }, quiet);
    await addTask({ title: 'Count the tables', due_at: '2031-03-10T16:00:00.000Z' }, each);
    await settle(Date.parse('2031-03-10T16:00:00Z'));
    await settle(Date.parse('2031-03-11T13:00:00Z'));
    assert.deepEqual(received(quiet), []);
    assert.deepEqual(
      received(each).map((m) => m.subject),
      ['New task: Count the tables', 'Due now: Count the tables'],
    );
  });

  it('sends the digest at 08:00 EST on the day the clocks go back, and none for a day gone by', async () => {
    const before = digests(digest).length;
    // Saturday 1 November 2031, 08:30 EDT: that day's 08:00 has passed, and March's days are gone.
    server.clock.stopAt(Date.parse('2031-11-01T12:30:00Z'));
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await addTask({ title: 'Final numbers', due_date: '2031-11-02' }, digest);
    await settle(Date.parse('2031-11-01T12:30:00Z'));
    assert.equal(digests(digest).length, before);
    // Sunday 2 November 08:00 EST is 13:00 UTC; 12:00 UTC is 07:00 there.
    await settle(Date.parse('2031-11-02T12:00:00Z'));
    assert.equal(digests(digest).length, before);
    await settle(Date.parse('2031-11-02T13:00:00Z'));
    const sent = digests(digest);
    assert.equal(sent.length, before + 1);
    assert.match(sent.at(-1)!.subject ?? '', /^Your tasks for 2031-11-02: /);
    assert.match(sent.at(-1)!.text ?? '', /Due today:\n- Final numbers \(2031-11-02\)/);
  });
});
