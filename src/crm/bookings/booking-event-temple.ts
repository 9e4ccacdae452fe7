/**
 * A booking created as Event Temple's lead forms create one (SPEC §15): its days as
 * `start_date`/`end_date` (an all-day first event, in the organization's time zone unless the
 * booking names one) instead of start_at/end_at, and a new contact embedded as the attribute
 * `contact: {first_name, last_name, email, phone_number}` instead of the `contact`
 * relationship. The contact is judged by the contact rules, each problem at its member's pointer;
 * writing reuses the organization's contact with that e-mail (lead-contact.ts).
 */
import type { FieldProblem } from '../../errors.js';
import { addDays, isDate, zonedToUtc } from '../../wall-clock.js';
import { checkContact } from '../contacts/index.js';
import type { VenueFacts } from '../facts.js';
import { atNamesUsed, Problems } from '../validation.js';

/** A new contact as a lead form sends it. */
export interface EmbeddedContact {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | null | undefined;
  phone_number?: string | null | undefined;
}

export interface EventTempleBooking {
  start_at?: string | undefined;
  end_at?: string | undefined;
  timezone?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
  contactId?: string | null | undefined;
  newContact?: EmbeddedContact | undefined;
}

/** What the booking rules judge instead, and what else a create needs to know. */
export interface BookingByDays {
  /** start_at and end_at made of the days given, with the zone they were read in. */
  times: { start_at?: string; end_at?: string; timezone?: string };
  /** Whether its first event is all day. */
  allDay: boolean;
  problems: FieldProblem[];
  /** The names the client used for what the booking rules judge by Marquee's names. */
  renamed: Record<string, string>;
}

const pointerOf = (member: string) => ({ pointer: `/data/attributes/contact/${member}` });

/** The problems of an embedded contact, at its members' pointers. */
function contactProblems(contact: EmbeddedContact, facts: VenueFacts): FieldProblem[] {
  const checked = checkContact(
    {
      first_name: contact.first_name ?? '',
      last_name: contact.last_name ?? '',
      email: contact.email ?? null,
      phone: contact.phone_number ?? null,
    },
    undefined,
    facts,
  );
  return checked.problems.map((p) => {
    const member = p.field === 'phone' ? 'phone_number' : (p.field ?? 'contact');
    return { ...p, field: `contact/${member}`, source: pointerOf(member) };
  });
}

/**
 * The create's days as instants in `zone` (the booking's, else the organization's), and its
 * embedded contact's problems; `current` (an update) takes neither.
 */
export function bookingByDays(
  input: EventTempleBooking,
  creating: boolean,
  organizationZone: string,
  facts: VenueFacts,
): BookingByDays {
  const problems = new Problems();
  const out: BookingByDays = { times: {}, allDay: false, problems: [], renamed: {} };
  const byDays = input.start_date !== undefined || input.end_date !== undefined;
  if (byDays && !creating) {
    problems.attribute(
      input.start_date !== undefined ? 'start_date' : 'end_date',
      "start_date and end_date give a new booking's days; change its events' times at /v2/events.",
      'create_only',
    );
  } else if (byDays && (input.start_at !== undefined || input.end_at !== undefined)) {
    problems.attribute(
      'start_date',
      'Give the booking start_at and end_at, or start_date and end_date: not both.',
      'conflicting_members',
    );
  } else if (byDays) {
    const zone = input.timezone ?? organizationZone;
    const startDate = input.start_date;
    const endDate = input.end_date ?? startDate;
    if (startDate === undefined)
      problems.attribute('start_date', 'A booking needs a start date.', 'required');
    else if (!isDate(startDate))
      problems.attribute('start_date', `"${startDate}" is not a date (YYYY-MM-DD) that exists.`);
    if (endDate !== undefined && !isDate(endDate))
      problems.attribute('end_date', `"${endDate}" is not a date (YYYY-MM-DD) that exists.`);
    if (!problems.has('start_date') && !problems.has('end_date') && startDate && endDate) {
      const start = zonedToUtc(startDate, zone);
      const end = zonedToUtc(addDays(endDate, 1), zone);
      if (start !== undefined && end !== undefined) {
        out.times = {
          start_at: new Date(start).toISOString(),
          end_at: new Date(end).toISOString(),
          timezone: zone,
        };
      }
      out.allDay = true;
      Object.assign(out.renamed, { start_at: 'start_date', end_at: 'end_date' });
    }
  }

  if (input.newContact !== undefined) {
    if (!creating) {
      problems.attribute(
        'contact',
        'A new contact is given with a new booking; name a contact by the contact relationship.',
        'create_only',
      );
    } else if (input.contactId !== undefined) {
      problems.attribute(
        'contact',
        'Give the contact relationship (an existing contact) or the contact attribute (a new one): not both.',
        'conflicting_members',
      );
    } else {
      for (const problem of contactProblems(input.newContact, facts)) problems.add(problem);
    }
  }
  out.problems = [...problems.list];
  return out;
}

/** The booking rules' problems at the names the client used, the embedded contact's beside them. */
export function bookingProblemsByDays(
  ruled: readonly FieldProblem[],
  byDays: BookingByDays,
  input: EventTempleBooking & { accountId?: string | undefined },
): FieldProblem[] {
  // An embedded contact brings its account when the booking names none (lead-contact.ts); days
  // given are the times, whose own problems are told.
  const byDaysGiven = input.start_date !== undefined || input.end_date !== undefined;
  const kept = ruled.filter(
    (p) =>
      !(input.newContact !== undefined && input.accountId === undefined && p.field === 'account') &&
      !(byDaysGiven && p.code === 'required' && (p.field === 'start_at' || p.field === 'end_at')),
  );
  return atNamesUsed([...byDays.problems, ...kept], byDays.renamed);
}
