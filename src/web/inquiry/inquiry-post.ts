/**
 * What an inquiry post says (SPEC §14), read alike from a form and from JSON: the lead it asks
 * for, and the refusals of its fields in the form's own names.
 */
import type { FieldProblem } from '../../errors.js';
import type { LeadInput } from '../../crm/leads/index.js';

export const POST_FIELDS = [
  'name',
  'email',
  'phone',
  'company',
  'event_type',
  'date',
  'start_time',
  'end_time',
  'guest_count',
  'message',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer',
] as const;

const DETAILS = ['utm_source', 'utm_medium', 'utm_campaign', 'referrer'] as const;

/** Each field as text ('' when absent; a number sent in JSON as its digits). */
export function postValues(body: unknown): Record<string, string> {
  const given = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const values: Record<string, string> = {};
  for (const name of [...POST_FIELDS, 'token', 'website']) {
    const value = given[name];
    values[name] = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }
  return values;
}

/** A given name and a family name, nothing else: two words of letters (and hyphens, apostrophes). */
const PLAIN_NAME = /^\p{L}[\p{L}\p{M}'’-]*\s\p{L}[\p{L}\p{M}'’-]*$/u;

/**
 * The contact's names of a name typed whole. Only a plain "Ada Okafor" is split into first and
 * last name; any other ("Amelia Hart & Daniel Reyes", "Dr Ada Okafor", "Mary-Jane van der
 * Berg") is kept whole as the first name, which greetings use, rather than cut where it is not
 * two names ("Dear Amelia Hart & Daniel,").
 */
export function namesOf(typed: string): { first_name: string; last_name: string } {
  const name = typed.trim().replace(/\s+/g, ' ');
  if (!PLAIN_NAME.test(name)) return { first_name: name, last_name: '' };
  const [first = '', last = ''] = name.split(' ');
  return { first_name: first, last_name: last };
}

/** The lead a post asks for, and the problems only the form knows of (guests, event types). */
export function leadOfPost(
  values: Record<string, string>,
  eventTypes: readonly string[],
): { lead: LeadInput; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const guests = values.guest_count!.trim();
  if (guests !== '' && !/^\d{1,7}$/.test(guests))
    problems.guest_count = 'The number of guests is a whole number.';
  const eventType = values.event_type!.trim();
  if (eventType && eventTypes.length > 0 && !eventTypes.includes(eventType))
    problems.event_type = `Choose one of ${eventTypes.join(', ')}.`;
  const optional = (field: string) => values[field]!.trim() || undefined;
  const details = Object.fromEntries(
    DETAILS.flatMap((d) => (values[d]!.trim() ? [[d, values[d]!.trim()]] : [])),
  );
  return {
    problems,
    lead: {
      contact: {
        ...namesOf(values.name!),
        email: values.email!,
        phone: optional('phone'),
      },
      company: optional('company'),
      date: values.date!.trim(),
      start_time: optional('start_time'),
      end_time: optional('end_time'),
      guest_count: guests && /^\d{1,7}$/.test(guests) ? Number(guests) : undefined,
      event_type: eventType || undefined,
      message: optional('message'),
      source: 'inquiry_form',
      source_details: Object.keys(details).length > 0 ? details : undefined,
    },
  };
}

/** A lead's problems under the form's field names. */
export function formProblems(problems: readonly FieldProblem[]): Record<string, string> {
  const names: Record<string, string> = {
    'contact/first_name': 'name',
    'contact/last_name': 'name',
    'contact/email': 'email',
    'contact/phone': 'phone',
    source_details: 'referrer',
  };
  const out: Record<string, string> = {};
  for (const p of problems) {
    const field = names[p.field ?? ''] ?? p.field ?? '';
    out[field] ??= p.detail;
  }
  return out;
}
