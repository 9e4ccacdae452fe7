/**
 * A booking as the domain knows it, and its codec: the row of `bookings` read into the value (its
 * amounts as numbers, its spaces as a list, its totals by category and an inquiry's source details
 * as objects, its balance due made from its totals) and a change of the value written back as
 * columns — the one place a booking's column is parsed or coerced. Its custom fields' values stay
 * as `custom_fields` keeps them: the custom fields' face reads that JSON for every kind
 * (storedValuesOf, shownValues), and no other code does.
 */
import type { Updateable } from 'kysely';
import { decodeStored, decodeValue, encodeStored } from '../data/field-codec.js';
import type { Field, StoredValues } from '../data/fields.js';
import { BOOKING_FIELDS } from './booking.fields.js';
import type { Booking as BookingRow, BookingSource, BookingStatus, BookingTable } from './booking.table.js';

/** A booking, as every door and rule sees it. */
export type Booking = {
  id: string;
  organizationId: string;
  status: BookingStatus;
  source: BookingSource | null;
  /** How many line items it has: while none, its total is the typed estimate (SPEC §12). */
  lineCount: number;
  /** grand_total − paid_total. */
  balanceDue: number;
  /** Its custom fields' values, as `custom_fields` keeps them (read through the custom fields' face). */
  customFields: string;
} & Omit<StoredValues<typeof BOOKING_FIELDS>, 'status' | 'source'>;

/** What a change of a booking sets (what its lines add up to is kept by its lines' writes). */
export type BookingChanges = Partial<
  Omit<Booking, 'id' | 'organizationId' | 'balanceDue' | 'createdAt' | 'updatedAt'>
>;

export const bookingCodec = {
  decode(row: BookingRow): Booking {
    const stored = decodeStored(BOOKING_FIELDS, row);
    return {
      id: row.id,
      organizationId: row.organization_id,
      ...stored,
      // The rules write only the statuses and sources there are.
      status: stored.status as BookingStatus,
      source: stored.source as BookingSource | null,
      lineCount: Number(row.line_count),
      balanceDue: stored.grandTotal - stored.paidTotal,
      customFields: row.custom_fields,
    };
  },
  encode(changes: BookingChanges): Updateable<BookingTable> {
    const columns = encodeStored(BOOKING_FIELDS, changes) as Updateable<BookingTable>;
    if (changes.lineCount !== undefined) columns.line_count = changes.lineCount;
    if (changes.customFields !== undefined) columns.custom_fields = changes.customFields;
    return columns;
  },
};

/** The total a booking shows: the typed estimate while it has no lines, then their grand total. */
export const totalShown = (booking: Pick<Booking, 'lineCount' | 'grandTotal' | 'totalAmount'>): number =>
  booking.lineCount > 0 ? booking.grandTotal : booking.totalAmount;

/** One declared field's value of a booking's row, decoded as the codec decodes its column. */
export function fieldValueOf(field: Field, row: BookingRow): unknown {
  return decodeValue(field.type, (row as unknown as Readonly<Record<string, unknown>>)[field.name]);
}
