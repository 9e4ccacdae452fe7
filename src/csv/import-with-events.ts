/**
 * `marquee import --type bookings BOOKINGS.csv --events EVENTS.csv`: bookings and their events
 * moved together, as an export of both writes them (SPEC §10, §11). A bookings row of a booking
 * with several events carries what its events make of it (all their spaces, the most guests), which
 * no single event could hold; so each bookings row that the events file names, by the row's `id` or
 * its `reference`, is made without a first event, and its spaces and guests come from the events
 * made in it next. Rows the events file does not name get their first event as in a bookings import.
 * Both files are judged before anything is written, and written in one unit of work: all rows of
 * both, or none. Problems of the events file are told as `events file, row N, …`.
 */
import { checkBooking, createBookingsInBulk } from '../crm/bookings/index.js';
import type { BulkRequest } from '../crm/bulk.js';
import { eventTypesOf } from '../crm/event-types/index.js';
import {
  type BookingFact,
  checkEvent,
  createEventsInBulk,
  type DerivedFields,
  derivedFrom,
  type EventBulkFacts,
  type EventFields,
  type EventInput,
  loadEventBulkFacts,
  normalReference,
} from '../crm/events/index.js';
import { loadAllFacts } from '../crm/all-facts.js';
import type { Refusal } from '../writes/refusal.js';
import type { Work } from '../writes/unit-of-work.js';
import { bookingInputOf } from './booking-rows.js';
import { eventInputOf } from './event-rows.js';
import { csvCustomFields, customValuesOf } from './custom-columns.js';
import { tellProblems } from './import-kinds.js';
import { rolledBack } from './import-rollback.js';
import type { Progress } from './progress.js';
import type { CsvRow } from './read-rows.js';
import type { RowErrors } from './row-errors.js';

export interface BookingsWithEvents {
  bookings: readonly CsvRow[];
  events: readonly CsvRow[];
  bookingErrors: RowErrors;
  eventErrors: RowErrors;
  dryRun: boolean;
  progress: Progress;
}

/** Bookings and events written. */
export interface ImportedWithEvents {
  bookings: number;
  events: number;
}

/** The key an events row's booking is known by until it is written: its row in the bookings file. */
const KEY = 'bookings-file-row-';
const keyOf = (index: number) => `${KEY}${index}`;

export async function importBookingsWithEvents(
  work: Work,
  files: BookingsWithEvents,
): Promise<ImportedWithEvents | Refusal<ImportedWithEvents>> {
  const { bookings, events, bookingErrors, eventErrors, progress } = files;
  const organizationId = work.actor.organizationId;
  const facts = await loadAllFacts(work.trx, organizationId, work.actor.userId);
  const [bookingFields, eventFields] = await Promise.all([
    csvCustomFields(work.trx, organizationId, 'bookings'),
    csvCustomFields(work.trx, organizationId, 'events'),
  ]);

  // The bookings rows by the id and the reference their export gave them.
  const byId = new Map<string, number>();
  const byReference = new Map<string, number>();
  bookings.forEach((row, index) => {
    const id = row.cells.id?.trim();
    const reference = row.cells.reference?.trim();
    if (id) byId.set(id, index);
    if (reference) byReference.set(normalReference(reference), index);
  });
  const named = (row: CsvRow) => {
    const id = row.cells.booking_id?.trim();
    const reference = row.cells.booking_reference?.trim();
    if (id && byId.has(id)) return byId.get(id);
    return reference ? byReference.get(normalReference(reference)) : undefined;
  };
  const eventful = new Map(
    events.flatMap((row) => [named(row)].filter((i) => i !== undefined)).map((i) => [i, undefined]),
  );

  // Bookings whose events follow hold what those events hold: the row's own spaces and guests are left out.
  const bookingEntries = bookings.map((row, index) => {
    const input = {
      ...bookingInputOf(row, bookingErrors, facts),
      custom_fields: customValuesOf(row, bookingFields),
    };
    return {
      input: eventful.has(index) ? { ...input, spaceIds: [], guest_count: undefined } : input,
      label: `row ${row.row} of the bookings file`,
    };
  });
  const judged = await createBookingsInBulk(work, facts, { entries: bookingEntries, write: false }, eventful);
  tellProblems(judged, bookings, bookingErrors);

  // The events, judged against the bookings as they will be made.
  const planned = new Map<string, BookingFact>();
  bookingEntries.forEach(({ input }, index) => {
    const fields = checkBooking(input, undefined, facts).value;
    const reference = bookings[index]!.cells.reference?.trim() || `row ${bookings[index]!.row}`;
    planned.set(keyOf(index), { ...fields, id: keyOf(index), reference });
  });
  const inFile: EventBulkFacts = {
    spaces: facts.spaces,
    eventTypes: await eventTypesOf(work.trx, organizationId),
    booking: (id) => planned.get(id) ?? planned.get(keyOf(byId.get(id) ?? -1)),
    bookingByReference: (reference) => planned.get(keyOf(byReference.get(normalReference(reference)) ?? -1)),
  };
  const eventEntries = events.map((row) => {
    const input = {
      ...eventInputOf(row, eventErrors, inFile),
      custom_fields: customValuesOf(row, eventFields),
    };
    const index = named(row);
    if (index === undefined) {
      eventErrors.add(
        row.row,
        row.cells.booking_id?.trim() ? 'booking_id' : 'booking_reference',
        'This names no booking of the bookings file (by its id or reference).',
      );
    }
    return {
      input: { ...input, bookingId: index === undefined ? undefined : keyOf(index) },
      label: `row ${row.row} of the events file`,
    };
  });
  tellProblems(
    await createEventsInBulk(work, inFile, { entries: eventEntries, write: false }),
    events,
    eventErrors,
  );
  if (files.dryRun || bookingErrors.any || eventErrors.any) return { bookings: 0, events: 0 };

  const made = await createBookingsInBulk(
    work,
    facts,
    { entries: bookingEntries, write: true, progress },
    derivedOfFile(eventful, eventEntries, inFile),
  );
  const idOf = new Map(made.created.map((booking, index) => [keyOf(index), booking.id]));
  const request: BulkRequest<EventInput> = {
    entries: eventEntries.map((entry) => ({
      ...entry,
      input: { ...entry.input, bookingId: idOf.get(entry.input.bookingId ?? '') },
    })),
    write: true,
    progress,
  };
  const stored = await loadEventBulkFacts(work.trx, organizationId, {
    bookingIds: idOf.values(),
    references: [],
  });
  const written = await createEventsInBulk(work, stored, request);
  if (written.problems.length > 0) {
    // A clash with a first event of the bookings file, seen only now that it is stored.
    tellProblems(written, events, eventErrors);
    return rolledBack({ bookings: 0, events: 0 });
  }
  return { bookings: made.created.length, events: written.created.length };
}

/**
 * What each booking of the file will show of its events (its start, end, spaces and guests), read
 * from the events as the rules take them, in the order they will be stored (by start, then as
 * written), so the booking is written as its events leave it.
 */
function derivedOfFile(
  eventful: ReadonlyMap<number, unknown>,
  entries: ReadonlyArray<{ input: EventInput }>,
  facts: EventBulkFacts,
): Map<number, DerivedFields | undefined> {
  // Each as the rules leave it, with its place in the file to keep their order.
  const byBooking = new Map<number, Array<EventFields & { id: string }>>();
  entries.forEach(({ input }, order) => {
    const index = Number(input.bookingId?.slice(KEY.length));
    if (!eventful.has(index)) return;
    const booking = facts.booking(input.bookingId ?? '');
    const fields = checkEvent(input, undefined, {
      booking,
      spaces: facts.spaces,
      eventTypes: facts.eventTypes,
    });
    const event = { ...fields.value, id: String(order).padStart(10, '0') };
    byBooking.set(index, [...(byBooking.get(index) ?? []), event]);
  });
  return new Map(
    [...eventful.keys()].map((index) => {
      const events = (byBooking.get(index) ?? []).sort(
        (a, b) => a.start_at.localeCompare(b.start_at) || a.id.localeCompare(b.id),
      );
      return [index, derivedFrom(events)];
    }),
  );
}
