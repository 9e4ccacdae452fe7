/**
 * The demo venue's current week and the next (Monday to Sunday in the venue's zone, the weeks the
 * week view opens on), booked as a working venue's are: several events a day across the spaces, a
 * two-day conference each week, weddings at the weekend (two on one Saturday, sharing the lawn),
 * and options (lead, tentative) held where a definite booking already is. The same program runs
 * whatever day of the week it is seeded on; only which of it is past changes.
 */
import type { BookingStatus } from '../crm/bookings/booking.table.js';
import { addDays, localDate, mondayOf } from '../web/workspace/time-zones.js';
import type { DemoKind } from './demo-programs.js';
import type { DemoSpaceName } from './demo-spaces.js';

export interface FortnightEntry {
  /** Days after the Monday of the current week. */
  day: number;
  kind: DemoKind;
  status: Extract<BookingStatus, 'lead' | 'tentative' | 'definite'>;
  /** Another room than the program's own. */
  room?: DemoSpaceName;
}

const FORTNIGHT: readonly FortnightEntry[] = [
  { day: 0, kind: 'board_meeting', status: 'definite' },
  { day: 0, kind: 'workshop', status: 'definite', room: 'Loft' },
  { day: 0, kind: 'launch', status: 'definite' },
  { day: 0, kind: 'gala', status: 'lead' },
  { day: 1, kind: 'conference', status: 'definite' },
  { day: 1, kind: 'conference', status: 'tentative' },
  { day: 1, kind: 'birthday', status: 'definite' },
  { day: 2, kind: 'workshop', status: 'definite' },
  { day: 2, kind: 'holiday_party', status: 'definite' },
  { day: 3, kind: 'retreat', status: 'definite' },
  { day: 3, kind: 'gala', status: 'definite' },
  { day: 3, kind: 'birthday', status: 'definite' },
  { day: 4, kind: 'board_meeting', status: 'definite' },
  { day: 4, kind: 'wedding', status: 'definite' },
  { day: 4, kind: 'launch', status: 'tentative' },
  { day: 5, kind: 'wedding', status: 'definite' },
  { day: 5, kind: 'intimate_wedding', status: 'definite' },
  { day: 5, kind: 'birthday', status: 'lead' },
  { day: 6, kind: 'intimate_wedding', status: 'definite' },
  { day: 6, kind: 'birthday', status: 'definite' },
  { day: 6, kind: 'workshop', status: 'lead' },
  { day: 7, kind: 'retreat', status: 'definite' },
  { day: 7, kind: 'workshop', status: 'definite', room: 'Salon B' },
  { day: 7, kind: 'birthday', status: 'lead' },
  { day: 8, kind: 'board_meeting', status: 'definite' },
  { day: 8, kind: 'launch', status: 'definite' },
  { day: 8, kind: 'workshop', status: 'definite', room: 'Loft' },
  { day: 8, kind: 'gala', status: 'lead' },
  { day: 9, kind: 'conference', status: 'definite' },
  { day: 9, kind: 'conference', status: 'lead' },
  { day: 10, kind: 'holiday_party', status: 'definite' },
  { day: 10, kind: 'birthday', status: 'definite' },
  { day: 11, kind: 'gala', status: 'definite' },
  { day: 11, kind: 'workshop', status: 'definite' },
  { day: 11, kind: 'intimate_wedding', status: 'definite' },
  { day: 12, kind: 'wedding', status: 'definite' },
  { day: 12, kind: 'intimate_wedding', status: 'definite' },
  { day: 12, kind: 'wedding', status: 'tentative' },
  { day: 13, kind: 'intimate_wedding', status: 'tentative' },
  { day: 13, kind: 'birthday', status: 'definite' },
  { day: 13, kind: 'workshop', status: 'lead' },
];

/** The Monday of the current week in the zone, and the fortnight's bookings with their first day. */
export function fortnight(now: number, zone: string) {
  const monday = mondayOf(localDate(now, zone));
  return {
    monday,
    /** The first day after the fortnight. */
    end: addDays(monday, 14),
    entries: FORTNIGHT.map((entry) => ({ ...entry, firstDay: addDays(monday, entry.day) })),
  };
}
