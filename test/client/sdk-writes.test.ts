/** @marquee/client writes spaces, accounts, contacts and bookings through a real server. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  ConflictError,
  type MarqueeApi,
  NotFoundError,
  PermissionDeniedError,
  PreconditionFailedError,
  ValidationError,
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

  it('creates a booking with a new contact in it, and reuses that contact by e-mail next time', async () => {
    const first = await api.bookings.create({
      name: 'Nguyen wedding',
      start_date: '2028-09-09',
      contact: {
        first_name: 'Linh',
        last_name: 'Nguyen',
        email: 'Linh@Example.org',
        phone_number: '+1 555 0101',
      },
    });
    assert.ok(first.contact_id && first.account_id);
    const contact = await api.contacts.get(first.contact_id);
    assert.deepEqual(
      [contact.first_name, contact.last_name, contact.email, contact.phone],
      ['Linh', 'Nguyen', 'Linh@Example.org', '+1 555 0101'],
    );
    assert.equal((await api.accounts.get(first.account_id)).name, 'Linh Nguyen', 'a person account');

    const account = await api.accounts.create({ name: 'Nguyen family' });
    const second = await api.bookings.create({
      name: 'Nguyen anniversary',
      start_date: '2029-09-09',
      account,
      contact: { first_name: 'Linh', email: 'linh@example.org' },
    });
    assert.equal(second.contact_id, first.contact_id, 'the same contact, found by e-mail whatever its case');
    assert.equal(second.account_id, account.id, 'the account the booking names');
    // A contact given by id (or read) is still the relationship.
    const third = await api.bookings.create({
      name: 'Nguyen brunch',
      start_date: '2030-01-01',
      account,
      contact,
    });
    assert.equal(third.contact_id, contact.id);
  });

  it('reads and changes the organization’s settings, its service charge among them', async () => {
    const read = await api.organization.get();
    assert.equal(read.id, venue.orgId);
    assert.deepEqual(
      [read.service_charge_percentage, read.service_charge_taxable, read.fnb_categories],
      ['0', false, ['food', 'beverage']],
    );
    const changed = await api.organization.update(
      { service_charge_percentage: '22.5', service_charge_taxable: true, fnb_categories: ['food'] },
      { ifMatch: read.etag },
    );
    assert.deepEqual(
      [changed.service_charge_percentage, changed.service_charge_taxable, changed.fnb_categories],
      ['22.5', true, ['food']],
    );
    await assert.rejects(
      api.organization.update({ name: 'Stale' }, { ifMatch: read.etag }),
      PreconditionFailedError,
    );
    await assert.rejects(
      member.organization.update({ service_charge_percentage: '10' }),
      PermissionDeniedError,
    );
  });

  it('makes tax rates and lists the active ones', async () => {
    const sales = await api.taxRates.create({ name: 'State sales tax', percentage: '6.25' });
    const vat = await api.taxRates.create({
      name: 'Visitor VAT',
      percentage: '20',
      inclusive: true,
      active: false,
    });
    assert.deepEqual([sales.percentage, sales.inclusive, sales.active], ['6.25', false, true]);
    const active = await api.taxRates.list({ active: true }).toArray();
    assert.ok(active.some((r) => r.id === sales.id) && !active.some((r) => r.id === vat.id));
    await assert.rejects(
      member.taxRates.create({ name: 'Member tax', percentage: '1' }),
      PermissionDeniedError,
    );
  });

  it('reads the venue’s e-mail templates, and lets an admin make, change and delete one', async () => {
    const defaults = await member.emailTemplates.list({ kind: 'payment_receipt' }).toArray();
    assert.deepEqual(
      defaults.map((t) => t.kind),
      ['payment_receipt'],
    );
    const made = await api.emailTemplates.create({
      name: 'Menu tasting',
      kind: 'general',
      subject: 'Your tasting at {{ venue.name }}',
      body: 'Dear {{ contact.first_name }},\n\nWe look forward to seeing you.',
    });
    assert.equal(made.subject, 'Your tasting at {{ venue.name }}');
    const changed = await api.emailTemplates.update(made.id, { kind: 'follow_up' }, { ifMatch: made.etag });
    assert.equal(changed.kind, 'follow_up');
    await assert.rejects(
      api.emailTemplates.create({ name: 'Broken', subject: '{{ nobody }}', body: 'Hello' }),
      ValidationError,
    );
    await assert.rejects(member.emailTemplates.delete(made.id), PermissionDeniedError);
    await api.emailTemplates.delete(made.id);
  });

  it('keeps a catalogue item with its tax rates, and lists by category with the rates included', async () => {
    const tax = await api.taxRates.create({ name: 'Catalogue tax', percentage: '7' });
    const menu = await api.items.create({
      name: 'Silver buffet',
      category: 'food',
      unit: 'per_person',
      unit_price: 4250,
      service_charge: true,
      tax_rates: [tax],
    });
    assert.deepEqual(
      [menu.unit, menu.unit_price, menu.service_charge, menu.active, menu.tax_rate_ids],
      ['per_person', 4250, true, true, [tax.id]],
    );
    const food = await api.items.list({ category: 'food', include: ['tax_rates'] }).toArray();
    const listed = food.find((i) => i.id === menu.id);
    assert.equal(listed?.tax_rates?.[0]?.name, 'Catalogue tax');
    const cleared = await api.items.update(menu.id, { tax_rates: [], unit_price: 4500 });
    assert.deepEqual([cleared.tax_rate_ids, cleared.unit_price], [[], 4500]);
    await assert.rejects(
      member.items.create({ name: 'Member menu', category: 'food', unit_price: 1 }),
      PermissionDeniedError,
    );
  });

  it('prices a booking by its lines, and reads its sums back', async () => {
    // Days from the server's today, so the balance is still to come on whatever day this runs.
    const day = (days: number) => new Date(server.clock.now() + days * 86_400_000).toISOString().slice(0, 10);
    const account = await api.accounts.create({ name: 'Globex offsite' });
    const booking = await api.bookings.create({
      name: 'Globex offsite',
      start_at: `${day(400)}T09:00:00Z`,
      end_at: `${day(400)}T17:00:00Z`,
      guest_count: 40,
      account,
    });
    const [event] = await api.events.list({ booking_id: booking.id }).toArray();
    const lunch = await api.lineItems.create({
      booking,
      event: event!,
      name: 'Boxed lunch',
      category: 'food',
      unit: 'per_person',
      unit_price: 1850,
    });
    assert.deepEqual([lunch.quantity, lunch.quantity_from_guests, lunch.amount], ['40', true, 74000]);
    const fee = await api.lineItems.create({ booking, name: 'Cleaning', category: 'fee', unit_price: 15000 });
    const lines = await api.lineItems.list({ booking_id: booking.id }).toArray();
    assert.deepEqual(
      lines.map((l) => [l.id, l.event_id]),
      [
        [lunch.id, event!.id],
        [fee.id, null],
      ],
    );
    const priced = await api.bookings.get(booking.id);
    assert.deepEqual(
      [priced.subtotal, priced.grand_total, priced.balance_due, priced.total_amount, priced.category_totals],
      [89000, 89000, 89000, 89000, { food: 74000, fee: 15000 }],
    );
    const deposit = await api.installments.create({
      booking,
      label: 'Deposit',
      percentage: '25',
      due_date: day(300),
    });
    await api.installments.create({ booking, label: 'Balance', remainder: true, due_days_before: 14 });
    assert.deepEqual([deposit.amount_due, deposit.due_on], [22250, day(300)]);
    const card = await api.payments.create({ booking, amount: 30000, method: 'card', reference: 'pi_sdk_1' });
    assert.equal(card.installment_id, null);
    const schedule = await api.installments.list({ booking_id: booking.id }).toArray();
    assert.deepEqual(
      schedule.map((i) => [i.label, i.paid_amount, i.state]),
      [
        ['Deposit', 22250, 'paid'],
        ['Balance', 7750, 'scheduled'],
      ],
    );
    await assert.rejects(
      api.payments.create({ booking, amount: 30000, reference: 'pi_sdk_1' }),
      (error: unknown) => error instanceof ConflictError && error.code === 'duplicate_reference',
    );
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
