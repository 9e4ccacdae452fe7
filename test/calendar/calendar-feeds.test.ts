/**
 * Private calendar feeds (SPEC §11), made on Settings → Calendar feeds and read with a real
 * iCalendar parser (ical.js): one VEVENT per event from 90 days back to two years ahead, lost
 * bookings left out, stable UIDs, "Booking — Event", the spaces as LOCATION, UTC times, TENTATIVE
 * or CONFIRMED, the booking's page as URL, LAST-MODIFIED and a SEQUENCE that grows; RFC 5545's
 * CRLF, line folding and escaping; ETag and If-None-Match; feeds of one space and of one's own
 * bookings; revoked feeds, and feeds of removed members, stop; the secret never reaches the log.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import ICAL from 'ical.js';
import { updateBooking } from '../../src/crm/bookings/booking.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { BrowserSession } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  addBooking,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const DAY = 86_400_000;

interface Parsed {
  uid: string;
  summary: string;
  location: string | null;
  start: string;
  end: string;
  status: string;
  url: string;
  sequence: number;
  lastModified: string;
}

function parse(text: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  assert.equal(calendar.name, 'vcalendar');
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const start = vevent.getFirstProperty('dtstart')!;
    assert.equal(start.getFirstValue()!.toString().endsWith('Z'), true, 'DTSTART in UTC');
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location ?? null,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      status: String(vevent.getFirstPropertyValue('status')),
      url: String(vevent.getFirstPropertyValue('url')),
      sequence: Number(vevent.getFirstPropertyValue('sequence')),
      lastModified: (vevent.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString(),
    };
  });
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let session: BrowserSession;
  let csrf: string;
  let now: number;
  const iso = (days: number, hour = 18) =>
    new Date(Math.floor(now / DAY) * DAY + days * DAY + hour * 3_600_000).toISOString();

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    // A fixed day, some weeks after the workspace venue's own booking (25 Nov 2026).
    server.clock.setTo(Date.parse('2027-01-10T12:00:00Z'));
    now = server.clock.now();
    venue = await makeWorkspaceVenue(suite.db, 'Feed, Hall; & Gardens');
    o = `/orgs/${venue.orgId}`;
    ({ session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId));
    const book = (name: string, days: number, status: string, extra: Record<string, unknown> = {}) =>
      addBooking(
        suite.db,
        venue.actor,
        {
          name,
          status,
          start_at: iso(days),
          end_at: iso(days, 22),
          accountId: venue.accountId,
          spaceIds: [venue.spaceId],
          ...extra,
        },
        server.clock,
      );
    await book('Long ago', -120, 'definite');
    await book(
      'Spring fair, with a very long name that folds the summary line beyond seventy-five octets',
      30,
      'tentative',
    );
    const lost = await book('Lost cause', 31, 'lead');
    await write({ db: suite.db, clock: server.clock }, venue.actor, updateBooking, {
      id: lost.id,
      ifMatch: undefined,
      input: { status: 'lost', lost_reason: 'Budget' },
    });
    await book('Next year', 365, 'definite');
    await book('Too far', 800, 'lead');
    await book('Someone else', 40, 'lead', { ownerId: venue.member.id, spaceIds: [] });
  });
  after(() => server.close());

  async function makeFeed(form: Record<string, string>): Promise<string> {
    const made = await session.request(`${o}/settings/calendar-feeds`, { form: { _csrf: csrf, ...form } });
    assert.equal(made.status, 201, made.body.slice(0, 500));
    const url = /<code class="secret" id="feed-url">([^<]+)<\/code>/.exec(made.body)?.[1];
    assert.ok(url, 'the new feed’s address is shown');
    assert.match(url, /\/calendar\/mqf_[A-Za-z0-9_-]{43}\.ics$/);
    return new URL(url).pathname;
  }

  it('serves the venue’s events in iCalendar, read back by a real parser', async () => {
    const path = await makeFeed({ scope: 'venue' });
    const response = await server.fetch(`${server.url}${path}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/calendar; charset=utf-8');
    const text = await response.text();
    assert.ok(
      text
        .split('\n')
        .slice(0, -1)
        .every((line) => line.endsWith('\r')),
      'CRLF line endings',
    );
    assert.ok(
      text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75),
      'lines folded at 75 octets',
    );
    assert.match(
      text,
      /X-WR-CALNAME:Feed\\, Hall\\; & Gardens — Whole venue/,
      'commas and semicolons escaped',
    );
    const events = parse(text);
    assert.deepEqual(
      events.map((e) => e.summary.replace(/ —.*$/, '')).sort(),
      [
        'Lumen summer party',
        'Next year',
        'Someone else',
        'Spring fair, with a very long name that folds the summary line beyond seventy-five octets',
      ].sort(),
      'from 90 days back to two years ahead, lost ones left out',
    );
    const fair = events.find((e) => e.summary.startsWith('Spring fair'))!;
    assert.equal(
      fair.summary,
      'Spring fair, with a very long name that folds the summary line beyond seventy-five octets — Main event',
    );
    assert.equal(fair.location, 'Boathouse');
    assert.equal(fair.status, 'TENTATIVE');
    assert.equal(fair.start, iso(30));
    assert.equal(fair.end, iso(30, 22));
    assert.match(fair.url, new RegExp(`${o}/bookings/[0-9a-z]{26}$`));
    assert.equal(events.find((e) => e.summary.startsWith('Next year'))!.status, 'CONFIRMED');
    assert.ok(events.every((e) => /^[0-9a-z]{26}@marquee$/.test(e.uid)));

    const again = await server.fetch(`${server.url}${path}`);
    const etag = again.headers.get('etag')!;
    assert.deepEqual(
      parse(await again.text()).map((e) => e.uid),
      events.map((e) => e.uid),
      'stable UIDs',
    );
    const unchanged = await server.fetch(`${server.url}${path}`, { headers: { 'if-none-match': etag } });
    assert.equal(unchanged.status, 304);

    // A change: a later LAST-MODIFIED and a larger SEQUENCE, and a new ETag.
    server.clock.advance(5_000);
    const fairEvent = await suite.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', 'Main event')
      .where('start_at', '=', iso(30))
      .executeTakeFirstOrThrow();
    await suite.db
      .updateTable('events')
      .set({ updated_at: new Date(server.clock.now()).toISOString() })
      .where('id', '=', fairEvent.id)
      .execute();
    const changed = await server.fetch(`${server.url}${path}`, { headers: { 'if-none-match': etag } });
    assert.equal(changed.status, 200);
    const after = parse(await changed.text()).find((e) => e.uid === fair.uid)!;
    assert.ok(after.sequence > fair.sequence);
    assert.ok(after.lastModified > fair.lastModified);
  });

  it('serves one space’s events, or the user’s own bookings', async () => {
    const space = await makeFeed({ scope: 'space', space: venue.spaceId });
    const inSpace = parse(await (await server.fetch(`${server.url}${space}`)).text());
    assert.ok(!inSpace.some((e) => e.summary.startsWith('Someone else')), 'it holds no space');
    assert.ok(inSpace.some((e) => e.summary.startsWith('Next year')));
    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const made = await member.session.request(`${o}/settings/calendar-feeds`, {
      form: { _csrf: member.csrf, scope: 'mine' },
    });
    const mine = new URL(/id="feed-url">([^<]+)</.exec(made.body)![1]!).pathname;
    assert.deepEqual(
      parse(await (await server.fetch(`${server.url}${mine}`)).text()).map((e) =>
        e.summary.replace(/ —.*$/, ''),
      ),
      ['Someone else'],
    );
    const bad = await session.request(`${o}/settings/calendar-feeds`, {
      form: { _csrf: csrf, scope: 'space' },
    });
    assert.equal(bad.status, 422, 'a space feed names its space');
  });

  it('lists feeds with their last use, and stops revoked feeds and a removed member’s', async () => {
    const path = await makeFeed({ scope: 'venue' });
    await server.fetch(`${server.url}${path}`);
    const page = await session.request(`${o}/settings/calendar-feeds`);
    assert.doesNotMatch(page.body, /mqf_/, 'secrets are shown once only');
    const id = /\/settings\/calendar-feeds\/([0-9a-z]{26})\/revoke/.exec(page.body)![1]!;
    const revoked = await session.request(`${o}/settings/calendar-feeds/${id}/revoke`, {
      form: { _csrf: csrf },
    });
    assert.equal(revoked.status, 303);
    const listed = await session.request(`${o}/settings/calendar-feeds`);
    assert.doesNotMatch(listed.body, new RegExp(id));

    const member = await workspaceSession(server, venue.member.email, venue.orgId);
    const made = await member.session.request(`${o}/settings/calendar-feeds`, {
      form: { _csrf: member.csrf, scope: 'venue' },
    });
    const memberFeed = new URL(/id="feed-url">([^<]+)</.exec(made.body)![1]!).pathname;
    assert.equal((await server.fetch(`${server.url}${memberFeed}`)).status, 200);
    await suite.db
      .deleteFrom('memberships')
      .where('user_id', '=', venue.member.id)
      .where('organization_id', '=', venue.orgId)
      .execute();
    assert.equal(
      (await server.fetch(`${server.url}${memberFeed}`)).status,
      404,
      'a removed member’s feed stops',
    );
    assert.equal((await server.fetch(`${server.url}/calendar/mqf_${'x'.repeat(43)}.ics`)).status, 404);
    assert.ok(!server.logs.join('\n').includes('mqf_'), 'no feed secret in the log');
  });
});
