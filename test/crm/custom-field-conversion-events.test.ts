/**
 * A change of a custom field's type rewrites the values records hold (SPEC §19), and each record it
 * rewrote is told as any write of its values would be: a `<kind>.updated` change whose object has
 * the new values and whose `previous_attributes.custom_fields` has the old ones of the key. A
 * refused change tells nothing.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, makeCrm } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { type Api, apiFor, changeDocument, created } from '../helpers/writes.js';

interface Change {
  attributes: {
    change_type: string;
    data: {
      object: { id: string; attributes: { custom_fields: Record<string, unknown> } };
      previous_attributes?: Record<string, unknown>;
    };
  };
}

eachDatabase((suite) => {
  let server: TestServer;
  let api: Api;
  let bookingIds: string[];

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const crm = await makeCrm(suite.db, 4);
    bookingIds = crm.bookingIds;
    api = apiFor(server, await clientCredentialsToken(server, crm.venue), crm.venue.orgId);
  });
  after(() => server.close());

  async function changesSince(seen: number): Promise<Change[]> {
    const page = await api<{ data: Change[] }>('/v2/changes?page[size]=100&sort=created_at');
    assert.equal(page.status, 200, JSON.stringify(page.body));
    return page.body.data.slice(seen);
  }

  it('tells each record a change of type rewrote, with its previous value, and nothing when refused', async () => {
    const id = await created(api, '/v2/custom_fields', {
      data: {
        type: 'custom_fields',
        attributes: { record_type: 'bookings', key: 'budget', label: 'Budget', field_type: 'text' },
      },
    });
    const values = [' -3.50', 'about a thousand', 'around 900'];
    for (const [i, value] of values.entries()) {
      const bookingId = bookingIds[i]!;
      const written = await api(`/v2/bookings/${bookingId}`, {
        method: 'PATCH',
        body: changeDocument('bookings', bookingId, { custom_fields: { budget: value } }),
      });
      assert.equal(written.status, 200, JSON.stringify(written.body));
    }
    const seen = (await changesSince(0)).length;
    const toNumber = (meta?: object) => ({
      ...changeDocument('custom_fields', id, { field_type: 'number' }),
      ...(meta ? { meta } : {}),
    });

    const refused = await api(`/v2/custom_fields/${id}`, { method: 'PATCH', body: toNumber() });
    assert.equal(refused.status, 422);
    assert.deepEqual(await changesSince(seen), []);

    const converted = await api(`/v2/custom_fields/${id}`, {
      method: 'PATCH',
      body: toNumber({ drop_unconvertible: true }),
    });
    assert.equal(converted.status, 200, JSON.stringify(converted.body));
    const told = await changesSince(seen);
    const bookingChanges = told.filter((c) => c.attributes.change_type === 'booking.updated');
    const byId = new Map(bookingChanges.map((c) => [c.attributes.data.object.id, c.attributes.data]));
    assert.equal(bookingChanges.length, 3, JSON.stringify(told.map((c) => c.attributes.change_type)));
    const expected = [
      { id: bookingIds[0]!, now: '-3.5', was: ' -3.50' },
      { id: bookingIds[1]!, now: null, was: 'about a thousand' },
      { id: bookingIds[2]!, now: null, was: 'around 900' },
    ];
    for (const { id: bookingId, now, was } of expected) {
      const change = byId.get(bookingId);
      assert.ok(change, `no booking.updated for ${bookingId}`);
      assert.equal(change.object.attributes.custom_fields.budget, now, JSON.stringify(change.object));
      assert.deepEqual(change.previous_attributes?.custom_fields, { budget: was });
    }
    assert.deepEqual(
      told.map((c) => c.attributes.change_type).filter((type) => type !== 'booking.updated'),
      ['custom_field.updated'],
    );
    const read = await api<{ data: { attributes: { custom_fields: Record<string, unknown> } } }>(
      `/v2/bookings/${bookingIds[0]}`,
    );
    assert.equal(read.body.data.attributes.custom_fields.budget, '-3.5');
  });
});
