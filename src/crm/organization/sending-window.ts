/**
 * An organization's sending window (SPEC §18) as it is stored (JSON, null for the default) and
 * its rules: days a non-empty list of distinct ISO weekdays (1 Monday … 7 Sunday), start and end
 * HH:MM with start before end. Each bad part is reported at its own pointer.
 */
import type { Problems } from '../validation.js';

/** The hours an organization's automated mail may go out: ISO weekdays (1 Monday … 7 Sunday), HH:MM. */
export interface SendingWindow {
  days: readonly number[];
  start: string;
  end: string;
}

export const DEFAULT_SENDING_WINDOW: SendingWindow = Object.freeze({
  days: Object.freeze([1, 2, 3, 4, 5]),
  start: '09:00',
  end: '17:00',
});

export interface SendingWindowInput {
  days?: unknown;
  start?: unknown;
  end?: unknown;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The window a stored value means (the default for null or anything unreadable). */
export function sendingWindowOf(stored: string | null | undefined): SendingWindow {
  if (!stored) return DEFAULT_SENDING_WINDOW;
  try {
    const window = JSON.parse(stored) as SendingWindow;
    return { days: [...window.days], start: window.start, end: window.end };
  } catch {
    return DEFAULT_SENDING_WINDOW;
  }
}

function checkDays(days: unknown, problems: Problems): number[] {
  const field = 'sending_window/days';
  if (!Array.isArray(days) || days.length === 0) {
    problems.attribute(field, 'A sending window needs at least one day (1 Monday … 7 Sunday).');
    return [];
  }
  if (days.some((d) => !Number.isInteger(d) || (d as number) < 1 || (d as number) > 7)) {
    problems.attribute(field, 'Each day is an ISO weekday from 1 (Monday) to 7 (Sunday).');
  } else if (new Set(days).size !== days.length) {
    problems.attribute(field, 'Each day may be named once.');
  }
  return [...(days as number[])].sort((a, b) => a - b);
}

/** The window to store (as JSON), its bad parts told to `problems`. */
export function checkSendingWindow(input: SendingWindowInput, problems: Problems): string {
  const days = checkDays(input.days, problems);
  const times = { start: input.start, end: input.end };
  for (const [part, value] of Object.entries(times)) {
    if (typeof value !== 'string' || !TIME.test(value)) {
      problems.attribute(
        `sending_window/${part}`,
        `${part === 'start' ? 'Start' : 'End'} is a time as HH:MM, e.g. 09:00.`,
      );
    }
  }
  const { start, end } = times;
  if (
    typeof start === 'string' &&
    typeof end === 'string' &&
    TIME.test(start) &&
    TIME.test(end) &&
    start >= end
  ) {
    problems.attribute('sending_window/end', 'The window must end after it starts.');
  }
  return JSON.stringify({ days, start, end });
}
