/**
 * What a booking's page shows, read for one visit: its account, contact, owner, spaces, events
 * (an option's overlaps with definite bookings named), lines, payment schedule, payments and
 * notes, its conversation with the client, and what a refused form on the page keeps
 * (booking.page.ts draws it).
 */
import { findAccount } from '../../../crm/accounts/index.js';
import {
  bookingEvents,
  type EventValue,
  findClash,
  type Holding,
  occupiedStretch,
} from '../../../crm/events/index.js';
import { eventTypesOf } from '../../../crm/event-types/index.js';
import { spacesOf } from '../../../crm/facts.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { bookingDefinition, bookingReadContext, type BookingRow } from '../../../crm/bookings/index.js';
import { findContact } from '../../../crm/contacts/index.js';
import { bookingNotes } from '../../../crm/notes/index.js';
import { bookingTasksOf } from '../tasks/booking-tasks.view.js';
import { placeOf } from '../../../crm/pipelines/index.js';
import { paymentsOf, scheduleOf } from '../../../crm/payments/index.js';
import { linesOfBooking } from '../../../crm/pricing/index.js';
import { roomNames, spaceNamesOf } from '../../../crm/spaces/index.js';
import type { Db } from '../../../db/database.js';
import { userNames } from '../../../identity/user.repository.js';
import type { SafeHtml } from '../../html.js';
import type { BookingView } from './booking.page.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { versionOf } from '../workspace-reads.js';
import { orgPath, type WorkspaceVisitor } from '../workspace-visitor.js';
import { documentsOfBooking } from '../documents/documents-of-booking.js';
import { customFormOf } from '../forms/custom-fields.form.js';
import { type ComposeExtras, conversationSection } from '../messages/conversation-reads.js';

export interface Extras {
  refusal?: SafeHtml;
  statusErrors?: FieldErrors;
  noteErrors?: FieldErrors;
  draft?: string;
  draftForBeo?: boolean;
  notice?: string | undefined;
  /** The request's time (the client links still live). */
  now?: number;
  fnbErrors?: FieldErrors;
  fnbDraft?: string;
  /** Write to client as posted: what was typed, its errors or its preview. */
  compose?: ComposeExtras;
  /** The Conversation's page of earlier messages: those sent before this message. */
  before?: string | undefined;
}

/**
 * An option (lead, tentative) may overlap a definite booking's event (SPEC §11): saved, but its
 * page says which, event by event.
 */
async function overlapsOf(
  db: Db,
  booking: BookingRow,
  events: readonly EventValue[],
): Promise<Map<string, Holding>> {
  const overlaps = new Map<string, Holding>();
  if (booking.status !== 'lead' && booking.status !== 'tentative') return overlaps;
  const spaces = await spacesOf(db, booking.organization_id);
  for (const event of events) {
    const stretch = occupiedStretch({
      start_at: event.startAt,
      end_at: event.endAt,
      setup_minutes: event.setupMinutes,
      teardown_minutes: event.teardownMinutes,
    });
    const hold = {
      spaceIds: event.spaceIds,
      from: stretch.from,
      until: stretch.until,
      exceptBookingId: booking.id,
    };
    const clash = await findClash(db, booking.organization_id, hold, spaces);
    if (clash) overlaps.set(event.id, clash);
  }
  return overlaps;
}

export async function bookingView(
  db: Db,
  v: WorkspaceVisitor,
  booking: BookingRow,
  extras: Extras,
): Promise<BookingView> {
  const org = v.organization.organizationId;
  const [account, contact, owners, notes, zone, spaces, events, place, types, lines, context] =
    await Promise.all([
      booking.account_id ? findAccount({ db }, org, booking.account_id) : undefined,
      booking.contact_id ? findContact({ db }, org, booking.contact_id) : undefined,
      userNames(db, [booking.owner_id]),
      bookingNotes(db, org, booking.id),
      organizationZone(db, org),
      spaceNamesOf(db, org),
      bookingEvents({ db }, org, booking.id),
      placeOf(db, booking),
      eventTypesOf(db, org),
      linesOfBooking(db, booking.id),
      bookingReadContext(db, org),
    ]);
  const [version, installments, payments, documents, tasks, custom, eventsCustom] = await Promise.all([
    versionOf(db, bookingDefinition, booking),
    scheduleOf(db, booking.id),
    paymentsOf(db, org, booking.id),
    documentsOfBooking(db, booking, events, zone, extras.now),
    bookingTasksOf(db, org, booking.id, extras.now ?? Date.now()),
    customFormOf(db, org, 'bookings'),
    customFormOf(db, org, 'events'),
  ]);
  const conversation = await conversationSection(
    db,
    v,
    { booking, contact, documents: documents.documents, events, zone, before: extras.before },
    extras.compose,
  );
  return {
    booking,
    rooms: roomNames(booking.space_ids, spaces.names),
    version,
    account,
    contact,
    owner: booking.owner_id ? owners.get(booking.owner_id) : undefined,
    // A money field of a booking, and of its events below, is in the booking’s currency (SPEC §19).
    custom: { ...custom, currency: booking.currency },
    ...place,
    notes: {
      notes,
      zone,
      action: orgPath(v, `/bookings/${booking.id}/notes`),
      errors: extras.noteErrors ?? {},
      draft: extras.draft ?? '',
      beo: true,
      draftForBeo: extras.draftForBeo ?? false,
      eventNames: new Map(events.map((e) => [e.id, e.name])),
    },
    events: {
      bookingId: booking.id,
      timezone: booking.timezone,
      zone,
      events,
      spaceNames: spaces.names,
      eventTypes: new Map(types.map((t) => [t.id, t.value])),
      overlaps: await overlapsOf(db, booking, events),
      custom: { ...eventsCustom, currency: booking.currency },
    },
    pricing: {
      booking,
      version,
      events,
      lines,
      fnbCategories: context.fnbCategories,
      zone,
      fnbErrors: extras.fnbErrors ?? {},
      fnbDraft: extras.fnbDraft,
    },
    payments: { booking, installments, payments, zone },
    documents,
    conversation,
    tasks,
    refusal: extras.refusal,
    statusErrors: extras.statusErrors ?? {},
    notice: extras.notice,
  };
}
