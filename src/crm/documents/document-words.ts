/**
 * How figures, days and times read on a document: money as the workspace shows it (the same
 * function), days in full ("Saturday 12 June 2027") and times on the locale's clock (24-hour in
 * en-GB, 12-hour in en-US) in the venue's time zone, as the client and the kitchen read them.
 */
import { addDays, localDate, localTime } from '../../wall-clock.js';
import { moneyText } from '../money.js';
import { clockIn, countText, dateFormat, decimalText, DEFAULT_LOCALE } from '../../locale.js';

export { moneyText };

/**
 * "Saturday 12 June 2027" (en-GB), "Saturday, June 12, 2027" (en-US) of a calendar date
 * (YYYY-MM-DD), in the organization's locale.
 */
export function dayWords(date: string, locale = DEFAULT_LOCALE): string {
  const format = dateFormat(
    `day in full ${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone: 'UTC',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
      }),
  );
  const words = format.format(Date.parse(`${date}T00:00:00Z`));
  // British usage writes no comma after the weekday, whatever the runtime's CLDR says.
  return locale === DEFAULT_LOCALE ? words.replace(',', '') : words;
}

/** The day of an instant in a zone, in words. */
export function dayOf(instant: string | number, zone: string, locale = DEFAULT_LOCALE): string {
  return dayWords(localDate(typeof instant === 'number' ? instant : Date.parse(instant), zone), locale);
}

/** "14:05" (en-GB), "2:05 PM" (en-US) of an instant in a zone: the locale's own clock. */
export function clockOf(instant: number, zone: string, locale = DEFAULT_LOCALE): string {
  return clockIn(instant, zone, locale);
}

/**
 * Where a setup starts or a teardown ends, beside the event's start or end: its clock ("16:30"),
 * with its day when that is another ("01:00 on Sunday 13 June 2027"): a teardown past midnight.
 */
export function edgeOf(instant: number, beside: number, zone: string, locale = DEFAULT_LOCALE): string {
  const clock = clockOf(instant, zone, locale);
  return localDate(instant, zone) === localDate(beside, zone)
    ? clock
    : `${clock} on ${dayOf(instant, zone, locale)}`;
}

/** "18:00–23:30", or "18:00 – Sunday 13 June 2027, 01:30" when it ends on another day. */
export function timesOf(startAt: string, endAt: string, zone: string, locale = DEFAULT_LOCALE): string {
  const start = Date.parse(startAt);
  const end = Date.parse(endAt);
  const startDay = localDate(start, zone);
  const endDay = localDate(end, zone);
  const untilMidnight = endDay === addDays(startDay, 1) && localTime(end, zone) === '00:00';
  const clock = (instant: number) => clockOf(instant, zone, locale);
  if (startDay === endDay || untilMidnight) return `${clock(start)}–${clock(end)}`;
  return `${clock(start)} – ${dayWords(endDay, locale)}, ${clock(end)}`;
}

/**
 * An event's day and times in words, in a zone: an all-day event (an inquiry without times) by
 * its own days, "All day" (to its last day), never "00:00–00:00".
 */
export function eventWhen(
  event: { allDay: boolean; startAt: string; endAt: string; startDate: string; endDate: string },
  zone: string,
  locale = DEFAULT_LOCALE,
): { day: string; times: string } {
  if (!event.allDay)
    return {
      day: dayOf(event.startAt, zone, locale),
      times: timesOf(event.startAt, event.endAt, zone, locale),
    };
  const times =
    event.endDate === event.startDate ? 'All day' : `All day, to ${dayWords(event.endDate, locale)}`;
  return { day: dayWords(event.startDate, locale), times };
}

/** "120 guests", "1 guest", "1,200 guests" (grouped in the locale). */
export function guestsWords(count: number, locale = DEFAULT_LOCALE): string {
  return count === 1 ? '1 guest' : `${countText(count, locale)} guests`;
}

/** "45 minutes", "1 hour", "1 hour 30 minutes". */
export function minutesWords(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const h = hours === 0 ? '' : hours === 1 ? '1 hour' : `${hours} hours`;
  const m = rest === 0 ? '' : rest === 1 ? '1 minute' : `${rest} minutes`;
  return [h, m].filter(Boolean).join(' ') || '0 minutes';
}

/** "U-shape", "Hollow square", "Banquet". */
export function setupStyleWords(style: string): string {
  if (style === 'u_shape') return 'U-shape';
  const words = style.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A quantity as typed ("2.5"), with its thousands grouped in the locale ("1,200", "1.200"). */
export function quantityWords(quantity: string, locale = DEFAULT_LOCALE): string {
  return decimalText(quantity, locale);
}
