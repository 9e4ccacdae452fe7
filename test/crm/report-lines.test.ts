/**
 * report_lines, the lines as revenue_by_space counts them (migration 2026-11-30T00), kept by the
 * database on every write: after each change made through the API to a booking, its events or
 * its lines, and after statements that change many rows at once or cascade, the table holds
 * exactly the rows the test computes from the lines, events and bookings it reads back.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import * as reportLines from '../../src/db/migrations/2026-11-30T00-report-lines.js';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { clientCredentialsToken } from '../helpers/api.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeVenue, type Venue } from '../helpers/oauth.js';
import {
  type Api,
  apiFor,
  accountDocument,
  bookingDocument,
  changeDocument,
  created,
  eventDocument,
  spaceDocument,
} from '../helpers/writes.js';

const ref = (type: string, id: string) => ({ data: { type, id } });
const spacesOf = (ids: string[]) => ({ spaces: { data: ids.map((id) => ({ type: 'spaces', id })) } });

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let api: Api;
  const spaces: string[] = [];
  let booking = '';
  let account = '';
  const events: string[] = [];
  const lines: string[] = [];

  /** The rows report_lines should hold, from the tables it follows. */
  const expected = async () => {
    const rows = await suite.db
      .selectFrom('line_items as l')
      .innerJoin('bookings as b', 'b.id', 'l.booking_id')
      .leftJoin('events as e', 'e.id', 'l.event_id')
      .select(['l.id', 'l.amount', 'b.status', 'b.currency', 'b.start_at', 'b.space_ids'])
      .select(['e.start_at as event_start', 'e.space_ids as event_spaces'])
      .where('l.organization_id', '=', venue.orgId)
      .execute();
    return rows
      .filter((r) => r.status === 'definite' || r.status === 'closed')
      .map((r) => {
        const at = new Date(r.event_start ?? r.start_at).toISOString();
        const held = r.event_spaces ?? r.space_ids;
        const count = (JSON.parse(held) as string[]).length;
        const day = Number(at.slice(8, 10));
        const amount = Number(r.amount);
        return {
          line_id: r.id,
          at,
          bucket: day >= 2 && day <= 27 ? at.slice(0, 7) : at.slice(0, 16),
          currency: r.currency,
          held,
          remainder: count === 0 ? 0 : ((amount % count) + count) % count,
          amount,
        };
      })
      .sort((a, b) => a.line_id.localeCompare(b.line_id));
  };
  const kept = async () =>
    (
      await suite.db
        .selectFrom('report_lines')
        .select(['line_id', 'at', 'bucket', 'currency', 'held', 'remainder', 'amount'])
        .where('organization_id', '=', venue.orgId)
        .execute()
    )
      .map((r) => ({
        ...r,
        at: new Date(r.at).toISOString(),
        remainder: Number(r.remainder),
        amount: Number(r.amount),
      }))
      .sort((a, b) => a.line_id.localeCompare(b.line_id));
  const agree = async (count: number) => {
    const rows = await kept();
    assert.deepEqual(rows, await expected());
    assert.equal(rows.length, count);
  };
  const patch = async (type: string, id: string, attributes: object, relationships?: object) => {
    const changed = await api(`/v2/${type}/${id}`, {
      method: 'PATCH',
      body: changeDocument(type, id, attributes as Record<string, unknown>, relationships as never),
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
  };
  const line = async (price: number, event?: string) =>
    created(api, '/v2/line_items', {
      data: {
        type: 'line_items',
        attributes: { name: 'Line', category: 'rental', unit_price: price },
        relationships: {
          booking: ref('bookings', booking),
          ...(event ? { event: ref('events', event) } : {}),
        },
      },
    });

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    server.clock.setTo(Date.parse('2027-01-02T10:00:00Z'));
    venue = await makeVenue(suite.db);
    api = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
    for (const name of ['Ballroom', 'Garden', 'Library'])
      spaces.push(await created(api, '/v2/spaces', spaceDocument({ name })));
    account = await created(api, '/v2/accounts', accountDocument({ name: 'Lines Ltd' }));
    booking = await created(
      api,
      '/v2/bookings',
      bookingDocument(
        account,
        { name: 'Gala', start_at: '2027-03-31T18:00:00Z', end_at: '2027-04-02T23:00:00Z', currency: 'EUR' },
        { spaces: [spaces[0]!, spaces[1]!] },
      ),
    );
    events.push(
      await created(
        api,
        '/v2/events',
        eventDocument(booking, { start_at: '2027-04-01T18:00:00Z', end_at: '2027-04-01T22:00:00Z' }, [
          spaces[2]!,
        ]),
      ),
    );
    lines.push(await line(100_001), await line(50_000, events[0]), await line(7));
  });
  after(() => server.close());

  it('holds no line of a lead, and every line once the booking is definite', async () => {
    await agree(0);
    await patch('bookings', booking, { status: 'definite' });
    await agree(3);
  });

  it('follows a line’s price, and an event’s move and spaces (and the booking’s, derived from them)', async () => {
    await patch('line_items', lines[0]!, { unit_price: 99_998 });
    await agree(3);
    await patch('events', events[0]!, { start_at: '2027-04-12T18:00:00Z', end_at: '2027-04-12T22:00:00Z' });
    await agree(3);
    await patch('events', events[0]!, {}, spacesOf([spaces[0]!, spaces[2]!]));
    await agree(3);
  });

  it('lets a deleted line, and an event’s lines, go', async () => {
    assert.equal((await api(`/v2/line_items/${lines[2]}`, { method: 'DELETE' })).status, 204);
    await agree(2);
    assert.equal((await api(`/v2/events/${events[0]}`, { method: 'DELETE' })).status, 204);
    await agree(1);
  });

  it('follows statements that change many rows at once, and the cascade of a deleted booking', async () => {
    for (const [start_at, end_at] of [
      ['2027-04-20T18:00:00Z', '2027-04-20T22:00:00Z'],
      ['2027-04-28T23:30:00Z', '2027-04-29T02:00:00Z'],
    ])
      events.push(
        await created(api, '/v2/events', eventDocument(booking, { start_at, end_at }, [spaces[1]!])),
      );
    await line(3, events[1]);
    await line(4, events[2]);
    await agree(3);
    await suite.db
      .updateTable('events')
      .set({ space_ids: JSON.stringify([spaces[0]]) })
      .where('booking_id', '=', booking)
      .execute();
    await agree(3);
    await suite.db
      .updateTable('line_items')
      .set({ amount: 12_345 })
      .where('booking_id', '=', booking)
      .execute();
    await agree(3);
    await patch('bookings', booking, { status: 'closed' });
    await agree(3);
    await suite.db.deleteFrom('bookings').where('id', '=', booking).execute();
    await agree(0);
  });

  it('is made, filled from the lines there are, and taken away again by its migration', async () => {
    booking = await created(
      api,
      '/v2/bookings',
      bookingDocument(account, { name: 'Again', status: 'definite', currency: 'EUR' }, { spaces }),
    );
    await line(10);
    await line(11);
    await agree(2);
    await reportLines.down(suite.db as never);
    await reportLines.up(suite.db as never);
    await agree(2);
  });
});
