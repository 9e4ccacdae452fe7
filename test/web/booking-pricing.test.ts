/**
 * A booking's Pricing on its page (SPEC §12): its lines grouped by event, in the order the events
 * happen, then the booking as a whole, each group by category; its totals as /v2/bookings gives
 * them, to the cent, the taxes added as rows and those inside the prices (and a taxed service
 * charge) said to be included under the grand total, as the README's London example prints; its
 * F&B minimum set from the page.
 * Any member adds a line from the catalogue (a per-person item takes its event's guests) or by
 * hand (a price typed "1.234,50"), every bad field refused at once beside it with what was typed
 * kept; changes one, a save over a newer change refused keeping what was typed; deletes one after
 * asking. Each change is seen through /v2/line_items and the booking's grand_total.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { createEvent } from '../../src/crm/events/event.commands.js';
import { updateOrganization } from '../../src/crm/organization/organization.commands.js';
import { createItem } from '../../src/crm/pricing/items.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { createTaxRate } from '../../src/crm/pricing/tax-rates.js';
import { money } from '../../src/web/workspace/bookings/booking-badges.js';
import { type Command, write } from '../../src/writes/unit-of-work.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import {
  addBooking,
  fieldError,
  makeWorkspaceVenue,
  versionIn,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import { type Api, apiFor, type Many } from '../helpers/writes.js';

const text = (body: string) =>
  body
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
const pricingOf = (body: string) =>
  /<section aria-labelledby="pricing-title"[\s\S]*?<\/section>/.exec(body)?.[0] ?? '';
/** The figure the totals show beside `label` (before what it says it includes). */
const shown = (body: string, label: string) =>
  new RegExp(`<dt>${label}</dt><dd>([^<]*)`).exec(pricingOf(body))?.[1];
const TOTALS = [
  ['Subtotal', 'subtotal'],
  ['Service charge', 'service_charge_total'],
  ['Grand total', 'grand_total'],
  ['Paid', 'paid_total'],
  ['Balance due', 'balance_due'],
] as const;

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let api: Api;
  let o: string;
  let salesTax: string;
  let vat: string;
  let dinnerMenu: string;
  let canapes: string;

  const run = <Input, Result>(command: Command<Input, Result>, input: Input) =>
    write({ db: suite.db, clock: systemClock }, venue.actor, command, input);

  /** A booking in euros with two events: a ceremony (its first) and a dinner for 118 guaranteed. */
  async function twoEventBooking(name: string) {
    const booking = await addBooking(suite.db, venue.actor, {
      name,
      start_at: '2027-05-08T13:00:00Z',
      end_at: '2027-05-08T14:00:00Z',
      timezone: 'Europe/London',
      event_type: 'Ceremony',
      currency: 'EUR',
      accountId: venue.accountId,
    });
    const [ceremony] = await suite.db
      .selectFrom('events')
      .select('id')
      .where('booking_id', '=', booking.id)
      .execute();
    const dinner = await run(createEvent, {
      bookingId: booking.id,
      name: 'Dinner',
      start_at: '2027-05-08T17:00:00Z',
      end_at: '2027-05-08T22:30:00Z',
      guest_count: 120,
      guaranteed_count: 118,
    });
    return { booking, ceremony: ceremony!.id, dinner: dinner.id, path: `${o}/bookings/${booking.id}` };
  }

  async function linesOverApi(bookingId: string) {
    const list = await api<Many>(`/v2/line_items?filter[booking_id][eq]=${bookingId}`);
    assert.equal(list.status, 200, JSON.stringify(list.body));
    return list.body.data;
  }
  async function bookingOverApi(bookingId: string) {
    const one = await api(`/v2/bookings/${bookingId}`);
    assert.equal(one.status, 200, JSON.stringify(one.body));
    return one.body.data.attributes as Record<string, number>;
  }

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Pricing Venue');
    o = `/orgs/${venue.orgId}`;
    await run(updateOrganization, {
      ifMatch: undefined,
      input: { service_charge_percentage: '20', service_charge_taxable: true },
    });
    salesTax = (await run(createTaxRate, { name: 'Sales tax', percentage: '8.875' })).id;
    vat = (await run(createTaxRate, { name: 'VAT', percentage: '20', inclusive: true })).id;
    const item = (input: Parameters<typeof createItem.run>[1]) => run(createItem, input);
    dinnerMenu = (
      await item({
        name: 'Gold dinner menu',
        category: 'food',
        unit: 'per_person',
        unit_price: 8500,
        service_charge: true,
        tax_rate_ids: [salesTax],
      })
    ).id;
    canapes = (await item({ name: 'Canapés', category: 'food', unit_price: 350, tax_rate_ids: [salesTax] }))
      .id;
    await item({ name: 'Lounge furniture', category: 'rental', unit: 'flat', unit_price: 12000 });
    await item({ name: 'Old menu', category: 'food', unit_price: 100, active: false });
    const app = await makeIntegration(suite.db, {
      organizationId: venue.orgId,
      kind: 'private',
      ownerEmail: venue.admin.email,
      redirectUris: [],
    });
    const token = await postForm(server, '/oauth/token', {
      grant_type: 'client_credentials',
      client_id: app.integration.clientId,
      client_secret: app.clientSecret,
    });
    assert.equal(token.status, 200, JSON.stringify(token.body));
    api = apiFor(server, String(token.body.access_token), venue.orgId);
  });
  after(() => server.close());

  it('shows the lines by event then the whole booking, each by category, and the booking’s sums to the cent', async () => {
    const { session } = await workspaceSession(server, venue.member.email, venue.orgId);
    const { booking, ceremony, dinner, path } = await twoEventBooking('Hart–Lowe wedding');
    const line = (input: Parameters<typeof createLineItem.run>[1]) =>
      run(createLineItem, { bookingId: booking.id, ...input });
    await line({ itemId: dinnerMenu, eventId: dinner });
    // A discount, once there is something to take it from (a grand total never goes below zero).
    await line({ name: 'Friends discount', category: 'fee', unit_price: -25000 });
    await line({
      name: 'Lounge furniture',
      category: 'rental',
      unit: 'flat',
      unit_price: 12000,
      tax_rate_ids: [vat],
      eventId: ceremony,
    });
    await line({ itemId: canapes, eventId: ceremony, quantity: '60', service_charge: true });

    const page = await session.request(path);
    assert.equal(page.status, 200, page.body.slice(0, 300));
    const pricing = text(pricingOf(page.body));
    assert.match(
      pricing,
      /^Pricing Ceremony Sat 8 May 2027, 14:00–15:00 Item Quantity Unit price Amount Change Food Canapés Service charge 20%: €42\.00 · Sales tax 8\.875%: €22\.37 60 each €3\.50 €210\.00 Change Rental Lounge furniture includes VAT €20\.00 1 flat €120\.00 €120\.00 Change /,
    );
    assert.match(
      pricing,
      / Dinner Sat 8 May 2027, 18:00–23:30 · 118 guests .* Food Gold dinner menu Service charge 20%: €2,006\.00 · Sales tax 8\.875%: €1,068\.20 118 per person \(from guests\) €85\.00 €10,030\.00 Change Whole booking .* Fees Friends discount 1 each -€250\.00 -€250\.00 Change /,
    );
    // The sales tax adds, as a row; the VAT inside the furniture's price is said to be included,
    // under the grand total, and is no row of its own.
    assert.match(
      pricing,
      /Subtotal €10,110\.00 Service charge €2,048\.00 Sales tax 8\.875% €1,090\.57 Grand total €13,248\.57 includes VAT €20\.00 Paid €0\.00 /,
    );
    assert.doesNotMatch(pricing, /<dt>Tax<\/dt>|<dt>VAT/);
    const sums = await bookingOverApi(booking.id);
    for (const [label, attribute] of TOTALS) {
      assert.equal(shown(page.body, label), money(sums[attribute]!, 'EUR'), label);
    }
    assert.equal(shown(page.body, 'Grand total'), '€13,248.57');
    assert.equal(shown(page.body, 'F&amp;B minimum'), undefined, 'no minimum, no shortfall');

    // The F&B minimum, from its form: refused when it is no amount, then set, and its shortfall shown.
    const form = formFields(page.body, `${path}/fnb-minimum`);
    const bad = await session.request(`${path}/fnb-minimum`, { form: { ...form, fnb_minimum: '-5' } });
    assert.equal(bad.status, 422);
    assert.match(fieldError(bad.body, 'fnb_minimum'), /An F&B minimum is from 0/);
    assert.match(bad.body, /name="fnb_minimum" type="text" value="-5"/);
    const set = await session.request(`${path}/fnb-minimum`, { form: { ...form, fnb_minimum: '12.000,00' } });
    assert.equal(set.status, 303, set.body.slice(0, 300));
    assert.equal(set.location, `${server.url}${path}?notice=fnb-saved#pricing-title`);
    const minimum = await bookingOverApi(booking.id);
    assert.deepEqual([minimum.fnb_minimum, minimum.fnb_shortfall], [1200000, 1200000 - 1003000 - 21000]);
    const short = await session.request(path);
    assert.equal(shown(short.body, 'F&amp;B minimum'), '€12,000.00');
    assert.equal(shown(short.body, 'F&amp;B shortfall'), money(minimum.fnb_shortfall!, 'EUR'));
    const stale = await session.request(`${path}/fnb-minimum`, { form: { ...form, fnb_minimum: '9000' } });
    assert.equal(stale.status, 412, 'the form carried the booking’s version before the minimum was set');
    assert.match(fieldError(stale.body, 'fnb_minimum'), /Someone changed this booking/);
    assert.match(stale.body, /name="fnb_minimum" type="text" value="9000"/);
  });

  it('adds a line from the catalogue, as any member: a per-person item takes its event’s guests', async () => {
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const { booking, ceremony, dinner, path } = await twoEventBooking('Byron dinner');
    const form = await session.request(`${path}/line-items/new`);
    assert.equal(form.status, 200, form.body.slice(0, 300));
    const select = /<select id="field-item"[\s\S]*?<\/select>/.exec(form.body)?.[0] ?? '';
    assert.deepEqual(
      [...select.matchAll(/<optgroup label="([^"]*)">|<option value="\w+"\s*>([^<]*)</g)].map(
        (m) => m[1] ?? m[2],
      ),
      [
        'Food',
        'Canapés — €3.50 each',
        'Gold dinner menu — €85.00 per person',
        'Rental',
        'Lounge furniture — €120.00 flat',
      ],
      'the active items by category, priced in the booking’s currency',
    );
    assert.match(
      form.body,
      new RegExp(`<option value="${ceremony}" selected>Ceremony, Sat 8 May 2027</option>`),
    );

    const added = await session.request(`${path}/line-items`, {
      form: { _csrf: csrf, from: 'catalogue', item: dinnerMenu, item_quantity: '', item_event: dinner },
    });
    assert.equal(added.status, 303, text(added.body).slice(0, 500));
    assert.equal(added.location, `${server.url}${path}?notice=line-added#pricing-title`);
    const [line] = await linesOverApi(booking.id);
    assert.deepEqual(
      [
        line?.attributes.name,
        line?.attributes.quantity,
        line?.attributes.quantity_from_guests,
        line?.attributes.amount,
      ],
      ['Gold dinner menu', '118', true, 1003000],
    );
    assert.equal((line?.relationships?.event?.data as { id: string } | null)?.id, dinner);
    const page = await session.request(added.location!);
    assert.match(text(page.body), /Line added\./);
    assert.match(
      text(pricingOf(page.body)),
      /Gold dinner menu .* 118 per person \(from guests\) €85\.00 €10,030\.00/,
    );
    assert.equal(
      shown(page.body, 'Grand total'),
      money((await bookingOverApi(booking.id)).grand_total!, 'EUR'),
    );
  });

  it('adds a line by hand with a price typed as people write money, and refuses every bad field at once', async () => {
    const { session, csrf } = await workspaceSession(server, venue.admin.email, venue.orgId);
    const { booking, path } = await twoEventBooking('Stage night');
    const hand = {
      _csrf: csrf,
      from: 'hand',
      name: 'Stage hire',
      category: 'rental',
      unit: 'flat',
      quantity: '',
      unit_price: '1.234,50',
      service_charge: 'yes',
      tax_rates: [vat],
      event: '',
    };
    const refused = await session.request(`${path}/line-items`, {
      form: { ...hand, name: '', category: '', unit: 'per_person', quantity: '0', unit_price: 'lots' },
    });
    assert.equal(refused.status, 422);
    assert.match(fieldError(refused.body, 'name'), /needs a name/);
    assert.match(fieldError(refused.body, 'category'), /needs a category/);
    assert.match(fieldError(refused.body, 'quantity'), /"0" is not a quantity/);
    assert.match(fieldError(refused.body, 'unit_price'), /"lots" is not an amount/);
    assert.match(refused.body, /name="unit_price" type="text" value="lots"/);
    assert.match(refused.body, /<option value="per_person" selected>/);
    assert.match(refused.body, new RegExp(`name="tax_rates" value="${vat}" checked`));
    const unpicked = await session.request(`${path}/line-items`, {
      form: { _csrf: csrf, from: 'catalogue', item: '', item_quantity: 'many', item_event: '' },
    });
    assert.equal(unpicked.status, 422);
    assert.equal(fieldError(unpicked.body, 'item'), 'Choose an item from the catalogue.');
    assert.match(fieldError(unpicked.body, 'item_quantity'), /"many" is not a quantity/);
    assert.equal((await linesOverApi(booking.id)).length, 0, 'nothing was written');

    const added = await session.request(`${path}/line-items`, { form: hand });
    assert.equal(added.status, 303, text(added.body).slice(0, 500));
    const [line] = await linesOverApi(booking.id);
    const { attributes } = line!;
    assert.deepEqual(
      [attributes.unit_price, attributes.quantity, attributes.service_charge, attributes.amount],
      [123450, '1', true, 123450],
    );
    assert.deepEqual(
      (attributes.taxes as Array<{ name: string }>).map((t) => t.name),
      ['VAT'],
    );
    assert.equal(line?.relationships?.event?.data, null, 'the booking as a whole');
    // 1,234.50 + 20% service charge 246.90; the VAT is inside the price and, the service charge
    // being taxed, inside the service charge too: 1,481.40 − 1,481.40 ÷ 1.2 = 246.90.
    const sums = await bookingOverApi(booking.id);
    assert.deepEqual([sums.grand_total, sums.tax_total], [148140, 24690]);
    const page = await session.request(path);
    assert.match(
      text(pricingOf(page.body)),
      /Whole booking .* Rental Stage hire Service charge 20%: €246\.90 · includes VAT €246\.90 1 flat €1,234\.50 €1,234\.50 .* Grand total €1,481\.40 includes VAT €246\.90 /,
    );
  });

  it('changes a line’s quantity, refuses a save over a newer one, and deletes a line after asking', async () => {
    const { session, csrf } = await workspaceSession(server, venue.member.email, venue.orgId);
    const { booking, dinner, path } = await twoEventBooking('Harbour supper');
    const menu = await run(createLineItem, { bookingId: booking.id, itemId: dinnerMenu, eventId: dinner });
    const action = `${o}/line-items/${menu.id}`;
    const edit = await session.request(`${action}/edit`);
    assert.equal(edit.status, 200, edit.body.slice(0, 300));
    assert.match(edit.body, /name="quantity" type="text" value=""/, 'from guests: left empty');
    assert.match(edit.body, /name="unit_price" type="text" value="85.00"/);
    const version = versionIn(edit.body);
    const fields = {
      name: 'Gold dinner menu',
      category: 'food',
      unit: 'per_person',
      unit_price: '85.00',
      service_charge: 'yes',
      tax_rates: [salesTax],
      event: dinner,
    };
    const changed = await session.request(action, {
      form: { ...formFields(edit.body, action), ...fields, quantity: '100' },
    });
    assert.equal(changed.status, 303, text(changed.body).slice(0, 500));
    assert.equal(changed.location, `${server.url}${path}?notice=line-saved#pricing-title`);
    const [line] = await linesOverApi(booking.id);
    assert.deepEqual(
      [line?.attributes.quantity, line?.attributes.quantity_from_guests, line?.attributes.amount],
      ['100', false, 850000],
    );
    const sums = await bookingOverApi(booking.id);
    assert.equal(sums.grand_total, 850000 + 170000 + 90525);
    assert.equal(shown((await session.request(path)).body, 'Grand total'), money(sums.grand_total!, 'EUR'));

    const stale = await session.request(action, {
      form: { _csrf: csrf, version, ...fields, quantity: '90' },
    });
    assert.equal(stale.status, 412);
    assert.match(text(stale.body), /This changed while you were looking at it .* Quantity: 100/);
    assert.match(stale.body, /name="quantity" type="text" value="90"/);
    assert.equal((await linesOverApi(booking.id))[0]?.attributes.quantity, '100', 'nothing of it was saved');
    // Empty again: its event's guests.
    const again = await session.request(action, {
      form: { ...formFields(stale.body, action), ...fields, quantity: '' },
    });
    assert.equal(again.status, 303, text(again.body).slice(0, 500));
    assert.equal((await linesOverApi(booking.id))[0]?.attributes.quantity, '118');

    const ask = await session.request(`${action}/delete`);
    assert.equal(ask.status, 200);
    assert.match(text(ask.body), /Delete the line Gold dinner menu\?/);
    const gone = await session.request(`${action}/delete`, {
      form: formFields(ask.body, `${action}/delete`),
    });
    assert.equal(gone.status, 303);
    assert.equal(gone.location, `${server.url}${path}?notice=line-deleted#pricing-title`);
    assert.deepEqual(await linesOverApi(booking.id), []);
    assert.equal((await bookingOverApi(booking.id)).grand_total, 0);
    const page = await session.request(path);
    assert.match(text(pricingOf(page.body)), /No lines yet\./);
    assert.equal((await session.request(`${action}/edit`)).status, 404);
  });

  it('prints the README’s London booking: a grand total that includes the VAT in its prices and service charge', async () => {
    const london = await makeWorkspaceVenue(suite.db, 'London Rooms');
    const inLondon = <Input, Result>(command: Command<Input, Result>, input: Input) =>
      write({ db: suite.db, clock: systemClock }, london.actor, command, input);
    await inLondon(updateOrganization, {
      ifMatch: undefined,
      input: { service_charge_percentage: '12.5', service_charge_taxable: true },
    });
    const vat20 = (await inLondon(createTaxRate, { name: 'VAT', percentage: '20', inclusive: true })).id;
    const booking = await addBooking(suite.db, london.actor, {
      name: 'Okoro–Hale wedding',
      start_at: '2027-07-10T11:00:00Z',
      end_at: '2027-07-10T22:00:00Z',
      currency: 'GBP',
      accountId: london.accountId,
    });
    await inLondon(createLineItem, {
      bookingId: booking.id,
      name: 'Wedding breakfast',
      category: 'food',
      unit: 'per_person',
      quantity: '118',
      unit_price: 7250,
      service_charge: true,
      tax_rate_ids: [vat20],
    });
    await inLondon(createLineItem, {
      bookingId: booking.id,
      name: 'Room hire',
      category: 'rental',
      unit: 'flat',
      unit_price: 150000,
      tax_rate_ids: [vat20],
    });
    const { session } = await workspaceSession(server, london.member.email, london.orgId);
    const page = await session.request(`/orgs/${london.orgId}/bookings/${booking.id}`);
    assert.equal(page.status, 200);
    const pricing = text(pricingOf(page.body));
    assert.match(
      pricing,
      /Wedding breakfast Service charge 12\.5%: £1,069\.38 · includes VAT £1,604\.06 118 per person £72\.50 £8,555\.00/,
    );
    assert.match(pricing, /Room hire includes VAT £250\.00 1 flat £1,500\.00 £1,500\.00/);
    assert.match(
      pricing,
      /Subtotal £10,055\.00 Service charge £1,069\.38 Grand total £11,124\.38 includes VAT £1,854\.06 Paid £0\.00 Balance due £11,124\.38/,
    );
    assert.equal(shown(page.body, 'Grand total'), '£11,124.38');
  });
});
