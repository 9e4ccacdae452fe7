/**
 * The demo venue's bookings and their events: the current and next week booked densely
 * (demo-fortnight.ts), and bookings of every kind and status from a year back to a year ahead
 * around them, each held by its program's events (demo-programs.ts). Definite bookings never
 * share a space (demo-holds.ts); every booking and event passes the rules the API judges them by.
 */
import {
  BOOKING_STATUSES,
  type Booking,
  type BookingStatus,
  NO_PRICES,
} from '../crm/bookings/booking.table.js';
import { BOOKING_FIELDS } from '../crm/bookings/index.js';
import { nullColumns } from '../crm/data/field-codec.js';
import { derivedFrom } from '../crm/events/index.js';
import type { Event } from '../crm/events/event.table.js';
import type { SpaceFact } from '../crm/facts.js';
import { newId } from '../db/ids.js';
import { addDays, localDate } from '../web/workspace/time-zones.js';
import { plannedEvents } from './demo-events.js';
import { fortnight } from './demo-fortnight.js';
import { withoutDoubleBookings } from './demo-holds.js';
import { type DemoKind, inRoom, type Program, PROGRAMS } from './demo-programs.js';
import type { DemoSpaces } from './demo-spaces.js';

export type DemoBooking = Booking & { events: Event[] };

/** Who books: a company's contact, or people for themselves (under a person account). */
export interface Booker {
  contactId: string;
  accountId: string;
  accountName: string;
}

export interface BookingContext {
  organizationId: string;
  ownerId: string;
  now: number;
  zone: string;
  spaces: DemoSpaces;
  facts: ReadonlyMap<string, SpaceFact>;
  rnd: () => number;
  /** The id of the demo's event type with this value. */
  eventTypeId(value: string): string;
  /** The next company contact, or the next people booking for themselves. */
  booker(personal: boolean): Booker;
}

const DAY = 86_400_000;
/** Bookings over the two years around now: about one a week, as the fortnight's are apart. */
const BACKGROUND = 96;
/** How far the background bookings reach, back and ahead. */
const REACH_DAYS = 365;
const BACKGROUND_KINDS: readonly DemoKind[] = [
  'wedding',
  'intimate_wedding',
  'conference',
  'gala',
  'retreat',
  'birthday',
  'launch',
  'holiday_party',
  'workshop',
  'board_meeting',
];
const LOST_REASONS = ['Chose another venue', 'Budget cut', 'Date unavailable', 'Event cancelled'];

interface Plan {
  program: Program;
  firstDay: string;
  /** Its status, given the events it will have (which may be past). */
  status: (events: readonly Event[]) => BookingStatus;
  /** When it was booked, given when it starts. */
  bookedDaysAgo: number;
}

function book(ctx: BookingContext, plan: Plan): DemoBooking {
  const { program } = plan;
  const { rnd } = ctx;
  const guests = Math.round(program.guests[0] + rnd() * (program.guests[1] - program.guests[0]));
  const planned = plannedEvents(program, plan.firstDay, ctx.zone, guests, ctx.spaces, ctx.facts);
  const start = Math.min(...planned.map((e) => Date.parse(e.start_at)));
  const at = new Date(
    Math.min(ctx.now - plan.bookedDaysAgo * DAY - Math.floor(rnd() * DAY), start - 7 * DAY),
  ).toISOString();
  const id = newId(Date.parse(at));
  // Ids in the order the events happen, so the booking's spaces list as a read would list them.
  const ids = planned.map(() => newId(Date.parse(at))).sort();
  const events: Event[] = [...planned]
    .sort((a, b) => (a.start_at < b.start_at ? -1 : a.start_at > b.start_at ? 1 : 0))
    .map((event, i) => ({
      ...event,
      id: ids[i]!,
      organization_id: ctx.organizationId,
      booking_id: id,
      status: 'lead',
      event_type_id: ctx.eventTypeId(program.eventType),
      created_at: at,
      updated_at: at,
    }));
  const status = plan.status(events);
  const lostReason = LOST_REASONS[Math.floor(rnd() * LOST_REASONS.length)]!;
  const booker = ctx.booker(program.personal);
  return {
    // Its fields that may be empty and are not given below are (a field declared needs no line here).
    ...nullColumns(BOOKING_FIELDS),
    id,
    organization_id: ctx.organizationId,
    reference: '',
    name: `${booker.accountName} ${program.label}`,
    status,
    ...derivedFrom(events)!,
    timezone: ctx.zone,
    event_type: program.eventType,
    currency: 'USD',
    total_amount: Math.round((program.amount * (0.7 + rnd() * 0.6)) / 100) * 100,
    fnb_minimum: 0,
    ...NO_PRICES,
    lost_reason: status === 'lost' ? lostReason : null,
    account_id: booker.accountId,
    contact_id: booker.contactId,
    owner_id: ctx.ownerId,
    // Placed in the pipeline when the venue's stages exist (demo-pipeline.ts).
    stage_id: null,
    referral_source_id: null,
    // Private parties come in through the website's inquiry form; companies call the sales team.
    source: program.personal ? 'inquiry_form' : 'workspace',
    source_details: program.personal
      ? JSON.stringify({ utm_source: 'website', utm_medium: 'organic' })
      : null,
    custom_fields: '{}',
    created_at: at,
    updated_at: at,
    events,
  };
}

const ended = (events: readonly Event[], now: number) => events.every((e) => Date.parse(e.end_at) <= now);

/** The current and next week, as demo-fortnight.ts books them; what has happened is closed. */
function fortnightBookings(ctx: BookingContext): DemoBooking[] {
  return fortnight(ctx.now, ctx.zone).entries.map((entry) =>
    book(ctx, {
      program: inRoom(PROGRAMS[entry.kind], entry.room),
      firstDay: entry.firstDay,
      bookedDaysAgo:
        entry.status === 'definite' ? 30 + Math.floor(ctx.rnd() * 170) : 2 + Math.floor(ctx.rnd() * 20),
      status: (events) =>
        !ended(events, ctx.now) ? entry.status : entry.status === 'definite' ? 'closed' : 'lost',
    }),
  );
}

/**
 * Bookings from a year back to a year ahead, outside the fortnight: past ones mostly closed, the
 * others lost (each for a reason); those ahead open in every status, some lost already.
 */
function backgroundBookings(ctx: BookingContext): DemoBooking[] {
  const { rnd, now, zone } = ctx;
  const weeks = fortnight(now, zone);
  const from = addDays(weeks.monday, -2);
  return Array.from({ length: BACKGROUND }, (_, i) => {
    const offsetDays = Math.round(-REACH_DAYS + (i * (2 * REACH_DAYS - 8)) / BACKGROUND + rnd() * 6);
    const day = localDate(now + offsetDays * DAY, zone);
    const program = PROGRAMS[BACKGROUND_KINDS[Math.floor(rnd() * BACKGROUND_KINDS.length)]!];
    return book(ctx, {
      program,
      firstDay: day >= from && day < addDays(weeks.end, 1) ? addDays(day, 17) : day,
      bookedDaysAgo: Math.max(1, Math.min(400, 60 - offsetDays / 2 + rnd() * 30)),
      status: (events) => {
        if (ended(events, now)) return rnd() < 0.75 ? 'closed' : 'lost';
        const open = BOOKING_STATUSES.filter((s) => s !== 'closed');
        return open[Math.floor(rnd() * open.length)]!;
      },
    });
  });
}

/**
 * Every demo booking, references in the order they were booked. The fortnight's hold their spaces
 * first: a booking around them that would clash with one waits as an option (or was lost).
 */
export function demoBookings(ctx: BookingContext, fortnightRnd: () => number): DemoBooking[] {
  // The fortnight draws from a generator of its own, so it is the same whichever day it is.
  const planned = [...fortnightBookings({ ...ctx, rnd: fortnightRnd }), ...backgroundBookings(ctx)];
  const held = withoutDoubleBookings(planned, ctx.facts, ctx.now);
  const order = (a: DemoBooking, b: DemoBooking) =>
    a.created_at !== b.created_at ? (a.created_at < b.created_at ? -1 : 1) : a.start_at < b.start_at ? -1 : 1;
  const byBooking = [...held].sort(order);
  return byBooking.map((booking, i) => ({
    ...booking,
    reference: `BK-${String(101 + i).padStart(5, '0')}`,
    lost_reason: booking.status === 'lost' ? (booking.lost_reason ?? 'Date unavailable') : null,
    events: booking.events.map((event) => ({ ...event, status: booking.status })),
  }));
}
