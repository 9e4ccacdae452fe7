/**
 * Versions of a proposal (SPEC §13, "Versions, finals and voids"): sending a newer version
 * withdraws the older ones still open. Their links say "replaced by a newer proposal" and accept
 * nothing: a form kept open from before, posted over HTTP to the portal, is refused (409, in
 * words) and changes nothing — the booking's status and figures, its schedule, the signatures;
 * the API refuses to send the older version again (409 replaced). The newer one is accepted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { type Api, apiFor, created, type ErrorBody } from '../helpers/writes.js';

interface Body {
  data: { id: string; attributes: Record<string, unknown> };
  meta?: { share_url: string };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;

  const attributes = async (path: string) => (await admin<Body>(path)).body.data.attributes;
  const sendNewVersion = async (booking: string) => {
    const made = await admin<Body>('/v2/documents', {
      method: 'POST',
      body: documentBody('proposal', booking),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const sent = await admin<Body>(`/v2/documents/${made.body.data.id}/send`, { method: 'POST' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    return { id: made.body.data.id, path: new URL(sent.body.meta!.share_url).pathname };
  };
  /** Posts the portal's accept form with the fields of a page the client opened earlier. */
  const postAccept = async (session: BrowserSession, path: string, fields: Record<string, string>) => {
    const response = await fetch(`${server.url}${path}/accept`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: session.cookieHeader(),
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X)',
      },
      body: new URLSearchParams({ ...fields, name: 'Ama Mensah', agreed: 'yes' }).toString(),
    });
    return {
      status: response.status,
      location: response.headers.get('location'),
      body: await response.text(),
    };
  };
  const signaturesOf = (documentIds: string[]) =>
    suite.db.selectFrom('document_signatures').select('id').where('document_id', 'in', documentIds).execute();

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(admin, venue.orgId);
  });
  after(() => server.close());

  describe('a newer version sent', () => {
    it('withdraws the older one: its link says it was replaced and its kept form, posted over HTTP, changes nothing', async () => {
      const priced = await pricedBooking(admin, { name: 'Owusu wedding', events: 1 });
      const older = await sendNewVersion(priced.booking);
      // The client opens the first link and leaves the form open.
      const session = new BrowserSession(server.url);
      const opened = await session.request(older.path);
      assert.equal(opened.status, 200);
      const keptFields = formFields(opened.body, `${older.path}/accept`);
      assert.ok(keptFields._csrf, 'the form carries its CSRF token');

      // The venue prices the booking up and sends a second version.
      await created(admin, '/v2/line_items', {
        data: {
          type: 'line_items',
          attributes: {
            name: 'Fireworks',
            category: 'other',
            unit: 'each',
            quantity: '1',
            unit_price: 500000,
          },
          relationships: { booking: { data: { type: 'bookings', id: priced.booking } } },
        },
      });
      const newer = await sendNewVersion(priced.booking);
      const bookingBefore = await attributes(`/v2/bookings/${priced.booking}`);
      const depositBefore = await attributes(`/v2/installments/${priced.deposit}`);
      assert.equal(bookingBefore.status, 'tentative');

      const refused = await postAccept(session, older.path, keptFields);
      assert.equal(refused.status, 409, refused.body);
      assert.match(refused.body, /replaced by a newer proposal/);
      assert.ok(
        !refused.body.includes('your acceptance is recorded'),
        'no thanks for an acceptance that did not happen',
      );
      assert.ok(!refused.body.includes('Accept proposal'), 'no form to accept it with');

      assert.deepEqual(
        await attributes(`/v2/bookings/${priced.booking}`),
        bookingBefore,
        'the booking is as it was',
      );
      assert.deepEqual(
        await attributes(`/v2/installments/${priced.deposit}`),
        depositBefore,
        'nothing fell due',
      );
      assert.equal((await signaturesOf([older.id, newer.id])).length, 0, 'no signature is recorded');
      const withdrawn = await attributes(`/v2/documents/${older.id}`);
      assert.equal(withdrawn.status, 'sent');
      const replacing = await attributes(`/v2/documents/${newer.id}`);
      assert.equal(withdrawn.replaced_at, replacing.sent_at, 'withdrawn when the newer one was sent');
      assert.equal(replacing.replaced_at, null);

      const page = await new BrowserSession(server.url).request(older.path);
      assert.equal(page.status, 200);
      assert.match(page.body, /This proposal was replaced by a newer proposal/);
      assert.ok(!page.body.includes('Accept proposal'), 'the old link offers no acceptance');

      const resend = await admin<ErrorBody>(`/v2/documents/${older.id}/send`, { method: 'POST' });
      assert.equal(resend.status, 409);
      assert.equal(resend.body.errors[0]?.code, 'replaced');
      assert.match(resend.body.errors[0]?.detail ?? '', /replaced by a newer proposal/);

      // The newer terms are the ones the client accepts.
      const current = new BrowserSession(server.url);
      const fields = formFields((await current.request(newer.path)).body, `${newer.path}/accept`);
      const accepted = await postAccept(current, newer.path, fields);
      assert.equal(accepted.status, 303, accepted.body);
      assert.equal((await attributes(`/v2/documents/${newer.id}`)).status, 'signed');
      assert.equal((await attributes(`/v2/bookings/${priced.booking}`)).status, 'definite');
      assert.equal((await attributes(`/v2/documents/${older.id}`)).status, 'sent');
    });

    it('refuses to send an older version after a newer one was sent', async () => {
      const priced = await pricedBooking(admin, { name: 'Quaye party', events: 1 });
      const first = await admin<Body>('/v2/documents', {
        method: 'POST',
        body: documentBody('proposal', priced.booking),
      });
      const newer = await sendNewVersion(priced.booking);
      const late = await admin<ErrorBody>(`/v2/documents/${first.body.data.id}/send`, { method: 'POST' });
      assert.equal(late.status, 409);
      assert.equal(late.body.errors[0]?.code, 'replaced');
      assert.equal((await attributes(`/v2/documents/${first.body.data.id}`)).status, 'draft');
      assert.equal((await attributes(`/v2/documents/${newer.id}`)).replaced_at, null);
    });
  });
});
