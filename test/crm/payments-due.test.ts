/**
 * The payments due (SPEC §14, paymentsDue): every installment due or overdue now with what is
 * still owed on it, its booking and contact, in the order they fall due; a range gives the unpaid
 * installments falling due in it; paid installments and lost bookings are left out. The figures
 * are checked against the installments the test made, read back through the API.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import fc from 'fast-check';
import { paymentsDue } from '../../src/crm/reports/payments-due.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  contactDocument,
  created,
  type Many,
} from '../helpers/writes.js';

const ref = (type: string, id: string) => ({ data: { type, id } });
const day = (n: number) => new Date(Date.UTC(2027, 2, 1) + n * 86_400_000).toISOString().slice(0, 10);

/** A few bookings' schedules, drawn once from a fixed seed: each installment's amount, day and payment. */
const plans = fc.sample(
  fc.array(
    fc.record({
      amount: fc.integer({ min: 1, max: 90_000 }),
      offset: fc.integer({ min: -20, max: 40 }),
      paid: fc.nat(100),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  { numRuns: 5, seed: 57 },
);

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  const made: string[] = [];

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-03-01T12:00:00Z'));
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Mensah family' }));
    const contact = await created(
      api,
      '/v2/contacts',
      contactDocument({ first_name: 'Kofi', last_name: 'Mensah', email: 'kofi@example.com' }, account),
    );
    for (const [k, plan] of plans.entries()) {
      const total = plan.reduce((sum, p) => sum + p.amount, 0);
      const booking = await created(
        api,
        '/v2/bookings',
        bookingDocument(
          account,
          {
            name: `Booking ${k}`,
            start_at: '2027-06-12T18:00:00Z',
            end_at: '2027-06-12T23:00:00Z',
            currency: k % 2 ? 'EUR' : 'USD',
          },
          { contact },
        ),
      );
      made.push(booking);
      await created(api, '/v2/line_items', {
        data: {
          type: 'line_items',
          attributes: { name: 'Venue hire', category: 'rental', unit_price: total },
          relationships: { booking: ref('bookings', booking) },
        },
      });
      for (const [i, p] of plan.entries()) {
        const installment = await created(api, '/v2/installments', {
          data: {
            type: 'installments',
            attributes: { label: `Part ${i + 1}`, amount: p.amount, due_date: day(p.offset) },
            relationships: { booking: ref('bookings', booking) },
          },
        });
        const paid = Math.floor((p.amount * p.paid) / 100);
        if (paid > 0)
          await created(api, '/v2/payments', {
            data: {
              type: 'payments',
              attributes: {
                kind: 'payment',
                amount: paid,
                method: 'cash',
                received_at: '2027-03-01T10:00:00Z',
              },
              relationships: {
                booking: ref('bookings', booking),
                installment: ref('installments', installment),
              },
            },
          });
      }
    }
    // A lost booking owes nothing, whatever its schedule says.
    const lost = made.at(-1)!;
    const moved = await api(`/v2/bookings/${lost}`, {
      method: 'PATCH',
      body: changeDocument('bookings', lost, { status: 'lost', lost_reason: 'Chose another venue' }),
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
  });
  after(() => server.close());

  const installments = async () =>
    (
      await Promise.all(
        made.slice(0, -1).map(async (booking) => {
          const read = await api<Many>(`/v2/installments?filter[booking_id][eq]=${booking}&page[size]=100`);
          const { body } = await api<{ data: { attributes: { reference: string; currency: string } } }>(
            `/v2/bookings/${booking}`,
          );
          return read.body.data.map((i) => ({ ...i.attributes, id: i.id, booking, ...body.data.attributes }));
        }),
      )
    ).flat() as Array<Record<string, unknown> & { id: string; booking: string }>;

  it('lists each installment due or overdue now with what is still owed, its booking and contact', async () => {
    const expected = (await installments())
      .filter((i) => i.state === 'due' || i.state === 'overdue')
      .map((i) => [
        i.id,
        i.booking,
        i.currency,
        Number(i.amount_due) - Number(i.paid_amount),
        i.state === 'overdue',
      ])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    assert.ok(expected.length > 0, 'the seed makes some installments overdue');
    const rows = await paymentsDue(suite.db, venue.orgId, {});
    assert.deepEqual(
      rows
        .map((r) => [r.installment_id, r.booking_id, r.currency, r.outstanding, r.overdue])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      expected,
    );
    for (const row of rows) {
      assert.deepEqual([row.contact_name, row.contact_email], ['Kofi Mensah', 'kofi@example.com']);
      assert.equal(row.amount - row.paid, row.outstanding);
    }
    assert.deepEqual(
      rows.map((r) => r.due_on),
      rows.map((r) => r.due_on).sort(),
    );
  });

  it('gives the unpaid installments falling due in a range, coming or late', async () => {
    const [from, to] = [day(-5), day(20)];
    const expected = (await installments())
      .filter((i) => i.state !== 'paid' && String(i.due_on) >= from && String(i.due_on) <= to)
      .filter((i) => Number(i.amount_due) > Number(i.paid_amount))
      .map((i) => i.id)
      .sort();
    const rows = await paymentsDue(suite.db, venue.orgId, { from, to });
    assert.deepEqual(rows.map((r) => r.installment_id).sort(), expected);
    assert.ok(rows.every((r) => r.due_on! >= from && r.due_on! <= to));
  });
});
