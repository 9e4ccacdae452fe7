/**
 * What the booking rules look like through @marquee/client: status moves, double bookings
 * (ConflictError space_conflict, never retried), dependents, and one pointer per bad field.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  type Account,
  ConflictError,
  type MarqueeApi,
  PreconditionFailedError,
  type Space,
  ValidationError,
} from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { requestsTo, startVenue } from './connect.js';

const pointers = (error: unknown) => {
  assert.ok(error instanceof ValidationError, `a ValidationError, not ${String(error)}`);
  return error.errors.map((e) => e.pointer).sort();
};

eachDatabase((suite) => {
  let server: TestServer;
  let api: MarqueeApi;
  let account: Account;
  let hall: Space;
  before(async () => {
    ({ server, api } = await startVenue(suite.database));
    account = await api.accounts.create({ name: 'Umbrella Corp' });
    hall = await api.spaces.create({ name: 'Main Hall', capacity: 150 });
  });
  after(() => server.close());

  const evening = { start_at: '2029-03-01T18:00:00Z', end_at: '2029-03-01T23:00:00Z' };

  it('moves a booking through the status machine with If-Match', async () => {
    const booking = await api.bookings.create({
      name: 'Spring gala',
      ...evening,
      account,
      status: 'tentative',
    });
    const definite = await api.bookings.update(booking.id, { status: 'definite' }, { ifMatch: booking.etag });
    assert.equal(definite.status, 'definite');
    await assert.rejects(
      api.bookings.update(booking.id, { status: 'lead' }, { ifMatch: booking.etag }),
      PreconditionFailedError,
    );
    await assert.rejects(api.bookings.update(booking.id, { status: 'lost' }), (error: unknown) => {
      assert.deepEqual(pointers(error), ['/data/attributes/lost_reason']);
      assert.equal((error as ValidationError).code, 'required');
      return true;
    });
    const lost = await api.bookings.update(
      booking.id,
      { status: 'lost', lost_reason: 'Went elsewhere' },
      { ifMatch: definite.etag },
    );
    assert.equal(lost.lost_reason, 'Went elsewhere');
    await assert.rejects(api.bookings.update(booking.id, { status: 'closed' }), (error: unknown) => {
      assert.ok(error instanceof ValidationError);
      assert.equal(error.code, 'invalid_transition');
      assert.equal(error.pointer, '/data/attributes/status');
      assert.match(error.detail, /lead/, 'the detail names the allowed moves');
      return true;
    });
    const reopened = await api.bookings.update(booking.id, { status: 'lead' }, { ifMatch: lost.etag });
    assert.equal(reopened.status, 'lead');
    assert.equal(reopened.lost_reason, null);
  });

  it('refuses a double booking with ConflictError space_conflict, sent once', async () => {
    const first = await api.bookings.create({
      name: 'Wedding',
      ...evening,
      account,
      status: 'definite',
      spaces: [hall],
    });
    const before = requestsTo(server, 'POST', '/v2/bookings');
    await assert.rejects(
      api.bookings.create({
        name: 'Conference dinner',
        start_at: '2029-03-01T20:00:00Z',
        end_at: '2029-03-02T01:00:00Z',
        account,
        status: 'definite',
        spaces: [hall],
      }),
      (error: unknown) => {
        assert.ok(error instanceof ConflictError, `a ConflictError, not ${String(error)}`);
        assert.equal(error.status, 409);
        assert.equal(error.code, 'space_conflict');
        assert.ok(error.detail.includes(first.reference), error.detail);
        assert.ok(error.detail.includes('Main Hall'), error.detail);
        return true;
      },
    );
    assert.equal(requestsTo(server, 'POST', '/v2/bookings') - before, 1, 'a space_conflict is not retried');

    const option = await api.bookings.create({
      name: 'Conference dinner',
      start_at: '2029-03-01T20:00:00Z',
      end_at: '2029-03-02T01:00:00Z',
      account,
      status: 'tentative',
      spaces: [hall],
    });
    await assert.rejects(
      api.bookings.update(option.id, { status: 'definite' }, { ifMatch: option.etag }),
      (error: unknown) => error instanceof ConflictError && error.code === 'space_conflict',
    );
    const later = await api.bookings.update(
      option.id,
      { status: 'definite', start_at: evening.end_at, end_at: '2029-03-02T02:00:00Z' },
      { ifMatch: option.etag },
    );
    assert.equal(later.status, 'definite', 'one ending as the other starts does not overlap');
  });

  it('refuses to delete an account that has bookings (has_dependents)', async () => {
    const before = requestsTo(server, 'DELETE', `/v2/accounts/${account.id}`);
    await assert.rejects(
      api.accounts.delete(account.id),
      (error: unknown) => error instanceof ConflictError && error.code === 'has_dependents',
    );
    assert.equal(requestsTo(server, 'DELETE', `/v2/accounts/${account.id}`) - before, 1);
  });

  it('reports every bad field of a booking with its pointer', async () => {
    await assert.rejects(
      api.bookings.create({
        name: 'Backwards',
        start_at: '2029-04-02T10:00:00Z',
        end_at: '2029-04-01T10:00:00Z',
        timezone: 'Mars/Olympus',
        currency: 'XYZ',
        account: 'no-such-account',
        spaces: ['no-such-space'],
      }),
      (error: unknown) => {
        assert.deepEqual(pointers(error), [
          '/data/attributes/currency',
          '/data/attributes/end_at',
          '/data/attributes/timezone',
          '/data/relationships/account/data',
          '/data/relationships/spaces/data',
        ]);
        assert.equal((error as ValidationError).status, 422);
        return true;
      },
    );
    await assert.rejects(
      api.bookings.create({ name: 'Crowded', ...evening, account, guest_count: 151, spaces: [hall] }),
      (error: unknown) => {
        assert.deepEqual(pointers(error), ['/data/attributes/guest_count']);
        assert.equal((error as ValidationError).code, 'over_capacity');
        return true;
      },
    );
  });

  it('reports every bad field of accounts, contacts and spaces with its pointer', async () => {
    await assert.rejects(
      api.accounts.create({ name: ' ', email: 'not-an-address', country: 'XX' }),
      (error) => {
        assert.deepEqual(pointers(error), [
          '/data/attributes/country',
          '/data/attributes/email',
          '/data/attributes/name',
        ]);
        return true;
      },
    );
    await assert.rejects(api.contacts.create({ email: 'nobody', account: 'missing' }), (error) => {
      assert.deepEqual(pointers(error), [
        '/data/attributes/email',
        '/data/attributes/first_name',
        '/data/relationships/account/data',
      ]);
      return true;
    });
    await assert.rejects(api.spaces.create({ name: 'Main Hall' }), (error) => {
      assert.deepEqual(pointers(error), ['/data/attributes/name']);
      assert.equal((error as ValidationError).code, 'taken');
      return true;
    });
  });
});
