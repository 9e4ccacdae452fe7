/**
 * Tasks in the workspace (SPEC §18), over HTTP: My tasks groups the member's open tasks as
 * Overdue, Today, This week and Later by the venue's wall clock (the injected clock, London),
 * with the overdue count beside My tasks on Home; the add form refuses every bad field beside it,
 * adds a task for a colleague (who is e-mailed) and marks tasks done at the version drawn; a
 * booking's page lists its tasks, adds one to it and marks it done.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createTask } from '../../src/crm/tasks/index.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { type BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  fieldError,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

/** The titles listed in a section of My tasks, in order. */
function titlesIn(page: string, section: string): string[] {
  const start = page.indexOf(`id="tasks-${section}"`);
  assert.notEqual(start, -1, `a ${section} section`);
  const part = page.slice(start, page.indexOf('</section>', start));
  return [...part.matchAll(/<strong>([^<]*)<\/strong>/g)].map((m) => m[1]!);
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let admin: { session: BrowserSession; csrf: string };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    // Wednesday 10 March 2027, 12:00 in London (UTC+0 until the clocks go forward on 28 March).
    server.clock.setTo(Date.parse('2027-03-10T12:00:00Z'));
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
    admin = await workspaceSession(server, venue.admin.email, venue.orgId);
    const add = (input: Record<string, unknown>) =>
      write({ db: suite.db, clock: server.clock }, venue.actor, createTask, input);
    await add({ title: 'Chase the deposit', dueDate: '2027-03-09' });
    await add({ title: 'Call the caterer', dueAt: '2027-03-10T11:00:00Z' });
    await add({ title: 'Send the floor plan', dueAt: '2027-03-10T17:00:00Z' });
    await add({ title: 'Confirm the band', dueDate: '2027-03-14' });
    await add({ title: 'Book the photographer', dueDate: '2027-03-15' });
    await add({ title: 'Tidy the store room' });
    await add({ title: 'Not mine', dueDate: '2027-03-01', assigneeId: venue.member.id });
  });
  after(() => server.close());

  it('groups my open tasks by the venue’s day, and counts the overdue ones beside My tasks on Home', async () => {
    const page = await admin.session.request(`${o}/tasks`);
    assert.equal(page.status, 200, page.body);
    assert.deepEqual(titlesIn(page.body, 'overdue'), ['Chase the deposit', 'Call the caterer']);
    assert.deepEqual(titlesIn(page.body, 'today'), ['Send the floor plan']);
    assert.deepEqual(titlesIn(page.body, 'week'), ['Confirm the band']);
    assert.deepEqual(titlesIn(page.body, 'later'), ['Book the photographer', 'Tidy the store room']);
    assert.match(page.body, /aria-current="page">My tasks/);
    const home = await admin.session.follow(`${o}`.replace(/\/orgs\/.*/, '/'));
    assert.equal(home.status, 200);
    assert.match(
      home.body,
      /My tasks<span class="visually-hidden">,<\/span> <span class="nav-count">2<\/span>/,
    );
    assert.match(page.body, /<meta name="viewport" content="width=device-width/);
  });

  it('refuses a task with no title and a time with no day, each beside its field, then adds one for a colleague', async () => {
    const refused = await admin.session.request(`${o}/tasks`, {
      form: {
        _csrf: admin.csrf,
        back: `${o}/tasks`,
        booking_id: '',
        title: ' ',
        due_date: '',
        due_time: '09:30',
        assignee: venue.member.id,
      },
    });
    assert.equal(refused.status, 422, refused.body);
    assert.match(fieldError(refused.body, 'title'), /title/i);
    assert.match(fieldError(refused.body, 'due_date'), /day/);
    const mailBefore = await suite.db
      .selectFrom('outgoing_mail')
      .select('id')
      .where('kind', '=', 'task')
      .execute();
    const added = await admin.session.request(`${o}/tasks`, {
      form: {
        _csrf: admin.csrf,
        back: `${o}/tasks`,
        booking_id: '',
        title: 'Walk the garden',
        due_date: '2027-03-11',
        due_time: '09:30',
        assignee: venue.member.id,
      },
    });
    assert.equal(added.status, 303, added.body);
    assert.equal(added.location, `${server.url}${o}/tasks?notice=added`);
    const task = await suite.db
      .selectFrom('tasks')
      .selectAll()
      .where('title', '=', 'Walk the garden')
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [task.assignee_id, task.due_at, task.due_date],
      [venue.member.id, '2027-03-11T09:30:00.000Z', null],
    );
    const mails = await suite.db.selectFrom('outgoing_mail').selectAll().where('kind', '=', 'task').execute();
    assert.equal(mails.length, mailBefore.length + 1);
    assert.equal(mails.at(-1)!.to_address, venue.member.email);
  });

  it('marks a task done from My tasks, at the version drawn', async () => {
    const page = await admin.session.request(`${o}/tasks`);
    const task = await suite.db
      .selectFrom('tasks')
      .select('id')
      .where('title', '=', 'Chase the deposit')
      .executeTakeFirstOrThrow();
    const action = `${o}/tasks/${task.id}/done`;
    const fields = formFields(page.body, action);
    const done = await admin.session.request(action, { form: fields });
    assert.equal(done.status, 303, done.body);
    const again = await admin.session.request(action, { form: fields });
    assert.equal(again.status, 412, 'the same form again is refused: the task changed');
    const after = await admin.session.request(`${o}/tasks`);
    assert.deepEqual(titlesIn(after.body, 'overdue'), ['Call the caterer']);
  });

  it('lists a booking’s tasks on its page, adds one to it and marks it done', async () => {
    const path = `${o}/bookings/${venue.bookingId}`;
    const empty = await admin.session.request(path);
    assert.equal(empty.status, 200);
    assert.match(empty.body, /No tasks on this booking\./);
    const added = await admin.session.request(`${o}/tasks`, {
      form: {
        ...formFields(empty.body, `${o}/tasks`),
        title: 'Print the place cards',
        due_date: '2027-03-12',
        due_time: '',
        assignee: venue.admin.id,
      },
    });
    assert.equal(added.status, 303, added.body);
    assert.equal(added.location, `${server.url}${path}?notice=task-added`);
    const page = await admin.session.request(`${path}?notice=task-added`);
    assert.match(page.body, /Task added\./);
    assert.match(page.body, /<strong>Print the place cards<\/strong>/);
    const task = await suite.db
      .selectFrom('tasks')
      .selectAll()
      .where('title', '=', 'Print the place cards')
      .executeTakeFirstOrThrow();
    assert.equal(task.booking_id, venue.bookingId);
    const action = `${o}/tasks/${task.id}/done`;
    const done = await admin.session.request(action, { form: formFields(page.body, action) });
    assert.equal(done.location, `${server.url}${path}?notice=task-done`);
    const status = await suite.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    assert.equal(status.status, 'done');
  });
});
