/**
 * Events of an import (../bulk.ts), by the rules of one event (event-rules.ts) and with no double
 * booking among them or with the stored ones (bulk-clashes.ts): an entry of a definite booking
 * whose event would occupy (with setup and teardown, through combined spaces and their parts) a
 * space that a stored event of another definite booking occupies, or an earlier entry's of
 * another definite booking, is refused naming the one that ends first, as a single create would
 * be. Written, each event tells `event.created`, and each booking it joins is brought up to date
 * with its events (booking-derivation.ts), as a single create does.
 */
import { customFieldsOf, withNewCustomValues } from '../custom-fields/index.js';
import type { Work } from '../../writes/unit-of-work.js';
import {
  type BulkOutcome,
  type BulkRequest,
  insertAll,
  judgeAll,
  ROWS_PER_INSERT,
  stamped,
} from '../bulk.js';
import { eventTypesFor } from '../event-types/index.js';
import { keepBookingNow } from '../bookings/aggregate.js';
import { clashesInBulk, type HoldingEntry } from './bulk-clashes.js';
import type { EventBulkFacts } from './event-bulk-facts.js';
import { checkEvent, type EventInput } from './event-rules.js';
import { insertEventSpaces } from './event.repository.js';
import { eventDefinition } from './event.resource.js';
import type { Event } from './event.table.js';
import { occupiedStretch } from '../occupancy/index.js';
import { spaceIds } from '../data/row-mappers.js';

export async function createEventsInBulk(
  work: Work,
  facts: EventBulkFacts,
  request: BulkRequest<EventInput>,
): Promise<BulkOutcome<Event>> {
  const organizationId = work.actor.organizationId;
  const bookingOf = (id: string | undefined) => (id === undefined ? undefined : facts.booking(id));
  const { fields: custom } = await customFieldsOf(work.trx, organizationId, 'events');
  const judged = judgeAll(request, (input) =>
    withNewCustomValues(
      checkEvent(input, undefined, {
        booking: bookingOf(input.bookingId),
        spaces: facts.spaces,
        eventTypes: facts.eventTypes,
      }),
      custom,
      input.custom_fields,
    ),
  );
  const refused = new Set(judged.problems.map((p) => p.index));
  const rows: Event[] = judged.values.map((fields) => stamped(fields, organizationId, work.now));
  const order = new Map(rows.map((row, index) => [row.id, index]));
  const definite: HoldingEntry[] = rows.flatMap((row, index) => {
    const booking = facts.booking(row.booking_id);
    if (refused.has(index) || !booking || row.status !== 'definite') return [];
    const stretch = occupiedStretch(row);
    const holdings = spaceIds(row).map((spaceId) => ({
      bookingId: row.booking_id,
      reference: `${booking.reference} in ${request.entries[index]!.label}`,
      name: booking.name,
      eventId: row.id,
      eventName: row.name,
      spaceId,
      spaceName: facts.spaces.get(spaceId)?.name ?? spaceId,
      startAt: row.start_at,
      endAt: row.end_at,
      timezone: booking.timezone,
      occupiedFrom: stretch.from,
      occupiedUntil: stretch.until,
    }));
    return [{ index, holdings }];
  });
  const problems = [...judged.problems, ...(await clashesInBulk(work, definite, order, facts.spaces))].sort(
    (a, b) => a.index - b.index,
  );
  if (problems.length > 0 || !request.write) return { created: [], problems };
  // Of the new type its entry names, else of their booking's type, made when the organization
  // has no such type yet, as a single create.
  const untyped = rows.flatMap((row, index) => {
    const wanted = request.entries[index]!.input.newEventType;
    if (wanted === undefined && row.event_type_id !== null) return [];
    return [{ row, value: wanted ?? facts.booking(row.booking_id)?.event_type }];
  });
  const typeOf = await eventTypesFor(
    work,
    untyped.map((u) => u.value),
  );
  for (const { row, value } of untyped) row.event_type_id = typeOf(value);
  await insertAll(work, eventDefinition, rows, request.progress, async (trx) => {
    await insertEventSpaces(trx, organizationId, rows, ROWS_PER_INSERT * 2);
  });
  // Each booking's start, end, spaces and guests follow its events (told as booking.updated): kept
  // here, one booking at a time, so a long import's progress shows the bookings being brought up to
  // date rather than falling quiet until the unit of work ends.
  const bookingIds = [...new Set(rows.map((row) => row.booking_id))];
  request.progress?.phase('Bookings', bookingIds.length, ' bookings');
  for (const [i, bookingId] of bookingIds.entries()) {
    const refused = await keepBookingNow(work, bookingId, { events: true });
    // Its events' times alone are kept here, which no sum depends on; the import's unit of work
    // would make a refusal its own, as of any rule inside it.
    if (refused) throw refused.asError();
    if (i % 100 === 0) request.progress?.update(i);
  }
  return { created: rows, problems };
}
