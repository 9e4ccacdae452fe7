/**
 * Bookings of an import (../bulk.ts), by the rules of one booking (booking-rules.ts), each with
 * its first event as a single create makes it, and with no double booking among them or with the
 * stored ones (../occupancy/event-clash.ts): a definite entry whose event would occupy a space a
 * stored definite booking's event occupies, or an entry's before it, is refused naming the one
 * that ends first, as a single write would be. References are taken as one block. An entry whose
 * events come next in the same unit of work (an import with its events file) gets no first event;
 * a referral source an entry names that the organization has not yet is made with it.
 */
import { customFieldsOf, withNewCustomValues } from '../custom-fields/index.js';
import { monotonicId } from '../../db/ids.js';
import { recordCreatedInBulk } from '../change-events.js';
import { eventTypesFor } from '../event-types/index.js';
import {
  clashesInBulk,
  type DerivedFields,
  eventDefinition,
  type HoldingEntry,
  insertEventSpaces,
} from '../events/index.js';
import type { Work } from '../../writes/unit-of-work.js';
import {
  type BulkOutcome,
  type BulkRequest,
  insertAll,
  judgeAll,
  ROWS_PER_INSERT,
  stamped,
} from '../bulk.js';
import type { VenueFacts } from '../facts.js';
import { insertInChunks } from '../../db/insert-in-chunks.js';
import { referralSourcesFor } from '../pipelines/index.js';
import { takeBookingReferences } from './booking-numbers.js';
import { type BookingFields, type BookingInput, checkBooking } from './booking-rules.js';
import { spaceIds as spaceIdsOf } from '../data/row-mappers.js';
import { bookingDefinition } from './booking.resource.js';
import { sourceOfDoor } from './booking-source.js';
import { firstEvent, firstEventName } from './first-event.js';
import { type Booking, NO_PRICES } from './booking.table.js';

export async function createBookingsInBulk(
  work: Work,
  facts: VenueFacts,
  request: BulkRequest<BookingInput>,
  /**
   * Entries whose events are made next, in the same unit of work: they get no first event, and
   * are written showing what those events will make of them (when known), so that neither their
   * `booking.created` nor a `booking.updated` right after tells of a booking without its events.
   */
  eventful: ReadonlyMap<number, DerivedFields | undefined> = new Map(),
): Promise<BulkOutcome<Booking>> {
  const organizationId = work.actor.organizationId;
  const { fields: custom } = await customFieldsOf(work.trx, organizationId, 'bookings');
  const judged = judgeAll(request, (input) =>
    withNewCustomValues(checkBooking(input, undefined, facts), custom, input.custom_fields),
  );
  const refused = new Set(judged.problems.map((p) => p.index));
  const rows = judged.values.map((fields: BookingFields) =>
    stamped(
      {
        custom_fields: '{}',
        ...fields,
        ...NO_PRICES,
        source: fields.source ?? sourceOfDoor(work.actor.door),
        reference: '',
      },
      organizationId,
      work.now,
    ),
  );
  const order = new Map(rows.map((row, index) => [row.id, index]));
  const definite: HoldingEntry[] = rows.flatMap((row, index) =>
    refused.has(index) || row.status !== 'definite' || eventful.has(index)
      ? []
      : [
          {
            index,
            holdings: spaceIdsOf(row).map((spaceId) => ({
              bookingId: row.id,
              reference: request.entries[index]!.label,
              name: row.name,
              eventId: row.id,
              eventName: firstEventName(row),
              spaceId,
              spaceName: facts.space(spaceId)?.name ?? spaceId,
              startAt: row.start_at,
              endAt: row.end_at,
              timezone: row.timezone,
              occupiedFrom: row.start_at,
              occupiedUntil: row.end_at,
            })),
          },
        ],
  );
  const problems = [...judged.problems, ...(await clashesInBulk(work, definite, order, facts.spaces))].sort(
    (a, b) => a.index - b.index,
  );
  if (problems.length > 0 || !request.write) return { created: [], problems };
  for (const [index, derived] of eventful) if (derived) Object.assign(rows[index]!, derived);
  const references = await takeBookingReferences(work.trx, organizationId, rows.length);
  rows.forEach((row, i) => (row.reference = references[i]!));
  // The referral sources the entries name that the organization has not yet.
  const newSources = request.entries.map((entry) => entry.input.newReferralSource);
  const sourceOf = await referralSourcesFor(work, newSources);
  newSources.forEach((name, i) => {
    if (name) rows[i]!.referral_source_id = sourceOf(name) ?? null;
  });
  // Each booking's first event, as a single create makes it (ids in the order of the rows, as the bookings').
  const typeOf = await eventTypesFor(
    work,
    rows.map((row) => row.event_type),
  );
  const events = rows
    .flatMap((row, index) => (eventful.has(index) ? [] : [row]))
    .map((row) => ({
      ...firstEvent(row, typeOf(row.event_type)),
      id: monotonicId(work.now),
      organization_id: organizationId,
      created_at: row.created_at,
      updated_at: row.updated_at,
    }));
  await insertAll(work, bookingDefinition, rows, request.progress, async (trx) => {
    const holdings = rows.flatMap((row) =>
      spaceIdsOf(row).map((spaceId) => ({ booking_id: row.id, space_id: spaceId })),
    );
    await insertInChunks(trx, 'booking_spaces', holdings, ROWS_PER_INSERT * 4);
    await insertInChunks(trx, 'events', events, ROWS_PER_INSERT);
    await insertEventSpaces(trx, organizationId, events, ROWS_PER_INSERT * 2);
  });
  await recordCreatedInBulk(work.trx, eventDefinition, organizationId, events, work.now);
  return { created: rows, problems };
}

/** The name of a booking's first event: its event type, else "Main event". */
