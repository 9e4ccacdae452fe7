/**
 * Dates and times as the venue reads them: in a time zone and its locale (a 24-hour clock whose
 * midnight is 00:00, never 24:00, in en-GB; 12-hour in en-US), and local date-times turned back into UTC instants for the services.
 */
import { addDays, localDate, localTime } from '../../wall-clock.js';
import { clockIn, dateFormat, DEFAULT_LOCALE, readingLocale } from '../../locale.js';

export {
  addDays,
  isDate,
  localDate,
  localDateTime,
  localParts,
  localTime,
  mondayOf,
  zonedToUtc,
} from '../../wall-clock.js';

/** "Wed 25 Nov 2026" (en-GB), "Wed, Nov 25, 2026" (en-US) of a calendar date, in the venue's locale. */
export function dayLabel(date: string, locale = readingLocale()): string {
  const format = dateFormat(
    `day in short ${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone: 'UTC',
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
  );
  const label = format.format(Date.parse(`${date}T00:00:00Z`));
  return locale === DEFAULT_LOCALE ? label.replace(',', '') : label;
}

/** "17:00" (en-GB), "5:00 PM" (en-US) of an instant in a zone: the locale's own clock. */
export function clockLabel(instant: number, zone: string, locale = readingLocale()): string {
  return clockIn(instant, zone, locale);
}

/**
 * "Wed 25 Nov 2026, 17:00–23:00", or both days when it runs past midnight into another day; a
 * stretch from a midnight to a later one is whole days ("Sat 19 Jun 2027, all day"), never
 * "00:00–00:00". In the venue's locale: "Sat, Apr 10, 2027, 6:00 PM–11:30 PM" in en-US.
 */
export function timeRange(startAt: string, endAt: string, zone: string, locale = readingLocale()): string {
  const start = Date.parse(startAt);
  const end = Date.parse(endAt);
  const startDay = localDate(start, zone);
  const endDay = localDate(end, zone);
  const day = (date: string) => dayLabel(date, locale);
  const clock = (instant: number) => clockLabel(instant, zone, locale);
  if (end > start && localTime(start, zone) === '00:00' && localTime(end, zone) === '00:00') {
    const lastDay = addDays(endDay, -1);
    const days = lastDay === startDay ? day(startDay) : `${day(startDay)} – ${day(lastDay)}`;
    return `${days}, all day`;
  }
  const sameDay =
    startDay === endDay || (endDay === addDays(startDay, 1) && localTime(end, zone) === '00:00');
  return sameDay
    ? `${day(startDay)}, ${clock(start)}–${clock(end)}`
    : `${day(startDay)}, ${clock(start)} – ${day(endDay)}, ${clock(end)}`;
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

/**
 * When an event happens: an all-day event by its days in its booking's zone ("Fri 10 Jun 2027 –
 * Sat 11 Jun 2027, all day"), any other as its booking's times are shown.
 */
export function eventTimes(
  event: { start_at: string; end_at: string; all_day: number; start_date: string; end_date: string },
  bookingZone: string,
  zone: string,
) {
  if (!Number(event.all_day)) return bookingTimes({ ...event, timezone: bookingZone }, zone);
  const days =
    event.start_date === event.end_date
      ? dayLabel(event.start_date)
      : `${dayLabel(event.start_date)} – ${dayLabel(event.end_date)}`;
  return `${days}, all day`;
}

/** When an event happens, from its value: as eventTimes, which a page still reading rows calls. */
export function eventTimesOf(
  event: { startAt: string; endAt: string; allDay: boolean; startDate: string; endDate: string },
  bookingZone: string,
  zone: string,
) {
  const { startAt, endAt, allDay, startDate, endDate } = event;
  return eventTimes(
    { start_at: startAt, end_at: endAt, all_day: allDay ? 1 : 0, start_date: startDate, end_date: endDate },
    bookingZone,
    zone,
  );
}
