/**
 * The rules of an event's fields (SPEC §11), one pure function over facts loaded first: a name;
 * a start before its end, at most 31 days apart; setup and teardown of 0 to 1,440 minutes; guest
 * counts of 0 or more; a setup style of the list; its booking (given on create, fixed after) and
 * spaces of the organization; its guests fit each space's capacity for its setup style (else the
 * space's capacity); an event type of the organization's, by default its booking's. Event
 * Temple's names (SPEC §15) are judged by the same rules, each problem told at the name the
 * client used: the wall-clock times of event-wall-clock.ts, and `expected` for guest_count.
 */
import { wallClockOf } from '../../wall-clock.js';
import type { BookingRow } from '../bookings/beneath.js';
import { type EventType, typeNamed } from '../event-types/index.js';
import type { SpaceFact } from '../facts.js';
import { archivedProblem } from '../spaces/index.js';
import { atNamesUsed, type Checked, givenOrCurrentInstant, Problems } from '../validation.js';
import { eventTempleNames, type WallClockInput } from './event-wall-clock.js';
import { type Event, SETUP_STYLES, type SetupStyle } from './event.table.js';
import { spaceIds as spacesOf } from '../data/row-mappers.js';

export interface EventInput extends WallClockInput {
  name?: string | undefined;
  start_at?: string | undefined;
  end_at?: string | undefined;
  setup_minutes?: number | undefined;
  teardown_minutes?: number | undefined;
  guest_count?: number | null | undefined;
  guaranteed_count?: number | null | undefined;
  setup_style?: string | null | undefined;
  /** Event Temple's name for guest_count. */
  expected?: number | null | undefined;
  bookingId?: string | undefined;
  spaceIds?: readonly string[] | undefined;
  /** An event type of the organization, or null for none. */
  eventTypeId?: string | null | undefined;
  /** Instead of eventTypeId, in an import (event-bulk.ts): a type the organization has not yet, made with the event. */
  newEventType?: string | undefined;
  custom_fields?: Readonly<Record<string, unknown>> | undefined; // only the keys it changes (SPEC §19)
}

export type EventFields = Omit<Event, 'id' | 'organization_id' | 'created_at' | 'updated_at'>;

export interface EventFacts {
  /** The booking named (or the event's), when it is the organization's. */
  booking: Pick<BookingRow, 'id' | 'status' | 'timezone' | 'event_type'> | undefined;
  spaces: ReadonlyMap<string, SpaceFact>;
  /** The organization's event types. */
  eventTypes: readonly Pick<EventType, 'id' | 'value'>[];
}

/** How long one event may last (SPEC §11). */
export const LONGEST_EVENT_DAYS = 31;

/** Whether an event from `startAt` to `endAt` (instants) lasts longer than one may. */
export const lastsTooLong = (startAt: string, endAt: string): boolean =>
  Date.parse(endAt) - Date.parse(startAt) > LONGEST_EVENT_DAYS * 86_400_000;
const MAX_BUFFER_MINUTES = 1440;

function whole(
  problems: Problems,
  field: string,
  value: number | null | undefined,
  what: string,
  max = Number.MAX_SAFE_INTEGER,
) {
  if (value === null || value === undefined) return;
  if (!Number.isInteger(value) || value < 0 || value > max) problems.attribute(field, what);
}

/** The guests a space takes for a setup style: its capacity for the style, else its capacity. */
export function capacityFor(space: SpaceFact, style: string | null): number | null {
  return (style !== null ? space.capacities[style] : undefined) ?? space.capacity;
}

/** The event as it will be after `input` is applied to `current` (or to nothing, on create). */
export function checkEvent(
  input: EventInput,
  current: Event | undefined,
  facts: EventFacts,
): Checked<EventFields> {
  const problems = new Problems();
  const zone = facts.booking?.timezone ?? 'UTC';
  const { times, allDay, timesJudged, guests, renamed } = eventTempleNames(input, current, zone, problems);

  const name = input.name?.trim() ?? current?.name ?? '';
  if (name === '') problems.attribute('name', 'An event needs a name, such as Ceremony or Dinner.', 'blank');
  problems.text('name', name, 'name');

  const at = (field: 'start_at' | 'end_at') =>
    givenOrCurrentInstant(problems, field, times[field], current?.[field]);
  const startAt = at('start_at');
  const endAt = at('end_at');
  if (!current && times.start_at === undefined && !timesJudged)
    problems.attribute('start_at', 'An event needs a start.', 'required');
  if (!current && times.end_at === undefined && !timesJudged)
    problems.attribute('end_at', 'An event needs an end.', 'required');
  const timesGiven = times.start_at !== undefined || times.end_at !== undefined;
  if (startAt !== undefined && endAt !== undefined) {
    const field = times.end_at !== undefined ? 'end_at' : 'start_at';
    if (!(startAt < endAt)) problems.attribute(field, 'An event must end after it starts.');
    else if (timesGiven && lastsTooLong(startAt, endAt)) {
      problems.attribute(field, `An event lasts at most ${LONGEST_EVENT_DAYS} days; make it several events.`);
    }
  }

  const buffer = 'Setup and teardown are whole minutes, from 0 to 1440 (a day).';
  whole(problems, 'setup_minutes', input.setup_minutes, buffer, MAX_BUFFER_MINUTES);
  whole(problems, 'teardown_minutes', input.teardown_minutes, buffer, MAX_BUFFER_MINUTES);
  whole(problems, 'guest_count', guests, 'Guests is a whole number, 0 or more.');
  whole(
    problems,
    'guaranteed_count',
    input.guaranteed_count,
    'The guaranteed count is a whole number, 0 or more.',
  );
  const setupStyle = input.setup_style !== undefined ? input.setup_style : (current?.setup_style ?? null);
  if (setupStyle !== null && !(SETUP_STYLES as readonly string[]).includes(setupStyle)) {
    problems.attribute(
      'setup_style',
      `"${setupStyle}" is not a setup style; one of ${SETUP_STYLES.join(', ')}.`,
    );
  }

  const bookingId = current?.booking_id ?? input.bookingId;
  if (current && input.bookingId !== undefined && input.bookingId !== current.booking_id) {
    problems.relationship(
      'booking',
      'An event stays with its booking; make a new event in the other booking.',
      'fixed',
    );
  } else if (bookingId === undefined) {
    problems.relationship('booking', 'An event needs the booking it belongs to.', 'required');
  } else if (!facts.booking) {
    problems.relationship(
      'booking',
      `No booking with the id "${bookingId}" exists in this organization.`,
      'not_found',
    );
  }

  const spaceIds = input.spaceIds ? [...new Set(input.spaceIds)] : current ? spacesOf(current) : [];
  const missing = spaceIds.find((id) => !facts.spaces.has(id));
  if (input.spaceIds && missing !== undefined) {
    problems.relationship(
      'spaces',
      `No space with the id "${missing}" exists in this organization.`,
      'not_found',
    );
  } else if (input.spaceIds) {
    archivedProblem(problems, spaceIds, current ? spacesOf(current) : [], (id) => facts.spaces.get(id));
  }
  const guestCount = guests !== undefined ? guests : (current?.guest_count ?? null);
  if (
    guestCount !== null &&
    Number.isInteger(guestCount) &&
    missing === undefined &&
    !problems.has('setup_style')
  ) {
    for (const id of spaceIds) {
      const space = facts.spaces.get(id)!;
      const capacity = capacityFor(space, setupStyle);
      if (capacity !== null && guestCount > capacity) {
        const style =
          setupStyle !== null && space.capacities[setupStyle] !== undefined
            ? ` set for ${setupStyle.replace('_', ' ')}`
            : '';
        problems.attribute(
          'guest_count',
          `${guestCount} guests do not fit in ${space.name}${style}: it takes ${capacity}.`,
          'over_capacity',
        );
        break;
      }
    }
  }

  let eventTypeId =
    current?.event_type_id ?? typeNamed(facts.eventTypes, facts.booking?.event_type)?.id ?? null;
  if (input.eventTypeId !== undefined) {
    eventTypeId = input.eventTypeId;
    if (eventTypeId !== null && !facts.eventTypes.some((t) => t.id === eventTypeId)) {
      problems.relationship(
        'event_type',
        `No event type with the id "${eventTypeId}" exists in this organization.`,
        'not_found',
      );
    }
  }

  const stretch = { start_at: startAt ?? '', end_at: endAt ?? '', all_day: allDay };
  const wall =
    startAt !== undefined && endAt !== undefined
      ? wallClockOf(stretch, zone)
      : { start_date: '', end_date: '', start_time: null, end_time: null };
  return {
    problems: atNamesUsed(problems.list, renamed),
    value: {
      booking_id: bookingId ?? '',
      name,
      status: facts.booking?.status ?? current?.status ?? 'lead',
      start_at: startAt ?? '',
      end_at: endAt ?? '',
      setup_minutes: input.setup_minutes ?? current?.setup_minutes ?? 0,
      teardown_minutes: input.teardown_minutes ?? current?.teardown_minutes ?? 0,
      guest_count: guestCount,
      guaranteed_count:
        input.guaranteed_count !== undefined ? input.guaranteed_count : (current?.guaranteed_count ?? null),
      setup_style: setupStyle as SetupStyle | null,
      space_ids: JSON.stringify(spaceIds),
      ...wall,
      all_day: allDay ? 1 : 0,
      event_type_id: eventTypeId,
      custom_fields: current?.custom_fields ?? '{}',
    },
  };
}
