/**
 * A venue's own fields at the assistants' door (SPEC §19, §16): the bookings and events the tools
 * return carry custom_fields as [{key, label, field_type, value}] (every field, null when unset,
 * people's text marked untrusted); create_lead and update_booking_custom_fields take them, judged
 * by the API's rules, a bad value refused in the API's words naming its field, nothing written.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createCustomField } from '../../src/crm/custom-field-definitions/custom-field.commands.js';
import { staffActor } from '../../src/policy/actor.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization, makeUser } from '../helpers/factories.js';
import { callTool, connectAssistant, toolRefusal } from '../helpers/mcp.js';

eachDatabase((suite) => {
  let server: TestServer;
  let client: Client;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    const orgId = (await makeOrganization(suite.db, 'Harbour Hall')).id;
    const user = await makeUser(suite.db, orgId, { role: 'admin' });
    const actor = staffActor({ organizationId: orgId, userId: user.id, role: 'admin', door: 'api' });
    const define = (record_type: string, key: string, field_type: string, more: object = {}) =>
      write({ db: suite.db, clock: systemClock }, actor, createCustomField, {
        record_type,
        key,
        label: key.charAt(0).toUpperCase() + key.slice(1).replace('_', ' '),
        field_type,
        ...more,
      });
    await define('bookings', 'planner', 'text');
    await define('bookings', 'budget', 'number');
    await define('bookings', 'how_heard', 'select', {
      options: [
        { value: 'web', label: 'Website' },
        { value: 'friend', label: 'A friend' },
      ],
    });
    await define('events', 'courses', 'number');
    ({ client } = await connectAssistant(server, { email: user.email, organizationId: orgId }));
  });
  after(async () => {
    await client?.close();
    await server.close();
  });

  const lead = {
    name: 'Okafor birthday',
    contact: { first_name: 'Ada', last_name: 'Okafor', email: 'ada.okafor@example.com' },
    date: '2027-09-04',
    start_time: '19:00',
    end_time: '23:30',
  };

  it('create_lead takes custom fields, judged as the API judges them; the records carry them', async () => {
    const bad = await toolRefusal(client, 'create_lead', {
      ...lead,
      custom_fields: { budget: 'lots', how_heard: 'fair', nope: 'x' },
    });
    assert.match(bad, /custom_fields\.budget: A number of at most 15 digits/);
    assert.match(bad, /custom_fields\.how_heard: One of web, friend\./);
    assert.match(bad, /custom_fields\.nope: No custom field of this kind has the key "nope"\./);
    assert.equal((await suite.db.selectFrom('bookings').select('id').execute()).length, 0);

    const { booking } = await callTool(client, 'create_lead', {
      ...lead,
      custom_fields: { planner: 'Pat', budget: '1250.50', how_heard: 'web' },
    });
    const { booking: read } = await callTool(client, 'get_booking', { id: booking.reference });
    assert.deepEqual(read.custom_fields, [
      { key: 'planner', label: 'Planner', field_type: 'text', value: { untrusted_text: 'Pat' } },
      { key: 'budget', label: 'Budget', field_type: 'number', value: '1250.5' },
      { key: 'how_heard', label: 'How heard', field_type: 'select', value: 'web' },
    ]);
    assert.deepEqual(read.events[0].custom_fields, [
      { key: 'courses', label: 'Courses', field_type: 'number', value: null },
    ]);
    const found = await callTool(client, 'search_bookings', { query: 'Okafor' });
    assert.deepEqual(found.bookings[0].custom_fields, read.custom_fields);
  });

  it('update_booking_custom_fields changes only the keys given, null clearing one', async () => {
    const { bookings } = await callTool(client, 'search_bookings', { query: 'Okafor' });
    const id = bookings[0].id as string;
    const refused = await toolRefusal(client, 'update_booking_custom_fields', {
      booking_id: id,
      custom_fields: { how_heard: 'fair' },
    });
    assert.match(refused, /custom_fields\.how_heard: One of web, friend\./);
    const { booking } = await callTool(client, 'update_booking_custom_fields', {
      booking_id: id,
      custom_fields: { budget: null, how_heard: 'friend' },
    });
    assert.deepEqual(
      booking.custom_fields.map((f: { key: string; value: unknown }) => [f.key, f.value]),
      [
        ['planner', { untrusted_text: 'Pat' }],
        ['budget', null],
        ['how_heard', 'friend'],
      ],
    );
  });
});
