/**
 * The workspace in the organization's locale (SPEC §13), set once per request: an en-US venue's
 * bookings list, booking page and its payments read "Sat, Apr 10, 2027", a 12-hour clock and "$";
 * an en-GB venue's keep "Sat 10 Apr 2027", the 24-hour clock and "£".
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { createPayment } from '../../src/crm/payments/payments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser, screenshot } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { addBooking, makeWorkspaceVenue, workspaceSession } from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
  });
  after(() => server.close());

  /** A venue in `locale` with one booking from 18:00 to 23:30 on Saturday 10 April 2027, paid in part. */
  async function venueIn(locale: string, timezone: string, currency: string, utc: [string, string]) {
    const venue = await makeWorkspaceVenue(suite.db, `Venue ${locale}`);
    await suite.db
      .updateTable('organizations')
      .set({ locale, timezone, currency })
      .where('id', '=', venue.orgId)
      .execute();
    const booking = await addBooking(suite.db, venue.actor, {
      name: `Spring gala ${locale}`,
      start_at: utc[0],
      end_at: utc[1],
      timezone,
      currency,
      accountId: venue.accountId,
    });
    const run = { db: suite.db, clock: server.clock };
    await write(run, venue.actor, createLineItem, {
      bookingId: booking.id,
      name: 'Venue hire',
      category: 'rental',
      unit: 'flat',
      unit_price: 400_000,
    });
    await write(run, venue.actor, createPayment, { bookingId: booking.id, amount: 150_000, method: 'card' });
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const o = `/orgs/${venue.orgId}`;
    const list = await session.request(`${o}/bookings?from=all&q=Spring`);
    assert.equal(list.status, 200);
    const page = await session.request(`${o}/bookings/${booking.id}`);
    assert.equal(page.status, 200);
    return { list: list.body, page: page.body, venue, path: `${o}/bookings/${booking.id}` };
  }

  it('writes an en-US venue’s days, 12-hour times and dollars on its bookings list, booking page and payments', async () => {
    const { list, page } = await venueIn('en-US', 'America/New_York', 'USD', [
      '2027-04-10T22:00:00Z',
      '2027-04-11T03:30:00Z',
    ]);
    assert.match(list, /Sat, Apr 10, 2027/);
    assert.match(list, /6:00\sPM/);
    assert.match(list, /\$2,500\.00/, 'the balance due in dollars');
    assert.match(page, /<dt>When<\/dt><dd>Sat, Apr 10, 2027, 6:00\sPM–11:30\sPM<\/dd>/);
    assert.match(page, /\$1,500\.00/, 'the payment in dollars');
    assert.doesNotMatch(page, /18:00|Sat 10 Apr 2027/);
  });

  it('keeps an en-GB venue’s days, 24-hour times and pounds', async () => {
    const { list, page } = await venueIn('en-GB', 'Europe/London', 'GBP', [
      '2027-04-10T17:00:00Z',
      '2027-04-10T22:30:00Z',
    ]);
    assert.match(list, /Sat 10 Apr 2027/);
    assert.match(list, /£2,500\.00/);
    assert.match(page, /<dt>When<\/dt><dd>Sat 10 Apr 2027, 18:00–23:30<\/dd>/);
    assert.match(page, /£1,500\.00/);
    assert.doesNotMatch(page, /\d:\d\d\s?[AP]M/);
  });

  it('heads the week’s columns with the days as each locale writes them, no year and no trailing comma', async () => {
    const columns = async (locale: string, timezone: string, currency: string) => {
      const { venue } = await venueIn(locale, timezone, currency, [
        '2027-04-10T22:00:00Z',
        '2027-04-11T03:30:00Z',
      ]);
      const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
      const week = await session.request(`/orgs/${venue.orgId}/week?week=2027-04-05`);
      assert.equal(week.status, 200);
      return [...week.body.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    };
    assert.deepEqual(await columns('en-US', 'America/New_York', 'USD'), [
      'Space',
      'Mon, Apr 5',
      'Tue, Apr 6',
      'Wed, Apr 7',
      'Thu, Apr 8',
      'Fri, Apr 9',
      'Sat, Apr 10',
      'Sun, Apr 11',
    ]);
    assert.deepEqual(await columns('en-GB', 'Europe/London', 'GBP'), [
      'Space',
      'Mon 5 Apr',
      'Tue 6 Apr',
      'Wed 7 Apr',
      'Thu 8 Apr',
      'Fri 9 Apr',
      'Sat 10 Apr',
      'Sun 11 Apr',
    ]);
  });

  describe('in a browser', { skip: chromiumMissing() }, () => {
    let browser: Browser;
    before(async () => {
      browser = await launchBrowser();
    });
    after(() => browser?.close());

    it('shows an en-US venue’s booking page in US English at 1280 px', async () => {
      const { venue, path } = await venueIn('en-US', 'America/Chicago', 'USD', [
        '2027-04-10T23:00:00Z',
        '2027-04-11T04:30:00Z',
      ]);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.getByLabel('E-mail', { exact: true }).fill(venue.admin.email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}/orgs/${venue.orgId}/bookings`);
      await page.goto(`${server.url}${path}`);
      const main = await page.locator('main').innerText();
      assert.match(main, /Sat, Apr 10, 2027, 6:00\sPM–11:30\sPM/);
      assert.match(main, /\$1,500\.00/);
      await screenshot(page, `${suite.database.dialect}-locale-en-US-booking`);
      await context.close();
    });
  });
});
