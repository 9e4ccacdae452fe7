/**
 * An event's times written as Event Temple writes them (SPEC §15): `start_date` + `start_time`
 * and `end_date` + `end_time` on a wall clock in its booking's time zone, or dates alone for an
 * all-day event (from the midnight starting its first day to the one ending its last). A change
 * of the start date alone keeps the event's length in days; a time that the clocks skip in that
 * zone does not exist, and says so.
 */
import { addDays, isDate, localDateTime, zonedToUtc } from '../../wall-clock.js';
import type { Problems } from '../validation.js';
import type { Event } from './event.table.js';
import { flag } from '../data/row-mappers.js';

export interface WallClockInput {
  start_date?: string | undefined;
  end_date?: string | undefined;
  /** HH:MM; null (or left out, with dates) for an all-day event. */
  start_time?: string | null | undefined;
  end_time?: string | null | undefined;
  all_day?: boolean | undefined;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const FIELDS = ['start_date', 'end_date', 'start_time', 'end_time', 'all_day'] as const;

/** What a write by these names makes: the event's instants (when every part reads) and all_day. */
export interface WallClockTimes {
  start_at?: string;
  end_at?: string;
  all_day: boolean;
}

function days(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether the input names the event's times by Event Temple's names. */
export function namesWallClock(input: WallClockInput): boolean {
  return FIELDS.some((field) => input[field] !== undefined);
}

/**
 * The instants of an event written by its wall-clock times in `zone`, judged against `current`
 * (on a change); every bad part is told to `problems`, at the name the client used.
 */
export function wallClockTimes(
  input: WallClockInput,
  current: Event | undefined,
  zone: string,
  problems: Problems,
): WallClockTimes {
  const before = problems.list.length;
  const timesGiven = (input.start_time ?? null) !== null || (input.end_time ?? null) !== null;
  const allDay =
    input.all_day ??
    (input.start_time !== undefined || input.end_time !== undefined
      ? !timesGiven
      : current
        ? flag(current.all_day)
        : true);
  if (allDay && timesGiven) {
    const field = (input.start_time ?? null) !== null ? 'start_time' : 'end_time';
    problems.attribute(
      field,
      'An all-day event has no times: leave start_time and end_time out, or set all_day to false.',
    );
  }

  const date = (field: 'start_date' | 'end_date', value: string | undefined) => {
    if (value !== undefined && !isDate(value)) {
      problems.attribute(field, `"${value}" is not a date (YYYY-MM-DD) that exists.`);
      return undefined;
    }
    return value;
  };
  const startDate = date('start_date', input.start_date ?? current?.start_date);
  if (startDate === undefined && !current && !problems.has('start_date'))
    problems.attribute('start_date', 'An event needs a start date.', 'required');
  const endDate = date(
    'end_date',
    input.end_date ??
      (current && input.start_date !== undefined && startDate !== undefined
        ? addDays(startDate, days(current.start_date, current.end_date))
        : (current?.end_date ?? startDate)),
  );

  const time = (field: 'start_time' | 'end_time', given: string | null | undefined) => {
    if (allDay) return null;
    const value = given ?? (current && !Number(current.all_day) ? current[field] : null);
    if (value === null) {
      problems.attribute(field, `An event that is not all day needs a ${field} (HH:MM).`, 'required');
    } else if (!TIME.test(value)) {
      problems.attribute(field, `"${value}" is not a time of day (HH:MM, 00:00 to 23:59).`);
    }
    return value;
  };
  const startTime = time('start_time', input.start_time);
  const endTime = time('end_time', input.end_time);
  if (problems.list.length > before || startDate === undefined || endDate === undefined) {
    return { all_day: allDay };
  }

  const instant = (field: 'start_time' | 'end_time', local: string, checked: boolean) => {
    const at = zonedToUtc(local, zone);
    if (at === undefined) return undefined;
    if (checked && localDateTime(at, zone) !== local) {
      problems.attribute(
        field,
        `${local.replace('T', ' ')} does not exist in ${zone}: the clocks go forward then.`,
        'nonexistent_time',
      );
      return undefined;
    }
    return new Date(at).toISOString();
  };
  const startAt = instant('start_time', `${startDate}T${startTime ?? '00:00'}`, !allDay);
  const endAt = allDay
    ? instant('end_time', `${addDays(endDate, 1)}T00:00`, false)
    : instant('end_time', `${endDate}T${endTime ?? '00:00'}`, true);
  return {
    ...(startAt !== undefined ? { start_at: startAt } : {}),
    ...(endAt !== undefined ? { end_at: endAt } : {}),
    all_day: allDay,
  };
}

/** What the rules of an event judge of an input that may use Event Temple's names. */
export interface EventTempleNames {
  /** The instants given, or made of the wall-clock times given. */
  times: { start_at?: string | undefined; end_at?: string | undefined };
  allDay: boolean;
  /** Whether the wall-clock times given were refused (their problems are told). */
  timesJudged: boolean;
  /** guest_count, or expected. */
  guests: number | null | undefined;
  /** The names the client used for what the rules judge by Marquee's names. */
  renamed: Record<string, string>;
}

/**
 * An event input's times and guests by Marquee's names, from Event Temple's where the client
 * used them (not both: a conflict is told).
 */
export function eventTempleNames(
  input: WallClockInput & {
    start_at?: string | undefined;
    end_at?: string | undefined;
    guest_count?: number | null | undefined;
    expected?: number | null | undefined;
  },
  current: Event | undefined,
  zone: string,
  problems: Problems,
): EventTempleNames {
  const renamed: Record<string, string> = {};
  const marquee = input.start_at !== undefined || input.end_at !== undefined;
  let times: EventTempleNames['times'] = input;
  let allDay = !marquee && current ? flag(current.all_day) : false;
  let timesJudged = false;
  if (namesWallClock(input) && marquee) {
    problems.attribute(
      'start_date',
      'Give the times as start_at and end_at, or as start_date, start_time, end_date and end_time: not both.',
      'conflicting_members',
    );
  } else if (namesWallClock(input)) {
    const wall = wallClockTimes(input, current, zone, problems);
    times = wall;
    allDay = wall.all_day;
    timesJudged = wall.start_at === undefined || wall.end_at === undefined;
    Object.assign(renamed, { start_at: 'start_date', end_at: 'end_date' });
  }
  let guests = input.guest_count;
  if (input.expected !== undefined) {
    if (input.guest_count !== undefined && input.guest_count !== input.expected) {
      problems.attribute(
        'expected',
        'expected is another name for guest_count: give one of them.',
        'conflicting_members',
      );
    }
    guests = input.expected;
    renamed.guest_count = 'expected';
  }
  return { times, allDay, timesJudged, guests, renamed };
}
