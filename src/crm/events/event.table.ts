import type { Selectable } from 'kysely';
import type { BookingStatus } from '../bookings/booking.table.js';
import type { SetupStyle } from '../spaces/space.table.js';

export { SETUP_STYLES, type SetupStyle } from '../spaces/space.table.js';

/** An event (a function) of a booking: a ceremony, a dinner, a day of a conference. */
export interface EventTable {
  id: string;
  organization_id: string;
  booking_id: string;
  name: string;
  /** Its booking's status, kept with it. */
  status: BookingStatus;
  start_at: string;
  end_at: string;
  /** Minutes its spaces are held before it starts, and after it ends. */
  setup_minutes: number;
  teardown_minutes: number;
  guest_count: number | null;
  guaranteed_count: number | null;
  setup_style: SetupStyle | null;
  /** JSON array of the ids of the spaces it holds, in the order given (event_spaces is the index). */
  space_ids: string;
  /**
   * Its times as a wall clock in its booking's time zone reads them (src/wall-clock.ts): dates
   * YYYY-MM-DD, times HH:MM; an all-day event has no times and ends at the end of end_date.
   */
  start_date: string;
  end_date: string;
  start_time: string | null;
  end_time: string | null;
  all_day: number;
  /** One of the organization's event_types, or none. */
  event_type_id: string | null;
  /** JSON object of the values of the organization's custom fields of events, by key (SPEC §19). */
  custom_fields: string;
  created_at: string;
  updated_at: string;
}

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
