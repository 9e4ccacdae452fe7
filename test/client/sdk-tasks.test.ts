/**
 * @marquee/client's tasks (SPEC §18) through a real server: made, read, changed and deleted with
 * their types; listed by the filters of §5 (`assignee_id: 'me'`, `status`, `booking_id`, a due
 * day range, `overdue`), with the assignee and booking included; a bad task is a ValidationError
 * naming each field.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type MarqueeApi, NotFoundError, ValidationError } from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeUser } from '../helpers/factories.js';
import type { Venue } from '../helpers/oauth.js';
import { startVenue } from './connect.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: MarqueeApi;
  before(async () => {
    ({ server, venue, api } = await startVenue(suite.database));
  });
  after(() => server.close());

  it('makes, lists, changes and deletes tasks', async () => {
    const { user: me } = await api.me();
    const colleague = await makeUser(suite.db, venue.orgId, { role: 'member' });
    const account = await api.accounts.create({ name: 'Tasks Ltd' });
    const booking = await api.bookings.create({
      name: 'Harvest supper',
      account,
      start_at: '2040-06-01T18:00:00Z',
      end_at: '2040-06-01T23:00:00Z',
    });
    // Due long ago and long hence: whatever day the test runs, one is overdue and the other not.
    const late = await api.tasks.create({ title: 'Send the menu', due_date: '2001-01-10', booking });
    const soon = await api.tasks.create({
      title: 'Call the band',
      due_at: new Date('2040-05-01T10:00:00Z'),
      assignee: colleague.id,
    });
    assert.deepEqual(
      [late.status, late.due_date, late.booking_id, late.assignee_id, late.created_by_id],
      ['open', '2001-01-10', booking.id, me.id, me.id],
    );
    assert.equal(soon.due_at, '2040-05-01T10:00:00.000Z');

    const mine = await api.tasks.list({ assignee_id: 'me', include: ['assignee', 'booking'] }).toArray();
    assert.deepEqual(
      mine.map((t) => [t.title, t.assignee?.email, t.booking?.name]),
      [['Send the menu', me.email, 'Harvest supper']],
    );
    const overdue = await api.tasks.list({ overdue: true }).toArray();
    assert.deepEqual(
      overdue.map((t) => t.id),
      [late.id],
    );
    const ofBooking = await api.tasks.list({ booking_id: booking.id }).toArray();
    assert.deepEqual(
      ofBooking.map((t) => t.id),
      [late.id],
    );
    const inRange = await api.tasks.list({ due_date: { gteq: '2001-01-01', lteq: '2001-01-31' } }).toArray();
    assert.deepEqual(
      inRange.map((t) => t.id),
      [late.id],
    );

    const done = await api.tasks.update(late.id, { status: 'done' }, { ifMatch: late.etag });
    assert.equal(done.status, 'done');
    assert.ok(done.completed_at);
    assert.deepEqual(await api.tasks.list({ overdue: true }).toArray(), []);
    assert.deepEqual(
      (await api.tasks.list({ status: 'done' }).toArray()).map((t) => t.id),
      [late.id],
    );
    await assert.rejects(
      api.tasks.create({ title: '', due_at: '2040-01-01T00:00:00Z', due_date: '2040-01-01' }),
      (error: unknown) =>
        error instanceof ValidationError &&
        error.errors
          .map((e) => e.pointer)
          .sort()
          .join() === '/data/attributes/due_date,/data/attributes/title',
    );
    await api.tasks.delete(soon.id);
    await assert.rejects(api.tasks.get(soon.id), NotFoundError);
  });
});
