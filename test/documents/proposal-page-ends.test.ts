/**
 * A proposal whose totals come at the end of a page (three events of four lines each) keeps
 * them: the heading and the totals move to the next page together, and no page is left empty.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { apiFor } from '../helpers/writes.js';

eachDatabase((suite) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2026-11-29T10:00:00Z'));
  });
  after(() => server.close());

  it('keeps the totals of a proposal whose total comes at the end of a page, and leaves no page empty', async () => {
    const venue = await makeVenue(suite.db);
    const token = await clientCredentialsToken(server, venue);
    const api = apiFor(server, token, venue.orgId);
    await venueSettings(api, venue.orgId);
    const { booking } = await pricedBooking(api, { events: 3, linesPerEvent: 4 });
    const made = await api('/v2/documents', { method: 'POST', body: documentBody('proposal', booking) });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const pdf = await server.fetch(`${server.url}/v2/documents/${made.body.data.id}/pdf`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-org': venue.orgId },
    });
    assert.equal(pdf.status, 200);
    const { pages } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const text = pages.join('\n');
    for (const shown of ['Subtotal', 'Service charge', 'Payment schedule', 'Terms and conditions'])
      assert.ok(text.includes(shown), `${shown} is in the proposal`);
    pages.forEach((page, i) => {
      // What a page holds besides the watermark and the footer (the venue, the document, its page).
      const body = page
        .replace('DRAFT', '')
        .replace(/\S+ \S+ · Proposal for .*? \(BK-\d+\)/, '')
        .replace(/Page \d+ of \d+/, '')
        .trim();
      assert.ok(body.length > 0, `page ${i + 1} of ${pages.length} holds more than its footer`);
    });
  });
});
