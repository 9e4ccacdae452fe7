/**
 * How figures, days and times read on a document: money as the workspace shows it (the same
 * function), days in full ("Saturday 12 June 2027") and times on a 24-hour clock in the venue's
 * time zone, as the client and the kitchen read them.
 */
import { addDays, localDate, localTime } from '../../wall-clock.js';
import { moneyText } from '../money.js';

export { moneyText };

const longDay = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "Saturday 12 June 2027" of a calendar date (YYYY-MM-DD). */
export function dayWords(date: string): string {
  return longDay.format(Date.parse(`${date}T00:00:00Z`)).replace(',', '');
}

/** The day of an instant in a zone, in words. */
export function dayOf(instant: string | number, zone: string): string {
  return dayWords(localDate(typeof instant === 'number' ? instant : Date.parse(instant), zone));
}

/** "18:00–23:30", or "18:00 – Sunday 13 June 2027, 01:30" when it ends on another day. */
export function timesOf(startAt: string, endAt: string, zone: string): string {
  const start = Date.parse(startAt);
  const end = Date.parse(endAt);
  const startDay = localDate(start, zone);
  const endDay = localDate(end, zone);
  const untilMidnight = endDay === addDays(startDay, 1) && localTime(end, zone) === '00:00';
  if (startDay === endDay || untilMidnight) return `${localTime(start, zone)}–${localTime(end, zone)}`;
  return `${localTime(start, zone)} – ${dayWords(endDay)}, ${localTime(end, zone)}`;
}

/**
 * An event's day and times in words, in a zone: an all-day event (an inquiry without times) by
 * its own days, "All day" (to its last day), never "00:00–00:00".
 */
export function eventWhen(
  event: { all_day: number; start_at: string; end_at: string; start_date: string; end_date: string },
  zone: string,
): { day: string; times: string } {
  if (Number(event.all_day) !== 1)
    return { day: dayOf(event.start_at, zone), times: timesOf(event.start_at, event.end_at, zone) };
  const times = event.end_date === event.start_date ? 'All day' : `All day, to ${dayWords(event.end_date)}`;
  return { day: dayWords(event.start_date), times };
}

/** "14:05" of an instant in a zone. */
export function clockOf(instant: number, zone: string): string {
  return localTime(instant, zone);
}

/** "120 guests", "1 guest". */
export function guestsWords(count: number): string {
  return count === 1 ? '1 guest' : `${count.toLocaleString('en')} guests`;
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

/** A quantity as typed ("2.5"), with its thousands grouped ("1,200"). */
export function quantityWords(quantity: string): string {
  const [whole = '0', fraction] = quantity.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}
