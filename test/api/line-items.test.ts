/**
 * A booking's line items and its sums (SPEC §12): a line from a catalogue item copies it at that
 * moment; a per-person line without a quantity takes its event's guaranteed count, else its guest
 * count, and follows them; each figure is rounded half away from zero per line (the README's
 * worked example); the booking's sums, F&B shortfall and total_amount follow its lines; a booking
 * priced by lines keeps its total and currency; an event or booking deleted takes its lines along.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, memberClientToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
  type ErrorBody,
  eventDocument,
  type Many,
  pointers,
} from '../helpers/writes.js';

type Attributes = Record<string, unknown>;
interface One {
  data: { id: string; attributes: Attributes; relationships: Record<string, { data: unknown }> };
}

const ref = (type: string, id: string) => ({ data: { type, id } });
const line = (bookingId: string, attributes: Attributes, relationships: Attributes = {}) => ({
  data: {
    type: 'line_items',
    attributes,
    relationships: { booking: ref('bookings', bookingId), ...relationships },
  },
});

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let member: Api;
  let account: string;
  let salesTax: string;
  let vat: string;
  let dinnerMenu: string;

  const attributesOf = async (path: string) => {
    const read = await admin<One>(path);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    return read.body.data.attributes;
  };
  const newBooking = async (name: string) => {
    const booking = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, { name, guest_count: 120 }),
    );
    const events = await admin<Many>(`/v2/events?filter[booking_id][eq]=${booking}`);
    return { booking, event: events.body.data[0]!.id };
  };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
    const settings = await admin('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, {
        service_charge_percentage: '20',
        service_charge_taxable: true,
      }),
    });
    assert.equal(settings.status, 200, JSON.stringify(settings.body));
    account = await created(admin, '/v2/accounts', accountDocument({ name: 'Hart–Lowe wedding' }));
    const rate = (name: string, percentage: string, inclusive = false) => ({
      data: { type: 'tax_rates', attributes: { name, percentage, inclusive } },
    });
    salesTax = await created(admin, '/v2/tax_rates', rate('NY sales tax', '8.875'));
    vat = await created(admin, '/v2/tax_rates', rate('VAT', '20', true));
    dinnerMenu = await created(admin, '/v2/items', {
      data: {
        type: 'items',
        attributes: {
          name: 'Gold dinner menu',
          category: 'food',
          unit: 'per_person',
          unit_price: 8500,
          service_charge: true,
        },
        relationships: { tax_rates: { data: [{ type: 'tax_rates', id: salesTax }] } },
      },
    });
  });
  after(() => server.close());

  it('prices a per-person line from the catalogue by its event’s guests, to the cent, and sums the booking', async () => {
    const { booking, event } = await newBooking('Hart–Lowe wedding');
    assert.equal(
      (
        await admin(`/v2/events/${event}`, {
          method: 'PATCH',
          body: changeDocument('events', event, { guaranteed_count: 118 }),
        })
      ).status,
      200,
    );
    const dinner = await created(
      member,
      '/v2/line_items',
      line(booking, {}, { event: ref('events', event), item: ref('items', dinnerMenu) }),
    );
    const figures = await attributesOf(`/v2/line_items/${dinner}`);
    // 118 × 85.00 = 10,030.00; service charge 20% = 2,006.00; tax 8.875% of 12,036.00 = 1,068.195 → 1,068.20.
    assert.deepEqual(
      [
        figures.name,
        figures.category,
        figures.unit,
        figures.quantity,
        figures.quantity_from_guests,
        figures.unit_price,
        figures.service_charge_percentage,
        figures.amount,
        figures.service_charge_amount,
        figures.tax_amount,
        figures.total,
      ],
      ['Gold dinner menu', 'food', 'per_person', '118', true, 8500, '20', 1003000, 200600, 106820, 1310420],
    );
    assert.deepEqual(figures.taxes, [
      { tax_rate_id: salesTax, name: 'NY sales tax', percentage: '8.875', inclusive: false, amount: 106820 },
    ]);

    const discount = await created(
      admin,
      '/v2/line_items',
      line(booking, { name: 'Friends discount', category: 'fee', unit_price: -25000 }),
    );
    const rental = await created(
      admin,
      '/v2/line_items',
      line(
        booking,
        { name: 'Lounge furniture', category: 'rental', unit: 'flat', unit_price: 12000 },
        { tax_rates: { data: [{ type: 'tax_rates', id: vat }] } },
      ),
    );
    const furniture = await attributesOf(`/v2/line_items/${rental}`);
    assert.deepEqual(
      [furniture.quantity, furniture.amount, furniture.tax_amount, furniture.total],
      ['1', 12000, 2000, 12000],
      'an inclusive tax is inside the amount',
    );
    const sums = await attributesOf(`/v2/bookings/${booking}`);
    assert.deepEqual(
      [
        sums.subtotal,
        sums.service_charge_total,
        sums.tax_total,
        sums.grand_total,
        sums.paid_total,
        sums.balance_due,
        sums.total_amount,
        sums.category_totals,
      ],
      [
        1003000 - 25000 + 12000,
        200600,
        106820 + 2000,
        1310420 - 25000 + 12000,
        0,
        1310420 - 25000 + 12000,
        1310420 - 25000 + 12000,
        { food: 1003000, rental: 12000, fee: -25000 },
      ],
    );
    const positions = await admin<Many>(`/v2/line_items?filter[booking_id][eq]=${booking}`);
    assert.deepEqual(
      positions.body.data.map((l) => [l.id, l.attributes.position]),
      [
        [dinner, 1],
        [discount, 2],
        [rental, 3],
      ],
      'in order of position, each after the last',
    );
  });

  it('keeps what a line copied when the item changes, and follows its event’s guests until given a quantity', async () => {
    const { booking, event } = await newBooking('Okafor gala');
    const dinner = await created(
      admin,
      '/v2/line_items',
      line(booking, {}, { event: ref('events', event), item: ref('items', dinnerMenu) }),
    );
    assert.equal((await attributesOf(`/v2/line_items/${dinner}`)).quantity, '120', 'the guest count');
    const repriced = await admin(`/v2/items/${dinnerMenu}`, {
      method: 'PATCH',
      body: changeDocument('items', dinnerMenu, { unit_price: 9900 }),
    });
    assert.equal(repriced.status, 200);
    assert.equal((await attributesOf(`/v2/line_items/${dinner}`)).unit_price, 8500, 'the price it copied');

    const since = new Date(server.clock.now()).toISOString();
    const moved = await admin(`/v2/events/${event}`, {
      method: 'PATCH',
      body: changeDocument('events', event, { guaranteed_count: 100 }),
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const following = await attributesOf(`/v2/line_items/${dinner}`);
    assert.deepEqual([following.quantity, following.amount], ['100', 850000]);
    assert.equal((await attributesOf(`/v2/bookings/${booking}`)).subtotal, 850000);
    const told = await admin<Many>(
      `/v2/changes?filter[type][in]=line_item.updated,booking.updated&filter[created_at][gteq]=${since}&page[size]=100`,
    );
    assert.deepEqual(
      told.body.data
        .filter(
          (c) =>
            JSON.stringify(c.attributes).includes(dinner) || JSON.stringify(c.attributes).includes(booking),
        )
        .map((c) => c.attributes.change_type)
        .sort(),
      ['booking.updated', 'line_item.updated'],
    );

    const fixed = await admin<One>(`/v2/line_items/${dinner}`, {
      method: 'PATCH',
      body: changeDocument('line_items', dinner, { quantity: '95.5' }),
    });
    assert.equal(fixed.status, 200, JSON.stringify(fixed.body));
    assert.deepEqual(
      [fixed.body.data.attributes.quantity, fixed.body.data.attributes.quantity_from_guests],
      ['95.5', false],
    );
    await admin(`/v2/events/${event}`, {
      method: 'PATCH',
      body: changeDocument('events', event, { guaranteed_count: 90 }),
    });
    assert.equal((await attributesOf(`/v2/line_items/${dinner}`)).quantity, '95.5', 'a given quantity stays');
    const again = await admin<One>(`/v2/line_items/${dinner}`, {
      method: 'PATCH',
      body: changeDocument('line_items', dinner, { quantity: null }),
    });
    assert.deepEqual(
      [again.body.data.attributes.quantity, again.body.data.attributes.quantity_from_guests],
      ['90', true],
    );
    const unchanged = await admin<One>(`/v2/line_items/${dinner}`, {
      method: 'PATCH',
      body: changeDocument('line_items', dinner, { quantity: null }),
    });
    assert.equal(
      unchanged.body.data.attributes.updated_at,
      again.body.data.attributes.updated_at,
      'nothing to change',
    );
    const each = await admin<One>(`/v2/line_items/${dinner}`, {
      method: 'PATCH',
      body: changeDocument('line_items', dinner, { unit: 'each' }),
    });
    assert.deepEqual(
      [each.body.data.attributes.quantity, each.body.data.attributes.quantity_from_guests],
      ['90', false],
      'a line no longer per person keeps the quantity it had',
    );
  });

  it('measures the F&B minimum against the organization’s food and beverage categories', async () => {
    const { booking } = await newBooking('Ruiz rehearsal dinner');
    await created(
      admin,
      '/v2/line_items',
      line(booking, { name: 'Canapés', category: 'food', quantity: '60', unit_price: 1200 }),
    );
    await created(
      admin,
      '/v2/line_items',
      line(booking, { name: 'Wine', category: 'beverage', quantity: '30', unit_price: 3000 }),
    );
    const minimum = await admin<One>(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking, { fnb_minimum: 200000 }),
    });
    assert.equal(minimum.status, 200, JSON.stringify(minimum.body));
    assert.deepEqual(
      [minimum.body.data.attributes.fnb_minimum, minimum.body.data.attributes.fnb_shortfall],
      [200000, 200000 - 72000 - 90000],
    );
    await admin('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, { fnb_categories: ['beverage'] }),
    });
    assert.equal((await attributesOf(`/v2/bookings/${booking}`)).fnb_shortfall, 200000 - 90000);
    await admin('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, { fnb_categories: ['food', 'beverage'] }),
    });
  });

  it('keeps a priced booking’s total and currency to its lines', async () => {
    const { booking } = await newBooking('Chen product launch');
    const before = await attributesOf(`/v2/bookings/${booking}`);
    await created(
      admin,
      '/v2/line_items',
      line(booking, { name: 'Projector', category: 'av', unit_price: 45000 }),
    );
    const priced = await attributesOf(`/v2/bookings/${booking}`);
    assert.equal(priced.total_amount, 45000, 'the grand total, not the estimate');
    assert.notEqual(before.total_amount, 45000);
    const refused = await admin<ErrorBody>(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking, { total_amount: 1, currency: 'EUR' }),
    });
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(refused.body.errors.map((e) => [e.code, e.source?.pointer]).sort(), [
      ['derived_attribute', '/data/attributes/total_amount'],
      ['priced_in_currency', '/data/attributes/currency'],
    ]);
    const same = await admin(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking, { total_amount: 45000, name: 'Chen launch' }),
    });
    assert.equal(same.status, 200, 'the total it shows, sent back, changes nothing');
  });

  it('takes an event’s lines along when the event goes, and every line when the booking goes', async () => {
    const { booking, event } = await newBooking('Patel conference');
    const second = await created(
      admin,
      '/v2/events',
      eventDocument(booking, {
        name: 'Day two',
        start_at: '2027-06-02T09:00:00Z',
        end_at: '2027-06-02T17:00:00Z',
        guest_count: 80,
      }),
    );
    const lunch = await created(
      admin,
      '/v2/line_items',
      line(
        booking,
        { name: 'Lunch', category: 'food', unit: 'per_person', unit_price: 2500 },
        { event: ref('events', second) },
      ),
    );
    const room = await created(
      admin,
      '/v2/line_items',
      line(
        booking,
        { name: 'Room hire', category: 'rental', unit_price: 100000 },
        { event: ref('events', event) },
      ),
    );
    assert.equal((await attributesOf(`/v2/line_items/${lunch}`)).quantity, '80');
    assert.equal((await attributesOf(`/v2/bookings/${booking}`)).subtotal, 200000 + 100000);
    assert.equal((await admin(`/v2/events/${second}`, { method: 'DELETE' })).status, 204);
    assert.equal((await admin(`/v2/line_items/${lunch}`)).status, 404);
    assert.equal((await attributesOf(`/v2/bookings/${booking}`)).subtotal, 100000);
    assert.equal((await admin(`/v2/bookings/${booking}`, { method: 'DELETE' })).status, 204);
    assert.equal((await admin(`/v2/line_items/${room}`)).status, 404);
    const told = await admin<Many>('/v2/changes?filter[type][eq]=line_item.deleted&page[size]=100');
    const gone = told.body.data.map((c) => (c.attributes.data as { object: { id: string } }).object.id);
    assert.ok(gone.includes(lunch) && gone.includes(room), JSON.stringify(gone));
  });

  it('refuses a guest count that would take a per-person line past what a line may come to', async () => {
    const { booking, event } = await newBooking('Very large banquet');
    const banquet = await created(
      admin,
      '/v2/line_items',
      line(
        booking,
        { name: 'Banquet', category: 'food', unit: 'per_person', unit_price: 80_000_000_000 },
        { event: ref('events', event) },
      ),
    );
    const more = await admin<ErrorBody>(`/v2/events/${event}`, {
      method: 'PATCH',
      body: changeDocument('events', event, { guaranteed_count: 130 }),
    });
    assert.equal(more.status, 422, JSON.stringify(more.body));
    assert.deepEqual(
      more.body.errors.map((e) => [e.code, e.source?.pointer]),
      [['too_large', '/data/attributes/guaranteed_count']],
    );
    const kept = await attributesOf(`/v2/line_items/${banquet}`);
    assert.deepEqual([kept.quantity, kept.amount], ['120', 9_600_000_000_000], 'the line is as it was');
    const retired = await created(admin, '/v2/tax_rates', {
      data: { type: 'tax_rates', attributes: { name: 'Old levy', percentage: '1', active: false } },
    });
    const levied = await admin<ErrorBody>('/v2/line_items', {
      method: 'POST',
      body: line(
        booking,
        { name: 'Levied', category: 'fee', unit_price: 100 },
        { tax_rates: { data: [{ type: 'tax_rates', id: retired }] } },
      ),
    });
    assert.deepEqual(
      levied.body.errors.map((e) => e.code),
      ['inactive'],
      'a rate no longer offered is not named on a new line',
    );
  });

  it('tells every bad field of a line at once', async () => {
    const { booking } = await newBooking('Refusals');
    const other = await newBooking('Another');
    const missing = await admin<ErrorBody>('/v2/line_items', {
      method: 'POST',
      body: {
        data: { type: 'line_items', attributes: {}, relationships: { booking: ref('bookings', 'nope') } },
      },
    });
    assert.equal(missing.status, 422, JSON.stringify(missing.body));
    assert.deepEqual(pointers(missing.body).sort(), [
      '/data/attributes/category',
      '/data/attributes/name',
      '/data/attributes/unit_price',
      '/data/relationships/booking/data',
    ]);
    const retired = await created(admin, '/v2/items', {
      data: {
        type: 'items',
        attributes: { name: 'Old menu', category: 'food', unit_price: 100, active: false },
      },
    });
    const bad = await admin<ErrorBody>('/v2/line_items', {
      method: 'POST',
      body: line(
        booking,
        { quantity: '1.2345', unit: 'per_person' },
        {
          event: ref('events', other.event),
          item: ref('items', retired),
          tax_rates: { data: [{ type: 'tax_rates', id: 'elsewhere' }] },
        },
      ),
    });
    assert.equal(bad.status, 422, JSON.stringify(bad.body));
    assert.deepEqual([...new Set(pointers(bad.body))].sort(), [
      '/data/attributes/quantity',
      '/data/relationships/event/data',
      '/data/relationships/item/data',
      '/data/relationships/tax_rates/data',
    ]);
    const perPerson = await admin<ErrorBody>('/v2/line_items', {
      method: 'POST',
      body: line(booking, { name: 'Buffet', category: 'food', unit: 'per_person', unit_price: 100 }),
    });
    assert.equal(perPerson.status, 422);
    assert.match(
      perPerson.body.errors[0]!.detail,
      /per-person line needs a quantity, or an event with a guest count/,
    );
    const huge = await admin<ErrorBody>('/v2/line_items', {
      method: 'POST',
      body: line(booking, {
        name: 'Everything',
        category: 'other',
        quantity: '1000000',
        unit_price: 100_000_000_000,
      }),
    });
    assert.equal(huge.status, 422, JSON.stringify(huge.body));
    assert.equal(huge.body.errors[0]!.code, 'too_large');
    const zero = await admin<ErrorBody>('/v2/line_items', {
      method: 'POST',
      body: line(booking, { name: 'Nothing', category: 'other', quantity: '0', unit_price: 1 }),
    });
    assert.deepEqual(pointers(zero.body), ['/data/attributes/quantity']);
  });
});
