/**
 * Days and times on the settings pages, as the workspace writes them (SPEC §13): in the venue's
 * time zone and the locale of the request (the venue the page is shown in, set by settingsFrame) —
 * "Sat 5 Dec 2026, 15:04" in en-GB, "Sat, Dec 5, 2026, 3:04 PM" in en-US.
 */
import { clockLabel, dayLabel, localDate } from '../workspace/time-zones.js';

/** The day and time of an instant in the venue's zone, or a dash. */
export function when(iso: string | null, zone: string): string {
  if (!iso) return '—';
  const ms = Date.parse(iso);
  return `${dayLabel(localDate(ms, zone))}, ${clockLabel(ms, zone)}`;
}

/** The day of an instant in the venue's zone: "Sat 5 Dec 2026", "Sat, Dec 5, 2026". */
export function dayOf(iso: string, zone: string): string {
  return dayLabel(localDate(Date.parse(iso), zone));
}
