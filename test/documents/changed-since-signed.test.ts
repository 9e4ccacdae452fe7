/**
 * A signed proposal whose booking changed since (SPEC §13, "Versions, finals and voids"): the API
 * reads `changed_since_signed: true` once the events, lines, totals or schedule the client agreed
 * to differ, and the booking's page names the parts that changed and offers a new version. A
 * change to none of them (the booking's name, a note) keeps it false; an unsigned proposal reads
 * false.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser, screenshot } from '../helpers/browser.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession, formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, signIn, type Venue } from '../helpers/oauth.js';
import { type Api, apiFor, changeDocument } from '../helpers/writes.js';

interface Body {
  data: { id: string; attributes: Record<string, unknown> };
  meta?: { share_url: string };
}
interface Many {
  data: Array<{ id: string; attributes: Record<string, unknown> }>;
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let staff: BrowserSession;

  const changed = async (id: string) =>
    (await admin<Body>(`/v2/documents/${id}`)).body.data.attributes.changed_since_signed;
  const listed = async (booking: string) =>
    Object.fromEntries(
      (await admin<Many>(`/v2/documents?filter[booking_id][eq]=${booking}`)).body.data.map((d) => [
        d.id,
        d.attributes.changed_since_signed,
      ]),
    );
  const makeProposal = async (booking: string) => {
    const made = await admin<Body>('/v2/documents', {
      method: 'POST',
      body: documentBody('proposal', booking),
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    return made.body.data.id;
  };
  /** Sends the proposal and accepts it through its link, as the client does. */
  const signThroughPortal = async (id: string) => {
    const sent = await admin<Body>(`/v2/documents/${id}/send`, { method: 'POST' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    const path = new URL(sent.body.meta!.share_url).pathname;
    const client = new BrowserSession(server.url);
    const fields = formFields((await client.request(path)).body, `${path}/accept`);
    const accepted = await client.request(`${path}/accept`, {
      form: { ...fields, name: 'Ama Mensah', agreed: 'yes' },
    });
    assert.equal(accepted.status, 303, accepted.body);
    assert.equal((await admin<Body>(`/v2/documents/${id}`)).body.data.attributes.status, 'signed');
  };
  const linesOf = (booking: string) =>
    suite.db
      .selectFrom('line_items')
      .select(['id', 'quantity'])
      .where('booking_id', '=', booking)
      .orderBy('position')
      .execute();
  /** The notice as a phone shows it, in Chromium with the staff's session. */
  const seenInChromium = async (booking: string) => {
    if (chromiumMissing()) return;
    const browser: Browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
      await context.addCookies(
        staff
          .cookieHeader()
          .split('; ')
          .map((pair) => {
            const at = pair.indexOf('=');
            return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
          }),
      );
      const tab = await context.newPage();
      await tab.goto(`${server.url}/orgs/${venue.orgId}/bookings/${booking}`);
      const notice = tab.locator('.changed-since-signed');
      assert.match(
        await notice.innerText(),
        /Lines, Totals and Schedule changed since the client accepted version 2/,
      );
      assert.ok(await tab.getByRole('button', { name: 'Make a new proposal version' }).isVisible());
      await screenshot(tab, `${suite.database.dialect}-changed-since-signed`);
    } finally {
      await browser.close();
    }
  };
  const bookingPage = async (booking: string) =>
    (await staff.request(`/orgs/${venue.orgId}/bookings/${booking}`)).body;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(admin, venue.orgId);
    staff = new BrowserSession(server.url, server.fetch);
    await signIn(server, staff, venue.user.email);
  });
  after(() => server.close());

  describe('changed_since_signed', () => {
    it('stays false while what the client agreed to is unchanged, and an unsigned proposal is false', async () => {
      const priced = await pricedBooking(admin, { name: 'Owusu wedding', events: 1 });
      const draft = await makeProposal(priced.booking);
      assert.equal(await changed(draft), false, 'a draft');
      const signed = await makeProposal(priced.booking);
      await signThroughPortal(signed);
      assert.equal(await changed(signed), false, 'just signed');

      const renamed = await admin(`/v2/bookings/${priced.booking}`, {
        method: 'PATCH',
        body: changeDocument('bookings', priced.booking, { name: 'Owusu and Boateng wedding' }),
      });
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      const note = await admin('/v2/notes', {
        method: 'POST',
        body: {
          data: {
            type: 'notes',
            attributes: { body: 'The couple asked about parking.' },
            relationships: { notable: { data: { type: 'bookings', id: priced.booking } } },
          },
        },
      });
      assert.equal(note.status, 201, JSON.stringify(note.body));

      assert.equal(await changed(signed), false, 'a new name and a note change nothing agreed');
      assert.deepEqual(await listed(priced.booking), { [draft]: false, [signed]: false });
      const page = await bookingPage(priced.booking);
      assert.ok(!page.includes('since the client accepted'), 'no notice on the booking page');
    });

    it('turns true when a line’s quantity changes, and the booking page names Lines, Totals and the Schedule that follows them', async () => {
      const priced = await pricedBooking(admin, { name: 'Mensah gala', events: 1 });
      await makeProposal(priced.booking);
      const signed = await makeProposal(priced.booking);
      await signThroughPortal(signed);
      assert.equal(await changed(signed), false);

      const [line] = await linesOf(priced.booking);
      assert.ok(line, 'the booking has a line');
      const patched = await admin(`/v2/line_items/${line.id}`, {
        method: 'PATCH',
        body: changeDocument('line_items', line.id, { quantity: String(Number(line.quantity) + 10) }),
      });
      assert.equal(patched.status, 200, JSON.stringify(patched.body));

      assert.equal(await changed(signed), true, 'the one document');
      assert.equal((await listed(priced.booking))[signed], true, 'the list');
      const page = await bookingPage(priced.booking);
      // The deposit is a quarter of the total and the balance the rest: their amounts move with it.
      assert.match(page, /Lines, Totals and Schedule changed since the client accepted version 2/);
      assert.ok(!/Events[^<]*changed since/.test(page), 'the events did not change');
      await seenInChromium(priced.booking);
      const form = formFields(page, `/orgs/${venue.orgId}/bookings/${priced.booking}/documents`);
      assert.ok(form._csrf, 'the notice offers the form that makes a new version');
      assert.match(page, /<button type="submit"[^>]*>Make a new proposal version<\/button>/);

      const made = await staff.request(`/orgs/${venue.orgId}/bookings/${priced.booking}/documents`, {
        form: { _csrf: form._csrf!, kind: 'proposal' },
      });
      assert.equal(made.status, 303);
      const proposals = await suite.db
        .selectFrom('documents')
        .select(['version', 'status'])
        .where('booking_id', '=', priced.booking)
        .where('kind', '=', 'proposal')
        .orderBy('version')
        .execute();
      assert.deepEqual(
        proposals.map((p) => [Number(p.version), p.status]),
        [
          [1, 'draft'],
          [2, 'signed'],
          [3, 'draft'],
        ],
      );
    });
  });
});
