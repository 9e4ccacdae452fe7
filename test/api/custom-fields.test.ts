/**
 * Custom fields' definitions (SPEC §19): everyone reads them, admins write them (a member's write
 * is a 403); a key unique per record type that never changes, nor does the record type; at most
 * 100 of a type, archived ones counted; a used option is archived, never removed; a field with
 * values is not deleted; a change of type converts every value, previewed first or refused when
 * some cannot convert unless they are dropped. Each change is told as an event.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { isoTime } from '../../src/clock.js';
import { newId } from '../../src/db/ids.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, makeCrm, memberClientToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import type { Venue } from '../helpers/oauth.js';
import {
  type Api,
  apiFor,
  changeDocument,
  created,
  type ErrorBody,
  type Many,
  problemsAt,
} from '../helpers/writes.js';

const field = (attributes: Record<string, unknown>) => ({
  data: { type: 'custom_fields', attributes: { record_type: 'bookings', label: 'A field', ...attributes } },
});

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let member: Api;
  let bookingIds: string[];

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    const crm = await makeCrm(suite.db, 4);
    venue = crm.venue;
    bookingIds = crm.bookingIds;
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
  });
  after(() => server.close());

  /** Sets a booking's values as a write through the API would have kept them. */
  async function hold(bookingId: string, values: Record<string, unknown>) {
    await suite.db
      .updateTable('bookings')
      .set({ custom_fields: JSON.stringify(values) })
      .where('id', '=', bookingId)
      .execute();
  }

  it('lets admins define fields and everyone read them; a member’s writes are 403', async () => {
    const id = await created(
      admin,
      '/v2/custom_fields',
      field({
        key: 'how_heard',
        label: 'How did you hear',
        field_type: 'select',
        options: [
          { value: 'web', label: 'Website' },
          { value: 'friend', label: 'A friend' },
        ],
        on_inquiry_form: true,
      }),
    );
    const read = await member(`/v2/custom_fields/${id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data.attributes.options, [
      { value: 'web', label: 'Website', archived: false },
      { value: 'friend', label: 'A friend', archived: false },
    ]);
    assert.equal(read.body.data.attributes.on_inquiry_form, true);
    const list = await member<Many>('/v2/custom_fields?filter[record_type][eq]=bookings');
    assert.ok(list.body.data.some((f) => f.id === id));
    const post = await member('/v2/custom_fields', {
      method: 'POST',
      body: field({ key: 'x', field_type: 'text' }),
    });
    assert.equal(post.status, 403);
    const patch = await member(`/v2/custom_fields/${id}`, {
      method: 'PATCH',
      body: changeDocument('custom_fields', id, { label: 'Source' }),
    });
    assert.equal(patch.status, 403);
    assert.equal((await member(`/v2/custom_fields/${id}`, { method: 'DELETE' })).status, 403);
  });

  it('refuses a taken key, a bad key and every other bad field of the document at once', async () => {
    await created(admin, '/v2/custom_fields', field({ key: 'member_no', field_type: 'text' }));
    const taken = await admin<ErrorBody>('/v2/custom_fields', {
      method: 'POST',
      body: field({ key: 'member_no', field_type: 'text' }),
    });
    assert.equal(taken.status, 422);
    assert.deepEqual(problemsAt(taken.body), [['/data/attributes/key', 'taken']]);
    // The same key on another record type is another field.
    await created(
      admin,
      '/v2/custom_fields',
      field({ key: 'member_no', record_type: 'contacts', field_type: 'text' }),
    );
    const bad = await admin<ErrorBody>('/v2/custom_fields', {
      method: 'POST',
      body: field({
        key: '9lives',
        record_type: 'events',
        label: ' ',
        field_type: 'select',
        options: [],
        on_inquiry_form: true,
      }),
    });
    assert.equal(bad.status, 422);
    assert.deepEqual(
      problemsAt(bad.body).map(([pointer]) => pointer),
      [
        '/data/attributes/key',
        '/data/attributes/label',
        '/data/attributes/on_inquiry_form',
        '/data/attributes/options',
      ],
    );
  });

  it('never changes a key or a record type (422 read_only)', async () => {
    const id = await created(admin, '/v2/custom_fields', field({ key: 'planner', field_type: 'text' }));
    const response = await admin<ErrorBody>(`/v2/custom_fields/${id}`, {
      method: 'PATCH',
      body: changeDocument('custom_fields', id, {
        key: 'planner_name',
        record_type: 'contacts',
        label: 'Planner',
      }),
    });
    assert.equal(response.status, 422);
    assert.deepEqual(problemsAt(response.body), [
      ['/data/attributes/key', 'read_only'],
      ['/data/attributes/record_type', 'read_only'],
    ]);
    assert.equal((await admin(`/v2/custom_fields/${id}`)).body.data.attributes.label, 'A field');
  });

  it('refuses the 101st field of a record type, archived ones counted', async () => {
    const at = isoTime(Date.parse('2027-01-01T00:00:00Z'));
    const rows = Array.from({ length: 100 }, (_, i) => ({
      id: newId(),
      organization_id: venue.orgId,
      record_type: 'accounts' as const,
      key: `field_${i}`,
      label: `Field ${i}`,
      field_type: 'text' as const,
      archived: i % 2,
      created_at: at,
      updated_at: at,
    }));
    await suite.db.insertInto('custom_fields').values(rows).execute();
    const response = await admin<ErrorBody>('/v2/custom_fields', {
      method: 'POST',
      body: field({ key: 'one_more', record_type: 'accounts', field_type: 'text' }),
    });
    assert.equal(response.status, 422);
    assert.deepEqual(problemsAt(response.body), [['/data/attributes/record_type', 'limit_reached']]);
  });

  it('archives an option records hold but refuses to remove it; deletes a field only without values', async () => {
    const options = [
      { value: 'gold', label: 'Gold' },
      { value: 'silver', label: 'Silver' },
      { value: 'bronze', label: 'Bronze' },
    ];
    const id = await created(
      admin,
      '/v2/custom_fields',
      field({ key: 'tier', field_type: 'select', options }),
    );
    await hold(bookingIds[0]!, { tier: 'gold' });
    const removed = await admin<ErrorBody>(`/v2/custom_fields/${id}`, {
      method: 'PATCH',
      body: changeDocument('custom_fields', id, { options: options.slice(1) }),
    });
    assert.equal(removed.status, 422);
    assert.deepEqual(problemsAt(removed.body), [['/data/attributes/options', 'option_in_use']]);
    const archived = await admin(`/v2/custom_fields/${id}`, {
      method: 'PATCH',
      body: changeDocument('custom_fields', id, {
        options: [{ ...options[0], archived: true }, options[1]],
      }),
    });
    assert.equal(archived.status, 200, JSON.stringify(archived.body));
    const held = await admin<ErrorBody>(`/v2/custom_fields/${id}`, { method: 'DELETE' });
    assert.equal(held.status, 409);
    assert.equal(held.body.errors[0]?.code, 'has_values');
    await hold(bookingIds[0]!, {});
    assert.equal((await admin(`/v2/custom_fields/${id}`, { method: 'DELETE' })).status, 204);
    assert.equal((await admin(`/v2/custom_fields/${id}`)).status, 404);
  });

  it('previews a change of type, refuses values that cannot convert, and converts them all or drops those', async () => {
    const id = await created(admin, '/v2/custom_fields', field({ key: 'budget', field_type: 'text' }));
    await hold(bookingIds[1]!, { budget: '1250' });
    await hold(bookingIds[2]!, { budget: 'about a thousand' });
    await hold(bookingIds[3]!, { budget: ' -3.50' });
    const change = (meta?: object) => ({
      ...changeDocument('custom_fields', id, { field_type: 'number' }),
      ...(meta ? { meta } : {}),
    });
    const preview = await admin<{ data: { attributes: Record<string, unknown> }; meta: unknown }>(
      `/v2/custom_fields/${id}`,
      {
        method: 'PATCH',
        body: change({ preview: true }),
      },
    );
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.equal(preview.body.data.attributes.field_type, 'text');
    assert.deepEqual(preview.body.meta, {
      convertible: 2,
      unconvertible_count: 1,
      unconvertible: [{ record_id: bookingIds[2], value: 'about a thousand' }],
    });
    const refused = await admin<ErrorBody>(`/v2/custom_fields/${id}`, { method: 'PATCH', body: change() });
    assert.equal(refused.status, 422);
    assert.deepEqual(problemsAt(refused.body), [['/data/attributes/field_type', 'unconvertible_values']]);
    assert.equal((await admin(`/v2/custom_fields/${id}`)).body.data.attributes.field_type, 'text');
    const dropped = await admin(`/v2/custom_fields/${id}`, {
      method: 'PATCH',
      body: change({ drop_unconvertible: true }),
    });
    assert.equal(dropped.status, 200, JSON.stringify(dropped.body));
    assert.equal(dropped.body.data.attributes.field_type, 'number');
    const kept = await suite.db
      .selectFrom('bookings')
      .select(['id', 'custom_fields'])
      .where('id', 'in', bookingIds.slice(1))
      .orderBy('id')
      .execute();
    assert.deepEqual(
      kept.map((b) => JSON.parse(b.custom_fields)),
      [{ budget: 1250 }, {}, { budget: -3.5 }],
    );
  });

  it('tells each change of a definition as an event', async () => {
    const id = await created(
      admin,
      '/v2/custom_fields',
      field({ key: 'told', record_type: 'events', field_type: 'date' }),
    );
    await admin(`/v2/custom_fields/${id}`, {
      method: 'PATCH',
      body: changeDocument('custom_fields', id, { label: 'Told' }),
    });
    await admin(`/v2/custom_fields/${id}`, { method: 'DELETE' });
    const changes = await admin<{
      data: Array<{ attributes: { change_type: string; object: { id: string } } }>;
    }>('/v2/changes?page[size]=100&sort=created_at');
    assert.equal(changes.status, 200, JSON.stringify(changes.body));
    const mine = changes.body.data.filter((c) => JSON.stringify(c).includes(id));
    assert.deepEqual(
      mine.map((c) => c.attributes.change_type),
      ['custom_field.created', 'custom_field.updated', 'custom_field.deleted'],
    );
  });
});
