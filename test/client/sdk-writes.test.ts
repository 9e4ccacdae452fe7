/** @marquee/client writes spaces, accounts, contacts and bookings through a real server. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  type MarqueeApi,
  NotFoundError,
  PermissionDeniedError,
  PreconditionFailedError,
} from '../../client/src/index.js';
import type { TestServer } from '../helpers/app.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeUser } from '../helpers/factories.js';
import type { Venue } from '../helpers/oauth.js';
import { connect, startVenue } from './connect.js';

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: MarqueeApi;
  let member: MarqueeApi;
  before(async () => {
    ({ server, venue, api } = await startVenue(suite.database));
    const user = await makeUser(suite.db, venue.orgId, { role: 'member' });
    const { marquee } = await connect(server, venue, 'member', { email: user.email });
    member = marquee.forUser('member').inOrganization(venue.orgId);
  });
  after(() => server.close());

  it('creates, changes and deletes spaces with If-Match; members read them but may not write', async () => {
    const hall = await api.spaces.create({ name: 'Great Hall', capacity: 200 });
    assert.equal(hall.name, 'Great Hall');
    assert.equal(hall.capacity, 200);
    const read = await api.spaces.get(hall.id);
    assert.equal(read.etag, hall.etag, 'the ETag of the create is the one GET shows');

    const renamed = await api.spaces.update(hall.id, { name: 'Grand Hall' }, { ifMatch: read.etag });
    assert.equal(renamed.name, 'Grand Hall');
    assert.equal(renamed.capacity, 200, 'fields left out stay as they were');
    assert.notEqual(renamed.etag, read.etag);
    await assert.rejects(
      api.spaces.update(hall.id, { capacity: 10 }, { ifMatch: read.etag }),
      PreconditionFailedError,
    );
    const unlimited = await api.spaces.update(hall.id, { capacity: null }, { ifMatch: renamed.etag });
    assert.equal(unlimited.capacity, null);

    assert.ok((await member.spaces.list().toArray()).some((s) => s.id === hall.id));
    await assert.rejects(
      member.spaces.create({ name: 'Attic' }),
      (error: unknown) => error instanceof PermissionDeniedError && error.code === 'admin_only',
    );
    await assert.rejects(member.spaces.delete(hall.id), PermissionDeniedError);

    await assert.rejects(api.spaces.delete(hall.id, { ifMatch: renamed.etag }), PreconditionFailedError);
    await api.spaces.delete(hall.id, { ifMatch: unlimited.etag });
    await assert.rejects(api.spaces.get(hall.id), NotFoundError);
  });

  it('lists spaces by name, page after page', async () => {
    for (const name of ['Terrace', 'Cellar', 'Library']) await api.spaces.create({ name, capacity: 40 });
    const names = (await api.spaces.list({ pageSize: 2, sort: 'name' }).toArray()).map((s) => s.name);
    assert.deepEqual(names, ['Cellar', 'Library', 'Terrace']);
  });

  it('creates accounts and contacts with relationships, changes and finds them', async () => {
    const me = await api.me();
    const acme = await api.accounts.create({
      name: 'Acme Events',
      email: 'events@acme.example',
      country: 'us',
    });
    assert.equal(acme.owner_id, me.user.id, "the owner defaults to the token's user");
    assert.equal(acme.country, 'US');
    const globex = await api.accounts.create({ name: 'Globex' });

    const ann = await api.contacts.create({ first_name: 'Ann', last_name: 'Lee', account: acme });
    assert.equal(ann.account_id, acme.id, 'a relationship takes the related resource itself');
    const bob = await api.contacts.create({
      last_name: 'Stone',
      email: 'bob@globex.example',
      account: globex.id,
    });
    assert.equal(bob.account_id, globex.id, 'or its id');

    const moved = await api.contacts.update(
      ann.id,
      { account: globex, title: 'Planner' },
      { ifMatch: ann.etag },
    );
    assert.equal(moved.account_id, globex.id);
    assert.equal(moved.title, 'Planner');
    const detached = await api.contacts.update(ann.id, { account: null }, { ifMatch: moved.etag });
    assert.equal(detached.account_id, null);
    const withAccount = await api.contacts.get(bob.id, { include: ['account'] });
    assert.equal(withAccount.account?.name, 'Globex');

    const changed = await api.accounts.update(
      acme.id,
      { owner: null, city: 'Austin' },
      { ifMatch: acme.etag },
    );
    assert.equal(changed.owner_id, null);
    assert.equal(changed.city, 'Austin');

    const byName = await api.accounts.list({ search: 'ACME' }).toArray();
    assert.deepEqual(
      byName.map((a) => a.id),
      [acme.id],
    );
    const byEmail = await api.contacts.list({ search: 'globex.EXAMPLE' }).toArray();
    assert.deepEqual(
      byEmail.map((c) => c.id),
      [bob.id],
    );

    await api.contacts.delete(bob.id, { ifMatch: bob.etag });
    await assert.rejects(api.contacts.get(bob.id), NotFoundError);
    await api.accounts.delete(globex.id);
    await assert.rejects(api.accounts.get(globex.id), NotFoundError);
  });

  it('creates a booking with its account, contact and spaces, and reads them back', async () => {
    const hall = await api.spaces.create({ name: 'Ballroom', capacity: 300 });
    const garden = await api.spaces.create({ name: 'Garden', capacity: 120 });
    const account = await api.accounts.create({ name: 'Initech' });
    const contact = await api.contacts.create({ first_name: 'Peter', account });
    const booking = await api.bookings.create({
      name: 'Initech summer party',
      start_at: new Date('2028-06-01T17:00:00Z'),
      end_at: '2028-06-01T23:00:00Z',
      timezone: 'America/Chicago',
      guest_count: 100,
      currency: 'usd',
      total_amount: 1_250_000,
      account: account.id,
      contact,
      spaces: [hall, garden.id],
    });
    assert.match(booking.reference, /^BK-\d{5}$/);
    assert.equal(booking.status, 'lead');
    assert.equal(booking.start_at, '2028-06-01T17:00:00.000Z');
    assert.equal(booking.currency, 'USD');
    assert.equal(booking.account_id, account.id);
    assert.equal(booking.contact_id, contact.id);
    assert.deepEqual([...booking.space_ids].sort(), [hall.id, garden.id].sort());
    assert.deepEqual([...booking.room_names].sort(), ['Ballroom', 'Garden']);

    const withRelated = await api.bookings.get(booking.id, { include: ['spaces', 'account'] });
    assert.deepEqual(withRelated.spaces?.map((s) => s.name).sort(), ['Ballroom', 'Garden']);
    assert.equal(withRelated.account?.name, 'Initech');
    assert.equal(
      withRelated.etag,
      undefined,
      'the ETag of a document with included resources is no If-Match',
    );
    const read = await api.bookings.get(booking.id);
    assert.equal(read.etag, booking.etag);
    assert.equal(read.spaces, undefined);

    const fewer = await api.bookings.update(booking.id, { spaces: [garden] }, { ifMatch: read.etag });
    assert.deepEqual(fewer.space_ids, [garden.id]);
    assert.deepEqual(fewer.room_names, ['Garden']);
    const none = await api.bookings.update(
      booking.id,
      { spaces: [], contact: null },
      { ifMatch: fewer.etag },
    );
    assert.deepEqual(none.space_ids, []);
    assert.equal(none.contact_id, null);
    const listed = await api.bookings
      .list({ search: booking.reference.toLowerCase(), include: ['spaces'] })
      .toArray();
    assert.deepEqual(
      listed.map((b) => [b.id, b.spaces]),
      [[booking.id, []]],
      'an included to-many relationship that holds nothing is an empty list',
    );

    await api.bookings.delete(booking.id, { ifMatch: none.etag });
    await assert.rejects(api.bookings.get(booking.id), NotFoundError);
  });

  it('filters bookings by space and by search text, with the spaces included', async () => {
    const studio = await api.spaces.create({ name: 'Studio', capacity: 30 });
    const loft = await api.spaces.create({ name: 'Loft', capacity: 30 });
    const account = await api.accounts.create({ name: 'Hooli' });
    const at = (day: number) => ({
      start_at: `2028-07-${String(day).padStart(2, '0')}T09:00:00Z`,
      end_at: `2028-07-${String(day).padStart(2, '0')}T17:00:00Z`,
    });
    const workshop = await api.bookings.create({
      name: 'Hooli workshop',
      ...at(1),
      account,
      spaces: [studio],
    });
    const offsite = await api.bookings.create({ name: 'Hooli offsite', ...at(2), account, spaces: [loft] });
    const both = await api.bookings.create({
      name: 'Design sprint',
      ...at(3),
      account,
      spaces: [studio, loft],
    });

    const inStudio = await api.bookings
      .list({ space_id: studio.id, include: ['spaces'], sort: 'start_at' })
      .toArray();
    assert.deepEqual(
      inStudio.map((b) => b.id),
      [workshop.id, both.id],
    );
    assert.deepEqual(inStudio[1]?.spaces?.map((s) => s.name).sort(), ['Loft', 'Studio']);
    const inEither = await api.bookings.list({ space_id: [studio.id, loft.id], sort: 'start_at' }).toArray();
    assert.deepEqual(
      inEither.map((b) => b.id),
      [workshop.id, offsite.id, both.id],
    );
    // (The account is Hooli too: "Hooli off" is the offsite's name alone.)
    const hooli = await api.bookings.list({ search: 'hOOLI OFF', space_id: { eq: loft.id } }).toArray();
    assert.deepEqual(
      hooli.map((b) => b.id),
      [offsite.id],
    );
  });
});
