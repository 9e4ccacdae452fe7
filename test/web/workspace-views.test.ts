/**
 * What the workspace shows over plain HTTP: the bookings list's status tabs, search, date range
 * (from today unless changed) and cursor paging, and each booking's balance due once it has line
 * items; the week view's rows per space, hours per day
 * (a party until midnight reads 22:00–00:00), previous/next links and the empty week naming the
 * next booking; an account with its contacts and bookings; the organization switcher keeping the
 * section; an empty venue shown what to do instead of filters.
 */
import assert from 'node:assert/strict';
import { systemClock } from '../../src/clock.js';
import { createEvent } from '../../src/crm/events/event.commands.js';
import { createPayment } from '../../src/crm/payments/payments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { type Command, write } from '../../src/writes/unit-of-work.js';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeOrganization } from '../helpers/factories.js';
import { insertMembership } from '../../src/identity/membership.repository.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db);
    o = `/orgs/${venue.orgId}`;
  });
  after(() => server.close());

  it('lists bookings by status, search and dates, from today unless changed, paged by cursor', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await addBooking(suite.db, venue.actor, {
      name: 'Past reunion',
      start_at: `${day(-20)}T10:00:00Z`,
      end_at: `${day(-20)}T12:00:00Z`,
      accountId: venue.accountId,
    });
    for (let i = 0; i < 27; i++) {
      await addBooking(suite.db, venue.actor, {
        name: `Tasting ${String(i).padStart(2, '0')}`,
        status: i % 2 ? 'tentative' : 'lead',
        start_at: `${day(2 + i)}T10:00:00Z`,
        end_at: `${day(2 + i)}T12:00:00Z`,
        accountId: venue.accountId,
      });
    }
    const home = await session.request(`${o}/bookings`);
    assert.equal(home.status, 200);
    assert.doesNotMatch(home.body, /Past reunion/, 'the list starts today');
    assert.match(home.body, new RegExp(`name="from" type="date" value="${day(0)}"`));
    assert.match(text(home.body), /Showing bookings from today on/);
    const first = await session.request(`${o}/bookings?q=Tasting`);
    const names = (body: string) => [...body.matchAll(/>(Tasting \d\d)</g)].map((m) => m[1]);
    assert.equal(names(first.body).length, 25);
    const next = /href="([^"]*after=[^"]*)"/.exec(first.body)?.[1]?.replace(/&amp;/g, '&');
    assert.ok(next, 'a Next link');
    const second = await session.request(next);
    assert.deepEqual(names(second.body), ['Tasting 25', 'Tasting 26']);
    const prev = /href="([^"]*before=[^"]*)"/.exec(second.body)?.[1]?.replace(/&amp;/g, '&');
    assert.ok(prev, 'a Previous link');
    assert.deepEqual(names((await session.request(prev)).body), names(first.body));

    const all = await session.request(`${o}/bookings?from=all&q=reunion`);
    assert.match(all.body, /Past reunion/);
    const tentative = await session.request(`${o}/bookings?status=tentative&q=Tasting`);
    assert.equal(names(tentative.body).length, 13);
    assert.match(tentative.body, /aria-current="page">Tentative</);
    const range = await session.request(`${o}/bookings?from=${day(2)}&to=${day(3)}`);
    assert.deepEqual(names(range.body), ['Tasting 00', 'Tasting 01']);
    const none = await session.request(`${o}/bookings?q=nothing-like-this`);
    assert.match(text(none.body), /No bookings match/);
    const junk = await session.request(`${o}/bookings?from=yesterday&to=2026-13-45&after=%%%&status=nope`);
    assert.equal(junk.status, 200, 'unreadable filters are ignored, never a 5xx');
  });

  it('shows each booking’s balance due in its own currency, and none before it has line items', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const run = <Input, Result>(command: Command<Input, Result>, input: Input) =>
      write({ db: suite.db, clock: server.clock }, venue.actor, command, input);
    // Five days after the server's today: the list shows bookings from today on.
    const start = new Date(server.clock.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    const booking = (name: string, currency: string, total_amount = 0) =>
      addBooking(suite.db, venue.actor, {
        name,
        start_at: `${start}T17:00:00Z`,
        end_at: `${start}T22:00:00Z`,
        currency,
        total_amount,
        accountId: venue.accountId,
      });
    const hire = (bookingId: string, unit_price: number) =>
      run(createLineItem, { bookingId, name: 'Venue hire', category: 'rental', unit: 'flat', unit_price });
    const gala = await booking('Ledger gala', 'EUR');
    await hire(gala.id, 1_234_550);
    await run(createPayment, { bookingId: gala.id, amount: 234_550, method: 'card' });
    const tokyo = await booking('Ledger Tokyo launch', 'JPY');
    await hire(tokyo.id, 120_000);
    await booking('Ledger estimate', 'GBP', 450_000);

    const list = await session.request(`${o}/bookings?q=Ledger`);
    assert.equal(list.status, 200);
    assert.match(list.body, /<th scope="col" class="num">Balance due<\/th>/);
    const balanceOf = (name: string) =>
      new RegExp(`>${name}</a>[\\s\\S]*?<td data-label="Balance due" class="num">([^<]*)</td>`).exec(
        list.body,
      )?.[1];
    assert.equal(balanceOf('Ledger gala'), '€10,000.00', 'its grand total less what is paid');
    assert.equal(balanceOf('Ledger Tokyo launch'), 'JP¥120,000', 'in yen, which has no decimals');
    assert.equal(balanceOf('Ledger estimate'), '', 'a typed estimate is not a balance');
  });

  it('draws the week per space, with the hours each day and an empty week naming the next booking', async () => {
    const venue = await makeWorkspaceVenue(suite.db, 'Week Venue');
    const o = `/orgs/${venue.orgId}`;
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const late = await addBooking(suite.db, venue.actor, {
      name: 'Late supper',
      status: 'tentative',
      start_at: '2026-12-02T22:00:00Z',
      end_at: '2026-12-03T01:00:00Z',
      timezone: 'Europe/London',
      accountId: venue.accountId,
      spaceIds: [venue.spaceId],
    });
    const week = await session.request(`${o}/week?week=2026-12-02`);
    assert.equal(week.status, 200);
    const page = text(week.body);
    assert.match(page, /Week of Mon 30 Nov 2026/);
    assert.match(page, /Times in Europe\/London, the venue's time zone/);
    assert.match(week.body, /<th scope="row">Boathouse<\/th>/);
    // Overnight: marked as going on the next day, and as coming from the day before there.
    assert.match(page, /22:00–00:00 → Late supper/);
    assert.match(page, /← 00:00–01:00 Late supper/);
    assert.match(
      week.body,
      new RegExp(`class="slot status-tentative" href="${o}/bookings/${late.id}#event-`),
    );
    // An event with setup and teardown: its own times first, then the hours held, smaller.
    const gala = await addBooking(suite.db, venue.actor, {
      name: 'Gala',
      start_at: '2026-12-04T19:00:00Z',
      end_at: '2026-12-04T22:00:00Z',
      timezone: 'Europe/London',
      accountId: venue.accountId,
    });
    await write({ db: suite.db, clock: systemClock }, venue.actor, createEvent, {
      bookingId: gala.id,
      name: 'Awards',
      start_at: '2026-12-05T18:00:00Z',
      end_at: '2026-12-05T20:00:00Z',
      setup_minutes: 90,
      teardown_minutes: 30,
      spaceIds: [venue.spaceId],
    });
    const withBuffers = text((await session.request(`${o}/week?week=2026-12-02`)).body);
    assert.match(
      withBuffers,
      /18:00–20:00 Gala · Awards BK-\d+ · Lead · Boathouse Held 16:30–20:30: setup 16:30–18:00, teardown 20:00–20:30/,
    );
    assert.match(
      (await session.request(`${o}/week?week=2026-12-02`)).body,
      /<span class="slot-time">18:00–20:00<\/span>[^]*?<span class="slot-held">Held 16:30–20:30: setup 16:30–18:00, teardown 20:00–20:30<\/span>/,
      'the event’s own times are the headline; the window held comes second, smaller',
    );
    assert.match(week.body, /href="[^"]*week=2026-11-23"[^>]*rel="prev"/);
    assert.match(week.body, /href="[^"]*week=2026-12-07"[^>]*rel="next"/);

    const empty = await session.request(`${o}/week?week=2026-11-09`);
    assert.match(
      text(empty.body),
      /Nothing is booked this week\. The next booking is BK-00001 Lumen summer party \(Wed 25 Nov 2026, 17:00–23:00\)/,
    );
    assert.match(empty.body, /week=2026-11-25">Go to that week/);
  });

  it('shows an account with its contacts and bookings, and a contact with theirs', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const account = text((await session.request(`${o}/accounts/${venue.accountId}`)).body);
    assert.match(account, /Ada Byron/);
    assert.match(account, /Lumen summer party BK-00001/);
    const contact = text((await session.request(`${o}/contacts/${venue.contactId}`)).body);
    assert.match(contact, /Lumen Studios/);
    assert.match(contact, /BK-00001 Lumen summer party/);
    assert.match(text((await session.request(`${o}/accounts?q=lumen`)).body), /Lumen Studios/);
    assert.match(text((await session.request(`${o}/contacts?q=byron`)).body), /Ada Byron/);
    assert.match(text((await session.request(`${o}/contacts?q=zzz`)).body), /No contact matches/);
  });

  it('switches organizations keeping the section, and shows an empty venue what to do', async () => {
    const second = await makeOrganization(suite.db, 'Quayside Hall');
    await suite.db
      .transaction()
      .execute((trx) => insertMembership(trx, second.id, venue.member.id, 'member'));
    const { session } = await workspaceSession(server, venue.member.email, venue.orgId);
    const week = await session.request(`${o}/week`);
    assert.match(week.body, /<details class="venue-switch">/);
    assert.match(week.body, new RegExp(`href="/orgs/${second.id}/week">Quayside Hall`));
    const empty = await session.request(`/orgs/${second.id}/bookings`);
    assert.match(text(empty.body), /No bookings yet/);
    assert.match(text(empty.body), /Ask an administrator to add the venue's spaces/);
    assert.doesNotMatch(empty.body, /role="search"/, 'no filters with nothing to filter');
    assert.doesNotMatch(empty.body, /settings\/spaces/, 'a member is not sent to the admin pages');
  });
});
