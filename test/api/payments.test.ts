/**
 * A booking's payment schedule and payments (SPEC §12): installments of a fixed amount, a
 * percentage of the grand total or the remainder, due on a day, days before the first event (its
 * day in the organization's time zone) or on signing; amounts due recomputed when the grand total
 * changes; payments filling the unpaid installments in the order they fall due, a deposit due
 * on signing first, and refunds taking back from the latest; states moving with the injected
 * clock through the schedule's clock; `booking.paid` when a payment clears the balance; references
 * unique; refunds no more than was paid; payments deleted by admins only.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { advanceSchedules } from '../../src/crm/payments/schedule-clock.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, memberClientToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { pdfText } from '../helpers/pdf-text.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  accountDocument,
  type Api,
  apiFor,
  bookingDocument,
  changeDocument,
  created,
  type ErrorBody,
  type Many,
  pointers,
} from '../helpers/writes.js';

type Attributes = Record<string, unknown>;
interface One {
  data: { id: string; attributes: Attributes };
}
const ref = (type: string, id: string) => ({ data: { type, id } });

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;
  let member: Api;
  let account: string;

  const attributesOf = async (path: string) => {
    const read = await admin<One>(path);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    return read.body.data.attributes;
  };
  const schedule = async (booking: string) =>
    (await admin<Many>(`/v2/installments?filter[booking_id][eq]=${booking}`)).body.data.map((i) => [
      i.attributes.label,
      i.attributes.amount_due,
      i.attributes.due_on,
      i.attributes.paid_amount,
      i.attributes.state,
    ]);
  const installment = (booking: string, attributes: Attributes) => ({
    data: { type: 'installments', attributes, relationships: { booking: ref('bookings', booking) } },
  });
  const payment = (booking: string, attributes: Attributes, installmentId?: string) => ({
    data: {
      type: 'payments',
      attributes,
      relationships: {
        booking: ref('bookings', booking),
        ...(installmentId ? { installment: ref('installments', installmentId) } : {}),
      },
    },
  });
  const priced = async (name: string, amount: number) => {
    // 22:00 in New York on 11 June: the first event's day there is the 11th, not UTC's 12th.
    const booking = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, { name, start_at: '2027-06-12T02:00:00Z', end_at: '2027-06-12T04:00:00Z' }),
    );
    await created(admin, '/v2/line_items', {
      data: {
        type: 'line_items',
        attributes: { name: 'Venue hire', category: 'rental', unit_price: amount },
        relationships: { booking: ref('bookings', booking) },
      },
    });
    return booking;
  };

  /** Moves the clock, with tokens of that time (a token lives two hours). */
  const moveTo = async (instant: string) => {
    server.clock.setTo(Date.parse(instant));
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    member = apiFor(server, await memberClientToken(suite.db, server, venue), venue.orgId);
  };

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    await moveTo('2027-03-01T12:00:00Z');
    const zone = await admin('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, { timezone: 'America/New_York' }),
    });
    assert.equal(zone.status, 200, JSON.stringify(zone.body));
    account = await created(admin, '/v2/accounts', accountDocument({ name: 'Mensah family' }));
  });
  after(() => server.close());

  it('resolves a schedule, fills it with payments, and follows the grand total and the days', async () => {
    const booking = await priced('Mensah wedding', 1_000_000);
    const deposit = await created(
      member,
      '/v2/installments',
      installment(booking, { label: 'Deposit', amount: 250_000, due_date: '2027-03-05' }),
    );
    const half = await created(
      member,
      '/v2/installments',
      installment(booking, { label: 'Second payment', percentage: '50', due_days_before: 30 }),
    );
    await created(
      member,
      '/v2/installments',
      installment(booking, { label: 'Balance', remainder: true, due_days_before: 7 }),
    );
    assert.deepEqual(await schedule(booking), [
      ['Deposit', 250_000, '2027-03-05', 0, 'scheduled'],
      ['Second payment', 500_000, '2027-05-12', 0, 'scheduled'],
      ['Balance', 250_000, '2027-06-04', 0, 'scheduled'],
    ]);

    const paid = await created(member, '/v2/payments', payment(booking, { amount: 300_000, method: 'card' }));
    assert.deepEqual(await schedule(booking), [
      ['Deposit', 250_000, '2027-03-05', 250_000, 'paid'],
      ['Second payment', 500_000, '2027-05-12', 50_000, 'scheduled'],
      ['Balance', 250_000, '2027-06-04', 0, 'scheduled'],
    ]);
    const sums = await attributesOf(`/v2/bookings/${booking}`);
    assert.deepEqual([sums.paid_total, sums.balance_due], [300_000, 700_000]);
    const received = Date.parse(String((await attributesOf(`/v2/payments/${paid}`)).received_at));
    assert.ok(
      received >= Date.parse('2027-03-01T12:00:00Z') && received <= server.clock.now(),
      'received now',
    );

    await created(admin, '/v2/line_items', {
      data: {
        type: 'line_items',
        attributes: { name: 'Late bar', category: 'beverage', unit_price: 100_000 },
        relationships: { booking: ref('bookings', booking) },
      },
    });
    assert.deepEqual(
      (await schedule(booking)).map((row) => row[1]),
      [250_000, 550_000, 300_000],
      'the percentage and the remainder follow the grand total',
    );

    await moveTo('2027-05-13T03:30:00Z'); // 23:30 on 12 May in New York
    await advanceSchedules(server.app.ctx.writer);
    assert.equal((await attributesOf(`/v2/installments/${half}`)).state, 'due', 'due on its day, there');
    await moveTo('2027-05-13T04:30:00Z'); // 00:30 on 13 May in New York
    const since = new Date(server.clock.now() - 1000).toISOString();
    await advanceSchedules(server.app.ctx.writer);
    assert.equal((await attributesOf(`/v2/installments/${half}`)).state, 'overdue');
    const moved = await admin<Many>(
      `/v2/changes?filter[type][eq]=installment.updated&filter[created_at][gteq]=${since}`,
    );
    assert.deepEqual(
      moved.body.data.map((c) => (c.attributes.data as { object: { id: string } }).object.id),
      [half],
      'told once, as installment.updated',
    );

    const cleared = await created(
      member,
      '/v2/payments',
      payment(booking, { amount: 800_000, method: 'bank_transfer', reference: 'ch_1' }),
    );
    assert.deepEqual(
      (await schedule(booking)).map((row) => row[4]),
      ['paid', 'paid', 'paid'],
    );
    const told = await admin<Many>('/v2/changes?filter[type][eq]=booking.paid');
    assert.equal(told.body.data.length, 1, 'booking.paid once the balance is 0');
    const again = await member<ErrorBody>('/v2/payments', {
      method: 'POST',
      body: payment(booking, { amount: 1, reference: 'ch_1' }),
    });
    assert.equal(again.status, 409);
    assert.equal(again.body.errors[0]!.code, 'duplicate_reference');
    assert.match(again.body.errors[0]!.detail, new RegExp(cleared));

    const tooMuch = await member<ErrorBody>('/v2/payments', {
      method: 'POST',
      body: payment(booking, { kind: 'refund', amount: 1_100_001 }),
    });
    assert.equal(tooMuch.status, 422);
    assert.equal(tooMuch.body.errors[0]!.code, 'over_paid');
    await created(
      member,
      '/v2/payments',
      payment(booking, { kind: 'refund', amount: 100_000, method: 'card' }),
    );
    assert.deepEqual(
      (await schedule(booking)).map((row) => [row[3], row[4]]),
      [
        [250_000, 'paid'],
        [550_000, 'paid'],
        [200_000, 'scheduled'],
      ],
      'a refund takes back from the latest',
    );

    assert.equal((await member(`/v2/payments/${cleared}`, { method: 'DELETE' })).status, 403);
    assert.equal((await admin(`/v2/payments/${cleared}`, { method: 'DELETE' })).status, 204);
    assert.equal((await attributesOf(`/v2/bookings/${booking}`)).paid_total, 200_000);
    assert.equal(
      (await admin(`/v2/payments/${deposit}`, { method: 'PATCH', body: {} })).status,
      404,
      'a payment is never changed',
    );
    assert.equal((await admin(`/v2/bookings/${booking}`, { method: 'DELETE' })).status, 204);
    const gone = await admin<Many>(
      '/v2/changes?filter[type][in]=installment.deleted,payment.deleted&page[size]=100',
    );
    assert.equal(
      gone.body.data.length,
      3 + 3,
      'its installments and payments go with it, told (one payment went before)',
    );
    assert.equal((await admin(`/v2/installments/${deposit}`)).status, 404);
  });

  it('moves installments due before the first event with it', async () => {
    await moveTo('2027-03-01T12:00:00Z');
    const booking = await priced('Okafor reunion', 500_000);
    const balance = await created(
      admin,
      '/v2/installments',
      installment(booking, { label: 'Balance', remainder: true, due_days_before: 14 }),
    );
    assert.equal((await attributesOf(`/v2/installments/${balance}`)).due_on, '2027-05-28');
    const moved = await admin(`/v2/bookings/${booking}`, {
      method: 'PATCH',
      body: changeDocument('bookings', booking, {
        start_at: '2027-07-01T16:00:00Z',
        end_at: '2027-07-01T20:00:00Z',
      }),
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal((await attributesOf(`/v2/installments/${balance}`)).due_on, '2027-06-17');
    const signing = await created(
      admin,
      '/v2/installments',
      installment(booking, { label: 'Retainer', amount: 1000, due_on_signing: true }),
    );
    assert.deepEqual(
      [
        (await attributesOf(`/v2/installments/${signing}`)).due_on,
        (await attributesOf(`/v2/installments/${signing}`)).state,
      ],
      [null, 'scheduled'],
    );
  });

  it('reads the days again in the organization’s new time zone when it changes', async () => {
    await moveTo('2027-03-01T12:00:00Z');
    const booking = await priced('Lindqvist dinner', 300_000);
    const balance = await created(
      admin,
      '/v2/installments',
      installment(booking, { label: 'Balance', remainder: true, due_days_before: 14 }),
    );
    // 02:00 UTC on 12 June is the 11th in New York.
    assert.equal((await attributesOf(`/v2/installments/${balance}`)).due_on, '2027-05-28');
    const rezone = async (timezone: string) => {
      const organization = await admin('/v2/organization', {
        method: 'PATCH',
        body: changeDocument('organizations', venue.orgId, { timezone }),
      });
      assert.equal(organization.status, 200, JSON.stringify(organization.body));
    };
    try {
      await rezone('Europe/London');
      // … and the 12th in London: fourteen days before it is the 29th.
      assert.equal((await attributesOf(`/v2/installments/${balance}`)).due_on, '2027-05-29');
      const told = await suite.db
        .selectFrom('changes')
        .select('data')
        .where('organization_id', '=', venue.orgId)
        .where('type', '=', 'installment.updated')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const data = JSON.parse(told.data) as { object: { id: string }; previous_attributes: Attributes };
      assert.equal(data.object.id, balance);
      assert.deepEqual(data.previous_attributes, { due_on: '2027-05-28' });
    } finally {
      await rezone('America/New_York');
    }
    assert.equal((await attributesOf(`/v2/installments/${balance}`)).due_on, '2027-05-28');
  });

  it('refuses a payment time that is not one, and deleting a payment a refund was made from', async () => {
    await moveTo('2027-03-01T12:00:00Z');
    const booking = await priced('Mistakes', 100_000);
    for (const received_at of ['1', 'March 7', '-271821-04-20T00:00:00Z', '0000-01-01T00:00:00Z']) {
      const refused = await admin<ErrorBody>('/v2/payments', {
        method: 'POST',
        body: payment(booking, { amount: 100, received_at }),
      });
      assert.equal(refused.status, 422, `${received_at}: ${JSON.stringify(refused.body)}`);
      assert.deepEqual(pointers(refused.body), ['/data/attributes/received_at']);
    }
    const paid = await created(admin, '/v2/payments', payment(booking, { amount: 500 }));
    await created(admin, '/v2/payments', payment(booking, { kind: 'refund', amount: 500 }));
    const refused = await admin<ErrorBody>(`/v2/payments/${paid}`, { method: 'DELETE' });
    assert.equal(refused.status, 409);
    assert.equal(refused.body.errors[0]!.code, 'refunded');
    assert.equal((await attributesOf(`/v2/bookings/${booking}`)).paid_total, 0);
    const empty = await admin<ErrorBody>('/v2/installments', {
      method: 'POST',
      body: installment(booking, { label: 'Nothing', percentage: '', due_days_before: 3 }),
    });
    assert.equal(empty.status, 422);
    assert.ok(pointers(empty.body).includes('/data/attributes/percentage'), JSON.stringify(empty.body));
  });

  it('tells every bad field of an installment at once', async () => {
    const booking = await priced('Refusals', 100_000);
    await created(
      admin,
      '/v2/installments',
      installment(booking, { label: 'Rest', remainder: true, due_date: '2027-04-01' }),
    );
    const both = await admin<ErrorBody>('/v2/installments', {
      method: 'POST',
      body: installment(booking, {
        label: ' ',
        amount: 100,
        percentage: '10',
        due_date: '2027-02-30',
        due_on_signing: true,
      }),
    });
    assert.equal(both.status, 422, JSON.stringify(both.body));
    assert.deepEqual([...new Set(pointers(both.body))].sort(), [
      '/data/attributes/amount',
      '/data/attributes/due_date',
      '/data/attributes/label',
    ]);
    const second = await admin<ErrorBody>('/v2/installments', {
      method: 'POST',
      body: installment(booking, { label: 'Another rest', remainder: true, due_days_before: 3 }),
    });
    assert.deepEqual(
      second.body.errors.map((e) => e.code),
      ['taken'],
    );
    const over = await admin<ErrorBody>('/v2/installments', {
      method: 'POST',
      body: installment(booking, { label: 'Too much', percentage: '100.5', due_days_before: 3 }),
    });
    assert.equal(over.status, 422);
    const past = await admin<ErrorBody>('/v2/installments', {
      method: 'POST',
      body: installment(booking, { label: 'Too much', amount: 100_001, due_days_before: 3 }),
    });
    assert.deepEqual(
      past.body.errors.map((e) => e.code),
      ['over_total'],
    );
    assert.match(
      past.body.errors[0]!.detail,
      /1000\.01 USD, more than the booking's grand total of 1000\.00 USD/,
    );
  });

  it('pays the deposit due on signing first, and gives it back last', async () => {
    await moveTo('2027-03-01T12:00:00Z');
    const booking = await priced('Adeyemi wedding', 1_000_000);
    // Listed in the order a venue might type them: the dated balance first, the deposit last.
    await created(
      member,
      '/v2/installments',
      installment(booking, { label: 'Balance', remainder: true, due_date: '2027-03-02' }),
    );
    await created(
      member,
      '/v2/installments',
      installment(booking, { label: 'Deposit', percentage: '25', due_on_signing: true }),
    );
    await created(member, '/v2/payments', payment(booking, { amount: 300_000, method: 'card' }));
    const byLabel = async () =>
      Object.fromEntries((await schedule(booking)).map(([label, , , paid]) => [label, paid]));
    assert.deepEqual(await byLabel(), { Balance: 50_000, Deposit: 250_000 });
    await created(member, '/v2/payments', payment(booking, { kind: 'refund', amount: 100_000 }));
    assert.deepEqual(
      await byLabel(),
      { Balance: 0, Deposit: 200_000 },
      'a refund takes back from the latest: the balance, then the deposit',
    );
  });

  it('keeps a paid deposit when the guaranteed count changes, and asks for no more than the balance', async () => {
    await moveTo('2027-03-01T12:00:00Z');
    const booking = await created(
      admin,
      '/v2/bookings',
      bookingDocument(account, {
        name: 'Hart wedding',
        start_at: '2027-06-12T18:00:00Z',
        end_at: '2027-06-12T23:00:00Z',
      }),
    );
    const dinner = await created(admin, '/v2/line_items', {
      data: {
        type: 'line_items',
        attributes: {
          name: 'Dinner',
          category: 'food',
          unit: 'per_person',
          quantity: '120',
          unit_price: 12_345,
        },
        relationships: { booking: ref('bookings', booking) },
      },
    });
    const deposit = await created(
      member,
      '/v2/installments',
      installment(booking, { label: 'Deposit', percentage: '30', due_on_signing: true }),
    );
    const rest = await created(
      member,
      '/v2/installments',
      installment(booking, { label: 'Final balance', remainder: true, due_days_before: 14 }),
    );
    // 30% of 120 × 123.45: 4,444.20 paid in full.
    await created(member, '/v2/payments', payment(booking, { amount: 444_420, method: 'card' }));
    const count = async (quantity: string) => {
      const changed = await admin(`/v2/line_items/${dinner}`, {
        method: 'PATCH',
        body: changeDocument('line_items', dinner, { quantity }),
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
    };
    const stillToPay = async () => {
      const rows = (await admin<Many>(`/v2/installments?filter[booking_id][eq]=${booking}`)).body.data;
      return rows.reduce(
        (sum, i) => sum + Number(i.attributes.amount_due) - Number(i.attributes.paid_amount),
        0,
      );
    };
    for (const quantity of ['112', '131', '97']) {
      await count(quantity);
      const total = Number(quantity) * 12_345;
      const sums = await attributesOf(`/v2/bookings/${booking}`);
      assert.equal(sums.grand_total, total);
      const paidDeposit = await attributesOf(`/v2/installments/${deposit}`);
      assert.deepEqual(
        [paidDeposit.amount_due, paidDeposit.paid_amount, paidDeposit.state],
        [444_420, 444_420, 'paid'],
        `the deposit keeps what was paid at ${quantity} guests`,
      );
      const final = await attributesOf(`/v2/installments/${rest}`);
      assert.deepEqual([final.amount_due, final.paid_amount], [total - 444_420, 0]);
      assert.equal(
        await stillToPay(),
        sums.balance_due,
        `the schedule adds up to the balance at ${quantity} guests`,
      );
    }
    // The invoice shows, beside each installment, what was paid and what is still to pay.
    const invoice = await admin<One>('/v2/documents', {
      method: 'POST',
      body: {
        data: {
          type: 'documents',
          attributes: { kind: 'invoice' },
          relationships: { booking: ref('bookings', booking) },
        },
      },
    });
    assert.equal(invoice.status, 201, JSON.stringify(invoice.body));
    const pdf = await server.fetch(`${server.url}/v2/documents/${invoice.body.data.id}/pdf`, {
      headers: {
        authorization: `Bearer ${await clientCredentialsToken(server, venue)}`,
        'x-api-org': venue.orgId,
      },
    });
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const balance = 97 * 12_345 - 444_420;
    const amount = (minor: number) =>
      (minor / 100).toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    assert.match(text, /Paid To pay/, text);
    // Final balance, its day, its state, then amount, paid and still to pay, each with its currency.
    const finalRow = text.slice(text.indexOf('Final balance')).split(' ');
    const figures = finalRow.filter((word) => /\d\.\d\d$/.test(word)).slice(0, 3);
    assert.deepEqual(
      figures.map((word) => word.replace(/^[^\d]*/, '')),
      [amount(balance), '0.00', amount(balance)],
      text,
    );
    const depositRow = text.slice(text.indexOf('Deposit')).split(' ');
    assert.deepEqual(
      depositRow
        .filter((word) => /\d\.\d\d$/.test(word))
        .slice(0, 3)
        .map((word) => word.replace(/^[^\d]*/, '')),
      [amount(444_420), amount(444_420), '0.00'],
      text,
    );
    assert.ok(text.includes(`Balance due`), text);
  });
});
