/**
 * Wall-clock dates and times in a time zone (SPEC §11, §15): an instant's local date and time,
 * with a 24-hour clock whose midnight is 00:00 (never 24:00), and local dates and times turned
 * back into UTC instants. The services read events in their booking's zone; the pages in the venue's.
 */

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partFormats.set(zone, format);
  }
  return format;
}

export function localParts(ms: number, zone: string): LocalParts {
  if (zone === 'UTC') {
    const d = new Date(ms);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
    };
  }
  const parts: Record<string, number> = {};
  for (const p of partsFormat(zone).formatToParts(ms)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD of an instant in a zone. */
export function localDate(ms: number, zone: string): string {
  const p = localParts(ms, zone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}

/** HH:MM of an instant in a zone (00:00 at midnight). */
export function localTime(ms: number, zone: string): string {
  const p = localParts(ms, zone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** YYYY-MM-DDTHH:MM, the value of a datetime-local field. */
export function localDateTime(ms: number, zone: string): string {
  return `${localDate(ms, zone)}T${localTime(ms, zone)}`;
}

function offsetAt(ms: number, zone: string): number {
  const p = localParts(ms, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(ms / 60_000) * 60_000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/;

/** The UTC instant of a local date (midnight) or date-time in a zone; undefined when unreadable. */
export function zonedToUtc(value: string, zone: string): number | undefined {
  const m = LOCAL.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 23 || minute! > 59) return undefined;
  const wall = Date.UTC(year!, month! - 1, day!, hour, minute);
  if (Number.isNaN(wall) || new Date(wall).getUTCDate() !== day) return undefined;
  // The zone's offsets a day either side: a wall clock that both read is the earlier of two
  // instants (the clocks went back); one that neither reads fell in a gap (the clocks went
  // forward) and is read with the offset from before it, so 02:30 in a skipped hour is 03:30.
  const before = offsetAt(wall - 86_400_000, zone);
  const after = offsetAt(wall + 86_400_000, zone);
  let found: number | undefined;
  for (const offset of [before, after]) {
    const instant = wall - offset;
    if (offsetAt(instant, zone) === offset && (found === undefined || instant < found)) found = instant;
  }
  return found ?? wall - before;
}

/** A calendar date moved by `days` (YYYY-MM-DD in, out). */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** The Monday of the week holding `date`. */
export function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export function isDate(value: string | undefined): value is string {
  return value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value) && zonedToUtc(value, 'UTC') !== undefined;
}

/** An event's times as a wall clock in its zone reads them (SPEC §15). */
export interface WallClock {
  start_date: string;
  end_date: string;
  /** HH:MM; null for an all-day event. */
  start_time: string | null;
  end_time: string | null;
}

/**
 * The wall-clock dates and times of a stretch from start_at to end_at in `zone`. An all-day
 * stretch runs from the midnight that starts its first day to the one that ends its last: its
 * end_date is that last day, and it has no times.
 */
export function wallClockOf(
  stretch: { start_at: string; end_at: string; all_day: number | boolean },
  zone: string,
): WallClock {
  const start = Date.parse(stretch.start_at);
  const end = Date.parse(stretch.end_at);
  if (stretch.all_day) {
    return {
      start_date: localDate(start, zone),
      end_date: localDate(Math.max(start, end - 60_000), zone),
      start_time: null,
      end_time: null,
    };
  }
  return {
    start_date: localDate(start, zone),
    end_date: localDate(end, zone),
    start_time: localTime(start, zone),
    end_time: localTime(end, zone),
  };
}
