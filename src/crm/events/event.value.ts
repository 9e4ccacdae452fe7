/**
 * An event as the domain knows it, decoded from its row here and nowhere else (decision 0017):
 * its minutes and guests as numbers (a driver may hand them over as text), all day as a boolean,
 * its spaces as a list. Its custom fields' values stay as `custom_fields` keeps them: the custom
 * fields' face reads that JSON for every kind. The pages and the resource read this value.
 */
import { flag, spaceIds } from '../data/row-mappers.js';
import type { Event, SetupStyle } from './event.table.js';

/** An event of a booking, as the pages and the API's resource see it. */
export interface EventValue {
  id: string;
  organizationId: string;
  bookingId: string;
  name: string;
  /** Its booking's status, kept with it. */
  status: Event['status'];
  startAt: string;
  endAt: string;
  setupMinutes: number;
  teardownMinutes: number;
  guestCount: number | null;
  guaranteedCount: number | null;
  setupStyle: SetupStyle | null;
  /** The spaces it holds, in the order given. */
  spaceIds: string[];
  /** Its wall-clock days and times in its booking's time zone; an all-day event has no times. */
  startDate: string;
  endDate: string;
  startTime: string | null;
  endTime: string | null;
  allDay: boolean;
  eventTypeId: string | null;
  /** Its custom fields' values, as `custom_fields` keeps them (read through the custom fields' face). */
  customFields: string;
  createdAt: string;
  updatedAt: string;
}

const count = (value: number | null): number | null => (value === null ? null : Number(value));

export function decodeEvent(row: Event): EventValue {
  return {
    id: row.id,
    organizationId: row.organization_id,
    bookingId: row.booking_id,
    name: row.name,
    status: row.status,
    startAt: row.start_at,
    endAt: row.end_at,
    setupMinutes: Number(row.setup_minutes),
    teardownMinutes: Number(row.teardown_minutes),
    guestCount: count(row.guest_count),
    guaranteedCount: count(row.guaranteed_count),
    setupStyle: row.setup_style,
    spaceIds: spaceIds(row),
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: row.start_time,
    endTime: row.end_time,
    allDay: flag(row.all_day),
    eventTypeId: row.event_type_id,
    customFields: row.custom_fields,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
