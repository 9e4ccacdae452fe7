/**
 * A booking's currency cannot change once money is attached to it in that currency (issue 54's
 * audit: a payment of $100.00 became ¥10,000 when the booking's currency was changed). A booking
 * with an installment, a payment or a document, even without line items, refuses another currency with a 422
 * naming what holds it, at the API and on the booking's form; a booking with none may change it.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { documentBody } from '../helpers/document-fixtures.js';
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
  problemsAt,
} from '../helpers/writes.js';

const ref = (type: string, id: string) => ({ data: { type, id } });

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let account: string;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Okafor family' }));
  });
  after(() => server.close());

  const booking = (name: string) =>
    created(
      api,
      '/v2/bookings',
      bookingDocument(account, {
        name,
        start_at: '2027-06-12T17:00:00Z',
        end_at: '2027-06-12T23:00:00Z',
        currency: 'USD',
        total_amount: 500_000,
      }),
    );
  const toYen = (id: string) =>
    api<ErrorBody>(`/v2/bookings/${id}`, {
      method: 'PATCH',
      body: changeDocument('bookings', id, { currency: 'JPY' }),
    });
  const currencyOf = async (id: string) =>
    (await api<{ data: { attributes: { currency: string } } }>(`/v2/bookings/${id}`)).body.data.attributes
      .currency;

  it('refuses another currency once a payment was received, even with no line items', async () => {
    const id = await booking('Okafor wedding');
    await created(api, '/v2/payments', {
      data: {
        type: 'payments',
        attributes: { amount: 10_000, method: 'card' },
        relationships: { booking: ref('bookings', id) },
      },
    });
    const refused = await toYen(id);
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.deepEqual(problemsAt(refused.body), [['/data/attributes/currency', 'priced_in_currency']]);
    assert.equal(
      refused.body.errors[0]?.detail,
      'This booking has 1 payment, in USD: its currency cannot change while it has them.',
    );
    assert.equal(await currencyOf(id), 'USD');
    const paid = await suite.db
      .selectFrom('payments')
      .select('amount')
      .where('booking_id', '=', id)
      .execute();
    assert.deepEqual(
      paid.map((p) => Number(p.amount)),
      [10_000],
      'the payment is as it was received',
    );
  });

  it('refuses another currency once the booking has a schedule, naming what holds it', async () => {
    const id = await booking('Okafor rehearsal dinner');
    for (const label of ['Deposit', 'Balance'])
      await created(api, '/v2/installments', {
        data: {
          type: 'installments',
          attributes:
            label === 'Deposit'
              ? { label, percentage: '25', due_on_signing: true }
              : { label, remainder: true, due_days_before: 14 },
          relationships: { booking: ref('bookings', id) },
        },
      });
    const refused = await toYen(id);
    assert.equal(refused.status, 422);
    assert.deepEqual(problemsAt(refused.body), [['/data/attributes/currency', 'priced_in_currency']]);
    assert.equal(
      refused.body.errors[0]?.detail,
      'This booking has 2 installments, in USD: its currency cannot change while it has them.',
    );
    assert.equal(await currencyOf(id), 'USD');
  });

  it('refuses another currency once a document of the booking was made', async () => {
    const id = await booking('Okafor proposal');
    const made = await api('/v2/documents', { method: 'POST', body: documentBody('proposal', id) });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const refused = await toYen(id);
    assert.equal(refused.status, 422);
    assert.equal(
      refused.body.errors[0]?.detail,
      'This booking has 1 document, in USD: its currency cannot change while it has them.',
    );
    assert.equal(await currencyOf(id), 'USD');
  });

  it('lets a booking with no money attached change its currency', async () => {
    const id = await booking('Okafor brunch');
    const moved = await toYen(id);
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(await currencyOf(id), 'JPY');
  });
});
