/**
 * The proposal a venue sends before it changes any template (SPEC §13) says what Marquee does:
 * read from the PDF, it confirms the booking and holds the date when the client accepts online
 * (not when a payment arrives), as long as the spaces are free then, and makes what is due on
 * signing due at acceptance; and accepting through the client's link does exactly that.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { pdfText } from '../helpers/pdf-text.js';
import { type Api, apiFor } from '../helpers/writes.js';

interface Body {
  data: { id: string; attributes: Record<string, unknown> };
  meta?: { share_url: string };
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(admin, venue.orgId);
  });
  after(() => server.close());

  describe('the default proposal', () => {
    it('says what accepting it does, and accepting it does that', async () => {
      const priced = await pricedBooking(admin, { name: 'Owusu wedding', events: 1, linesPerEvent: 2 });
      const made = await admin<Body>('/v2/documents', {
        method: 'POST',
        body: documentBody('proposal', priced.booking),
      });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      const sent = await admin<Body>(`/v2/documents/${made.body.data.id}/send`, { method: 'POST' });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const path = new URL(sent.body.meta!.share_url).pathname;
      const pdf = await server.fetch(`${server.url}${path}/pdf`);
      const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ');

      // What it says.
      // Each clause that says how a booking is confirmed, up to its full stop or semicolon.
      const confirming = text.match(/(To confirm|is confirmed)[^.;]*[.;]/g) ?? [];
      assert.ok(confirming.length >= 2, `the header and the terms both say how: ${confirming.join(' | ')}`);
      for (const sentence of confirming) {
        assert.ok(
          !/paid|payment|received|deposit/i.test(sentence),
          `confirmed by acceptance alone: ${sentence}`,
        );
      }
      for (const words of [
        'your date is held for you from the moment you do, as long as the spaces are still free for your events then',
        'Your booking is confirmed when you accept this proposal online, and your date is held for you from then, as long as the spaces it names are still free',
        'Until you accept, your date is not held for you.',
        'Any payment the schedule above shows as due “On signing” falls due when you accept this proposal',
      ]) {
        assert.ok(text.includes(words), `it says "${words}": ${text}`);
      }
      assert.ok(!/not held[^.]*(paid|payment|received)/i.test(text), 'no payment stands before the hold');
      assert.match(text, /Deposit .*On signing/, 'the schedule names what is due on signing');

      // What accepting does.
      const session = new BrowserSession(server.url, server.fetch);
      const page = await session.request(path);
      const accepted = await server.fetch(`${server.url}${path}/accept`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: session.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          ...formFields(page.body, `${path}/accept`),
          name: 'Ama Mensah',
          agreed: 'yes',
        }).toString(),
      });
      assert.equal(accepted.status, 303);
      const booking = (await admin<Body>(`/v2/bookings/${priced.booking}`)).body.data.attributes;
      assert.equal(booking.status, 'definite', 'confirmed, and its date held, on acceptance');
      const deposit = (await admin<Body>(`/v2/installments/${priced.deposit}`)).body.data.attributes;
      assert.equal(deposit.state, 'due', 'what is due on signing is due on acceptance, before any payment');
      assert.equal(booking.paid_total, 0, 'nothing was paid');
    });
  });
});
