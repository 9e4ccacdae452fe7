/**
 * Writing events (SPEC §11), as units of work (src/writes/unit-of-work.ts), which hold the
 * organization's lock: the rules of event-rules.ts; an event of a definite booking that would
 * clash with another definite booking's is refused (409 space_conflict, event-clash.ts); its
 * booking is marked touched, and its start, end, spaces and guests follow when it is kept
 * (src/crm/bookings/aggregate.ts, booking-derivation.ts); a booking's last event
 * cannot be deleted (409); deleting an event takes its notes along.
 */
import { findRow } from '../data/record-lookup.js';
import type { Db, Trx } from '../../db/database.js';
import type { Actor } from '../../policy/actor.js';
import { Refusal, refuse } from '../../writes/refusal.js';
import type { Command, Work } from '../../writes/unit-of-work.js';
import { bookingDefinition } from '../bookings/beneath.js';
import { recordCreated } from '../change-events.js';
import { withCustomValues } from '../custom-fields/index.js';
import { eventTypeFor, eventTypesOf } from '../event-types/index.js';
import { type SpaceFact, spacesOf } from '../facts.js';
import { deleteNotesOf } from '../notes/index.js';
import { deleteCommand, updateCommand } from '../record-commands.js';
import { insertRecord } from '../records.js';
import { refusalOfProblems } from '../validation.js';
import { eventLinesGo } from '../pricing/index.js';
import { touchBooking } from '../bookings/aggregate.js';
import { findClash, type Holding, SpaceConflictError } from '../occupancy/index.js';
import { checkEvent, type EventFields, type EventInput } from './event-rules.js';
import { eventsOfBooking, insertEventHolds, writeEventSpaces } from './event.repository.js';
import { eventDefinition } from './event.resource.js';
import type { Event } from './event.table.js';
import { occupiedStretch } from '../occupancy/index.js';
import { spaceIds } from '../data/row-mappers.js';
import { EVENT_ACTIONS } from './event.policy.js';

export type { EventInput } from './event-rules.js';

/**
 * The organization's spaces as an event write's rules read them, kept for its clash check in the
 * same transaction (which changes no space), so that they are read once a write.
 */
const spacesJudged = new WeakMap<Trx, Map<string, SpaceFact>>();

async function judged(db: Db | Trx, actor: Actor, input: EventInput, current?: Event) {
  const bookingId = current?.booking_id ?? input.bookingId;
  const [booking, spaces, eventTypes] = await Promise.all([
    bookingId && !bookingId.includes('\u0000')
      ? findRow(db, bookingDefinition, actor.organizationId, bookingId)
      : undefined,
    spacesOf(db, actor.organizationId),
    eventTypesOf(db, actor.organizationId),
  ]);
  if (db.isTransaction) spacesJudged.set(db as Trx, spaces);
  const ruled = checkEvent(input, current, { booking, spaces, eventTypes });
  const checked = await withCustomValues(db, ruled, {
    organizationId: actor.organizationId,
    door: actor.door,
    recordType: 'events',
    given: input.custom_fields,
    current,
  });
  return { checked, booking };
}

/** Every problem of an event input, writing nothing (forms, and the API's one 422 per bad field). */
export async function eventProblems(db: Db, actor: Actor, input: EventInput, current?: Event) {
  return (await judged(db, actor, input, current)).checked.problems;
}

type ClashingFields = Pick<
  EventFields,
  'status' | 'booking_id' | 'space_ids' | 'start_at' | 'end_at' | 'setup_minutes' | 'teardown_minutes'
>;

/** The definite event of another booking a definite booking's event would clash with, if any. */
export async function clashOf(
  trx: Trx,
  organizationId: string,
  event: ClashingFields,
): Promise<Holding | undefined> {
  if (event.status !== 'definite') return undefined;
  const stretch = occupiedStretch(event);
  const hold = {
    spaceIds: spaceIds(event),
    from: stretch.from,
    until: stretch.until,
    exceptBookingId: event.booking_id,
  };
  const spaces = spacesJudged.get(trx) ?? (await spacesOf(trx, organizationId));
  return findClash(trx, organizationId, hold, spaces);
}

/** The refusal (409 space_conflict, carrying the clash) when a definite booking's event would clash with another's. */
export async function clashRefusal(
  trx: Trx,
  organizationId: string,
  event: ClashingFields,
): Promise<Refusal | undefined> {
  const clash = await clashOf(trx, organizationId, event);
  return clash ? Refusal.from(new SpaceConflictError(clash)) : undefined;
}

/** Inserts an event of a booking (its rules already passed), with its holds; tells `event.created`. */
export async function insertEvent(work: Work, fields: EventFields): Promise<Event> {
  const { trx, actor, now } = work;
  const event = await insertRecord(trx, 'events', actor.organizationId, fields, now);
  await insertEventHolds(trx, event);
  await recordCreated(trx, eventDefinition, event, now);
  return event;
}

export const createEvent: Command<EventInput, Event | Refusal> = {
  action: EVENT_ACTIONS.create,
  async run(work, input) {
    const { checked, booking } = await judged(work.trx, work.actor, input);
    const refused = refusalOfProblems(checked);
    if (refused) return refused;
    const fields = checked.value;
    // Of its booking's type by default, made when the organization has no such type yet.
    if (input.eventTypeId === undefined && fields.event_type_id === null) {
      fields.event_type_id = await eventTypeFor(work, booking?.event_type);
    }
    const clash = await clashRefusal(work.trx, work.actor.organizationId, fields);
    if (clash) return clash;
    const event = await insertEvent(work, fields);
    touchBooking(work, event.booking_id, { events: true });
    return event;
  },
};

export const updateEvent = updateCommand<'events', EventInput>({
  action: EVENT_ACTIONS.update,
  definition: eventDefinition,
  check: async (trx, actor, input, current) => (await judged(trx, actor, input, current)).checked,
  beforeWrite: ({ trx, actor }, current, changes) =>
    clashRefusal(trx, actor.organizationId, { ...current, ...changes }),
  async afterWrite(work, current, updated) {
    await writeEventSpaces(work.trx, updated);
    const guests =
      current.guest_count !== updated.guest_count || current.guaranteed_count !== updated.guaranteed_count;
    touchBooking(work, updated.booking_id, { events: true, ...(guests && { guests: [updated.id] }) });
  },
});

export const deleteEvent = deleteCommand({
  action: EVENT_ACTIONS.delete,
  definition: eventDefinition,
  async before({ trx, now }, current) {
    if ((await eventsOfBooking(trx, current.booking_id)).length <= 1) {
      return refuse({
        status: 409,
        code: 'last_event',
        detail:
          'A booking always has at least one event: this is its last. Change it, or delete the booking.',
      });
    }
    await deleteNotesOf(trx, 'events', current.id, now);
    await eventLinesGo(trx, current.id, now);
  },
  async after(work, current) {
    touchBooking(work, current.booking_id, { events: true, lines: true });
  },
});
