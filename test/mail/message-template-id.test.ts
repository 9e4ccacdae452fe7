/**
 * Writing to a client from an e-mail template (SPEC §17, `template_id` on `POST /v2/messages`, a
 * write-only attribute): the organization's template, written for the booking, gives the subject
 * and the text; a subject or text given wins over the template's; a template the organization
 * does not have is a 422 at /data/attributes/template_id, reported with every other bad field; a
 * message with neither a template nor a subject and text names both.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { codeFlowTokens, makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  contactDocument,
  created,
  type Many,
  pointers,
} from '../helpers/writes.js';

interface MessageBody {
  data: { id: string; attributes: Record<string, unknown> & { subject: string; text: string } };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let bookingId: string;
  let reference: string;
  let venueName: string;
  let general: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, (await codeFlowTokens(server, venue)).tokens.access_token, venue.orgId);
    const account = await created(admin, '/v2/accounts', accountDocument({ name: 'Hart & Reyes' }));
    const amelia = await created(
      admin,
      '/v2/contacts',
      contactDocument({ first_name: 'Amelia', last_name: 'Hart', email: 'amelia@client.example' }, account),
    );
    bookingId = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, { name: 'Hart wedding', status: 'tentative' }, { contact: amelia }),
    );
    const booking = await admin(`/v2/bookings/${bookingId}`);
    reference = String(booking.body.data.attributes.reference);
    venueName = String((await admin('/v2/organization')).body.data.attributes.name);
    const templates = await admin<Many>('/v2/email_templates');
    assert.equal(templates.status, 200, JSON.stringify(templates.body));
    general = templates.body.data.find((t) => t.attributes.name === 'General message')!.id;
  });
  after(() => server?.close());

  const write = (attributes: Record<string, unknown>) =>
    admin<MessageBody>('/v2/messages', {
      method: 'POST',
      body: {
        data: {
          type: 'messages',
          attributes,
          relationships: { booking: { data: { type: 'bookings', id: bookingId } } },
        },
      },
    });

  it('takes the subject and the text from the template written for the booking', async () => {
    const posted = await write({ template_id: general });
    assert.equal(posted.status, 201, JSON.stringify(posted.body));
    assert.equal(posted.body.data.attributes.subject, `Hart wedding at ${venueName} (${reference})`);
    assert.match(posted.body.data.attributes.text, /^Dear Amelia,\n/);
    assert.match(posted.body.data.attributes.text, /Warm regards,/);
    assert.equal('template_id' in posted.body.data.attributes, false, 'template_id is write-only');
  });

  it('lets a subject or a text given win over the template’s', async () => {
    const subject = await write({ template_id: general, subject: 'Your tasting' });
    assert.equal(subject.status, 201, JSON.stringify(subject.body));
    assert.equal(subject.body.data.attributes.subject, 'Your tasting');
    assert.match(subject.body.data.attributes.text, /^Dear Amelia,/);
    const both = await write({ template_id: general, subject: 'Menu', text: 'Fish or lamb?' });
    assert.equal(both.status, 201, JSON.stringify(both.body));
    assert.deepEqual(
      [both.body.data.attributes.subject, both.body.data.attributes.text],
      ['Menu', 'Fish or lamb?\n'],
    );
  });

  it('refuses a template the organization does not have at template_id, with every other bad field', async () => {
    const earlier = await admin<Many>(`/v2/messages?filter[booking_id][eq]=${bookingId}`);
    const unknown = await write({ template_id: 'et_nope', subject: 'Menu', text: 'Fish or lamb?' });
    assert.equal(unknown.status, 422, JSON.stringify(unknown.body));
    assert.deepEqual(pointers(unknown.body), ['/data/attributes/template_id']);
    const several = await write({ template_id: 'et_nope', to: ['not an address'] });
    assert.equal(several.status, 422, JSON.stringify(several.body));
    assert.deepEqual(pointers(several.body).sort(), [
      '/data/attributes/subject',
      '/data/attributes/template_id',
      '/data/attributes/text',
      '/data/attributes/to',
    ]);
    const bare = await write({});
    assert.equal(bare.status, 422, JSON.stringify(bare.body));
    assert.deepEqual(pointers(bare.body).sort(), ['/data/attributes/subject', '/data/attributes/text']);
    const later = await admin<Many>(`/v2/messages?filter[booking_id][eq]=${bookingId}`);
    assert.equal(later.body.data.length, earlier.body.data.length, 'nothing was sent');
  });
  it('answers ids and addresses holding NUL with the field they are in, never a 500', async () => {
    const nul = await write({
      template_id: 'et_\u0000',
      document_ids: ['doc_\u0000'],
      to: ['amelia\u0000@client.example'],
      subject: 'Menu',
      text: 'Fish or lamb?',
    });
    assert.equal(nul.status, 422, JSON.stringify(nul.body));
    assert.deepEqual(pointers(nul.body).sort(), [
      '/data/attributes/document_ids',
      '/data/attributes/template_id',
      '/data/attributes/to',
    ]);
  });
});
