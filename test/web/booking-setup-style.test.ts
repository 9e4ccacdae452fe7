/**
 * The New booking form as Find a space hands it over: the setup style chosen, each space with
 * its capacity for that style, the guests judged against it, the booking's first event set that
 * way; the account marked required, as the rules require one (or a new account or contact).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createSpace } from '../../src/crm/spaces/space.commands.js';
import { write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import {
  fieldError,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ');

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let o: string;
  let salon: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Setup Style Venue');
    o = `/orgs/${venue.orgId}`;
    const made = await write({ db: suite.db, clock: systemClock }, venue.actor, createSpace, {
      name: 'Salon A',
      capacity: 60,
      capacities: { banquet: 50, theatre: 80 },
    });
    salon = made.id;
  });
  after(() => server.close());

  const booking = (fields: Record<string, string>) => ({
    name: 'Spring gala',
    status: 'lead',
    account: venue.accountId,
    start_at: '2027-05-14T19:00',
    end_at: '2027-05-14T23:00',
    timezone: 'Europe/London',
    currency: 'GBP',
    spaces: salon,
    ...fields,
  });

  it('offers the setup style, filled in from Find a space, with the chosen space’s capacity for it', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const plain = await session.request(`${o}/bookings/new`);
    assert.match(plain.body, /<select id="field-setup_style" name="setup_style"/);
    assert.match(
      plain.body,
      /<option value="" selected>Not set<\/option>|<option value="">Not set<\/option>/,
    );
    assert.match(text(plain.body), /Salon A \(up to 60\)/);

    const query = `start_at=2027-05-14T19%3A00&end_at=2027-05-14T23%3A00&spaces=${salon}&guest_count=40&setup_style=banquet`;
    const form = await session.request(`${o}/bookings/new?${query}`);
    assert.equal(form.status, 200);
    assert.match(form.body, /<option value="banquet" selected>Banquet<\/option>/);
    assert.match(text(form.body), /Salon A \(up to 50 for banquet\)/);
    assert.match(text(form.body), /Set for banquet: Salon A takes 50\./);
    const unknown = await session.request(`${o}/bookings/new?setup_style=dancing`);
    assert.equal(unknown.status, 200);
    assert.doesNotMatch(unknown.body, /value="dancing"/);
  });

  it('marks the account required, and says a new account or contact will do instead', async () => {
    const { session } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const form = await session.request(`${o}/bookings/new`);
    assert.match(form.body, /<label for="field-account">Account<\/label>/, 'no “(optional)” beside it');
    assert.match(form.body, /<select id="field-account" name="account" required/);
    assert.match(
      text(form.body),
      /A booking needs an account: choose one, or name a new one or a new contact below\./,
    );
  });

  it('judges the guests against the capacity for the style, and sets the first event that way', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const over = await session.request(`${o}/bookings`, {
      form: { _csrf: csrf, ...booking({ guest_count: '55', setup_style: 'banquet' }) },
    });
    assert.equal(over.status, 422, over.body.slice(0, 300));
    assert.equal(
      fieldError(over.body, 'guest_count'),
      '55 guests do not fit: the smallest of its spaces set for banquet takes 50.',
    );
    const bad = await session.request(`${o}/bookings`, {
      form: { _csrf: csrf, ...booking({ setup_style: 'dancing' }) },
    });
    assert.equal(bad.status, 422);
    assert.match(fieldError(bad.body, 'setup_style'), /"dancing" is not a setup style/);

    const theatre = await session.request(`${o}/bookings`, {
      form: { _csrf: csrf, ...booking({ guest_count: '75', setup_style: 'theatre' }) },
    });
    assert.equal(theatre.status, 303, theatre.body.slice(0, 300));
    const id = /\/bookings\/([^/?]+)\?notice=created$/.exec(theatre.location ?? '')?.[1];
    assert.ok(id);
    const event = await suite.db
      .selectFrom('events')
      .select(['setup_style', 'guest_count'])
      .where('booking_id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      { ...event, guest_count: Number(event.guest_count) },
      { setup_style: 'theatre', guest_count: 75 },
    );
  });
});
