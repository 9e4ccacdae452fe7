/**
 * When an automation's step is due (SPEC §18), in the venue's time zone: a `wait` of `days` is
 * that many days on the venue's calendar at the same wall-clock time (a change of clocks moves
 * neither a 09:00 nor the day), `hours` are hours that pass; `at` sets the time of day (on the
 * day the days reach, else the first at or after); `in_sending_window` moves what falls outside
 * the organization's sending window (default weekdays 09:00–17:00) to its next opening. A date
 * trigger fires at the start of its day in the venue's zone, and at once for a record that meets
 * it later that day.
 */
import { addDays, localDate, localTime, zonedToUtc } from '../../wall-clock.js';
import type { SendingWindow } from '../organization/sending-window.js';

export { DEFAULT_SENDING_WINDOW, type SendingWindow } from '../organization/sending-window.js';

export interface WaitStep {
  type: 'wait';
  days?: number | undefined;
  hours?: number | undefined;
  at?: string | undefined;
  in_sending_window?: boolean | undefined;
}

const HOUR = 3_600_000;

/** 1 (Monday) … 7 (Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The instant of a wall-clock time on a date in a zone (a time the clocks skipped reads on after the gap). */
function wallInstant(date: string, time: string, zone: string): number {
  return zonedToUtc(`${date}T${time}`, zone)!;
}

/** The same wall-clock time `days` days later on the zone's calendar (seconds kept). */
export function addLocalDays(ms: number, days: number, zone: string): number {
  const seconds = ms - Math.floor(ms / 60_000) * 60_000;
  return wallInstant(addDays(localDate(ms, zone), days), localTime(ms, zone), zone) + seconds;
}

/** `ms` if it is inside the window, else the window's next opening. */
export function intoSendingWindow(ms: number, zone: string, window: SendingWindow): number {
  const today = localDate(ms, zone);
  for (let i = 0; i < 8; i++) {
    const date = addDays(today, i);
    if (!window.days.includes(isoWeekday(date))) continue;
    const open = wallInstant(date, window.start, zone);
    const close = wallInstant(date, window.end, zone);
    if (ms < open) return open;
    if (ms < close) return ms;
  }
  // A window with no day is refused when it is saved; nothing to move to.
  return ms;
}

/** When a wait that begins at `from` ends. */
export function waitUntil(from: number, step: WaitStep, zone: string, window: SendingWindow): number {
  let until = from;
  if (step.days) until = addLocalDays(until, step.days, zone);
  if (step.hours) until += step.hours * HOUR;
  if (step.at !== undefined) {
    const day = localDate(until, zone);
    const onDay = wallInstant(day, step.at, zone);
    // Days reach a day, on which `at` is the time; otherwise the first `at` not before now.
    until = step.days || onDay >= until ? onDay : wallInstant(addDays(day, 1), step.at, zone);
    if (until < from) until = wallInstant(addDays(localDate(from, zone), 1), step.at, zone);
  }
  return step.in_sending_window ? intoSendingWindow(until, zone, window) : until;
}

/**
 * When a date trigger fires for a record whose day is `date` (YYYY-MM-DD in the venue's zone):
 * at the start of the day, or at once when `now` is later that day; undefined when the day has
 * passed (a record changed after its day does not enroll).
 */
export function dateTriggerAt(date: string, zone: string, now: number): number | undefined {
  const today = localDate(now, zone);
  if (date < today) return undefined;
  if (date === today) return Math.max(now, wallInstant(date, '00:00', zone));
  return wallInstant(date, '00:00', zone);
}

/** A task's due date `days` after today in the venue's zone (a `create_task` step). */
export function dueDateAfter(now: number, days: number, zone: string): string {
  return addDays(localDate(now, zone), days);
}
