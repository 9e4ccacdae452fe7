/**
 * The rules of a lead (SPEC §14), one pure function, every bad field at once: a contact with a
 * first or last name and an e-mail address; a date that exists (YYYY-MM-DD) and times of day
 * (HH:MM) in the organization's time zone, an end time only with a start time (an end at or
 * before the start is on the next day: a party until 01:00); a whole number of guests; a source
 * among those a booking records; short source details. Without times the event is all day.
 */
import type { FieldProblem } from '../../errors.js';
import { addDays, isDate, zonedToUtc } from '../../wall-clock.js';
import { BOOKING_SOURCES, type BookingSource } from '../bookings/index.js';
import { type Checked, isEmail, Problems } from '../validation.js';

export interface LeadInput {
  /** The booking's name; by default the company's or the person's. */
  name?: string | undefined;
  contact: {
    first_name: string;
    last_name: string;
    email: string;
    phone?: string | undefined;
    /** A new contact's custom fields (SPEC §19); a contact reused by e-mail keeps its own. */
    custom_fields?: Readonly<Record<string, unknown>> | undefined;
  };
  /** The account: the company, else the person. */
  company?: string | undefined;
  /** YYYY-MM-DD in the organization's time zone. */
  date: string;
  /** HH:MM */
  start_time?: string | undefined;
  /** HH:MM */
  end_time?: string | undefined;
  guest_count?: number | undefined;
  event_type?: string | undefined;
  /** Becomes a note on the booking. */
  message?: string | undefined;
  source: BookingSource;
  /** UTM fields, referrer. */
  source_details?: Record<string, string> | undefined;
  /** The booking's custom fields (SPEC §19), judged as a booking's write judges them. */
  custom_fields?: Readonly<Record<string, unknown>> | undefined;
}

/** What a lead makes, once its rules passed. */
export interface Lead {
  name: string;
  /** Given with start_at/end_at, else the day (start_date) of an all-day event. */
  times: { start_at: string; end_at: string } | { start_date: string };
  company: string | null;
}

export const LEAD_LIMITS = { text: 200, message: 5000, details: 10, detail: 500, guests: 1_000_000 };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const contactProblem = (member: string, detail: string, code = 'invalid_value'): FieldProblem => ({
  field: `contact/${member}`,
  detail,
  code,
  source: { pointer: `/data/attributes/contact/${member}` },
});

function checkContactOf(input: LeadInput, problems: Problems): string {
  const contact = input.contact ?? { first_name: '', last_name: '', email: '' };
  const first = (contact.first_name ?? '').trim();
  const last = (contact.last_name ?? '').trim();
  if (first === '' && last === '')
    problems.add(contactProblem('first_name', 'Give the name of the person asking.', 'blank'));
  for (const [member, value] of [
    ['first_name', first],
    ['last_name', last],
    ['phone', contact.phone ?? ''],
  ] as const) {
    if (value.length > LEAD_LIMITS.text)
      problems.add(contactProblem(member, `At most ${LEAD_LIMITS.text} characters.`, 'too_long'));
  }
  const email = (contact.email ?? '').trim();
  if (email === '') problems.add(contactProblem('email', 'Give an e-mail address to answer to.', 'blank'));
  else if (!isEmail(email) || email.length > 254)
    problems.add(contactProblem('email', `"${email.slice(0, 254)}" is not an e-mail address.`));
  return [first, last].filter(Boolean).join(' ');
}

function checkTimes(input: LeadInput, zone: string, problems: Problems): Lead['times'] | undefined {
  const { date, start_time: start, end_time: end } = input;
  if (date === undefined || date === '')
    problems.attribute('date', 'Give the date of the event.', 'required');
  else if (!isDate(date)) problems.attribute('date', `"${date}" is not a date (YYYY-MM-DD) that exists.`);
  if (start !== undefined && !TIME.test(start))
    problems.attribute('start_time', `"${start}" is not a time of day (HH:MM, e.g. 18:30).`);
  if (end !== undefined && !TIME.test(end))
    problems.attribute('end_time', `"${end}" is not a time of day (HH:MM, e.g. 23:00).`);
  else if (end !== undefined && start === undefined)
    problems.attribute('end_time', 'Give the start time with the end time.', 'required');
  else if (end !== undefined && end === start)
    problems.attribute('end_time', 'The event must end at another time than it starts.');
  if (problems.has('date') || problems.has('start_time') || problems.has('end_time')) return undefined;
  if (start === undefined) return { start_date: date };
  // An end at or before the start is the next day's; no end: until midnight.
  const endDay = end === undefined || end < start ? addDays(date, 1) : date;
  const startAt = zonedToUtc(`${date}T${start}`, zone);
  const endAt = zonedToUtc(`${endDay}T${end ?? '00:00'}`, zone);
  if (startAt === undefined || endAt === undefined || endAt <= startAt) {
    problems.attribute('start_time', 'These times do not make an event on that day.');
    return undefined;
  }
  return { start_at: new Date(startAt).toISOString(), end_at: new Date(endAt).toISOString() };
}

/** A lead's problems and, when it has none, what it makes; `zone` is the organization's. */
export function checkLead(input: LeadInput, zone: string): Checked<Lead> {
  const problems = new Problems();
  const person = checkContactOf(input, problems);
  const times = checkTimes(input, zone, problems);
  const company = input.company?.trim() || null;
  for (const field of ['name', 'company', 'event_type'] as const) {
    const value = input[field];
    if (value !== undefined && value.length > LEAD_LIMITS.text)
      problems.attribute(field, `At most ${LEAD_LIMITS.text} characters.`, 'too_long');
    problems.text(field, value, field === 'event_type' ? 'line' : 'name');
  }
  if (input.message !== undefined && input.message.length > LEAD_LIMITS.message)
    problems.attribute('message', `A message is at most ${LEAD_LIMITS.message} characters.`, 'too_long');
  problems.text('message', input.message, 'lines');
  const guests = input.guest_count;
  if (guests !== undefined && !(Number.isInteger(guests) && guests >= 0 && guests <= LEAD_LIMITS.guests))
    problems.attribute('guest_count', 'The number of guests is a whole number, 0 or more.');
  if (!(BOOKING_SOURCES as readonly string[]).includes(input.source))
    problems.attribute('source', `The source is one of ${BOOKING_SOURCES.join(', ')}.`);
  const details = Object.entries(input.source_details ?? {});
  if (
    details.length > LEAD_LIMITS.details ||
    details.some(([k, v]) => typeof v !== 'string' || k.length > 50 || v.length > LEAD_LIMITS.detail)
  )
    problems.attribute(
      'source_details',
      `Source details are at most ${LEAD_LIMITS.details} texts of at most ${LEAD_LIMITS.detail} characters.`,
    );
  const who = company ?? person;
  const named =
    input.name?.trim() || (input.event_type?.trim() ? `${who} (${input.event_type.trim()})` : who);
  return {
    problems: problems.list,
    value: { name: named, times: times ?? { start_date: '' }, company },
  };
}

export const isBookingSource = (value: string): value is BookingSource =>
  (BOOKING_SOURCES as readonly string[]).includes(value);
