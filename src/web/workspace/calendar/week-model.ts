/**
 * The week a venue manager opens first: which event holds which space on which day (SPEC §11).
 * An event appears on every day it holds its spaces, with the hours of that day: its own first,
 * then the window held with the setup before and teardown after; one that runs past midnight is marked as going
 * on the next day, and as coming from the day before there. A combined space's row shows what
 * holds its parts, and a part's row what holds the space it is part of, marked as held through it.
 */
import { occupied, type SpaceShape, type WeekEvent } from '../../../crm/events/index.js';
import { spaceIds } from '../../../crm/data/row-mappers.js';
import type { Space } from '../../../crm/spaces/index.js';
import { addDays, clockLabel, zonedToUtc } from '../time-zones.js';

export interface WeekEntry {
  event: WeekEvent;
  /** The hours of this day it holds the space, in the venue's zone (setup and teardown included). */
  hours: string;
  /** The event's own hours on this day (without setup and teardown); none on a day of setup alone. */
  own?: string | undefined;
  /** Setup held before it starts, and teardown after it ends, on this day ("15:00–16:00"). */
  setup?: string | undefined;
  teardown?: string | undefined;
  /** It began on an earlier day, and goes on after this one. */
  continued: boolean;
  continues: boolean;
  /** In this row because it holds a space that shares this one (its part, or what it is part of). */
  through?: string | undefined;
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
  /** Per day, every event of that day (the phone's list). */
  byDay: WeekEntry[][];
  count: number;
}

const MINUTE = 60_000;

export function weekModel(monday: string, zone: string, spaces: Space[], events: WeekEvent[]): WeekModel {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const bounds = [...days, addDays(monday, 7)].map((d) => zonedToUtc(d, zone) ?? 0);
  const span = (from: number, to: number) => `${clockLabel(from, zone)}–${clockLabel(to, zone)}`;
  // A day held from its start to its end reads as all day, never "00:00–00:00".
  const hoursOn = (i: number, from: number, to: number) =>
    from <= (bounds[i] ?? 0) && to >= (bounds[i + 1] ?? 0)
      ? 'All day'
      : span(Math.max(from, bounds[i] ?? 0), Math.min(to, bounds[i + 1] ?? 0));
  const entriesOf = (event: WeekEvent): Array<WeekEntry | undefined> => {
    const start = Date.parse(event.start_at);
    const end = Date.parse(event.end_at);
    const from = start - event.setup_minutes * MINUTE;
    const until = end + event.teardown_minutes * MINUTE;
    return days.map((_, i) => {
      const dayStart = bounds[i] ?? 0;
      const dayEnd = bounds[i + 1] ?? 0;
      if (!(from < dayEnd && until > dayStart)) return undefined;
      const setupEnd = Math.min(start, dayEnd);
      const teardownStart = Math.max(end, dayStart);
      return {
        event,
        hours: hoursOn(i, from, until),
        own: start < dayEnd && end > dayStart ? hoursOn(i, start, end) : undefined,
        setup: from < setupEnd && setupEnd > dayStart ? span(Math.max(from, dayStart), setupEnd) : undefined,
        teardown:
          teardownStart < until && teardownStart < dayEnd
            ? span(teardownStart, Math.min(until, dayEnd))
            : undefined,
        continued: from < dayStart,
        continues: until > dayEnd,
      };
    });
  };
  const rows: WeekRow[] = spaces.map((s) => ({ key: s.id, label: s.name, days: days.map(() => []) }));
  const shapes = new Map<string, SpaceShape>(
    spaces.map((s) => [s.id, { id: s.id, name: s.name, shareable: false, parts: s.partIds }]),
  );
  const unplaced: WeekRow = { key: 'none', label: 'No space yet', days: days.map(() => []) };
  const byDay: WeekEntry[][] = days.map(() => []);
  for (const event of events) {
    const entries = entriesOf(event);
    const held = spaceIds(event);
    const targets = rows.filter((r) => held.includes(r.key));
    for (const row of targets.length > 0 ? targets : [unplaced]) {
      entries.forEach((entry, i) => entry && row.days[i]?.push(entry));
    }
    // Holding a combined space holds its parts; holding a part holds what it is part of.
    const holds = occupied(held, shapes);
    const names = held.flatMap((id) => shapes.get(id)?.name ?? []).join(', ');
    for (const row of rows) {
      if (held.includes(row.key)) continue;
      if (!holds.has(row.key) && !(shapes.get(row.key)?.parts ?? []).some((id) => holds.has(id))) continue;
      entries.forEach((entry, i) => entry && row.days[i]?.push({ ...entry, through: names }));
    }
    entries.forEach((entry, i) => entry && byDay[i]?.push(entry));
  }
  if (unplaced.days.some((d) => d.length > 0)) rows.push(unplaced);
  return { days, rows, byDay, count: events.length };
}
