/**
 * The workspace walk's week step (test/helpers/workspace-walk.ts) on each of the seven days of the
 * week: a booking made three days ahead of the server's today, as the walk makes one, is found in
 * the week view, in this week or the next, whatever day the suite runs on. From Friday on such a
 * booking lies in next week, and the empty current week names it in a sentence.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { onDatabase } from '../helpers/databases.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { weekdayAt } from '../helpers/test-clock.js';
import { addBooking, makeWorkspaceVenue } from '../helpers/workspace-data.js';
import { daysAhead, weekSlotOf } from '../helpers/workspace-walk.js';
import { zonedToUtc } from '../../src/web/workspace/time-zones.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

describe('the walk finds its booking in the week view', { skip: chromiumMissing() }, () => {
  onDatabase('sqlite', (suite) => {
    let browser: Browser;
    let server: TestServer;
    before(async () => {
      browser = await launchBrowser();
      server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    });
    after(async () => {
      await server?.close();
      await browser?.close();
    });

    for (const [weekday, dayName] of WEEKDAYS.entries()) {
      it(`on a ${dayName}`, async () => {
        server.clock.setTo(weekdayAt(weekday));
        assert.equal(new Date(server.clock.now()).getUTCDay(), weekday);
        const venue = await makeWorkspaceVenue(suite.db, `Venue of ${dayName}`);
        const at = (local: string) => new Date(zonedToUtc(local, 'Europe/London') ?? NaN).toISOString();
        await addBooking(suite.db, venue.actor, {
          name: `${dayName} party`,
          start_at: at(daysAhead(server.clock, 3, '17:00')),
          end_at: at(daysAhead(server.clock, 3, '23:00')),
          timezone: 'Europe/London',
          accountId: venue.accountId,
          spaceIds: [venue.spaceId],
        });
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        try {
          const page = await context.newPage();
          await page.goto(`${server.url}/`);
          await page.getByLabel('E-mail', { exact: true }).fill(venue.admin.email);
          await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
          await page.getByRole('button', { name: 'Sign in' }).click();
          await page.waitForURL(`${server.url}/orgs/${venue.orgId}/bookings`);
          const slot = await weekSlotOf(page, `${dayName} party`);
          assert.match(await slot.innerText(), /17:00–23:00/);
        } finally {
          await context.close();
        }
      });
    }
  });
});
