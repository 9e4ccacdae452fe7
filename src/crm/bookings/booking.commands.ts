/**
 * Writing bookings (SPEC §7, §11), as units of work (src/writes/unit-of-work.ts), which hold the
 * organization's lock: so the reference a create takes is the next one, and the double-booking
 * check sees every committed definite booking's events: two definite bookings' events never
 * occupy one space at overlapping times, whatever runs concurrently. A booking is the deal; its
 * times, spaces and guests come from its events. For the integrations written before events,
 * a create with start_at and end_at makes its first event, and while a booking has one event a
 * change of those attributes changes that event; with several they are read-only (422
 * derived_attribute). A booking's status is its events'. Deleting a booking takes its events
 * and notes along. A create may give its days and a new contact as Event Temple's lead forms do
 * (booking-event-temple.ts, lead-contact.ts).
 */
import { isoTime } from '../../clock.js';
import { wallClockOf } from '../../wall-clock.js';
import type { Db, Trx } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import type { Actor } from '../../policy/actor.js';
import { isRefusal, type Refusal } from '../../writes/refusal.js';
import type { Command, Work } from '../../writes/unit-of-work.js';
import { recordCreated, recordDeleted, recordUpdated } from '../change-events.js';
import { findRow } from '../data/record-lookup.js';
import {
  checkEvent,
  eventDefinition,
  eventsOfBooking,
  insertEvent,
  clashRefusal,
  type SetupStyle,
  writeEventSpaces,
} from '../events/index.js';
import { eventTypeFor } from '../event-types/index.js';
import { loadFacts } from '../facts.js';
import { deleteNotesOf } from '../notes/index.js';
import { deleteTasksOf } from '../tasks/index.js';
import { deleteCommand, updateCommand } from '../record-commands.js';
import { updateRecord } from '../records.js';
import { type Checked, refusalOfProblems } from '../validation.js';
import { takeBookingReferences } from './booking-numbers.js';
import { firstEvent } from './first-event.js';
import { bookingByDays, bookingProblemsByDays } from './booking-event-temple.js';
import { zoneOfDays } from './zone-of-days.js';
import { bookingPricesGo } from '../pricing/index.js';
import { touchBooking } from './aggregate.js';
import { leadContact } from './lead-contact.js';
import { sourceOfDoor } from './booking-source.js';
import { withClientRule } from './booking-client.js';
import { documentsGoWithBooking } from '../documents/beneath.js';
import { changesCurrency, pricedInput, pricedProblems } from './booking-prices.js';
import { moneyHeldBy } from './money-held.js';
import { type BookingFields, type BookingInput, bookingNames, checkBooking } from './booking-rules.js';
import { insertBooking, insertBookingSpaces, replaceBookingSpaces } from './booking.repository.js';
import { bookingDefinition } from './booking.resource.js';
import { type Booking, NO_PRICES } from './booking.table.js';
import { spaceIds } from '../data/row-mappers.js';
import { changedFields } from '../data/changed-fields.js';
import { BOOKING_ACTIONS } from './booking.policy.js';
import { derivedProblems } from './derived-problems.js';
import { withCustomValues } from '../custom-fields/index.js';

export type { BookingInput } from './booking-rules.js';

async function judged(
  db: Db | Trx,
  actor: Actor,
  given: BookingInput,
  current?: Booking,
): Promise<Checked<BookingFields> & { allDay: boolean }> {
  const input = pricedInput(given, current);
  const facts = await loadFacts(
    db,
    actor.organizationId,
    actor.userId,
    bookingNames(input, current, actor.userId),
  );
  const byDays = bookingByDays(input, !current, await zoneOfDays(db, actor.organizationId, input), facts);
  const ruled = checkBooking({ ...input, ...byDays.times }, current, facts);
  const byDaysRuled = { value: ruled.value, problems: bookingProblemsByDays(ruled.problems, byDays, input) };
  const checked = {
    ...(await withCustomValues(db, byDaysRuled, {
      organizationId: actor.organizationId,
      door: actor.door,
      recordType: 'bookings',
      given: input.custom_fields,
      current,
    })),
    allDay: byDays.allDay,
  };
  if (!current) return checked;
  const held = changesCurrency(input, current) ? await moneyHeldBy(db, current.id) : undefined;
  const events = await db
    .selectFrom('events')
    .selectAll()
    .where('booking_id', '=', current.id)
    .orderBy('start_at')
    .orderBy('id')
    .execute();
  if (events.length === 0)
    return { ...checked, problems: [...checked.problems, ...pricedProblems(input, current, held)] };
  // Its guests and spaces are its events': each event's guests fit its spaces for its setup style
  // (event-rules.ts), which the booking's own capacity rule, by capacity alone, does not know.
  let problems = checked.problems.filter((p) => !(p.field === 'guest_count' && p.code === 'over_capacity'));
  const [only] = events;
  if (events.length === 1 && only && (input.guest_count !== undefined || input.spaceIds !== undefined)) {
    const passed = checkEvent({ guest_count: input.guest_count, spaceIds: input.spaceIds }, only, {
      booking: current,
      spaces: facts.spaces,
      eventTypes: [],
    });
    problems = [...problems, ...passed.problems.filter((p) => p.code === 'over_capacity')];
  }
  const derived = [...derivedProblems(input, events.length), ...pricedProblems(input, current, held)];
  problems = [...problems.filter((p) => !derived.some((d) => d.field === p.field)), ...derived];
  return { ...checked, problems };
}

/** Every problem of a booking input, writing nothing (forms, and the API's one 422 per bad field). */
export async function bookingProblems(db: Db, actor: Actor, input: BookingInput, current?: Booking) {
  return (await judged(db, actor, input, current)).problems;
}

export const createBooking: Command<BookingInput, Booking | Refusal> = {
  action: BOOKING_ACTIONS.create,
  async run(work, input) {
    const { trx, actor, now } = work;
    const checked = await judged(trx, actor, input);
    const refused = refusalOfProblems(checked);
    if (refused) return refused;
    const fields = checked.value;
    if (input.newContact) {
      const lead = await leadContact(work, input.newContact, input.accountId ?? null);
      if (isRefusal(lead)) return lead;
      fields.account_id = lead.accountId;
      fields.contact_id = lead.contactId;
    }
    const [reference = ''] = await takeBookingReferences(trx, actor.organizationId, 1);
    const at = isoTime(now);
    const booking: Booking = {
      custom_fields: '{}',
      ...fields,
      ...NO_PRICES,
      source: fields.source ?? sourceOfDoor(actor.door),
      id: newId(now),
      organization_id: actor.organizationId,
      reference,
      created_at: at,
      updated_at: at,
    };
    const clash = await clashRefusal(trx, actor.organizationId, firstEvent(booking));
    if (clash) return clash;
    await insertBooking(trx, booking);
    await insertBookingSpaces(trx, booking.id, spaceIds(booking));
    await recordCreated(trx, bookingDefinition, booking, now);
    const eventTypeId = await eventTypeFor(work, booking.event_type);
    const style = (input.setup_style ?? null) as SetupStyle | null;
    await insertEvent(work, firstEvent(booking, eventTypeId, checked.allDay, style));
    return booking;
  },
};

/**
 * Its events, following the booking: its one event takes the booking's changed times, spaces,
 * guests and event type; every event reads its wall-clock times in the booking's time zone.
 */
async function eventsFollow(work: Work, current: Booking, booking: Booking): Promise<void> {
  const events = await eventsOfBooking(work.trx, booking.id);
  const only = events.length === 1 ? events[0] : undefined;
  if (!only && booking.timezone === current.timezone) return;
  for (const event of events) {
    const after = { ...event };
    if (event === only) {
      Object.assign(after, pick(booking));
      if (after.start_at !== event.start_at || after.end_at !== event.end_at) after.all_day = 0;
      if ((booking.event_type ?? '') !== (current.event_type ?? '')) {
        after.event_type_id = await eventTypeFor(work, booking.event_type);
      }
    }
    Object.assign(after, wallClockOf(after, booking.timezone));
    const changes = changedFields(event, after);
    if (Object.keys(changes).length === 0) continue;
    const updated = await updateRecord(work.trx, 'events', event, changes, work.now);
    await writeEventSpaces(work.trx, updated);
    await recordUpdated(work.trx, eventDefinition, event, updated, work.now);
    if (updated.guest_count !== event.guest_count) touchBooking(work, booking.id, { guests: [updated.id] });
  }
}

export const updateBooking = updateCommand<'bookings', BookingInput>({
  action: BOOKING_ACTIONS.update,
  definition: bookingDefinition,
  check: withClientRule((trx, actor, input, current) => judged(trx, actor, input, current)),
  async beforeWrite({ trx, actor }, current, fields) {
    const after = { ...current, ...fields } as Booking;
    const moved = (['start_at', 'end_at', 'space_ids'] as const).some(
      (field) => after[field] !== current[field],
    );
    if (after.status !== 'definite' || (current.status === 'definite' && !moved)) return;
    const events = await eventsOfBooking(trx, current.id);
    for (const event of events.length === 1 ? [{ ...events[0]!, ...pick(after) }] : events) {
      const clash = await clashRefusal(trx, actor.organizationId, { ...event, status: 'definite' });
      if (clash) return clash;
    }
  },
  async afterWrite(work, current, updated, told) {
    if (updated.space_ids !== current.space_ids) {
      await replaceBookingSpaces(work.trx, current.id, spaceIds(updated));
    }
    await eventsFollow(work, current, updated);
    // Its schedule follows its first day; its events carry its status, then its move is told.
    if (updated.start_at !== current.start_at) touchBooking(work, current.id, { schedule: true });
    if (updated.status !== current.status) {
      touchBooking(work, current.id, { status: told && 'status' in told.previous ? [told] : [] });
    }
  },
  // Answered as it is kept (its sums follow its guests' lines): read again when keeping changed it.
  async made(work, updated) {
    const refused = await work.keep();
    if (refused) return refused;
    const kept = await findRow(work.trx, bookingDefinition, work.actor.organizationId, updated.id);
    return kept && kept.updated_at !== updated.updated_at ? kept : updated;
  },
});

const pick = (booking: Booking) => ({
  start_at: booking.start_at,
  end_at: booking.end_at,
  guest_count: booking.guest_count,
  space_ids: booking.space_ids,
});

export const deleteBooking = deleteCommand({
  action: BOOKING_ACTIONS.delete,
  definition: bookingDefinition,
  async before(work, current) {
    const { trx, now } = work;
    const kept = await documentsGoWithBooking(work, current.id);
    if (kept) return kept;
    await deleteNotesOf(trx, 'bookings', current.id, now);
    await deleteTasksOf(trx, current.id, now);
    await bookingPricesGo(trx, current.id, now);
    // Its events go with it (the database cascades), each told of.
    for (const event of await eventsOfBooking(trx, current.id)) {
      await deleteNotesOf(trx, 'events', event.id, now);
      await recordDeleted(trx, eventDefinition, event, now);
    }
  },
});
