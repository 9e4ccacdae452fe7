import type { Generated, Selectable } from 'kysely';
import type { StoredColumns } from '../data/fields.js';
import type { BOOKING_FIELDS } from './booking.fields.js';

import type { BookingSource, BookingStatus } from './booking-statuses.js';

export {
  BOOKING_SOURCES,
  BOOKING_STATUSES,
  type BookingSource,
  type BookingStatus,
} from './booking-statuses.js';

/** The columns the database fills in where an insert gives none. */
type Defaulted<Columns> = { [Name in keyof Columns]: Generated<Columns[Name]> };

/** The columns of a booking's stored fields (booking.fields.ts). */
type Stored = StoredColumns<typeof BOOKING_FIELDS>;

/**
 * What a booking's line items and payments add up to (SPEC §12), in minor units of its currency:
 * kept with it, brought up to date in the unit of work of each write of its lines
 * (src/crm/pricing/booking-totals.ts). `line_count`, how many lines it has, is not shown by the API.
 */
export type BookingPrices = Defaulted<
  Pick<
    Stored,
    'subtotal' | 'service_charge_total' | 'tax_total' | 'grand_total' | 'paid_total' | 'category_totals'
  > & { line_count: number }
>;

/** A booking without lines or payments. */
export const NO_PRICES: Readonly<Selectable<BookingPrices>> = {
  subtotal: 0,
  service_charge_total: 0,
  tax_total: 0,
  grand_total: 0,
  paid_total: 0,
  category_totals: '{}',
  line_count: 0,
};

/**
 * The columns of `bookings`: its stored fields' (booking.fields.ts), its statuses and sources as
 * their own types, and what is kept beside them. `space_ids` (a JSON array of the ids of the spaces
 * it holds, in the order given) is indexed by booking_spaces; their names (the API's room_names)
 * are read from the spaces (src/crm/spaces/space-names.ts).
 */
export type BookingTable = {
  id: string;
  organization_id: string;
  status: BookingStatus;
  source: BookingSource | null;
  /** JSON object of the values of the organization's custom fields of bookings, by key (SPEC §19). */
  custom_fields: Generated<string>;
} & BookingPrices &
  Defaulted<Pick<Stored, 'space_ids' | 'fnb_minimum'>> &
  Omit<Stored, 'status' | 'source' | 'space_ids' | 'fnb_minimum' | keyof BookingPrices>;

/** The last booking number an organization gave out (references BK-00001, … never reused). */
export interface BookingReferenceTable {
  organization_id: string;
  last_number: number;
  /** The longest any of the organization's events holds its spaces, setup and teardown included. */
  longest_hold_minutes: Generated<number>;
}

/** A booking row as read. */
export type Booking = Selectable<BookingTable>;

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    bookings: BookingTable;
    booking_references: BookingReferenceTable;
  }
}
