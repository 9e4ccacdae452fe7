/**
 * A booking with several events is edited in the workspace like any other (SPEC §9, §11): its
 * form shows the times, spaces and guests its events give, read-only, with a link to its events,
 * and saves a new name, owner or referral source; a form that still sends those fields saves
 * when it leaves them as they are, and a change of them is refused in the workspace's words,
 * never the API's. In a real Chromium the edited booking's page is screenshotted at 1280 and 390 px.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { systemClock } from '../../src/clock.js';
import { createEvent } from '../../src/crm/events/event.commands.js';
import { createReferralSource } from '../../src/crm/pipelines/index.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { chromiumMissing, launchBrowser } from '../helpers/browser.js';
import { eachDatabase } from '../helpers/databases.js';
import { TEST_PASSWORD } from '../helpers/factories.js';
import { PageAudit } from '../helpers/workspace-audit.js';
import {
  addBooking,
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' }, { listen: true });
    venue = await makeWorkspaceVenue(suite.db, 'Several Events Venue');
    o = `/orgs/${venue.orgId}`;
  });
  after(() => server.close());

  /** A wedding with a ceremony at two and a dinner at seven, in the Boathouse. */
  async function wedding(name: string) {
    const booking = await addBooking(suite.db, venue.actor, {
      name,
      status: 'tentative',
      start_at: '2027-06-19T13:00:00Z',
      end_at: '2027-06-19T14:00:00Z',
      timezone: 'Europe/London',
      guest_count: 80,
      accountId: venue.accountId,
      spaceIds: [venue.spaceId],
    });
    await write({ db: suite.db, clock: systemClock }, venue.actor, createEvent, {
      bookingId: booking.id,
      name: 'Dinner',
      start_at: '2027-06-19T18:00:00Z',
      end_at: '2027-06-19T22:00:00Z',
      guest_count: 90,
      spaceIds: [venue.spaceId],
    });
    return booking;
  }

  const stored = (id: string) =>
    suite.db
      .selectFrom('bookings')
      .select(['name', 'owner_id', 'referral_source_id', 'start_at', 'end_at', 'guest_count'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('saves a new name, owner and referral source; its times are its events’, shown and linked', async () => {
    const booking = await wedding('Hart wedding');
    const source = await write({ db: suite.db, clock: systemClock }, venue.actor, createReferralSource, {
      name: 'Wedding fair',
    });
    const before = await stored(booking.id);
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const edit = await session.request(`${o}/bookings/${booking.id}/edit`);
    assert.equal(edit.status, 200);
    // Read-only: no input for what its events give, and the way to change them.
    for (const field of ['start_at', 'end_at', 'guest_count', 'spaces'])
      assert.doesNotMatch(edit.body, new RegExp(`name="${field}"`), `no ${field} input`);
    assert.match(
      text(edit.body),
      /When Sat 19 Jun 2027, 14:00–23:00 Spaces Boathouse Guests 90 guests These come from its 2 events/,
    );
    assert.match(edit.body, new RegExp(`href="${o}/bookings/${booking.id}#events-title"`));

    const saved = await session.request(`${o}/bookings/${booking.id}`, {
      form: {
        _csrf: csrf,
        version: versionIn(edit.body),
        name: 'Hart & Reyes wedding',
        event_type: '',
        account: venue.accountId,
        contact: '',
        owner: venue.member.id,
        stage_id: '',
        referral_source_id: source.id,
        timezone: 'Europe/London',
        total_amount: '',
        currency: 'GBP',
      },
    });
    assert.equal(saved.status, 303, saved.body);
    const after = await stored(booking.id);
    assert.equal(after.name, 'Hart & Reyes wedding');
    assert.equal(after.owner_id, venue.member.id);
    assert.equal(after.referral_source_id, source.id);
    assert.deepEqual(
      [after.start_at, after.end_at, after.guest_count],
      [before.start_at, before.end_at, before.guest_count],
    );
  });

  it('saves a form that sends its events’ times, spaces and guests as they are, and refuses a change of them in the workspace’s words', async () => {
    const booking = await addBooking(suite.db, venue.actor, {
      name: 'Lane wedding',
      status: 'tentative',
      start_at: '2027-07-03T13:00:00Z',
      end_at: '2027-07-03T14:00:00Z',
      timezone: 'Europe/London',
      guest_count: 60,
      accountId: venue.accountId,
      spaceIds: [venue.spaceId],
    });
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const edit = await session.request(`${o}/bookings/${booking.id}/edit`);
    assert.match(edit.body, /name="start_at"/, 'one event: the form types its times');
    await write({ db: suite.db, clock: systemClock }, venue.actor, createEvent, {
      bookingId: booking.id,
      name: 'Dinner',
      start_at: '2027-07-03T18:00:00Z',
      end_at: '2027-07-03T22:00:00Z',
      guest_count: 60,
      spaceIds: [venue.spaceId],
    });
    const again = await session.request(`${o}/bookings/${booking.id}/edit`);
    const form = {
      _csrf: csrf,
      version: versionIn(again.body),
      name: 'Lane & Park wedding',
      event_type: '',
      account: venue.accountId,
      contact: '',
      owner: venue.admin.id,
      stage_id: '',
      referral_source_id: '',
      start_at: '2027-07-03T14:00',
      end_at: '2027-07-03T23:00',
      timezone: 'Europe/London',
      spaces: venue.spaceId,
      guest_count: '60',
      total_amount: '',
      currency: 'GBP',
    };
    const moved = await session.request(`${o}/bookings/${booking.id}`, {
      form: { ...form, start_at: '2027-07-03T12:00', guest_count: '70' },
    });
    assert.equal(moved.status, 422);
    for (const body of [moved.body, text(moved.body)])
      assert.doesNotMatch(body, /\/v2\/|start_at is|guest_count is/);
    assert.equal(
      fieldError(moved.body, 'start_at'),
      'This booking has 2 events: its start and end are theirs. Change the times on its events.',
    );
    assert.equal(
      fieldError(moved.body, 'guest_count'),
      'This booking has 2 events: its guests are theirs. Change the guests on its events.',
    );
    assert.equal((await stored(booking.id)).name, 'Lane wedding');

    const unchanged = await session.request(`${o}/bookings/${booking.id}`, { form });
    assert.equal(unchanged.status, 303, unchanged.body);
    assert.equal((await stored(booking.id)).name, 'Lane & Park wedding');
  });

  describe('in a browser', { skip: chromiumMissing() }, () => {
    let browser: Browser;
    before(async () => {
      browser = await launchBrowser();
    });
    after(() => browser?.close());

    it('edits a two-event wedding through its form and shows it at 1280 and 390 px', async () => {
      const booking = await wedding('Byron wedding');
      const audit = new PageAudit(browser, `several-events-${suite.database.dialect}`);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      audit.watch(page);
      await page.goto(`${server.url}/`);
      await page.getByLabel('E-mail', { exact: true }).fill(venue.admin.email);
      await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${server.url}${o}/bookings`);
      await page.goto(`${server.url}${o}/bookings/${booking.id}/edit`);
      await page.getByLabel('Event name').fill('Byron & Lovelace wedding');
      await page.getByLabel('Owner').selectOption(venue.member.id);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.waitForURL(`${server.url}${o}/bookings/${booking.id}?notice=saved`);
      const main = await page.locator('main').innerText();
      assert.match(main, /Byron & Lovelace wedding/);
      assert.equal((await stored(booking.id)).owner_id, venue.member.id);
      await audit.shoot(page, 'edited-booking');
      await page.goto(`${server.url}${o}/bookings/${booking.id}/edit`);
      await audit.shoot(page, 'edit-form');
      await context.close();
      await audit.close();
      assert.deepEqual(audit.cspViolations, [], 'no CSP violations');
    });
  });
});
