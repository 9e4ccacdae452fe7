/**
 * The Find a space form's fields read into an availability query (src/crm/events/availability.ts):
 * a date and from–to times on the venue's clock, turned into UTC instants in the venue's time
 * zone. A "to" earlier than "from" runs into the next day (an evening until 02:00); equal times
 * ask for nothing and are refused. Every bad field is named at once, beside its field.
 */
import { type AvailabilityQuery, SETUP_STYLES } from '../../../crm/events/index.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { addDays, isDate, zonedToUtc } from '../time-zones.js';

export interface FindSpaceValues {
  date: string;
  from: string;
  to: string;
  guests: string;
  setup_style: string;
  setup_minutes: string;
  teardown_minutes: string;
}

export const FIND_SPACE_FIELDS = [
  'date',
  'from',
  'to',
  'guests',
  'setup_style',
  'setup_minutes',
  'teardown_minutes',
] as const;

export type FindSpaceRead = { query: AvailabilityQuery; errors?: undefined } | { errors: FieldErrors };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** The query the fields ask, in the venue's zone, or the errors of every field that is wrong. */
export function readFindSpace(values: FindSpaceValues, zone: string): FindSpaceRead {
  const errors: FieldErrors = {};
  const date = values.date.trim();
  const from = values.from.trim();
  const to = values.to.trim();
  if (!isDate(date)) errors.date = 'Give the date, such as 2027-05-08.';
  if (!TIME.test(from)) errors.from = 'Give the time it starts, such as 18:00.';
  if (!TIME.test(to)) errors.to = 'Give the time it ends, such as 23:30.';
  else if (to === from) errors.to = 'It must end at another time than it starts.';

  const whole = (field: 'guests' | 'setup_minutes' | 'teardown_minutes', max: number, message: string) => {
    const text = values[field].trim();
    if (text === '') return undefined;
    if (!/^\d{1,7}$/.test(text) || Number(text) > max) {
      errors[field] = message;
      return undefined;
    }
    return Number(text);
  };
  const guestCount = whole('guests', 1_000_000, 'Guests is a whole number, 0 or more.');
  const buffer = 'Minutes are a whole number, from 0 to 1440.';
  const setupMinutes = whole('setup_minutes', 1440, buffer);
  const teardownMinutes = whole('teardown_minutes', 1440, buffer);
  const style = values.setup_style.trim();
  if (style !== '' && !(SETUP_STYLES as readonly string[]).includes(style)) {
    errors.setup_style = 'Choose a setup style from the list.';
  }
  if (Object.keys(errors).length > 0) return { errors };

  const overnight = to < from;
  const start = zonedToUtc(`${date}T${from}`, zone);
  const end = zonedToUtc(`${overnight ? addDays(date, 1) : date}T${to}`, zone);
  if (start === undefined || end === undefined || !(start < end)) {
    // Only where a clock change swallows the hour asked for.
    return { errors: { to: 'Those times do not exist on that day in the venue’s time zone.' } };
  }
  return {
    query: {
      startAt: new Date(start).toISOString(),
      endAt: new Date(end).toISOString(),
      guestCount,
      setupStyle: style === '' ? undefined : style,
      setupMinutes,
      teardownMinutes,
    },
  };
}
