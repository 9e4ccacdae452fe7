/**
 * The portal on a phone (SPEC §13): accepting without ticking "I agree" answers with the error
 * where the eye is — the refused page opens with the checkbox focused and its error in view on a
 * 390 px Chromium, not at the top of a page thousands of pixels long; and `?notice=accepted`
 * thanks nobody for an acceptance that did not happen.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { BrowserSession } from '../helpers/browser-session.js';
import { chromiumMissing, launchBrowser, screenshot } from '../helpers/browser.js';
import { onDatabase } from '../helpers/databases.js';
import { documentBody, pricedBooking, venueSettings } from '../helpers/document-fixtures.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import { type Api, apiFor } from '../helpers/writes.js';

onDatabase('sqlite', (suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;

  const sentProposal = async (name: string) => {
    const priced = await pricedBooking(admin, { name, events: 3, linesPerEvent: 4 });
    const made = await admin<{ data: { id: string } }>('/v2/documents', {
      method: 'POST',
      body: documentBody('proposal', priced.booking),
    });
    const sent = await admin<{ meta: { share_url: string } }>(`/v2/documents/${made.body.data.id}/send`, {
      method: 'POST',
    });
    return new URL(sent.body.meta.share_url).pathname;
  };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    server.clock.setTo(Date.parse('2027-01-04T10:00:00Z'));
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    await venueSettings(admin, venue.orgId);
  });
  after(() => server.close());

  it('thanks nobody through ?notice=accepted for a proposal not accepted', async () => {
    const path = await sentProposal('Ansah wedding');
    const page = await new BrowserSession(server.url).request(`${path}?notice=accepted`);
    assert.equal(page.status, 200);
    assert.ok(!page.body.includes('your acceptance is recorded'), 'no false thanks');
    assert.ok(page.body.includes('Accept proposal'), 'the proposal is still open to accept');
  });

  describe('on a 390 px phone', { skip: chromiumMissing() }, () => {
    let browser: Browser;
    before(async () => {
      browser = await launchBrowser();
    });
    after(() => browser.close());

    it('shows the error at the checkbox, focused and in view, when "I agree" is not ticked', async () => {
      const path = await sentProposal('Baah wedding');
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const phone = await context.newPage();
      await phone.goto(`${server.url}${path}`);
      const height = Number(await phone.evaluate('document.documentElement.scrollHeight'));
      assert.ok(height > 3 * 844, `a long page (${height} px)`);
      await phone.getByLabel('Your full name').fill('Kwame Baah');
      await phone.getByRole('button', { name: 'Accept proposal' }).click();
      await phone.waitForURL(/\/accept$/);
      const error = phone.locator('#agreed-error');
      assert.equal(await error.innerText(), 'Tick “I agree” to accept.');
      assert.equal(
        await phone.evaluate('document.activeElement?.id'),
        'agreed',
        'the checkbox has the focus',
      );
      const box = await error.boundingBox();
      const checkbox = await phone.locator('#agreed').boundingBox();
      assert.ok(box && checkbox, 'the error and the checkbox are shown');
      // In the viewport, as the page opens: where the eye is.
      for (const shown of [box, checkbox]) {
        assert.ok(shown.y >= 0 && shown.y + shown.height <= 844, `in view at ${shown.y} px of 844`);
      }
      assert.equal(await phone.locator('#name').inputValue(), 'Kwame Baah', 'what was typed is kept');
      await phone.screenshot({ path: 'test-results/screenshots/portal-accept-error-390.png' });
      await screenshot(phone, 'portal-accept-error-390-full');
      await context.close();
    });

    it('says at the top of a replaced proposal’s page that a newer one replaced it, with no form', async () => {
      const path = await sentProposal('Boadu wedding');
      const booking = (await admin<{ data: Array<{ id: string }> }>('/v2/bookings?filter[search]=Boadu')).body
        .data[0]!.id;
      const newer = await admin<{ data: { id: string } }>('/v2/documents', {
        method: 'POST',
        body: documentBody('proposal', booking),
      });
      await admin(`/v2/documents/${newer.body.data.id}/send`, { method: 'POST' });
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const phone = await context.newPage();
      await phone.goto(`${server.url}${path}`);
      const words = phone.getByRole('heading', { name: 'This proposal was replaced by a newer proposal' });
      const box = await words.boundingBox();
      assert.ok(box && box.y + box.height <= 844, 'said as the page opens');
      assert.equal(await phone.getByRole('button', { name: 'Accept proposal' }).count(), 0);
      await phone.screenshot({ path: 'test-results/screenshots/portal-replaced-390.png' });
      await context.close();
    });
  });
});
