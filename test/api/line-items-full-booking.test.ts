/**
 * A booking at its limit of line items (SPEC §12): it holds 500, the 501st is refused; a change of
 * its event's guests prices every per-person line again in one unit of work, the booking's sums
 * following, and the event loop turns while it does (other requests are not held up behind it);
 * deleting the booking takes its 500 lines along, each told.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { LINES_PER_BOOKING } from '../../src/crm/money.js';
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
  created,
  type ErrorBody,
  type Many,
} from '../helpers/writes.js';

type Attributes = Record<string, unknown>;
interface One {
  data: { id: string; attributes: Attributes };
}

/** How often the event loop came round to a 1 ms timer while `work` ran, and its longest wait. */
async function loopTurns<T>(work: () => Promise<T>): Promise<{ result: T; turns: number; longest: number }> {
  let last = performance.now();
  let turns = 0;
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    turns += 1;
  }, 1);
  try {
    return { result: await work(), turns, longest };
  } finally {
    clearInterval(timer);
  }
}

eachDatabase((suite) => {
  let server: TestServer;
  let venue: Venue;
  let admin: Api;

  before(async () => {
    server = await startTestServer(suite.database, { RATE_LIMIT_PER_MINUTE: '0' });
    venue = await makeVenue(suite.db);
    admin = apiFor(server, await clientCredentialsToken(server, venue), venue.orgId);
  });
  after(() => server.close());

  /** How many changes of `type` the organization has told. */
  const told = async (type: string) =>
    Number(
      (
        await suite.db
          .selectFrom('changes')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('organization_id', '=', venue.orgId)
          .where('type', '=', type)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('prices 500 per-person lines again when the guests change, turning the event loop meanwhile', async () => {
    const account = await created(admin, '/v2/accounts', accountDocument({ name: 'Orchard Fair' }));
    const booking = await created(admin, '/v2/bookings', bookingDocument(account, { guest_count: 40 }));
    const event = (await admin<Many>(`/v2/events?filter[booking_id][eq]=${booking}`)).body.data[0]!.id;
    const line = (n: number) => ({
      data: {
        type: 'line_items',
        attributes: { name: `Stall ${n}`, category: 'food', unit: 'per_person', unit_price: 100 + n },
        relationships: {
          booking: { data: { type: 'bookings', id: booking } },
          event: { data: { type: 'events', id: event } },
        },
      },
    });
    for (let n = 0; n < LINES_PER_BOOKING; n += 25) {
      const batch = Array.from({ length: 25 }, (_, i) =>
        admin('/v2/line_items', { method: 'POST', body: line(n + i) }),
      );
      for (const answer of await Promise.all(batch))
        assert.equal(answer.status, 201, JSON.stringify(answer.body));
    }
    const refused = await admin<ErrorBody>('/v2/line_items', {
      method: 'POST',
      body: line(LINES_PER_BOOKING),
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.errors[0]?.code, 'too_many_lines');

    // Σ (100 + n) for n < 500 = 174,750 a guest.
    const perGuest = LINES_PER_BOOKING * 100 + (LINES_PER_BOOKING * (LINES_PER_BOOKING - 1)) / 2;
    const subtotal = async () => (await admin<One>(`/v2/bookings/${booking}`)).body.data.attributes.subtotal;
    assert.equal(await subtotal(), 40 * perGuest);
    const changesBefore = await told('line_item.updated');
    const {
      result: moved,
      turns,
      longest,
    } = await loopTurns(() =>
      admin(`/v2/events/${event}`, {
        method: 'PATCH',
        body: changeDocument('events', event, { guest_count: 120 }),
      }),
    );
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal(await subtotal(), 120 * perGuest);
    assert.equal((await told('line_item.updated')) - changesBefore, LINES_PER_BOOKING, 'each line told once');
    // Pricing 500 lines again is many statements; the loop comes round between every few dozen of
    // them rather than once at the end (which it did, after some 250 ms on SQLite).
    assert.ok(turns >= 10, `the event loop turned ${turns} times (longest wait ${Math.round(longest)} ms)`);

    const gone = await admin(`/v2/bookings/${booking}`, { method: 'DELETE' });
    assert.equal(gone.status, 204);
    const left = await suite.db
      .selectFrom('line_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('booking_id', '=', booking)
      .executeTakeFirstOrThrow();
    assert.equal(Number(left.n), 0);
    assert.equal(await told('line_item.deleted'), LINES_PER_BOOKING, 'each line told gone');
  });
});
