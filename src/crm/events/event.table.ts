import type { Selectable } from 'kysely';
import type { StoredColumns } from '../data/fields.js';
import type { EVENT_FIELDS } from './event.fields.js';
import type { BookingStatus } from '../bookings/booking.table.js';
import type { SetupStyle } from '../spaces/space.table.js';

export { SETUP_STYLES, type SetupStyle } from '../spaces/space.table.js';

/** The columns of an event's stored fields (event.fields.ts). */
type Stored = StoredColumns<typeof EVENT_FIELDS>;

/**
 * An event (a function) of a booking: a ceremony, a dinner, a day of a conference. The columns of
 * its stored fields (event.fields.ts), its booking's status (kept with it) and its setup style as
 * their own types, and what is kept beside them. `space_ids` is a JSON array of the ids of the
 * spaces it holds, in the order given (event_spaces is the index). Its times are kept as a wall
 * clock in its booking's time zone reads them too (src/wall-clock.ts): dates YYYY-MM-DD, times
 * HH:MM; an all-day event has no times and ends at the end of end_date.
 */
export type EventTable = {
  id: string;
  organization_id: string;
  status: BookingStatus;
  setup_style: SetupStyle | null;
  /** JSON object of the values of the organization's custom fields of events, by key (SPEC §19). */
  custom_fields: string;
} & Omit<Stored, 'status' | 'setup_style'>;

/** Which spaces an event holds, and what the double-booking check and availability read beside. */
export interface EventSpaceTable {
  event_id: string;
  space_id: string;
  organization_id: string;
  booking_id: string;
  status: BookingStatus;
  /** From setup to teardown: start_at − setup_minutes, end_at + teardown_minutes. */
  occupied_from: string;
  occupied_until: string;
}

export type Event = Selectable<EventTable>;

/** Its tables, joined into the schema the query layer sees (src/db/database.ts). */
declare module '../../db/database.js' {
  interface Database {
    events: EventTable;
    event_spaces: EventSpaceTable;
  }
}
