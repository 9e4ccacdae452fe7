/**
 * The rules a booking's fields follow (SPEC §7), as one pure function over facts loaded first
 * (../facts.ts), so the API, the pages and the CSV import judge a booking alike and report every
 * bad field at once: a name; a start before the end, at most 31 days later when given (the times
 * of its first or only event, SPEC §11); an IANA time zone; an ISO 4217 currency; a status reached
 * by an allowed move, with a lost_reason when lost, and moving with the stage that stands for it
 * (stage-status.ts, SPEC §15); an account (required), contact, owner and spaces of the same
 * organization; while it has one event (or none yet), a guest count within the smallest capacity
 * of its spaces, for its setup style when a new one names it (with several, each event is judged
 * against its own spaces). No double booking: the command's (../occupancy/event-clash.ts).
 */
import { lastsTooLong, LONGEST_EVENT_DAYS, SETUP_STYLES } from '../events/index.js';
import type { VenueFacts } from '../facts.js';
import type { EmbeddedContact } from './booking-event-temple.js';
import { archivedProblem } from '../spaces/index.js';
import {
  type Checked,
  givenOrCurrentInstant,
  isCurrency,
  isTimeZone,
  optionalText,
  Problems,
} from '../validation.js';
import { checkPlace, type PlaceInput, placeNames } from './booking-place.js';
import { checkStatus } from './booking-status-rules.js';
import { linkStageAndStatus } from './stage-status.js';
import type { Booking, BookingPrices, BookingSource } from './booking.table.js';
import { FNB_MINIMUM_MOST, fnbMinimumInRange } from './fnb-minimum.js';
import { spaceIds as spaceIdsOf } from '../data/row-mappers.js';
import { decodeValue, encodeStored } from '../data/field-codec.js';
import { givenValues, plainFields } from '../given-values.js';
import { BOOKING_FIELDS } from './booking.fields.js';

/** What a create or an update may set; undefined leaves a field as it is (or, on create, unset). */
export interface BookingInput extends PlaceInput {
  name?: string | undefined;
  status?: string | undefined;
  start_at?: string | undefined;
  end_at?: string | undefined;
  timezone?: string | undefined;
  guest_count?: number | null | undefined;
  /** A new booking's setup style: its first event's, and the capacities its guests must fit. */
  setup_style?: string | null | undefined;
  event_type?: string | null | undefined;
  currency?: string | undefined;
  total_amount?: number | undefined;
  fnb_minimum?: number | undefined;
  lost_reason?: string | null | undefined;
  accountId?: string | undefined;
  contactId?: string | null | undefined;
  ownerId?: string | null | undefined;
  spaceIds?: readonly string[] | undefined;
  /** A new booking's days, instead of start_at and end_at (booking-event-temple.ts). */
  start_date?: string | undefined;
  end_date?: string | undefined;
  /** A new contact, embedded (booking-event-temple.ts). */
  newContact?: EmbeddedContact | undefined;
  /** An import: a new booking may be in any status, closed and lost too, as an export wrote it. */
  history?: boolean | undefined;
  /** Instead of a referral source's id, in an import (booking-bulk.ts): a source made with the booking. */
  newReferralSource?: string | undefined;
  /** Where a new booking came from (SPEC §14); by default the door it came through (booking-source.ts). */
  source?: BookingSource | undefined;
  source_details?: Readonly<Record<string, string>> | undefined;
  custom_fields?: Readonly<Record<string, unknown>> | undefined; // only the keys it changes (SPEC §19)
}

export type BookingFields = Omit<
  Booking,
  'id' | 'organization_id' | 'reference' | 'created_at' | 'updated_at' | 'custom_fields' | keyof BookingPrices
> & { custom_fields?: string /* its custom fields' values (JSON), when a write changes any */ };

const DEFAULTS = { timezone: 'UTC', currency: 'USD', total_amount: 0 } as const;

/** The ids a booking input names, whose facts its check needs. */
export function bookingNames(input: BookingInput, current: Booking | undefined, actorId: string | null) {
  return {
    accounts: [input.accountId ?? current?.account_id],
    contacts: [input.contactId !== undefined ? input.contactId : current?.contact_id],
    members: [input.ownerId === undefined && !current ? actorId : input.ownerId],
    spaces: input.spaceIds ?? (current ? spaceIdsOf(current) : []),
    ...placeNames(input),
    // A stage named, a status move or a new booking: the stages and the statuses they stand for.
    pipelineStages:
      !current || input.status !== undefined || input.stage_id !== undefined || input.stageId !== undefined,
  };
}

function checkTimes(input: BookingInput, current: Booking | undefined, problems: Problems) {
  const at = (field: 'start_at' | 'end_at') =>
    givenOrCurrentInstant(problems, field, input[field], current?.[field]);
  const startAt = at('start_at');
  const endAt = at('end_at');
  if (!current && input.start_at === undefined) {
    problems.attribute('start_at', 'A booking needs a start.', 'required');
  }
  if (!current && input.end_at === undefined)
    problems.attribute('end_at', 'A booking needs an end.', 'required');
  const field = input.end_at !== undefined ? 'end_at' : 'start_at';
  if (startAt !== undefined && endAt !== undefined && !(startAt < endAt)) {
    problems.attribute(field, 'A booking must end after it starts.');
  } else if (
    startAt !== undefined &&
    endAt !== undefined &&
    (input.start_at !== undefined || input.end_at !== undefined) &&
    lastsTooLong(startAt, endAt)
  ) {
    // The times given are its (first or only) event's, which lasts at most 31 days (SPEC §11);
    // a booking migrated with longer times keeps them while they are not changed.
    problems.attribute(
      field,
      `A booking's times are its event's, which lasts at most ${LONGEST_EVENT_DAYS} days; make it several events.`,
    );
  }
  return { startAt: startAt ?? '', endAt: endAt ?? '' };
}

function checkRelated(
  input: BookingInput,
  current: Booking | undefined,
  facts: VenueFacts,
  problems: Problems,
) {
  const accountId = input.accountId ?? current?.account_id ?? undefined;
  if (accountId === undefined) problems.relationship('account', 'A booking needs an account.', 'required');
  else if (!facts.hasAccount(accountId)) {
    problems.relationship(
      'account',
      `No account with the id "${accountId}" exists in this organization.`,
      'not_found',
    );
  }
  const contactId = input.contactId !== undefined ? input.contactId : (current?.contact_id ?? null);
  if (contactId !== null && !facts.hasContact(contactId)) {
    problems.relationship(
      'contact',
      `No contact with the id "${contactId}" exists in this organization.`,
      'not_found',
    );
  }
  const requestedOwner = input.ownerId === undefined && !current ? facts.actorId : input.ownerId;
  if (requestedOwner && !facts.isMember(requestedOwner)) {
    problems.relationship(
      'owner',
      `No member of this organization has the id "${requestedOwner}".`,
      'not_found',
    );
  }
  const ownerId = requestedOwner !== undefined ? requestedOwner : (current?.owner_id ?? null);
  const spaceIds = input.spaceIds ? [...new Set(input.spaceIds)] : current ? spaceIdsOf(current) : [];
  const missing = spaceIds.find((id) => !facts.space(id));
  if (input.spaceIds && missing !== undefined) {
    problems.relationship(
      'spaces',
      `No space with the id "${missing}" exists in this organization.`,
      'not_found',
    );
  } else if (input.spaceIds) {
    archivedProblem(problems, spaceIds, current ? spaceIdsOf(current) : [], (id) => facts.space(id));
  }
  return { accountId: accountId ?? null, contactId, ownerId, spaceIds };
}

/**
 * The booking as it will be after `input` is applied to `current` (or to nothing, on create), a
 * booking that has `events` events.
 */
export function checkBooking(
  input: BookingInput,
  current: Booking | undefined,
  facts: VenueFacts,
  events = current ? 1 : 0,
): Checked<BookingFields> {
  const problems = new Problems();
  const name = input.name?.trim() ?? current?.name ?? '';
  if (name === '') problems.attribute('name', 'A booking needs a name.', 'blank');
  problems.text('name', name, 'name');
  problems.text('event_type', input.event_type);
  problems.text('lost_reason', input.lost_reason, 'lines');
  const { startAt, endAt } = checkTimes(input, current, problems);
  const timezone = input.timezone ?? current?.timezone ?? DEFAULTS.timezone;
  if (!isTimeZone(timezone)) {
    problems.attribute('timezone', `"${timezone}" is not an IANA time zone such as Europe/Berlin or UTC.`);
  }
  const currency = (input.currency ?? current?.currency ?? DEFAULTS.currency).toUpperCase();
  if (!isCurrency(currency))
    problems.attribute('currency', `"${currency}" is not an ISO 4217 currency code such as USD.`);
  if (input.fnb_minimum !== undefined && !fnbMinimumInRange(input.fnb_minimum))
    problems.attribute(
      'fnb_minimum',
      `An F&B minimum is a whole number of minor units from 0 to ${FNB_MINIMUM_MOST}.`,
    );
  const link = linkStageAndStatus(input, current, facts, problems);
  const { status, lostReason } = checkStatus(
    { ...input, status: link.status },
    current,
    problems,
    link.byStage,
  );
  const related = checkRelated(input, current, facts, problems);
  const place = checkPlace(input, current, facts, problems);
  const spaces = related.spaceIds.map((id) => facts.space(id));
  const guestCount = input.guest_count !== undefined ? input.guest_count : (current?.guest_count ?? null);
  const style = input.setup_style ?? null;
  if (style !== null && !(SETUP_STYLES as readonly string[]).includes(style)) {
    problems.attribute('setup_style', `"${style}" is not a setup style; one of ${SETUP_STYLES.join(', ')}.`);
  }
  const capacities = spaces.flatMap((s) => {
    const capacity = (style !== null ? s?.capacities[style] : undefined) ?? s?.capacity;
    return capacity != null ? [capacity] : [];
  });
  const capacity = capacities.length > 0 ? Math.min(...capacities) : undefined;
  if (events <= 1 && guestCount !== null && capacity !== undefined && guestCount > capacity) {
    const set = style !== null ? ` set for ${style.replace('_', ' ')}` : '';
    problems.attribute(
      'guest_count',
      `${guestCount} guests do not fit: the smallest of its spaces${set} takes ${capacity}.`,
      'over_capacity',
    );
  }
  const ruled = {
    name,
    status,
    startAt,
    endAt,
    timezone,
    guestCount,
    eventType:
      input.event_type !== undefined ? optionalText(input.event_type) : (current?.event_type ?? null),
    spaceIds: related.spaceIds,
    currency,
    totalAmount: input.total_amount ?? (current ? Number(current.total_amount) : DEFAULTS.total_amount),
    fnbMinimum: input.fnb_minimum ?? (current ? Number(current.fnb_minimum) : 0),
    lostReason,
    accountId: related.accountId,
    contactId: related.contactId,
    ownerId: related.ownerId,
    stageId: link.stageAfter(place.stage_id),
    referralSourceId: place.referral_source_id,
    // Where it came from is told once, by its create (booking-source.ts).
    source: current ? current.source : (input.source ?? null),
    sourceDetails: current
      ? (decodeValue('record', current.source_details) as Record<string, string> | null)
      : (input.source_details ?? null),
  };
  // The fields no rule here names, written as declared (a new attribute needs no line here).
  const plain = givenValues(plainFields(BOOKING_FIELDS, Object.keys(ruled)), input, current, problems);
  const value = encodeStored(BOOKING_FIELDS, { ...plain, ...ruled }) as BookingFields;
  return { problems: problems.list, value };
}
