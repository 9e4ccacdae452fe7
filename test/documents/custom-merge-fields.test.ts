/**
 * A venue's own fields as merge fields (SPEC §19, §13, §17): `{{ booking.custom.<key> }}` (and the
 * account's, the contact's, each event's; `custom_fields` as before) in a document's templates and an e-mail's,
 * tried on save against the sample with the organization's fields (a key that exists nowhere is
 * refused with its line), listed under Settings → Documents, and printed in words on the next
 * version; a field unset prints nothing.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { type Api, apiFor, changeDocument, created } from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: BrowserSession;
  let api: Api;
  let path: string;

  const define = (record_type: string, key: string, field_type: string, more: object = {}) =>
    created(api, '/v2/custom_fields', {
      data: { type: 'custom_fields', attributes: { record_type, key, label: key, field_type, ...more } },
    });

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    venue = await makeVenue(suite.db);
    admin = new BrowserSession(server.url);
    await signIn(server, admin, venue.user.email);
    path = `/orgs/${venue.orgId}/settings/documents`;
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(api, venue.orgId);
    await define('bookings', 'dress_code', 'text');
    await define('bookings', 'deposit_held', 'money');
    await define('bookings', 'how_heard', 'select', {
      options: [
        { value: 'web', label: 'Website' },
        { value: 'friend', label: 'A friend' },
      ],
    });
    await define('events', 'courses', 'number');
    await define('accounts', 'member_no', 'text');
  });
  after(() => server.close());

  const save = async (texts: Record<string, string>) => {
    const page = await admin.request(`${path}?kind=proposal`);
    const fields = formFields(page.body, `${path}/templates/proposal`);
    return admin.request(`${path}/templates/proposal`, {
      form: { ...fields, header: '', footer: '', terms: '', ...texts },
    });
  };

  it('lists the organization’s fields among the merge fields and refuses a key that exists nowhere', async () => {
    const page = (await admin.request(`${path}?kind=proposal`)).body;
    assert.match(page, /<code>booking\.custom\.dress_code<\/code>/);
    assert.match(page, /<code>events\.custom\.courses<\/code>/);
    assert.match(page, /<code>account\.custom\.member_no<\/code>/);
    assert.doesNotMatch(page, /<code>booking\.custom_fields\./, 'the longer name is not listed twice');
    const refused = await save({ header: 'Hello\n{{ booking.custom.nope }}' });
    assert.equal(refused.status, 422);
    assert.match(refused.body, /Line 2: \{\{ booking\.custom\.nope \}\} is not a merge field/);
  });

  it('prints a booking’s values in words on the next version', async () => {
    const saved = await save({
      header:
        'Dress {{ booking.custom.dress_code }}; held {{ booking.custom.deposit_held }}; ' +
        'heard via {{ booking.custom.how_heard }}; member [{{ account.custom.member_no }}]',
      // Templates saved with the longer name (`custom_fields`) keep printing.
      terms:
        '{% for e in events %}{{ e.name }}: {{ e.custom.courses }} courses{% endfor %} ' +
        'Dress again: {{ booking.custom_fields.dress_code }}.',
    });
    assert.equal(saved.status, 303, saved.body.slice(0, 400));
    const { booking, events } = await pricedBooking(api, { name: 'Merged', events: 1, linesPerEvent: 1 });
    const changed = await api(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking, {
        custom_fields: { dress_code: 'Black tie', deposit_held: 25000, how_heard: 'friend' },
      }),
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const event = await api(`/v2/events/${events[0]}`, {
      method: 'PATCH',
      body: changeDocument('events', events[0]!, { custom_fields: { courses: 3 } }),
    });
    assert.equal(event.status, 200, JSON.stringify(event.body));
    const made = await api('/v2/documents', { method: 'POST', body: documentBody('proposal', booking) });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const pdf = await fetch(`${server.url}/v2/documents/${made.body.data.id}/pdf`, {
      headers: {
        authorization: `Bearer ${await clientCredentialsToken(server, venue)}`,
        'x-api-org': venue.orgId,
      },
    });
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    assert.ok(text.includes('Dress Black tie; held £250.00; heard via A friend; member []'), text);
    assert.ok(text.includes(': 3 courses'), text);
    assert.ok(text.includes('Dress again: Black tie.'), text);
  });

  it('takes them in an e-mail template, refusing a key that exists nowhere', async () => {
    const template = (body: string) =>
      api('/v2/email_templates', {
        method: 'POST',
        body: {
          data: {
            type: 'email_templates',
            attributes: { name: `Dress ${body.length}`, kind: 'general', subject: 'Your day', body },
          },
        },
      });
    const made = await template('Dress: {{ booking.custom_fields.dress_code }}');
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const refused = await template('Dress: {{ booking.custom_fields.nope }}');
    assert.equal(refused.status, 422);
    assert.match(JSON.stringify(refused.body), /booking\.custom_fields\.nope/);
  });
});
