/**
 * The booking aggregate (src/crm/bookings/booking-keeping.ts) through real units of work, on both
 * databases: a unit of work that touches one booking several times — events added and changed,
 * lines following guests, lines added — keeps it once, at its end, in the aggregate's one order:
 * its times from its events, the lines that follow guests, its sums, its schedule, and its status
 * carried to its events before the move is told. Each kept step is told once (the change feed).
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { systemClock } from '../../src/clock.js';
import { BOOKING_ACTIONS, updateBooking } from '../../src/crm/bookings/index.js';
import { createEvent, updateEvent } from '../../src/crm/events/index.js';
import { createInstallment } from '../../src/crm/payments/installments.js';
import { createLineItem } from '../../src/crm/pricing/line-items.js';
import { type Command, write, type Writer } from '../../src/writes/unit-of-work.js';
import { eachDatabase } from '../helpers/databases.js';
import { makeWorkspaceVenue, type WorkspaceVenue } from '../helpers/workspace-data.js';

eachDatabase((suite) => {
  let venue: WorkspaceVenue;
  let writer: Writer;
  let firstEvent: string;

  const run = <Input, Result>(command: Command<Input, Result>, input: Input) =>
    write(writer, venue.actor, command, input);

  /** One unit of work running `steps`, as a composite command of the booking. */
  const unit = (steps: (work: Parameters<Command<void, void>['run']>[0]) => Promise<void>) =>
    run({ action: BOOKING_ACTIONS.update, run: steps }, undefined);

  /** The changes committed after `since` (change ids sort in time), as type and what changed. */
  async function changesAfter(since: string) {
    const rows = await suite.db
      .selectFrom('changes')
      .select(['id', 'type', 'data'])
      .where('organization_id', '=', venue.orgId)
      .where('id', '>', since)
      .orderBy('id')
      .execute();
    return rows.map((row) => {
      const data = JSON.parse(row.data) as { previous_attributes?: Record<string, unknown> };
      return { type: row.type, changed: Object.keys(data.previous_attributes ?? {}).sort() };
    });
  }

  async function lastChange(): Promise<string> {
    const row = await suite.db
      .selectFrom('changes')
      .select('id')
      .where('organization_id', '=', venue.orgId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  before(async () => {
    venue = await makeWorkspaceVenue(suite.db, 'Keeping Rooms');
    writer = { db: suite.db, clock: systemClock };
    const event = await suite.db
      .selectFrom('events')
      .select('id')
      .where('booking_id', '=', venue.bookingId)
      .executeTakeFirstOrThrow();
    firstEvent = event.id;
    await run(updateEvent, { id: firstEvent, ifMatch: undefined, input: { guest_count: 20 } });
    await run(createLineItem, {
      bookingId: venue.bookingId,
      eventId: firstEvent,
      name: 'Supper',
      category: 'food',
      unit: 'per_person',
      unit_price: 1000,
    });
    await run(createInstallment, {
      bookingId: venue.bookingId,
      label: 'Deposit',
      percentage: '50',
      due_date: '2026-10-01',
    });
  });

  it('keeps a booking touched several times in a unit of work once, in the aggregate’s order', async () => {
    const since = await lastChange();
    await unit(async (work) => {
      await work.run(createEvent, {
        bookingId: venue.bookingId,
        name: 'Late bar',
        start_at: '2026-11-25T23:00:00Z',
        end_at: '2026-11-26T01:00:00Z',
        guest_count: 30,
      });
      await work.run(updateEvent, { id: firstEvent, ifMatch: undefined, input: { guest_count: 25 } });
      for (const [name, price] of [
        ['Room hire', 50_000],
        ['Lighting', 20_000],
      ] as const) {
        await work.run(createLineItem, {
          bookingId: venue.bookingId,
          name,
          category: 'rental',
          unit: 'flat',
          unit_price: price,
        });
      }
    });
    assert.deepEqual(await changesAfter(since), [
      // What the commands made, each told by its own write.
      { type: 'event.created', changed: [] },
      { type: 'event.updated', changed: ['expected', 'guest_count'] },
      { type: 'line_item.created', changed: [] },
      { type: 'line_item.created', changed: [] },
      // The booking kept once, step by step: its times and guests, the line that follows guests,
      // its sums, its schedule.
      { type: 'booking.updated', changed: ['end_at', 'guest_count'] },
      { type: 'line_item.updated', changed: ['amount', 'quantity', 'total'] },
      {
        type: 'booking.updated',
        changed: ['balance_due', 'category_totals', 'grand_total', 'subtotal', 'total_amount'],
      },
      { type: 'installment.updated', changed: ['amount_due'] },
    ]);
    const booking = await suite.db
      .selectFrom('bookings')
      .selectAll()
      .where('id', '=', venue.bookingId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [new Date(booking.end_at).getTime(), Number(booking.guest_count), Number(booking.subtotal)],
      [Date.parse('2026-11-26T01:00:00Z'), 30, 25 * 1000 + 50_000 + 20_000],
    );
    const deposit = await suite.db
      .selectFrom('installments')
      .select('amount_due')
      .where('booking_id', '=', venue.bookingId)
      .executeTakeFirstOrThrow();
    assert.equal(Number(deposit.amount_due), Number(booking.grand_total) / 2);
  });

  it('carries a status move to the events after everything else it keeps, then tells the move', async () => {
    const since = await lastChange();
    await unit(async (work) => {
      await work.run(createLineItem, {
        bookingId: venue.bookingId,
        name: 'Cloakroom',
        category: 'fee',
        unit: 'flat',
        unit_price: 10_000,
      });
      await work.run(createEvent, {
        bookingId: venue.bookingId,
        name: 'Breakfast',
        start_at: '2026-11-26T08:00:00Z',
        end_at: '2026-11-26T10:00:00Z',
      });
      await work.run(updateBooking, {
        id: venue.bookingId,
        ifMatch: undefined,
        input: { status: 'tentative' },
      });
    });
    const told = (await changesAfter(since)).map((change) => change.type);
    assert.deepEqual(told, [
      'line_item.created',
      'event.created',
      'booking.updated', // the move itself, by its command
      'booking.updated', // its times, from its new event
      'booking.updated', // its sums
      'installment.updated',
      'event.updated',
      'event.updated',
      'event.updated', // each of its three events takes its status
      'booking.status_changed',
    ]);
  });
});
