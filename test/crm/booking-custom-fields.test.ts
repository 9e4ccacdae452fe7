/**
 * Custom fields' values on bookings (SPEC §19): every defined key in every representation (null
 * when unset, archived fields still readable, a new field shown at once); a write names only the
 * keys it changes and null clears; each type's values judged, every bad one at its own pointer
 * together with the document's other bad fields; a required field on create and whenever a write
 * names it; an archived option kept where it is, refused to new writes; the change event carries
 * the new values and the old ones of the keys that changed.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
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
  type Many,
  problemsAt,
} from '../helpers/writes.js';

const OPTIONS = [
  { value: 'web', label: 'Website' },
  { value: 'friend', label: 'A friend' },
  { value: 'fair', label: 'Wedding fair' },
];

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let account: string;
  const fieldIds: Record<string, string> = {};

  async function define(key: string, field_type: string, more: Record<string, unknown> = {}) {
    fieldIds[key] = await created(api, '/v2/custom_fields', {
      data: {
        type: 'custom_fields',
        attributes: { record_type: 'bookings', key, label: key, field_type, ...more },
      },
    });
  }

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Northwind' }));
    await define('member_no', 'text');
    await define('notes_long', 'long_text');
    await define('budget', 'number');
    await define('deposit', 'money');
    await define('decided_on', 'date');
    await define('vip', 'boolean');
    await define('how_heard', 'select', { options: OPTIONS });
    await define('diets', 'multi_select', { options: OPTIONS });
    await define('planner_email', 'email');
    await define('site', 'url');
    await define('planner_phone', 'phone');
  });
  after(() => server.close());

  const book = (custom_fields: Record<string, unknown>, attributes: Record<string, unknown> = {}) =>
    api('/v2/bookings', {
      method: 'POST',
      body: bookingDocument(account, { ...attributes, custom_fields } as never),
    });
  const change = (id: string, custom_fields: Record<string, unknown>) =>
    api(`/v2/bookings/${id}`, { method: 'PATCH', body: changeDocument('bookings', id, { custom_fields }) });

  it('shows every defined key, null when unset, and a new field at once, on one booking and in lists', async () => {
    const id = await created(api, '/v2/bookings', bookingDocument(account, { name: 'Plain' }));
    const one = await api(`/v2/bookings/${id}`);
    const shown = one.body.data.attributes.custom_fields as Record<string, unknown>;
    assert.deepEqual(Object.keys(shown).sort(), Object.keys(fieldIds).sort());
    assert.ok(Object.values(shown).every((v) => v === null));
    const etag = one.headers.get('etag')!;
    await api<Many>('/v2/bookings');
    await define('late_field', 'text');
    const again = await api(`/v2/bookings/${id}`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 200, 'a new field changes what the booking shows');
    assert.equal((again.body.data.attributes.custom_fields as Record<string, unknown>).late_field, null);
    const list = await api<Many>('/v2/bookings');
    const listed = list.body.data.find((b) => b.id === id)!;
    assert.ok('late_field' in (listed.attributes.custom_fields as object));
  });

  it('keeps each type’s values as the API returns them: numbers as canonical decimal strings', async () => {
    const values = {
      member_no: 'M-1042',
      notes_long: 'Two lines\nof notes',
      budget: '0012500.50',
      deposit: 50_000,
      decided_on: '2027-02-28',
      vip: true,
      how_heard: 'friend',
      diets: ['web', 'fair', 'web'],
      planner_email: 'ana@example.com',
      site: 'https://example.com/wedding',
      planner_phone: '+44 20 7946 0958',
    };
    const response = await book(values);
    assert.equal(response.status, 201, JSON.stringify(response.body));
    const shown = response.body.data.attributes.custom_fields as Record<string, unknown>;
    assert.deepEqual(
      { ...shown, late_field: undefined },
      { ...values, budget: '12500.5', diets: ['web', 'fair'], late_field: undefined },
    );
    const asNumber = await change(response.body.data.id, { budget: -3.25 });
    assert.equal((asNumber.body.data.attributes.custom_fields as Record<string, unknown>).budget, '-3.25');
  });

  it('refuses every bad value at its own pointer, with the document’s other bad fields', async () => {
    const response = await book(
      {
        member_no: 'one\nline',
        budget: '12,5',
        deposit: 10.5,
        decided_on: '2027-02-30',
        vip: 'yes',
        how_heard: 'radio',
        diets: 'web',
        planner_email: 'ana',
        site: 'javascript:alert(1)',
        planner_phone: 'call me',
        no_such_field: 'x',
      },
      { currency: 'ZZZ' },
    );
    assert.equal(response.status, 422);
    const keys = ['budget', 'decided_on', 'deposit', 'diets', 'how_heard', 'member_no', 'no_such_field'];
    const more = ['planner_email', 'planner_phone', 'site', 'vip'];
    assert.deepEqual(
      problemsAt(response.body as unknown as ErrorBody).map(([pointer]) => pointer),
      ['/data/attributes/currency', ...[...keys, ...more].map((k) => `/data/attributes/custom_fields/${k}`)],
    );
  });

  it('changes only the keys a write names, null clearing one, and tells the old values of those', async () => {
    const id = (await book({ member_no: 'A1', how_heard: 'web', vip: false })).body.data.id;
    const response = await change(id, { how_heard: 'fair', member_no: null });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    const shown = response.body.data.attributes.custom_fields as Record<string, unknown>;
    assert.equal(shown.how_heard, 'fair');
    assert.equal(shown.member_no, null);
    assert.equal(shown.vip, false);
    const events = await api<{
      data: Array<{
        attributes: {
          change_type: string;
          data: {
            object: { id: string; attributes: Record<string, unknown> };
            previous_attributes: Record<string, unknown>;
          };
        };
      }>;
    }>('/v2/changes?page[size]=100&sort=-created_at');
    const updated = events.body.data.find(
      (e) => e.attributes.change_type === 'booking.updated' && e.attributes.data.object.id === id,
    );
    assert.ok(updated, JSON.stringify(events.body).slice(0, 500));
    assert.deepEqual(updated.attributes.data.previous_attributes, {
      custom_fields: { how_heard: 'web', member_no: 'A1' },
    });
    assert.equal(
      (updated.attributes.data.object.attributes.custom_fields as Record<string, unknown>).how_heard,
      'fair',
    );
  });

  it('requires a required field on create and when a write names it; bookings saved before keep working', async () => {
    const before = (await book({})).body.data.id;
    await define('contract_no', 'text', { required: true });
    const missing = await book({ member_no: 'X' });
    assert.equal(missing.status, 422);
    assert.deepEqual(problemsAt(missing.body as unknown as ErrorBody), [
      ['/data/attributes/custom_fields/contract_no', 'required'],
    ]);
    assert.equal((await book({ contract_no: 'C-1' })).status, 201);
    assert.equal((await change(before, { member_no: 'Y' })).status, 200);
    const cleared = await change(before, { contract_no: null });
    assert.equal(cleared.status, 422);
    await api(`/v2/custom_fields/${fieldIds.contract_no}`, {
      method: 'PATCH',
      body: changeDocument('custom_fields', fieldIds.contract_no!, { required: false }),
    });
  });

  it('keeps an archived option and an archived field readable, refusing them to new writes', async () => {
    const id = (await book({ how_heard: 'friend', planner_phone: '+1 555 0100' })).body.data.id;
    const archive = (field: string, attributes: Record<string, unknown>) =>
      api(`/v2/custom_fields/${fieldIds[field]}`, {
        method: 'PATCH',
        body: changeDocument('custom_fields', fieldIds[field]!, attributes),
      });
    assert.equal(
      (await archive('how_heard', { options: [OPTIONS[0], { ...OPTIONS[1], archived: true }, OPTIONS[2]] }))
        .status,
      200,
    );
    assert.equal((await archive('planner_phone', { archived: true })).status, 200);
    const read = await api(`/v2/bookings/${id}`);
    const shown = read.body.data.attributes.custom_fields as Record<string, unknown>;
    assert.equal(shown.how_heard, 'friend');
    assert.equal(shown.planner_phone, '+1 555 0100');
    const refused = await book({ how_heard: 'friend', planner_phone: '+1 555 0101' });
    assert.deepEqual(problemsAt(refused.body as unknown as ErrorBody), [
      ['/data/attributes/custom_fields/how_heard', 'invalid_value'],
      ['/data/attributes/custom_fields/planner_phone', 'archived'],
    ]);
  });
});
