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
  return utcMs(p.year, p.month, p.day, p.hour, p.minute) - Math.floor(ms / 60_000) * 60_000;
}

/**
 * The instant of a UTC calendar date and time, for every year from 0001 on: Date.UTC reads the
 * years 0–99 as 1900–1999, so year 0001 would become 1901.
 */
export function utcMs(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, 0);
  return at.getTime();
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/** Whether year-month-day is a day of the calendar (2027-02-31 is not; 2028-02-29 is). */
export function dayExists(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/;

/**
 * The UTC instant of a local date (midnight) or date-time in a zone; undefined when unreadable or
 * when the day does not exist (2027-02-31 is not read as 3 March).
 */
export function zonedToUtc(value: string, zone: string): number | undefined {
  const m = LOCAL.exec(value.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  if (!dayExists(year!, month!, day!) || hour! > 23 || minute! > 59) return undefined;
  const wall = utcMs(year!, month!, day!, hour, minute);
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

const INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * The instant of an RFC 3339 date-time with its offset (seconds may be left out); undefined when
 * it names none: a day that does not exist (2027-02-31, which Date.parse reads as 3 March), an
 * hour past 23, a leap second, an offset past ±23:59.
 */
export function instantOf(value: string): number | undefined {
  const m = INSTANT.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map((v) => Number(v ?? 0)) as number[];
  if (!dayExists(year!, month!, day!) || hour! > 23 || minute! > 59 || second! > 59) return undefined;
  const offsetHours = Number(m[10] ?? 0);
  const offsetMinutes = Number(m[11] ?? 0);
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const fraction = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const offset = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return utcMs(year!, month!, day!, hour, minute, second) + fraction - offset;
}

/** Why a date written YYYY-MM-DD… does not exist, in words; undefined when it does or is not one. */
export function missingDayWords(value: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = m.slice(1).map(Number) as [number, number, number];
  if (dayExists(year, month, day)) return undefined;
  if (year < 1) return 'There is no year 0000: years start at 0001.';
  if (month < 1 || month > 12) return `There is no month ${m[2]}: months run from 01 to 12.`;
  const name = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(
    utcMs(2000, month, 1),
  );
  return `${m[1]}-${m[2]}-${m[3]} does not exist: ${name} ${m[1]} has ${daysInMonth(year, month)} days.`;
}
