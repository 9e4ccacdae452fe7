/**
 * The outbox (SPEC §8): every committed write has exactly one event of the right type (with the
 * changed attributes' old values on updates), a write that rolls back has none, and
 * GET /v2/changes pages and filters them for the token's organization only.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { pruneExpired } from '../../src/background/prune.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, noteBody } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  contactDocument,
  created,
  spaceDocument,
} from '../helpers/writes.js';

interface EventResource {
  id: string;
  attributes: {
    change_type: string;
    organization_id: string;
    created_at: string;
    data: {
      object: { type: string; id: string; links?: { self: string } };
      previous_attributes?: Record<string, unknown>;
    };
  };
}
interface EventList {
  data: EventResource[];
  meta: { has_more: boolean; after_cursor: string | null };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
  });
  after(() => server.close());

  /** The events recorded since `since` (an event id), oldest first. */
  const eventsSince = async (since: string | undefined) => {
    const rows = await suite.db
      .selectFrom('changes')
      .selectAll()
      .where('organization_id', '=', venue.orgId)
      .orderBy('id')
      .execute();
    return rows
      .filter((row) => since === undefined || row.id > since)
      .map((row) => ({ type: row.type, data: JSON.parse(row.data) as EventResource['attributes']['data'] }));
  };
  const lastEventId = async () =>
    (
      await suite.db
        .selectFrom('changes')
        .select('id')
        .where('organization_id', '=', venue.orgId)
        .orderBy('id', 'desc')
        .executeTakeFirst()
    )?.id;

  it('records one event per create, update and delete, with the old values of what changed', async () => {
    const start = await lastEventId();
    const space = await created(api, '/v2/spaces', spaceDocument({ name: 'Lighthouse', capacity: 40 }));
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Sable Wines' }));
    const contact = await created(api, '/v2/contacts', contactDocument({ first_name: 'Rosa' }, account));
    const booking = await created(
      api,
      '/v2/bookings',
      bookingDocument(account, { name: 'Tasting' }, { spaces: [space], contact }),
    );
    const note = await api('/notes', { method: 'POST', body: noteBody('bookings', booking) });
    await api(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking, { name: 'Wine tasting', status: 'tentative' }),
    });
    await api(`/notes/${note.body.data.id}`, {
      method: 'PATCH',
      body: changeDocument('notes', note.body.data.id, { body: 'Changed' }),
    });
    await api(`/v2/spaces/${space}`, {
      method: 'PATCH',
      body: changeDocument('spaces', space, { name: 'Lamp Room' }),
    });
    await api(`/v2/contacts/${contact}`, { method: 'DELETE' });
    await api(`/v2/bookings/${booking}`, { method: 'DELETE' });

    const events = await eventsSince(start);
    assert.deepEqual(
      events.map((e) => e.type),
      [
        'space.created',
        'account.created',
        'contact.created',
        'booking.created',
        'event.created', // its first event, from its start_at and end_at
        'note.created',
        'booking.updated',
        'event.updated', // its event takes its status
        'booking.status_changed',
        'note.updated',
        'space.updated', // its bookings' room_names show the new name, told by this alone
        'contact.deleted', // and its bookings no longer name it, told by this alone
        'note.deleted', // the booking takes its note along
        'event.deleted', // and its event
        'booking.deleted',
      ],
    );
    const of = (type: string) => events.find((e) => e.type === type)!;
    const renamed = of('booking.updated');
    assert.deepEqual(renamed.data.previous_attributes, { name: 'Tasting', status: 'lead' });
    assert.equal((renamed.data.object as unknown as EventResource).attributes.data, undefined);
    assert.deepEqual(of('booking.status_changed').data.previous_attributes, { status: 'lead' });
    assert.deepEqual(of('event.updated').data.previous_attributes, { status: 'lead' });
    assert.deepEqual(of('space.updated').data.previous_attributes, { name: 'Lighthouse' });
    assert.deepEqual(events.at(-1)!.data.object, { type: 'bookings', id: booking });
    assert.equal(events.at(-1)!.data.previous_attributes, undefined);
  });

  it('records nothing for a write that is refused or rolled back', async () => {
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Refusals' }));
    const space = await created(api, '/v2/spaces', spaceDocument({ name: `Hall ${Date.now()}` }));
    await created(
      api,
      '/v2/bookings',
      bookingDocument(
        account,
        { status: 'definite', start_at: '2031-01-01T10:00:00Z', end_at: '2031-01-01T12:00:00Z' },
        { spaces: [space] },
      ),
    );
    const start = await lastEventId();
    const conflict = await api('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(
        account,
        { status: 'definite', start_at: '2031-01-01T11:00:00Z', end_at: '2031-01-01T13:00:00Z' },
        { spaces: [space] },
      ),
    });
    assert.equal(conflict.status, 409);
    assert.equal(
      (await api('/v2/accounts', { method: 'POST', body: accountDocument({ name: ' ' }) })).status,
      422,
    );
    assert.equal((await api(`/v2/accounts/${account}`, { method: 'DELETE' })).status, 409);
    // Notes created together share a commit; the one refused rolls back alone.
    const together = await Promise.all([
      api('/notes', { method: 'POST', body: noteBody('accounts', account, 'kept') }),
      api('/notes', { method: 'POST', body: noteBody('accounts', '01zzzzzzzzzzzzzzzzzzzzzzzz', 'refused') }),
      api('/notes', { method: 'POST', body: noteBody('accounts', account, 'kept too') }),
    ]);
    assert.deepEqual(
      together.map((r) => r.status),
      [201, 422, 201],
    );
    assert.deepEqual(
      (await eventsSince(start)).map((e) => e.type),
      ['note.created', 'note.created'],
    );
  });

  it('lists the organization’s events newest first, by type and time, with cursors, and absolute links', async () => {
    const other = await makeVenue(suite.db);
    const otherApi = apiFor(server, await clientCredentialsToken(server, other), other.orgId);
    await created(otherApi, '/v2/accounts', accountDocument({ name: 'Elsewhere' }));

    const all = await api<EventList>('/v2/changes?page[size]=100');
    assert.equal(all.status, 200);
    assert.ok(all.body.data.length > 10);
    assert.ok(
      all.body.data.every((e) => e.attributes.organization_id === venue.orgId),
      'only this organization',
    );
    const times = all.body.data.map((e) => e.attributes.created_at);
    assert.deepEqual(times, [...times].sort().reverse(), 'newest first');

    const created_ = await api<EventList>(
      '/v2/changes?filter[type][in]=account.created,space.created&sort=created_at',
    );
    assert.ok(created_.body.data.length >= 2);
    assert.ok(
      created_.body.data.every((e) =>
        ['account.created', 'space.created'].includes(e.attributes.change_type),
      ),
    );
    const object = created_.body.data.find((e) => e.attributes.change_type === 'account.created')!.attributes
      .data.object;
    assert.equal(object.links?.self, `${server.url}/v2/accounts/${object.id}`);

    const middle = all.body.data[5]!.attributes.created_at;
    const later = await api<EventList>(`/v2/changes?filter[created_at][gt]=${middle}&page[size]=100`);
    assert.ok(later.body.data.every((e) => e.attributes.created_at > middle));

    const first = await api<EventList>('/v2/changes?page[size]=3');
    const next = await api<EventList>(`/v2/changes?page[size]=3&page[after]=${first.body.meta.after_cursor}`);
    assert.deepEqual(
      [...first.body.data, ...next.body.data].map((e) => e.id),
      all.body.data.slice(0, 6).map((e) => e.id),
    );
    assert.equal((await api(`/v2/changes/${all.body.data[0]!.id}`)).status, 200);
    assert.equal((await api('/v2/changes?filter[type][eq]=booking.exploded')).status, 400);
    assert.equal((await api('/v2/changes?filter[type][lt]=booking.created')).status, 400);
  });

  it('keeps events for EVENT_RETENTION, then prunes them', async () => {
    const before = await lastEventId();
    assert.ok(before);
    const thirtyOneDays = 31 * 86400 * 1000;
    const result = await pruneExpired(suite.db, Date.now() + thirtyOneDays, {
      eventRetentionSeconds: 30 * 86400,
    });
    assert.ok(result.changes > 0);
    assert.equal(await lastEventId(), undefined);
  });
});
