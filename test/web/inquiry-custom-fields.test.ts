/**
 * A venue's own fields on its public inquiry form (SPEC §19, §14): the fields of bookings and of
 * contacts marked for it (not the others, not archived ones) are on the page, required ones
 * marked; a post's values are judged by the API's rules, each bad one beside its field (or at its
 * pointer, to JSON), nothing made; good ones land on the lead's booking and on the contact it makes.
 * Each control is named `custom.<key>`; a JSON post sends `custom_fields: {<key>: value}`, and
 * `?format=json` lists each with its label, type, whether it is required and a select's open options.
 * A key that a bookings field and a contacts field on the form share is one control setting both.
 * A required field binds the form only when the form shows it: one left off the form is asked for
 * at the staff's doors (the API here), never of a visitor who could not give it.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { countRows, eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { type Api, apiFor, changeDocument, created } from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let address = 0;

  const define = (record_type: string, key: string, field_type: string, more: object = {}) =>
    created(api, '/v2/custom_fields', {
      data: { type: 'custom_fields', attributes: { record_type, key, label: key, field_type, ...more } },
    });

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const set = await api('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, {
        timezone: 'Europe/London',
        inquiry_form: { enabled: true, slug: 'the-old-mill', event_types: ['Wedding'] },
      }),
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    await define('bookings', 'how_heard', 'select', {
      on_inquiry_form: true,
      required: true,
      options: [
        { value: 'web', label: 'Website' },
        { value: 'friend', label: 'A friend' },
        { value: 'flyer', label: 'A flyer', archived: true },
      ],
    });
    await define('bookings', 'budget', 'number', { on_inquiry_form: true });
    // Required, but not on the form: the staff's doors ask for them, a visitor never could.
    await define('bookings', 'internal_code', 'text', { required: true });
    await define('contacts', 'member_no', 'text', { required: true });
    await define('bookings', 'old_question', 'text', { on_inquiry_form: true, archived: true });
    await define('contacts', 'dietary', 'long_text', { on_inquiry_form: true });
    // The same key on contacts: the form's one control of it sets the booking's and the contact's.
    await define('contacts', 'how_heard', 'text', { on_inquiry_form: true });
  });
  after(() => server.close());

  const post = (body: string | Record<string, unknown>) =>
    server.app.inject({
      method: 'POST',
      url: '/inquire/the-old-mill',
      remoteAddress: `10.1.0.${++address}`,
      headers: {
        'content-type': typeof body === 'string' ? 'application/x-www-form-urlencoded' : 'application/json',
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const hidden = async () => {
    const response = await server.app.inject({ url: '/inquire/the-old-mill?format=json' });
    const { attributes } = (
      response.json() as {
        data: {
          attributes: {
            hidden: Record<string, string>;
            fields: string[];
            custom_fields: Array<{ name: string }>;
          };
        };
      }
    ).data;
    return attributes;
  };
  const fields = {
    name: 'Ada Okafor',
    email: 'ada@example.com',
    event_type: 'Wedding',
    date: '2027-09-18',
  };

  it('shows the fields marked for the form, and only those, each named custom.<key>', async () => {
    const page = (await server.app.inject({ url: '/inquire/the-old-mill' })).body;
    assert.match(page, /<select id="field-custom\.how_heard" name="custom\.how_heard" required/);
    assert.match(page, /<label for="field-custom\.how_heard">how_heard<\/label>/);
    assert.equal(page.match(/name="custom\.how_heard"/g)?.length, 1, 'a shared key is one control');
    assert.match(page, /name="custom\.budget"/);
    assert.match(page, /<textarea id="field-custom\.dietary" name="custom\.dietary"/);
    assert.doesNotMatch(page, /internal_code|old_question|custom_fields\//);
    const { fields: names, custom_fields: listed } = await hidden();
    assert.equal(names[0], 'name', 'the names a post gives: the built-in fields first');
    assert.deepEqual(
      names.filter((name) => name.startsWith('custom.')),
      ['custom.how_heard', 'custom.budget', 'custom.dietary'],
    );
    assert.deepEqual(listed, [
      {
        name: 'custom.how_heard',
        label: 'how_heard',
        field_type: 'select',
        required: true,
        options: [
          { value: 'web', label: 'Website' },
          { value: 'friend', label: 'A friend' },
        ],
      },
      { name: 'custom.budget', label: 'budget', field_type: 'number', required: false },
      { name: 'custom.dietary', label: 'dietary', field_type: 'long_text', required: false },
    ]);
  });

  it('refuses bad values beside their fields, creating nothing', async () => {
    const before = await countRows(suite.db, 'bookings');
    const { hidden: hiddenFields } = await hidden();
    server.clock.advance(3_500);
    const refused = await post(
      new URLSearchParams({ ...fields, ...hiddenFields, 'custom.budget': 'lots' }).toString(),
    );
    assert.equal(refused.statusCode, 422);
    assert.match(
      refused.body,
      /<p class="field-error" id="field-custom\.how_heard-error">how_heard is required\.<\/p>/,
    );
    assert.match(refused.body, /id="field-custom\.budget-error">A number of at most 15 digits/);
    assert.match(refused.body, /href="#field-custom\.budget"/, 'the summary links to the field');
    assert.match(refused.body, /name="custom\.budget"[^>]*value="lots"/, 'what was typed stays');
    const again = (await hidden()).hidden;
    server.clock.advance(3_500);
    const json = await post({
      ...fields,
      ...again,
      custom_fields: { how_heard: 'fair', budget: 'lots', nothing_here: 'x' },
    });
    assert.equal(json.statusCode, 422);
    const errors = (json.json() as { errors: Array<{ source?: { pointer: string }; detail: string }> })
      .errors;
    const at = (pointer: string) => errors.filter((e) => e.source?.pointer === pointer).map((e) => e.detail);
    assert.deepEqual(at('/custom_fields/how_heard'), ['One of web, friend.']);
    assert.match(at('/custom_fields/budget')[0] ?? '', /A number of at most 15 digits/);
    assert.equal(at('/custom_fields/nothing_here').length, 1, JSON.stringify(errors));
    const third = (await hidden()).hidden;
    server.clock.advance(3_500);
    const notAnObject = await post({ ...fields, ...third, custom_fields: ['web'] });
    assert.equal(notAnObject.statusCode, 422);
    assert.ok(
      JSON.stringify(notAnObject.json()).includes('"pointer":"/custom_fields"'),
      JSON.stringify(notAnObject.json()),
    );
    // The names of an earlier form are not read: its values would land nowhere, so it is refused.
    const fourth = (await hidden()).hidden;
    server.clock.advance(3_500);
    const oldNames = await post(
      new URLSearchParams({ ...fields, ...fourth, 'custom_fields/how_heard': 'web' }).toString(),
    );
    assert.equal(oldNames.statusCode, 422);
    assert.match(oldNames.body, /id="field-custom\.how_heard-error">how_heard is required/);
    assert.equal(await countRows(suite.db, 'bookings'), before);
  });

  it('gives the lead’s booking and its new contact their values; a shared key sets both', async () => {
    const { hidden: hiddenFields } = await hidden();
    server.clock.advance(3_500);
    const taken = await post(
      new URLSearchParams({
        ...fields,
        ...hiddenFields,
        'custom.how_heard': 'friend',
        'custom.budget': '12000',
        'custom.dietary': 'Vegetarian',
      }).toString(),
    );
    assert.equal(taken.statusCode, 200, taken.body.slice(0, 600));
    const booking = await suite.db
      .selectFrom('bookings')
      .select(['custom_fields', 'contact_id'])
      .where('organization_id', '=', venue.orgId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(booking.custom_fields), { how_heard: 'friend', budget: 12000 });
    const contact = await suite.db
      .selectFrom('contacts')
      .select('custom_fields')
      .where('id', '=', booking.contact_id!)
      .executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(contact.custom_fields), { dietary: 'Vegetarian', how_heard: 'friend' });
  });

  it('takes a JSON post’s custom_fields onto the lead and its contact', async () => {
    const { hidden: hiddenFields } = await hidden();
    server.clock.advance(3_500);
    const taken = await post({
      ...fields,
      ...hiddenFields,
      email: 'json@example.com',
      custom_fields: { how_heard: 'web', budget: 500, dietary: 'Vegan' },
    });
    assert.equal(taken.statusCode, 201, taken.body.slice(0, 600));
    const contact = await suite.db
      .selectFrom('contacts')
      .select(['id', 'custom_fields'])
      .where('organization_id', '=', venue.orgId)
      .where('email', '=', 'json@example.com')
      .executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(contact.custom_fields), { dietary: 'Vegan', how_heard: 'web' });
    const booking = await suite.db
      .selectFrom('bookings')
      .select('custom_fields')
      .where('contact_id', '=', contact.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(JSON.parse(booking.custom_fields), { how_heard: 'web', budget: 500 });
  });

  it('asks a visitor for no required field the form does not show; the API still asks for it', async () => {
    const refused = await api('/v2/contacts', {
      method: 'POST',
      body: { data: { type: 'contacts', attributes: { first_name: 'Bo', email: 'bo@example.com' } } },
    });
    assert.equal(refused.status, 422);
    assert.ok(
      JSON.stringify(refused.body).includes('/data/attributes/custom_fields/member_no'),
      JSON.stringify(refused.body),
    );
  });
});
