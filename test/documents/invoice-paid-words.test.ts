/**
 * The default invoice's terms ask for payment only while something is owed: an invoice issued for
 * a booking paid in full says so, under its balance due of nothing, instead of asking the client
 * to pay by the schedule's dates; one with a balance left still asks.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { type Api, apiFor, created } from '../helpers/writes.js';

interface Body {
  data: { id: string; attributes: Record<string, unknown> };
}

const ASKING = 'Please pay the balance due by the dates in the payment schedule';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let token: string;
  let admin: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    token = await clientCredentialsToken(server, venue);
    admin = apiFor(server, token, venue.orgId);
    await venueSettings(admin, venue.orgId);
  });
  after(() => server.close());

  /** The text of the invoice issued for a new priced booking, after `paying` of its grand total. */
  async function issuedInvoiceText(name: string, paying: (grandTotal: number) => number) {
    const { booking } = await pricedBooking(admin, { name, events: 1, linesPerEvent: 2 });
    const grandTotal = Number(
      (await admin<Body>(`/v2/bookings/${booking}`)).body.data.attributes.grand_total,
    );
    await created(admin, '/v2/payments', {
      data: {
        type: 'payments',
        attributes: { amount: paying(grandTotal), method: 'bank_transfer' },
        relationships: { booking: { data: { type: 'bookings', id: booking } } },
      },
    });
    const made = await admin<Body>('/v2/documents', {
      method: 'POST',
      body: documentBody('invoice', booking),
    });
    const issued = await admin<Body>(`/v2/documents/${made.body.data.id}/issue`, { method: 'POST' });
    assert.equal(issued.status, 200, JSON.stringify(issued.body));
    const pdf = await server.fetch(`${server.url}/v2/documents/${made.body.data.id}/pdf`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-org': venue.orgId },
    });
    assert.equal(pdf.status, 200);
    return (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ');
  }

  it('says an invoice paid in full is paid, and asks for nothing', async () => {
    const text = await issuedInvoiceText('Boateng anniversary', (grandTotal) => grandTotal);
    assert.match(text, /Balance due £0\.00/);
    assert.ok(!text.includes(ASKING), `it asks for nothing: ${text}`);
    assert.ok(text.includes('This invoice is paid in full: nothing is left to pay.'), text);
  });

  it('asks for the balance while some is still due', async () => {
    const text = await issuedInvoiceText('Quaye christening', () => 10_000);
    assert.ok(text.includes(ASKING), text);
    assert.ok(!text.includes('paid in full'), text);
  });
});
