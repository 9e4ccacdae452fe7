/**
 * Notes under Event Temple's names (SPEC §15): `content` for `body`, and `notable_type`
 * ("Booking", "Event", "Account", "Contact", in any case) with `notable_id` as attributes instead
 * of the `notable` relationship; both names served. The same rules judge both, each problem at the
 * pointer of the member the client sent.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
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
  created,
  type ErrorBody,
  type ResourceBody,
} from '../helpers/writes.js';

const eventTempleNote = (attributes: Record<string, unknown>) => ({ data: { type: 'notes', attributes } });

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let bookingId: string;
  let accountId: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    accountId = await created(api, '/v2/accounts', accountDocument({ name: 'Lumen' }));
    bookingId = await created(api, '/v2/bookings', bookingDocument(accountId, { name: 'Gala' }));
  });
  after(() => server.close());

  it('attaches a note sent as a lead form sends it, and serves both names', async () => {
    const response = await api('/v2/notes', {
      method: 'POST',
      body: eventTempleNote({
        content: 'Inquiry from the website: 120 guests, vegetarian menu.',
        notable_type: 'Booking',
        notable_id: bookingId,
      }),
    });
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const note = response.body.data;
    assert.deepEqual(
      {
        body: note.attributes.body,
        content: note.attributes.content,
        notable_type: note.attributes.notable_type,
        notable_id: note.attributes.notable_id,
      },
      {
        body: 'Inquiry from the website: 120 guests, vegetarian menu.',
        content: 'Inquiry from the website: 120 guests, vegetarian menu.',
        notable_type: 'Booking',
        notable_id: bookingId,
      },
    );
    assert.deepEqual(note.relationships?.notable?.data, { type: 'bookings', id: bookingId });

    // Read back, listed for the booking, and changed under Event Temple's name.
    const listed = await api<{ data: ResourceBody['data'][] }>(
      `/v2/notes?filter[notable_type][eq]=bookings&filter[notable_id][eq]=${bookingId}`,
    );
    assert.deepEqual(
      listed.body.data.map((n) => n.attributes.content),
      ['Inquiry from the website: 120 guests, vegetarian menu.'],
    );
    const changed = await api(`/v2/notes/${note.id}`, {
      method: 'PATCH',
      body: changeDocument('notes', note.id, { content: 'Called back: 130 guests.' }),
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.equal(changed.body.data.attributes.body, 'Called back: 130 guests.');
  });

  it('takes notable_type in any case and in the singular or plural, for each kind of record', async () => {
    for (const [name, id, type] of [
      ['booking', bookingId, 'bookings'],
      ['ACCOUNT', accountId, 'accounts'],
      ['Bookings', bookingId, 'bookings'],
    ] as const) {
      const response = await api('/v2/notes', {
        method: 'POST',
        body: eventTempleNote({ content: `About a ${name}`, notable_type: name, notable_id: id }),
      });
      assert.equal(response.status, 201, `${name}: ${JSON.stringify(response.body)}`);
      assert.deepEqual(response.body.data.relationships?.notable?.data, { type, id });
    }
    // Marquee's own names keep working, and are served Event Temple's way too.
    const own = await api('/v2/notes', { method: 'POST', body: noteBody('accounts', accountId) });
    assert.equal(own.status, 201);
    assert.equal(own.body.data.attributes.notable_type, 'Account');
    assert.equal(own.body.data.attributes.content, own.body.data.attributes.body);
  });

  it('refuses every bad member at once, each at the pointer the client used', async () => {
    const unknownType = await api<ErrorBody>('/v2/notes', {
      method: 'POST',
      body: eventTempleNote({ content: '   ', notable_type: 'Invoice' }),
    });
    assert.equal(unknownType.status, 422);
    assert.deepEqual(
      unknownType.body.errors.map((e) => [e.code, e.source?.pointer]).sort(),
      [
        ['blank', '/data/attributes/content'],
        ['invalid_value', '/data/attributes/notable_type'],
        ['required', '/data/attributes/notable_id'],
      ].sort(),
    );

    const elsewhere = await api<ErrorBody>('/v2/notes', {
      method: 'POST',
      body: eventTempleNote({ content: 'Hello', notable_type: 'Contact', notable_id: bookingId }),
    });
    assert.equal(elsewhere.status, 422);
    assert.deepEqual(
      elsewhere.body.errors.map((e) => [e.code, e.source?.pointer]),
      [['not_found', '/data/attributes/notable_id']],
    );

    const twice = await api<ErrorBody>('/v2/notes', {
      method: 'POST',
      body: {
        data: {
          type: 'notes',
          attributes: { body: 'One', content: 'Two', notable_type: 'Booking', notable_id: bookingId },
          relationships: { notable: { data: { type: 'bookings', id: bookingId } } },
        },
      },
    });
    assert.equal(twice.status, 422);
    assert.deepEqual(twice.body.errors.map((e) => [e.code, e.source?.pointer]).sort(), [
      ['conflicting_members', '/data/attributes/content'],
      ['conflicting_members', '/data/attributes/notable_type'],
    ]);

    const nothing = await api<ErrorBody>('/v2/notes', {
      method: 'POST',
      body: eventTempleNote({ content: 'About nothing' }),
    });
    assert.equal(nothing.status, 422);
    assert.deepEqual(
      nothing.body.errors.map((e) => [e.code, e.source?.pointer]),
      [['required', '/data/relationships/notable']],
    );
  });
});
