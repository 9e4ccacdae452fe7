/**
 * The week a venue manager opens first: which booking holds which space on which day. A booking
 * appears on every day it holds its room, with the hours of that day it holds it (a party until
 * midnight reads 22:00–00:00).
 */
import type { Booking } from '../../crm/bookings/booking.table.js';
import type { SpaceTable } from '../../crm/spaces/space.table.js';
import { spaceIdsOf } from './booking-badges.js';
import { addDays, localTime, zonedToUtc } from './time-zones.js';

export interface WeekEntry {
  booking: Booking;
  /** The hours of this day it holds the room, in the venue's zone. */
  hours: string;
}

export interface WeekRow {
  key: string;
  label: string;
  /** One list of entries per day of the week. */
  days: WeekEntry[][];
}

export interface WeekModel {
  days: string[];
  rows: WeekRow[];
  /** Per day, every booking of that day (the phone's list). */
  byDay: WeekEntry[][];
  count: number;
}

export function weekModel(
  monday: string,
  zone: string,
  spaces: SpaceTable[],
  bookings: Booking[],
): WeekModel {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const bounds = [...days, addDays(monday, 7)].map((d) => zonedToUtc(d, zone) ?? 0);
  const entriesOf = (booking: Booking): Array<WeekEntry | undefined> => {
    const start = Date.parse(booking.start_at);
    const end = Date.parse(booking.end_at);
    return days.map((_, i) => {
      const dayStart = bounds[i] ?? 0;
      const dayEnd = bounds[i + 1] ?? 0;
      if (!(start < dayEnd && end > dayStart)) return undefined;
      const from = localTime(Math.max(start, dayStart), zone);
      const to = localTime(Math.min(end, dayEnd), zone);
      return { booking, hours: `${from}–${to}` };
    });
  };
  const rows: WeekRow[] = spaces.map((s) => ({ key: s.id, label: s.name, days: days.map(() => []) }));
  const unplaced: WeekRow = { key: 'none', label: 'No space yet', days: days.map(() => []) };
  const byDay: WeekEntry[][] = days.map(() => []);
  for (const booking of bookings) {
    const entries = entriesOf(booking);
    const held = spaceIdsOf(booking);
    const targets = rows.filter((r) => held.includes(r.key));
    for (const row of targets.length > 0 ? targets : [unplaced]) {
      entries.forEach((entry, i) => entry && row.days[i]?.push(entry));
    }
    entries.forEach((entry, i) => entry && byDay[i]?.push(entry));
  }
  if (unplaced.days.some((d) => d.length > 0)) rows.push(unplaced);
  return { days, rows, byDay, count: bookings.length };
}
