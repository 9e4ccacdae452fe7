/**
 * The event form's values (SPEC §11): read from an event, read from a post, and made into the
 * event command's input, all in the booking's time zone; an all-day event by its days.
 */
import type { EventInput, EventValue } from '../../../crm/events/index.js';
import type { FieldProblem } from '../../../errors.js';
import { isDate } from '../../../wall-clock.js';
import { type Form, formList, formText } from '../../forms.js';
import type { EventFormValues } from './event-form.page.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { localDateTime, zonedToUtc } from '../time-zones.js';

export function valuesOf(event: EventValue, zone: string): EventFormValues {
  const text = (n: number | null) => (n === null ? '' : String(n));
  // An all-day event shows its first and last days, from the start of one to the end of the other.
  return {
    name: event.name,
    start: event.allDay ? `${event.startDate}T00:00` : localDateTime(Date.parse(event.startAt), zone),
    end: event.allDay ? `${event.endDate}T23:59` : localDateTime(Date.parse(event.endAt), zone),
    all_day: event.allDay,
    setup_minutes: String(event.setupMinutes),
    teardown_minutes: String(event.teardownMinutes),
    guest_count: text(event.guestCount),
    guaranteed_count: text(event.guaranteedCount),
    setup_style: event.setupStyle ?? '',
    spaces: event.spaceIds,
    event_type: event.eventTypeId ?? '',
  };
}

export function formValues(form: Form): EventFormValues {
  return {
    name: formText(form, 'name'),
    start: formText(form, 'start_at'),
    end: formText(form, 'end_at'),
    all_day: formText(form, 'all_day') !== '',
    setup_minutes: formText(form, 'setup_minutes'),
    teardown_minutes: formText(form, 'teardown_minutes'),
    guest_count: formText(form, 'guest_count'),
    guaranteed_count: formText(form, 'guaranteed_count'),
    setup_style: formText(form, 'setup_style'),
    spaces: formList(form, 'spaces'),
    // A post without the select keeps the event's type (a new one: its booking's).
    event_type: 'event_type' in form ? formText(form, 'event_type') : undefined,
  };
}

/** The command's input, or the errors of the fields that could not be read. */
export function eventInput(
  values: EventFormValues,
  zone: string,
): { input: EventInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const instant = (value: string, field: string, what: string) => {
    const ms = value.trim() === '' ? undefined : zonedToUtc(value, zone);
    if (ms === undefined) errors[field] = `Give the date and time it ${what}.`;
    return ms === undefined ? undefined : new Date(ms).toISOString();
  };
  const whole = (value: string, field: string, message: string, blank: number | null) => {
    if (value.trim() === '') return blank;
    if (!/^\d{1,7}$/.test(value.trim())) {
      errors[field] = message;
      return undefined;
    }
    return Number(value.trim());
  };
  // All day: the days of the fields (a date-time's first ten characters), by the event's dates.
  const day = (value: string, field: string, what: string) => {
    const date = value.trim().slice(0, 10);
    if (!isDate(date)) errors[field] = `Give the day it ${what}.`;
    return isDate(date) ? date : undefined;
  };
  const times: Pick<EventInput, 'start_at' | 'end_at' | 'start_date' | 'end_date' | 'all_day'> =
    values.all_day
      ? {
          start_date: day(values.start, 'start_at', 'starts'),
          end_date: day(values.end, 'end_at', 'ends'),
          all_day: true,
        }
      : {
          start_at: instant(values.start, 'start_at', 'starts'),
          end_at: instant(values.end, 'end_at', 'ends'),
        };
  const buffer = 'Minutes are a whole number, from 0 to 1440.';
  const input: EventInput = {
    name: values.name,
    ...times,
    setup_minutes: whole(values.setup_minutes, 'setup_minutes', buffer, 0) ?? undefined,
    teardown_minutes: whole(values.teardown_minutes, 'teardown_minutes', buffer, 0) ?? undefined,
    guest_count: whole(values.guest_count, 'guest_count', 'Guests is a whole number, 0 or more.', null),
    guaranteed_count: whole(
      values.guaranteed_count,
      'guaranteed_count',
      'Guests is a whole number, 0 or more.',
      null,
    ),
    setup_style: values.setup_style || null,
    spaceIds: values.spaces,
    eventTypeId: values.event_type === undefined ? undefined : values.event_type || null,
  };
  return { input, errors };
}

/** The rules name an all-day event's days as the API does; on the form they are the two date-time fields. */
const FORM_FIELD: Readonly<Record<string, string>> = { start_date: 'start_at', end_date: 'end_at' };

export async function onForm(problems: Promise<readonly FieldProblem[]>): Promise<FieldProblem[]> {
  return (await problems).map((p) =>
    p.field && FORM_FIELD[p.field] ? { ...p, field: FORM_FIELD[p.field] } : p,
  );
}
