/** A bookings row read into the input of the API's rules (src/crm/bookings/booking-rules.ts). */
import { BOOKING_FIELDS, type BookingInput, BookingWriteAttributes } from '../crm/bookings/index.js';
import type { AllFacts } from '../crm/all-facts.js';
import { plainFields } from '../crm/given-values.js';
import { RowReader } from './cells.js';
import type { CsvRow } from './read-rows.js';
import { accountOf, contactOf, ownerOf, placeOf, rowSpaces } from './references.js';
import type { RowErrors } from './row-errors.js';

export function bookingInputOf(row: CsvRow, errors: RowErrors, facts: AllFacts): BookingInput {
  const reader = new RowReader(row, errors, BookingWriteAttributes);
  const spaceIds = rowSpaces(reader, facts.spaces, 'room_names');
  const read: BookingInput = {
    name: reader.text('name') ?? '',
    status: reader.text('status')?.toLowerCase() ?? undefined,
    start_at: reader.dateTime('start_at'),
    end_at: reader.dateTime('end_at'),
    timezone: reader.text('timezone', false) ?? undefined,
    guest_count: reader.integer('guest_count', 0, 1_000_000),
    event_type: reader.text('event_type'),
    currency: reader.text('currency', false) ?? undefined,
    total_amount:
      reader.integer('total_amount', -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) ?? undefined,
    lost_reason: reader.text('lost_reason'),
    accountId: accountOf(reader, facts) ?? undefined,
    contactId: contactOf(reader, facts),
    ownerId: ownerOf(reader, facts),
    spaceIds,
    ...placeOf(reader, facts, row.cells),
    history: true,
  };
  // The columns of the fields read above by no name of their own, each as its declaration says.
  const plain = plainFields(BOOKING_FIELDS, Object.keys(read)).filter((f) => f.csv);
  return { ...read, ...Object.fromEntries(plain.map((f) => [f.name, reader.field(f)])) };
}
