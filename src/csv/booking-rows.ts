/**
 * A bookings row by the API's rules (SPEC §7, booking-rules.ts): a name; start before end; an
 * IANA time zone; an ISO 4217 currency; a status a booking may start with (lead, tentative or
 * definite); a lost_reason when lost; a guest count within the smallest capacity of its spaces;
 * an account (required), contact, owner and spaces of the same organization. Its reference is
 * given later, once every row is known to be good; double booking is checked across rows
 * (booking-clashes.ts).
 */
import { BookingWriteAttributes } from '../crm/bookings/booking.bodies.js';
import { transitionProblem } from '../crm/bookings/booking-status.js';
import { BOOKING_STATUSES, type Booking, type BookingStatus } from '../crm/bookings/booking.table.js';
import { isCurrency, isTimeZone as isTimeZoneName } from '../crm/validation.js';
import { RowReader } from './cells.js';
import { LIST_SEPARATOR } from './columns.js';
import type { Lookups } from './lookups.js';
import type { CsvRow } from './read-rows.js';
import { accountOf, contactOf, ownerOf } from './references.js';
import type { RowErrors } from './row-errors.js';
import type { NewRecord } from './stamp.js';
import { remembered } from './memo.js';

const isTimeZone = remembered(isTimeZoneName);

function statusOf(reader: RowReader): BookingStatus {
  const value = reader.text('status')?.toLowerCase() ?? 'lead';
  if (!(BOOKING_STATUSES as readonly string[]).includes(value)) {
    reader.problem('status', `"${value}" is not a status; one of ${BOOKING_STATUSES.join(', ')}`);
    return 'lead';
  }
  const problem = transitionProblem(undefined, value as BookingStatus);
  if (problem) reader.problem('status', problem);
  return value as BookingStatus;
}

function spacesOf(reader: RowReader, lookups: Lookups): string[] {
  const ids = [
    ...new Set(
      (reader.text('space_ids') ?? '')
        .split(LIST_SEPARATOR)
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  const missing = ids.find((id) => !lookups.spaces.has(id));
  if (missing) reader.problem('space_ids', `no space with the id "${missing}" exists in this organization`);
  return ids;
}

function checkCapacity(reader: RowReader, guests: number | null, spaceIds: string[], lookups: Lookups) {
  const capacities = spaceIds
    .map((id) => lookups.spaces.get(id)?.capacity)
    .filter((c): c is number => typeof c === 'number');
  if (guests === null || capacities.length === 0) return;
  const smallest = Math.min(...capacities);
  if (guests > smallest) {
    reader.problem(
      'guest_count',
      `${guests} guests do not fit: the smallest of its spaces takes ${smallest}`,
    );
  }
}

export function bookingFromRow(row: CsvRow, errors: RowErrors, lookups: Lookups, stamp: NewRecord): Booking {
  const reader = new RowReader(row, errors, BookingWriteAttributes);
  const name = reader.text('name');
  if (name === null) reader.problem('name', 'a booking needs a name');
  const startAt = reader.dateTime('start_at');
  const endAt = reader.dateTime('end_at');
  if (startAt === null && row.cells.start_at?.trim() === '')
    reader.problem('start_at', 'a booking needs a start_at');
  if (endAt === null && row.cells.end_at?.trim() === '')
    reader.problem('end_at', 'a booking needs an end_at');
  if (startAt !== null && endAt !== null && !(startAt < endAt)) {
    reader.problem('end_at', 'a booking must end after it starts');
  }
  const timezone = reader.text('timezone', false) ?? 'UTC';
  if (!isTimeZone(timezone)) {
    reader.problem('timezone', `"${timezone}" is not an IANA time zone such as Europe/Berlin or UTC`);
  }
  const currency = reader.text('currency', false)?.toUpperCase() ?? 'USD';
  if (!isCurrency(currency))
    reader.problem('currency', `"${currency}" is not an ISO 4217 currency code such as USD`);
  const status = statusOf(reader);
  const lostReason = reader.text('lost_reason');
  if (status === 'lost' && lostReason === null)
    reader.problem('lost_reason', 'a lost booking needs a lost_reason');
  const spaceIds = spacesOf(reader, lookups);
  const guestCount = reader.integer('guest_count', 0, 1_000_000);
  checkCapacity(reader, guestCount, spaceIds, lookups);
  return {
    ...stamp(),
    reference: '',
    name: name ?? '',
    status,
    start_at: startAt ?? '',
    end_at: endAt ?? '',
    timezone,
    guest_count: guestCount,
    event_type: reader.text('event_type'),
    room_names: JSON.stringify(spaceIds.map((id) => lookups.spaces.get(id)?.name ?? '')),
    space_ids: JSON.stringify(spaceIds),
    currency,
    total_amount: reader.integer('total_amount', -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) ?? 0,
    lost_reason: lostReason,
    account_id: accountOf(reader, lookups, true),
    contact_id: contactOf(reader, lookups),
    owner_id: ownerOf(reader, lookups),
  };
}
