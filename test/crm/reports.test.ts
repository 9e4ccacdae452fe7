/**
 * The reports (SPEC §14) at GET /v2/reports/{name}: pipeline, conversion and revenue by space,
 * their figures checked against sums the test computes from the bookings, events and lines it
 * made (drawn once by fast-check from a fixed seed) and read back; a line of an event counts for
 * its spaces in equal whole parts that add up to it; per currency; months in the venue's zone;
 * CSV with the same figures; crm_read; bad parameters named at once, an unknown report a 404.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken, okText } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  type Api,
  apiFor,
  accountDocument,
  bookingDocument,
  changeDocument,
  created,
  type Many,
  spaceDocument,
} from '../helpers/writes.js';

const ZONE = 'Europe/Berlin';
const ref = (type: string, id: string) => ({ data: { type, id } });
const monthIn = (instant: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit' })
    .format(new Date(instant))
    .slice(0, 7);

const plans = fc.sample(
  fc.record({
    status: fc.constantFrom('lead', 'tentative', 'definite', 'closed', 'lost'),
    currency: fc.constantFrom('USD', 'EUR'),
    spaces: fc.subarray([0, 1, 2]),
    second: fc.option(fc.subarray([0, 1, 2], { minLength: 1 }), { nil: undefined }),
    lines: fc.array(fc.record({ price: fc.integer({ min: 1, max: 100_001 }), ofEvent: fc.nat(2) }), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
  { numRuns: 14, seed: 1457 },
);

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  let token: string;
  const spaceIds: string[] = [];
  const bookings: string[] = [];

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-01-02T10:00:00Z'));
    venue = await makeVenue(suite.db);
    token = await clientCredentialsToken(server, venue);
    api = apiFor(server, token, venue.orgId);
    await api('/v2/organization', {
      method: 'PATCH',
      body: changeDocument('organizations', venue.orgId, { timezone: ZONE }),
    });
    for (const name of ['Ballroom', 'Garden', 'Library'])
      spaceIds.push(await created(api, '/v2/spaces', spaceDocument({ name })));
    const account = await created(api, '/v2/accounts', accountDocument({ name: 'Reports Ltd' }));
    for (const [k, plan] of plans.entries()) {
      // A day of its own (no two definite bookings meet); 23:30 UTC on a month's last day is the next month in Berlin.
      const startAt = new Date(Date.UTC(2027, 0, 31, 23, 30) + k * 11 * 86_400_000).toISOString();
      const endAt = new Date(Date.parse(startAt) + 3 * 3_600_000).toISOString();
      const booking = await created(
        api,
        '/v2/bookings',
        bookingDocument(
          account,
          {
            name: `B${k}`,
            start_at: startAt,
            end_at: endAt,
            currency: plan.currency,
            total_amount: 1000 * k,
          },
          { spaces: plan.spaces.map((i) => spaceIds[i]!) },
        ),
      );
      bookings.push(booking);
      const events = (await api<Many>(`/v2/events?filter[booking_id][eq]=${booking}`)).body.data.map(
        (e) => e.id,
      );
      if (plan.second)
        events.push(
          await created(api, '/v2/events', {
            data: {
              type: 'events',
              attributes: {
                name: 'Dinner',
                start_at: new Date(Date.parse(startAt) + 3_600_000 * 48).toISOString(),
                end_at: new Date(Date.parse(startAt) + 3_600_000 * 50).toISOString(),
              },
              relationships: {
                booking: ref('bookings', booking),
                spaces: { data: plan.second.map((i) => ({ type: 'spaces', id: spaceIds[i]! })) },
              },
            },
          }),
        );
      for (const line of plan.lines) {
        const event = line.ofEvent === 0 ? undefined : events[(line.ofEvent - 1) % events.length];
        await created(api, '/v2/line_items', {
          data: {
            type: 'line_items',
            attributes: { name: 'Line', category: 'rental', unit_price: line.price },
            relationships: {
              booking: ref('bookings', booking),
              ...(event ? { event: ref('events', event) } : {}),
            },
          },
        });
      }
      const moves = {
        lead: [],
        tentative: ['tentative'],
        definite: ['definite'],
        closed: ['definite', 'closed'],
        lost: ['lost'],
      }[plan.status];
      for (const status of moves) {
        const moved = await api(`/v2/bookings/${booking}`, {
          method: 'PATCH',
          body: changeDocument('bookings', booking, {
            status,
            ...(status === 'lost' ? { lost_reason: k % 2 ? 'Price' : 'Date taken' } : {}),
          }),
        });
        assert.equal(moved.status, 200, JSON.stringify(moved.body));
      }
    }
  });
  after(() => server.close());

  const report = async (path: string) => {
    const read = await api<{ data: Array<{ type: string; attributes: Record<string, unknown> }> }>(path);
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.ok(read.body.data.every((r) => r.type === 'report_rows'));
    return read.body.data.map((r) => r.attributes);
  };
  const booked = async () =>
    (await api<Many>(`/v2/bookings?page[size]=100`)).body.data.filter((b) => bookings.includes(b.id));
  const key = (...parts: unknown[]) => parts.join('|');

  it('adds the bookings up by month of the first event, status and currency', async () => {
    const expected = new Map<string, [number, number]>();
    for (const b of await booked()) {
      const k = key(monthIn(String(b.attributes.start_at)), b.attributes.status, b.attributes.currency);
      const [count, total] = expected.get(k) ?? [0, 0];
      expected.set(k, [count + 1, total + Number(b.attributes.total_amount)]);
    }
    const rows = await report('/v2/reports/pipeline');
    assert.deepEqual(
      new Map(rows.map((r) => [key(r.month, r.status, r.currency), [r.count, r.grand_total]])),
      expected,
    );
    const march = await report('/v2/reports/pipeline?from=2027-03-01&to=2027-03-31');
    assert.ok(march.length > 0 && march.every((r) => r.month === '2027-03'));
  });

  it('counts the leads that became definite and those lost, with their reasons', async () => {
    const all = await booked();
    const won = all.filter((b) => ['definite', 'closed'].includes(String(b.attributes.status)));
    const lost = all.filter((b) => b.attributes.status === 'lost');
    const rows = await report('/v2/reports/conversion?from=2027-01-01&to=2027-01-31');
    const sum = (field: string) => rows.reduce((s, r) => s + Number(r[field]), 0);
    assert.deepEqual([sum('leads'), sum('won'), sum('lost')], [all.length, won.length, lost.length]);
    assert.equal(
      sum('won_total'),
      won.reduce((s, b) => s + Number(b.attributes.total_amount), 0),
    );
    const reasons: Record<string, number> = {};
    for (const b of lost)
      reasons[String(b.attributes.lost_reason)] = (reasons[String(b.attributes.lost_reason)] ?? 0) + 1;
    const told: Record<string, number> = {};
    for (const r of rows)
      for (const [reason, n] of Object.entries(r.lost_reasons as Record<string, number>))
        told[reason] = (told[reason] ?? 0) + n;
    assert.deepEqual(told, reasons);
  });

  it('shares each line among its spaces in whole parts that add up to it, by month and currency', async () => {
    const expected = new Map<string, number>();
    const perCurrency = new Map<string, number>();
    for (const b of (await booked()).filter((x) =>
      ['definite', 'closed'].includes(String(x.attributes.status)),
    )) {
      const events = new Map(
        (await api<Many>(`/v2/events?filter[booking_id][eq]=${b.id}`)).body.data.map((e) => [e.id, e]),
      );
      const lines = (await api<Many>(`/v2/line_items?filter[booking_id][eq]=${b.id}&page[size]=100`)).body
        .data;
      for (const line of lines) {
        const eventId = (line.relationships.event?.data as { id: string } | null)?.id;
        const holder = eventId ? events.get(eventId)! : b;
        const held = (holder.relationships.spaces!.data as Array<{ id: string }>).map((s) => s.id).sort();
        const amount = Number(line.attributes.amount);
        const currency = String(b.attributes.currency);
        perCurrency.set(currency, (perCurrency.get(currency) ?? 0) + amount);
        const ids = held.length ? held : [null];
        const base = Math.floor(amount / ids.length);
        ids.forEach((id, i) => {
          const k = key(monthIn(String(holder.attributes.start_at)), id, currency);
          expected.set(k, (expected.get(k) ?? 0) + base + (i < amount - base * ids.length ? 1 : 0));
        });
      }
    }
    const rows = await report('/v2/reports/revenue_by_space');
    assert.deepEqual(new Map(rows.map((r) => [key(r.month, r.space_id, r.currency), r.amount])), expected);
    for (const [currency, total] of perCurrency)
      assert.equal(
        rows.filter((r) => r.currency === currency).reduce((s, r) => s + Number(r.amount), 0),
        total,
      );
  });

  it('gives the same rows as CSV, and refuses what it cannot answer', async () => {
    const rows = await report('/v2/reports/revenue_by_space');
    const csv = await okText(server, '/v2/reports/revenue_by_space?format=csv', token, venue.orgId);
    const [header, ...lines] = parse(csv) as string[][];
    assert.deepEqual(header, ['month', 'space_id', 'space_name', 'currency', 'amount', 'amount_formatted']);
    assert.deepEqual(
      lines.map((l) => Number(l[4])),
      rows.map((r) => r.amount),
    );
    // Beside each amount, the same amount as a Berlin venue (de-DE) writes it: "1.234,56 €".
    for (const [, , , currency, amount, formatted] of lines) {
      const sign = currency === 'EUR' ? '€' : '$';
      assert.match(formatted ?? '', new RegExp(`^\\d{1,3}(\\.\\d{3})*,\\d\\d\u00a0\\${sign}$`));
      assert.equal(Number(formatted?.replace(/\D/g, '')), Number(amount));
    }
    const bad = await api<{ errors: Array<{ source: { parameter: string } }> }>(
      '/v2/reports/pipeline?from=2027-02-30&to=soon',
    );
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.errors.map((e) => e.source.parameter),
      ['from', 'to'],
    );
    assert.equal((await api('/v2/reports/forecast')).status, 404);
  });
});
