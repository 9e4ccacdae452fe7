/**
 * Tasks (SPEC §18) through /v2/tasks: a title, a due_at or a due_date (not both), open or done with
 * completed_at following, an assignee who is a member (the caller by default), an optional booking
 * of the organization and created_by; every bad field at once; filters in §5's syntax, `me` and
 * `overdue` read against the injected clock in the venue's zone; crm_read reads, crm_manage
 * writes; each write told as task.created, .updated, .deleted; a task given to another member
 * queues their e-mail, and a task of a deleted booking goes with it.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
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
  type Many,
  pointers,
} from '../helpers/writes.js';

const taskDocument = (attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) => ({
  data: { type: 'tasks', attributes, relationships },
});
/** A booking (and its account) made through the API. */
async function newBooking(api: Api, name = 'Summer party'): Promise<string> {
  const account = await created(api, '/v2/accounts', accountDocument({ name: `${name} Ltd` }));
  return created(api, '/v2/bookings', bookingDocument(account, { name }));
}

const user = (id: string | null) => ({ data: id === null ? null : { type: 'users', id } });
const booking = (id: string | null) => ({ data: id === null ? null : { type: 'bookings', id } });

interface Told {
  attributes: {
    change_type: string;
    data: { object: { id: string }; previous_attributes?: Record<string, unknown> };
  };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let reader: Api;
  let colleague: { id: string; email: string };

  before(async () => {
    // Tokens last the month the tests move the clock through.
    server = await startTestServer(suite.database, {
      RATE_LIMIT_PER_MINUTE: '0',
      ACCESS_TOKEN_TTL: '2592000',
    });
    server.clock.setTo(Date.parse('2027-03-01T00:00:00Z'));
    venue = await makeVenue(suite.db);
    // A venue east of UTC: its day starts eleven or thirteen hours before UTC's.
    await suite.db
      .updateTable('organizations')
      .set({ timezone: 'Pacific/Auckland' })
      .where('id', '=', venue.orgId)
      .execute();
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    reader = apiFor(server, await clientCredentialsToken(server, venue, 'crm_read'), venue.orgId);
    colleague = await makeUser(suite.db, venue.orgId, { role: 'member' });
  });
  after(() => server.close());

  it('creates a task for the caller, marks it done and open again, and tells each change', async () => {
    server.clock.stopAt(Date.parse('2027-03-01T09:00:00Z'));
    const id = await created(
      api,
      '/v2/tasks',
      taskDocument({ title: '  Call the florist ', due_date: '2027-03-04' }),
    );
    const read = await reader(`/v2/tasks/${id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data.attributes, {
      title: 'Call the florist',
      notes: null,
      due_at: null,
      due_date: '2027-03-04',
      status: 'open',
      completed_at: null,
      created_at: '2027-03-01T09:00:00.000Z',
      updated_at: '2027-03-01T09:00:00.000Z',
    });
    assert.deepEqual(read.body.data.relationships, {
      assignee: user(venue.user.id),
      booking: booking(null),
      created_by: user(venue.user.id),
    });

    server.clock.stopAt(Date.parse('2027-03-02T10:00:00Z'));
    const done = await api(`/v2/tasks/${id}`, {
      method: 'PATCH',
      body: changeDocument('tasks', id, { status: 'done' }),
    });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(done.body.data.attributes.completed_at, '2027-03-02T10:00:00.000Z');
    const due = await api(`/v2/tasks/${id}`, {
      method: 'PATCH',
      body: changeDocument('tasks', id, { status: 'open', due_at: '2027-03-05T08:30:00+13:00' }),
    });
    assert.equal(due.status, 200, JSON.stringify(due.body));
    // Reopened clears completed_at; a due time clears the due day.
    assert.equal(due.body.data.attributes.completed_at, null);
    assert.equal(due.body.data.attributes.due_at, '2027-03-04T19:30:00.000Z');
    assert.equal(due.body.data.attributes.due_date, null);
    assert.equal((await api(`/v2/tasks/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/v2/tasks/${id}`)).status, 404);

    const events = await reader<{ data: Told[] }>(
      '/v2/changes?filter[type][in]=task.created,task.updated,task.deleted&page[size]=100&sort=created_at',
    );
    const mine = events.body.data.filter((e) => e.attributes.data.object.id === id).map((e) => e.attributes);
    assert.deepEqual(
      mine.map((e) => e.change_type),
      ['task.created', 'task.updated', 'task.updated', 'task.deleted'],
    );
    assert.deepEqual(mine[1]!.data.previous_attributes, { status: 'open', completed_at: null });
    assert.deepEqual(mine[2]!.data.previous_attributes, {
      status: 'done',
      completed_at: '2027-03-02T10:00:00.000Z',
      due_at: null,
      due_date: '2027-03-04',
    });
  });

  it('refuses every bad field at once, and another organization’s booking as none', async () => {
    const other = await makeVenue(suite.db);
    const theirs = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    const theirBooking = await newBooking(theirs);
    const outsider = await makeUser(suite.db, other.orgId);
    const refused = await api('/v2/tasks', {
      method: 'POST',
      body: taskDocument(
        { title: '   ', due_at: '2027-03-05T10:00:00Z', due_date: '2027-03-05' },
        { assignee: user(outsider.id), booking: booking(theirBooking) },
      ),
    });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(pointers(refused.body).sort(), [
      '/data/attributes/due_date',
      '/data/attributes/title',
      '/data/relationships/assignee/data',
      '/data/relationships/booking/data',
    ]);
    const malformed = await api('/v2/tasks', {
      method: 'POST',
      body: taskDocument({ title: 'x'.repeat(201), due_date: '2027-02-31', status: 'later' }),
    });
    assert.equal(malformed.status, 422, JSON.stringify(malformed.body));
    assert.deepEqual(pointers(malformed.body).sort(), [
      '/data/attributes/due_date',
      '/data/attributes/status',
      '/data/attributes/title',
    ]);
    assert.equal(
      (await reader('/v2/tasks', { method: 'POST', body: taskDocument({ title: 'Read only' }) })).status,
      403,
    );
  });

  it('filters by assignee (me), booking, status, due ranges and overdue in the venue’s zone, paging overdue tasks', async () => {
    const fresh = await makeVenue(suite.db);
    await suite.db
      .updateTable('organizations')
      .set({ timezone: 'Pacific/Auckland' })
      .where('id', '=', fresh.orgId)
      .execute();
    const theirs = apiFor(server, await clientCredentialsToken(server, fresh), fresh.orgId);
    const member = await makeUser(suite.db, fresh.orgId);
    const party = await newBooking(theirs);
    // 2027-03-10 10:00 in Auckland (UTC+13) is 2027-03-09 21:00 UTC.
    server.clock.setTo(Date.parse('2027-03-09T21:00:00Z'));
    const make = (attributes: Record<string, unknown>, relationships: Record<string, unknown> = {}) =>
      created(theirs, '/v2/tasks', taskDocument(attributes, relationships));
    const yesterday = await make({ title: 'Yesterday', due_date: '2027-03-09' });
    const today = await make({ title: 'Today', due_date: '2027-03-10' });
    const hourAgo = await make(
      { title: 'An hour ago', due_at: '2027-03-09T20:00:00Z' },
      { booking: booking(party) },
    );
    const later = await make({ title: 'Later', due_at: '2027-03-09T22:00:00Z' });
    const doneLate = await make({ title: 'Done', due_date: '2027-03-01', status: 'done' });
    const theirTask = await make({ title: 'Theirs', due_date: '2027-03-02' }, { assignee: user(member.id) });
    await make({ title: 'Whenever' });

    const ids = async (query: string) => {
      const page = await theirs<Many>(`/v2/tasks?${query}`);
      assert.equal(page.status, 200, JSON.stringify(page.body));
      return page.body.data.map((t) => t.id).sort();
    };
    assert.deepEqual(await ids('filter[overdue][eq]=true'), [yesterday, hourAgo, theirTask].sort());
    assert.deepEqual(
      await ids('filter[overdue][eq]=true&filter[assignee_id][eq]=me'),
      [yesterday, hourAgo].sort(),
    );
    assert.deepEqual(await ids(`filter[assignee_id][eq]=${member.id}`), [theirTask]);
    assert.deepEqual(await ids(`filter[booking_id][eq]=${party}`), [hourAgo]);
    assert.deepEqual(await ids('filter[status][eq]=done'), [doneLate]);
    assert.deepEqual(
      await ids('filter[due_date][gteq]=2027-03-09&filter[due_date][lteq]=2027-03-10'),
      [yesterday, today].sort(),
    );
    assert.deepEqual(await ids('filter[due_at][gt]=2027-03-09T21:00:00Z'), [later]);

    // An hour on, the task due at 22:00 UTC is overdue too; the next day in Auckland, today's is.
    server.clock.setTo(Date.parse('2027-03-09T22:30:00Z'));
    assert.deepEqual(await ids('filter[overdue][eq]=true'), [yesterday, hourAgo, later, theirTask].sort());
    server.clock.setTo(Date.parse('2027-03-10T11:00:00Z'));
    const first = await theirs<Many & { meta: { has_more: boolean }; links: { next: string | null } }>(
      '/v2/tasks?filter[overdue][eq]=true&page[size]=3',
    );
    assert.equal(first.body.data.length, 3);
    assert.equal(first.body.meta.has_more, true);
    const next = await theirs<Many>(first.body.links.next!.replace(server.url, ''));
    assert.equal(next.status, 200, JSON.stringify(next.body));
    assert.deepEqual(
      [...first.body.data, ...next.body.data].map((t) => t.id).sort(),
      [yesterday, today, hourAgo, later, theirTask].sort(),
    );
    const bad = await theirs('/v2/tasks?filter[overdue][eq]=maybe');
    assert.equal(bad.status, 400);
  });

  it('e-mails a member given a task by someone else, not one who gives it to themselves', async () => {
    const before = await suite.db
      .selectFrom('outgoing_mail')
      .select('id')
      .where('kind', '=', 'task')
      .execute();
    const party = await newBooking(api, 'Gala dinner');
    await created(api, '/v2/tasks', taskDocument({ title: 'Mine' }));
    const given = await created(
      api,
      '/v2/tasks',
      taskDocument(
        { title: 'Confirm the band', due_date: '2027-05-01', notes: 'Ask about the encore' },
        {
          assignee: user(colleague.id),
          booking: booking(party),
        },
      ),
    );
    const mails = await suite.db
      .selectFrom('outgoing_mail')
      .selectAll()
      .where('kind', '=', 'task')
      .where('id', 'not in', before.length ? before.map((m) => m.id) : [''])
      .execute();
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.to_address, colleague.email);
    assert.equal(mails[0]!.subject, 'New task: Confirm the band');
    assert.match(mails[0]!.text_body, /Due: 2027-05-01/);
    assert.match(mails[0]!.text_body, /Booking: Gala dinner \(BK-\d+\)/);
    assert.match(mails[0]!.text_body, new RegExp(`/orgs/${venue.orgId}/tasks`));
    // Given back to the caller: nobody is told.
    const back = await api(`/v2/tasks/${given}`, {
      method: 'PATCH',
      body: changeDocument('tasks', given, {}, { assignee: user(venue.user.id) }),
    });
    assert.equal(back.status, 200);
    const count = await suite.db
      .selectFrom('outgoing_mail')
      .select('id')
      .where('kind', '=', 'task')
      .execute();
    assert.equal(count.length, before.length + 1);

    // The booking's tasks go with it, each told of.
    assert.equal((await api(`/v2/bookings/${party}`, { method: 'DELETE' })).status, 204);
    assert.equal((await api(`/v2/tasks/${given}`)).status, 404);
    const events = await reader<{ data: Told[] }>('/v2/changes?filter[type][eq]=task.deleted&page[size]=100');
    assert.ok(events.body.data.some((e) => e.attributes.data.object.id === given));
  });
});
