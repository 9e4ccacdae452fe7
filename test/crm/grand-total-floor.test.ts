/**
 * A booking's grand total never goes below zero (SPEC §12; src/crm/pricing/grand-total-rule.ts):
 * a negative unit price is a discount, and any write that would leave the grand total negative is
 * a 422 `negative_total` on the field that asked, with nothing written — at every door, on both
 * databases: a line made or changed over the API (with every other bad field at once) and on the
 * booking page's line form; a line deleted over the API and from the page; a per-person discount
 * following its event's guests (PATCH of the event, and of a one-event booking); an event deleted
 * with its lines. A grand total of exactly zero is allowed. (The CSV import makes no lines.)
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { formFields } from '../helpers/browser-session.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeIntegration } from '../helpers/factories.js';
import { postForm } from '../helpers/oauth.js';
import {
  fieldError,
  makeWorkspaceVenue,
  type WorkspaceVenue,
  workspaceSession,
} from '../helpers/workspace-data.js';
import {
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
  type ErrorBody,
  eventDocument,
  type Many,
} from '../helpers/writes.js';

type Attributes = Record<string, unknown>;
const ref = (type: string, id: string) => ({ data: { type, id } });
const line = (booking: string, attributes: Attributes, relationships: Attributes = {}) => ({
  data: {
    type: 'line_items',
    attributes: { category: 'fee', ...attributes },
    relationships: { booking: ref('bookings', booking), ...relationships },
  },
});

eachDatabase((suite) => {
  let server: TestServer;
  let venue: WorkspaceVenue;
  let api: Api;
  let o: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeWorkspaceVenue(suite.db, 'Floor Rooms');
    o = `/orgs/${venue.orgId}`;
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
    api = apiFor(server, String(token.body.access_token), venue.orgId);
  });
  after(() => server.close());

  /** A booking in pounds with one line of £100.00 (its grand total, no charges or taxes). */
  async function bookingAt100(name: string) {
    const booking = await created(
      api,
      '/v2/bookings',
      bookingDocument(venue.accountId, { name, currency: 'GBP', guest_count: 10 }),
    );
    const hire = await created(
      api,
      '/v2/line_items',
      line(booking, { name: 'Room hire', category: 'rental', unit_price: 10000 }),
    );
    return { booking, hire };
  }
  const grandTotal = async (booking: string) =>
    (await api(`/v2/bookings/${booking}`)).body.data.attributes.grand_total as number;
  const lineCount = async (booking: string) =>
    (await api<Many>(`/v2/line_items?filter[booking_id][eq]=${booking}`)).body.data.length;
  const refusal = (body: ErrorBody) => body.errors.map((e) => [e.source?.pointer, e.code]);

  it('refuses a line made or changed that would take the grand total below zero, every bad field at once', async () => {
    const { booking, hire } = await bookingAt100('Floor party');
    const deeper = await api<ErrorBody>('/v2/line_items', {
      method: 'POST',
      body: line(booking, { name: '', unit_price: -15000 }),
    });
    assert.equal(deeper.status, 422);
    assert.deepEqual(refusal(deeper.body), [
      ['/data/attributes/name', 'blank'],
      ['/data/attributes/unit_price', 'negative_total'],
    ]);
    assert.match(
      deeper.body.errors[1]!.detail,
      /grand total to -50\.00 GBP: discounts cannot take a booking below zero/,
    );
    assert.deepEqual([await lineCount(booking), await grandTotal(booking)], [1, 10000], 'nothing written');

    // Down to exactly zero is a booking given away, which a venue may do.
    const discount = await created(
      api,
      '/v2/line_items',
      line(booking, { name: 'Friends discount', unit_price: -10000 }),
    );
    assert.equal(await grandTotal(booking), 0);
    const lower = await api<ErrorBody>(`/v2/line_items/${hire}`, {
      method: 'PATCH',
      body: changeDocument('line_items', hire, { unit_price: 9999 }),
    });
    assert.equal(lower.status, 422);
    assert.deepEqual(refusal(lower.body), [['/data/attributes/unit_price', 'negative_total']]);
    const fewer = await api<ErrorBody>(`/v2/line_items/${hire}`, {
      method: 'PATCH',
      body: changeDocument('line_items', hire, { quantity: '0.5' }),
    });
    assert.deepEqual(refusal(fewer.body), [['/data/attributes/quantity', 'negative_total']]);
    const bigger = await api<ErrorBody>(`/v2/line_items/${discount}`, {
      method: 'PATCH',
      body: changeDocument('line_items', discount, { unit_price: -10001 }),
    });
    assert.deepEqual(refusal(bigger.body), [['/data/attributes/unit_price', 'negative_total']]);
    // A smaller discount is fine.
    const smaller = await api(`/v2/line_items/${discount}`, {
      method: 'PATCH',
      body: changeDocument('line_items', discount, { unit_price: -2500 }),
    });
    assert.equal(smaller.status, 200, JSON.stringify(smaller.body));
    assert.equal(await grandTotal(booking), 7500);
  });

  it('refuses deleting the line a discount leans on, over the API and from the page', async () => {
    const { booking, hire } = await bookingAt100('Floor dinner');
    await created(api, '/v2/line_items', line(booking, { name: 'Friends discount', unit_price: -4000 }));
    const gone = await api<ErrorBody>(`/v2/line_items/${hire}`, { method: 'DELETE' });
    assert.equal(gone.status, 422);
    assert.deepEqual(refusal(gone.body), [['/data', 'negative_total']]);
    assert.match(gone.body.errors[0]!.detail, /grand total to -40\.00 GBP/);
    assert.deepEqual([await lineCount(booking), await grandTotal(booking)], [2, 6000]);

    const { session } = await workspaceSession(server, venue.member.email, venue.orgId);
    const action = `${o}/line-items/${hire}/delete`;
    const ask = await session.request(action);
    assert.equal(ask.status, 200);
    const refused = await session.request(action, { form: formFields(ask.body, action) });
    assert.equal(refused.status, 422);
    assert.match(refused.body, /role="alert" class="refusal">[^<]*grand total to -40\.00 GBP/);
    assert.equal(await lineCount(booking), 2, 'the line stays');
  });

  it('refuses a discount on the line form that would take the grand total below zero, beside its field', async () => {
    const { booking } = await bookingAt100('Floor lunch');
    const { session } = await workspaceSession(server, venue.member.email, venue.orgId);
    const path = `${o}/bookings/${booking}`;
    const form = await session.request(`${path}/line-items/new`);
    const sent = await session.request(`${path}/line-items`, {
      form: {
        ...formFields(form.body, `${path}/line-items`),
        from: 'hand',
        name: 'Loyalty discount',
        category: 'fee',
        unit: 'each',
        quantity: '',
        unit_price: '-100.01',
        event: '',
      },
    });
    assert.equal(sent.status, 422);
    assert.match(
      fieldError(sent.body, 'unit_price'),
      /grand total to -0\.01 GBP: discounts cannot take a booking below zero/,
    );
    assert.equal(await lineCount(booking), 1);
  });

  it('refuses more guests when a per-person discount would take the grand total below zero', async () => {
    const { booking } = await bookingAt100('Floor picnic');
    const [event] = (await api<Many>(`/v2/events?filter[booking_id][eq]=${booking}`)).body.data;
    // £5.00 off each of its 10 guests, following the guest count: £50.00 off.
    await created(
      api,
      '/v2/line_items',
      line(
        booking,
        { name: 'Children eat free', unit: 'per_person', unit_price: -500 },
        { event: ref('events', event!.id) },
      ),
    );
    assert.equal(await grandTotal(booking), 5000);
    const more = await api<ErrorBody>(`/v2/events/${event!.id}`, {
      method: 'PATCH',
      body: changeDocument('events', event!.id, { guest_count: 21 }),
    });
    assert.equal(more.status, 422);
    assert.deepEqual(refusal(more.body), [['/data/attributes/guest_count', 'negative_total']]);
    const throughBooking = await api<ErrorBody>(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking, { guest_count: 21 }),
    });
    assert.equal(throughBooking.status, 422);
    assert.deepEqual(refusal(throughBooking.body), [['/data/attributes/guest_count', 'negative_total']]);
    const guaranteed = await api<ErrorBody>(`/v2/events/${event!.id}`, {
      method: 'PATCH',
      body: changeDocument('events', event!.id, { guaranteed_count: 25 }),
    });
    assert.deepEqual(refusal(guaranteed.body), [['/data/attributes/guaranteed_count', 'negative_total']]);
    const read = (await api(`/v2/events/${event!.id}`)).body.data.attributes as Attributes;
    assert.deepEqual([read.guest_count, read.guaranteed_count, await grandTotal(booking)], [10, null, 5000]);
    // Twenty guests bring it to exactly zero.
    const twenty = await api(`/v2/events/${event!.id}`, {
      method: 'PATCH',
      body: changeDocument('events', event!.id, { guest_count: 20 }),
    });
    assert.equal(twenty.status, 200, JSON.stringify(twenty.body));
    assert.equal(await grandTotal(booking), 0);
  });

  it('refuses deleting an event whose lines the booking’s discounts lean on', async () => {
    const booking = await created(
      api,
      '/v2/bookings',
      bookingDocument(venue.accountId, { name: 'Floor weekend', currency: 'GBP' }),
    );
    const dinner = await created(api, '/v2/events', eventDocument(booking, { name: 'Dinner' }));
    await created(
      api,
      '/v2/line_items',
      line(booking, { name: 'Dinner hire', unit_price: 20000 }, { event: ref('events', dinner) }),
    );
    await created(api, '/v2/line_items', line(booking, { name: 'Weekend discount', unit_price: -5000 }));
    const gone = await api<ErrorBody>(`/v2/events/${dinner}`, { method: 'DELETE' });
    assert.equal(gone.status, 422);
    assert.deepEqual(refusal(gone.body), [['/data', 'negative_total']]);
    assert.equal((await api(`/v2/events/${dinner}`)).status, 200, 'the event stays, with its lines');
    assert.deepEqual([await lineCount(booking), await grandTotal(booking)], [2, 15000]);
  });
});
