/**
 * Dates and times as the venue reads them: in a time zone, with a 24-hour clock whose midnight
 * is 00:00 (never 24:00), and local date-times turned back into UTC instants for the services.
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
  let guess = wall - offsetAt(wall, zone);
  guess = wall - offsetAt(guess, zone);
  return guess;
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

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "Wed 25 Nov 2026" of a calendar date. */
export function dayLabel(date: string): string {
  return dayFormat.format(Date.parse(`${date}T00:00:00Z`)).replace(',', '');
}

/** "Wed 25 Nov 2026, 17:00–23:00", or both days when it runs past midnight into another day. */
export function timeRange(startAt: string, endAt: string, zone: string): string {
  const start = Date.parse(startAt);
  const end = Date.parse(endAt);
  const startDay = localDate(start, zone);
  const endDay = localDate(end, zone);
  const sameDay =
    startDay === endDay || (endDay === addDays(startDay, 1) && localTime(end, zone) === '00:00');
  return sameDay
    ? `${dayLabel(startDay)}, ${localTime(start, zone)}–${localTime(end, zone)}`
    : `${dayLabel(startDay)}, ${localTime(start, zone)} – ${dayLabel(endDay)}, ${localTime(end, zone)}`;
}

/**
 * When a booking happens, in the venue's time zone; a booking made in another zone says so, with
 * its own local times beside (a wedding in New York stays on its day in New York).
 */
export function bookingTimes(booking: { start_at: string; end_at: string; timezone: string }, zone: string) {
  const here = timeRange(booking.start_at, booking.end_at, zone);
  if (booking.timezone === zone) return here;
  return `${here} (in ${booking.timezone.replace(/_/g, ' ')}: ${timeRange(booking.start_at, booking.end_at, booking.timezone)})`;
}
