/**
 * A BEO issued (SPEC §13, "Versions, finals and voids"): the kitchen's final copy. Issued from the
 * workspace's Issue button or `POST /v2/documents/{id}/issue`, it is frozen like an invoice (the
 * same bytes every time, their SHA-256 its sha256), without the DRAFT mark and without an invoice
 * number; issued once. Each event's BEO lists the booking's lines that belong to no event under
 * "For the whole booking", and no other event's lines.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  documentBody,
  type PricedBooking,
  pricedBooking,
  venueSettings,
} from '../helpers/document-fixtures.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { type Api, apiFor, created, type ErrorBody } from '../helpers/writes.js';

interface Body {
  data: { id: string; attributes: Record<string, unknown> };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let token: string;
  let priced: PricedBooking;

  const pdfOf = async (id: string) => {
    const response = await server.fetch(`${server.url}/v2/documents/${id}/pdf`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-org': venue.orgId },
    });
    assert.equal(response.status, 200);
    return new Uint8Array(await response.arrayBuffer());
  };
  const makeBeo = async (event: string) => {
    const made = await api<Body>('/v2/documents', {
      method: 'POST',
      body: documentBody('beo', priced.booking, { event }),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    return made.body.data.id;
  };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    token = await clientCredentialsToken(server, venue);
    api = apiFor(server, token, venue.orgId);
    await venueSettings(api, venue.orgId);
    priced = await pricedBooking(api, { events: 2, linesPerEvent: 1 });
    await created(api, '/v2/line_items', {
      data: {
        type: 'line_items',
        attributes: {
          name: 'Marquee hire',
          category: 'rental',
          unit: 'each',
          quantity: '1',
          unit_price: 250000,
        },
        relationships: { booking: { data: { type: 'bookings', id: priced.booking } } },
      },
    });
  });
  after(() => server.close());

  it('lists the lines of the whole booking on every event’s BEO, and no other event’s lines', async () => {
    for (const [n, event] of priced.events.entries()) {
      const text = (await pdfText(await pdfOf(await makeBeo(event)))).text;
      assert.ok(text.includes('For the whole booking'), `BEO ${n + 1} has the whole booking's lines`);
      assert.ok(text.includes('Marquee hire'));
      assert.equal(text.includes('Gold dinner menu 1'), n === 0, 'the first event’s line on its BEO only');
    }
  });

  it('issues a BEO through the API: final, frozen, unmarked, without a number, once', async () => {
    const id = await makeBeo(priced.events[0]!);
    assert.ok((await pdfText(await pdfOf(id))).text.includes('DRAFT'), 'a draft says so');
    const issued = await api<Body>(`/v2/documents/${id}/issue`, { method: 'POST' });
    assert.equal(issued.status, 200, JSON.stringify(issued.body));
    const { attributes } = issued.body.data;
    assert.equal(attributes.status, 'issued');
    assert.equal(attributes.number, null);
    assert.match(String(attributes.issued_at), /^2027-01-04T/);
    const first = await pdfOf(id);
    assert.equal(sha256(first), attributes.sha256, 'the bytes kept are the ones served');
    assert.equal(sha256(await pdfOf(id)), attributes.sha256, 'the same bytes every time');
    const text = (await pdfText(first)).text;
    assert.ok(!text.includes('DRAFT'), 'no DRAFT mark');
    assert.ok(!text.includes('Invoice number'));
    assert.match(text, /Issued Monday 4 January 2027/);
    assert.ok(text.includes('For the whole booking'));
    if (process.env.MARQUEE_KEEP_PDFS)
      writeFileSync(path.join(os.tmpdir(), `issued-beo-${suite.database.dialect}.pdf`), first);

    const again = await api<ErrorBody>(`/v2/documents/${id}/issue`, { method: 'POST' });
    assert.equal(again.status, 409);
    assert.match(again.body.errors[0]?.detail ?? '', /BEO was issued already/);
    const invoices = await api<{ data: unknown[] }>('/v2/documents?filter[kind][eq]=invoice');
    assert.equal(invoices.body.data.length, 0, 'no invoice number was taken');
  });

  it('offers an Issue button for a BEO in the workspace, which issues it', async () => {
    const id = await makeBeo(priced.events[1]!);
    const admin = new BrowserSession(server.url, server.fetch);
    await signIn(server, admin, venue.user.email);
    const page = `/orgs/${venue.orgId}/documents/${id}`;
    const shown = await admin.request(page);
    assert.match(shown.body, /Issue this BEO/);
    const action = `${page}/issue`;
    const posted = await admin.request(action, { form: formFields(shown.body, action) });
    assert.equal(posted.status, 303);
    const after = await admin.request(posted.location!);
    assert.match(after.body, /this BEO is final/);
    assert.match(after.body, /<span class="badge state-paid">Issued<\/span>/);
    assert.doesNotMatch(after.body, /Issue this BEO/);
    assert.doesNotMatch(after.body, /<p class="doc-watermark">Draft<\/p>/);
    const booking = await admin.request(`/orgs/${venue.orgId}/bookings/${priced.booking}`);
    assert.match(booking.body, /Issued<\/span> ·|Issued<\/span> [A-Z]/, 'the booking page shows it issued');
  });
});
