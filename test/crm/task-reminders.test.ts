/**
 * The e-mail to a task's assignee at its due time (SPEC §18), on the one job runner: none before,
 * one at or after it and never again; none for a task done before its time; a moved due time
 * tells only at the new one; an all-day task tells at 09:00 of its day in the venue's zone.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { taskReminderHandlers } from '../../src/crm/tasks/index.js';
import { JobRunner } from '../../src/jobs/runner.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeUser } from '../helpers/factories.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
} from '../helpers/writes.js';
import { silent } from '../jobs/job-fixtures.js';

const MINUTE = 60_000;
/** Monday 2 June 2031, 08:00 UTC (09:00 in London, on summer time). */
const START = Date.parse('2031-06-02T08:00:00.000Z');

const taskDocument = (attributes: Record<string, unknown>, assignee: string, booking?: string) => ({
  data: {
    type: 'tasks',
    attributes,
    relationships: {
      assignee: { data: { type: 'users', id: assignee } },
      ...(booking ? { booking: { data: { type: 'bookings', id: booking } } } : {}),
    },
  },
});

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let runner: JobRunner;

  /** Runs due jobs until none is due; how many ran. */
  const drain = async () => {
    let total = 0;
    for (let ran = await runner.drain(); ran > 0; ran = await runner.drain()) total += ran;
    return total;
  };
  const dueMailsTo = (address: string) =>
    suite.db
      .selectFrom('outgoing_mail')
      .selectAll()
      .where('to_address', '=', address)
      .where('subject', 'like', 'Due now:%')
      .orderBy('id')
      .execute();
  const newAssignee = () => makeUser(suite.db, venue.orgId, { role: 'member' });
  const at = async (instant: number) => {
    server.clock.stopAt(instant);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
  };

  before(async () => {
    // Tokens last the days the tests move the clock through.
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      ACCESS_TOKEN_TTL: '2592000',
    });
    venue = await makeVenue(suite.db);
    await suite.db
      .updateTable('organizations')
      .set({ timezone: 'Europe/London' })
      .where('id', '=', venue.orgId)
      .execute();
    await at(START);
    runner = new JobRunner({
      writer: { db: suite.db, clock: server.clock },
      logger: silent,
      handlers: taskReminderHandlers({ sending: false, baseUrl: server.url }),
      retrySchedule: [5],
      pollMs: 60_000,
    });
  });
  after(() => server.close());

  it('tells the assignee once at the due time, naming the booking and My tasks', async () => {
    await at(START);
    const assignee = await newAssignee();
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Brennan family' }));
    const booking = await created(api, '/v2/bookings', bookingDocument(account, { name: 'Brennan wedding' }));
    const due = START + 90 * MINUTE;
    const id = await created(
      api,
      '/v2/tasks',
      taskDocument({ title: 'Call the florist', due_at: new Date(due).toISOString() }, assignee.id, booking),
    );
    // Saving it again with the same due time queues nothing more.
    const same = await api(`/v2/tasks/${id}`, {
      method: 'PATCH',
      body: changeDocument('tasks', id, { title: 'Call the florist', due_at: new Date(due).toISOString() }),
    });
    assert.equal(same.status, 200, JSON.stringify(same.body));
    await drain();
    server.clock.setTo(due - MINUTE);
    await drain();
    assert.deepEqual(await dueMailsTo(assignee.email), []);
    server.clock.setTo(due);
    await drain();
    const mails = await dueMailsTo(assignee.email);
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.subject, 'Due now: Call the florist');
    assert.equal(mails[0]!.kind, 'task');
    assert.match(mails[0]!.text_body, /Brennan wedding/);
    assert.ok(mails[0]!.text_body.includes(`${server.url}/orgs/${venue.orgId}/tasks`));
    server.clock.setTo(due + 60 * MINUTE);
    await drain();
    assert.equal((await dueMailsTo(assignee.email)).length, 1);
  });

  it('tells nobody of a task done before its time', async () => {
    await at(START + 86_400_000);
    const assignee = await newAssignee();
    const due = START + 86_400_000 + 30 * MINUTE;
    const id = await created(
      api,
      '/v2/tasks',
      taskDocument({ title: 'Book the band', due_at: new Date(due).toISOString() }, assignee.id),
    );
    const done = await api(`/v2/tasks/${id}`, {
      method: 'PATCH',
      body: changeDocument('tasks', id, { status: 'done' }),
    });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    server.clock.setTo(due + MINUTE);
    await drain();
    assert.deepEqual(await dueMailsTo(assignee.email), []);
  });

  it('tells only at the new time when the due time is moved later', async () => {
    await at(START + 2 * 86_400_000);
    const assignee = await newAssignee();
    const first = START + 2 * 86_400_000 + 30 * MINUTE;
    const later = first + 120 * MINUTE;
    const id = await created(
      api,
      '/v2/tasks',
      taskDocument({ title: 'Send the menu', due_at: new Date(first).toISOString() }, assignee.id),
    );
    const moved = await api(`/v2/tasks/${id}`, {
      method: 'PATCH',
      body: changeDocument('tasks', id, { due_at: new Date(later).toISOString() }),
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    server.clock.setTo(first + MINUTE);
    await drain();
    assert.deepEqual(await dueMailsTo(assignee.email), []);
    server.clock.setTo(later);
    await drain();
    assert.equal((await dueMailsTo(assignee.email)).length, 1);
    server.clock.setTo(later + 60 * MINUTE);
    await drain();
    assert.equal((await dueMailsTo(assignee.email)).length, 1);
  });

  it("tells of an all-day task at 09:00 of its day in the venue's zone", async () => {
    await at(START + 3 * 86_400_000);
    const assignee = await newAssignee();
    await created(
      api,
      '/v2/tasks',
      taskDocument({ title: 'Walk the site', due_date: '2031-06-07' }, assignee.id),
    );
    // 09:00 in London on 7 June 2031 is 08:00 UTC (summer time).
    server.clock.setTo(Date.parse('2031-06-07T07:59:00Z'));
    await drain();
    assert.deepEqual(await dueMailsTo(assignee.email), []);
    server.clock.setTo(Date.parse('2031-06-07T08:00:00Z'));
    await drain();
    const mails = await dueMailsTo(assignee.email);
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.subject, 'Due now: Walk the site');
  });
});
