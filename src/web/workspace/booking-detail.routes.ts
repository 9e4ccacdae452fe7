/**
 * A booking's page, its status moves (only those the status machine allows; a move onto a space
 * a definite booking holds is refused naming that booking) and adding notes to it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { accountDefinition } from '../../crm/accounts/account.resource.js';
import { findClash, type Holding, SpaceConflictError } from '../../crm/events/event-clash.js';
import { eventTypesOf } from '../../crm/event-types/event-types.js';
import { eventsOf } from '../../crm/events/event.reads.js';
import type { Event } from '../../crm/events/event.table.js';
import { occupiedStretch } from '../../crm/events/occupancy.js';
import { spacesOf } from '../../crm/facts.js';
import { bookingProblems, updateBooking } from '../../crm/bookings/booking.commands.js';
import { organizationZone } from '../../crm/organization/organization.reads.js';
import { bookingDefinition } from '../../crm/bookings/booking.resource.js';
import type { Booking } from '../../crm/bookings/booking.table.js';
import { contactDefinition } from '../../crm/contacts/contact.resource.js';
import { notesAbout } from '../../crm/notes/note.reads.js';
import { placeOf } from '../../crm/pipelines/pipeline.reads.js';
import { findRecord } from '../../crm/records.js';
import { roomNames, spaceNamesOf } from '../../crm/spaces/space-names.js';
import type { Db } from '../../db/database.js';
import { userNames } from '../../identity/user.repository.js';
import { FormBody, formText, sendPage } from '../forms.js';
import type { SafeHtml } from '../html.js';
import { bookingPage, type BookingView } from './booking.page.js';
import { clashSentence } from './conflict.view.js';
import { addNote } from './note-writes.js';
import { messagesOf, submit } from './form-errors.js';
import type { FieldErrors } from './form-fields.js';
import { changeOf, RecordParams as Params } from './record-posts.js';
import { recordOf, versionOf } from './workspace-reads.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from './workspace-visitor.js';

const NOTICES: Record<string, string> = {
  created: 'Booking created.',
  saved: 'Changes saved.',
  moved: 'Status changed.',
  noted: 'Note added.',
  'note-saved': 'Note saved.',
  'note-deleted': 'Note deleted.',
  'event-added': 'Event added.',
  'event-saved': 'Event saved.',
  'event-deleted': 'Event deleted.',
};

interface Extras {
  refusal?: SafeHtml;
  statusErrors?: FieldErrors;
  noteErrors?: FieldErrors;
  draft?: string;
  notice?: string | undefined;
}

/**
 * An option (lead, tentative) may overlap a definite booking's event (SPEC §11): saved, but its
 * page says which, event by event.
 */
async function overlapsOf(db: Db, booking: Booking, events: readonly Event[]): Promise<Map<string, Holding>> {
  const overlaps = new Map<string, Holding>();
  if (booking.status !== 'lead' && booking.status !== 'tentative') return overlaps;
  const spaces = await spacesOf(db, booking.organization_id);
  for (const event of events) {
    const stretch = occupiedStretch(event);
    const hold = {
      spaceIds: JSON.parse(event.space_ids) as string[],
      from: stretch.from,
      until: stretch.until,
      exceptBookingId: booking.id,
    };
    const clash = await findClash(db, booking.organization_id, hold, spaces);
    if (clash) overlaps.set(event.id, clash);
  }
  return overlaps;
}

async function bookingView(
  db: Db,
  v: WorkspaceVisitor,
  booking: Booking,
  extras: Extras,
): Promise<BookingView> {
  const org = v.organization.organizationId;
  const [account, contact, owners, notes, zone, spaces, events, place, types] = await Promise.all([
    booking.account_id ? findRecord(db, accountDefinition, org, booking.account_id) : undefined,
    booking.contact_id ? findRecord(db, contactDefinition, org, booking.contact_id) : undefined,
    userNames(db, [booking.owner_id]),
    notesAbout(db, org, 'bookings', booking.id),
    organizationZone(db, org),
    spaceNamesOf(db, org),
    eventsOf(db, org, booking.id),
    placeOf(db, booking),
    eventTypesOf(db, org),
  ]);
  return {
    booking,
    rooms: roomNames(booking.space_ids, spaces.names),
    version: await versionOf(db, bookingDefinition, booking),
    account,
    contact,
    owner: booking.owner_id ? owners.get(booking.owner_id) : undefined,
    ...place,
    notes: {
      notes,
      zone,
      action: orgPath(v, `/bookings/${booking.id}/notes`),
      errors: extras.noteErrors ?? {},
      draft: extras.draft ?? '',
    },
    events: {
      bookingId: booking.id,
      timezone: booking.timezone,
      zone,
      events,
      spaceNames: spaces.names,
      eventTypes: new Map(types.map((t) => [t.id, t.value])),
      overlaps: await overlapsOf(db, booking, events),
    },
    refusal: extras.refusal,
    statusErrors: extras.statusErrors ?? {},
    notice: extras.notice,
  };
}

export const bookingDetailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    booking: Booking,
    extras: Extras,
    status = 200,
  ) {
    return sendPage(reply, bookingPage(v, await bookingView(db, v, booking, extras)), status);
  }

  app.get(
    '/orgs/:org/bookings/:id',
    {
      schema: {
        params: Params,
        querystring: Type.Object({ notice: Type.Optional(Type.String({ maxLength: 40 })) }),
      },
    },
    async (request, reply) => {
      const booking = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      return show(reply, visitorOf(request), booking, { notice: NOTICES[request.query.notice ?? ''] });
    },
  );

  app.post(
    '/orgs/:org/bookings/:id/status',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const booking = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const to = formText(request.body, 'to');
      const input = {
        status: to,
        ...(to === 'lost' ? { lost_reason: formText(request.body, 'lost_reason') } : {}),
      };
      const change = changeOf(request.body, booking.id, input);
      try {
        const outcome = await submit(request, updateBooking, change, {}, () =>
          bookingProblems(db, v.actor, input, booking),
        );
        if (outcome.errors !== undefined) {
          const { lost_reason: _reason, ...others } = outcome.errors;
          const refusal = Object.keys(others).length > 0 ? messagesOf(others) : undefined;
          return show(reply, v, booking, { refusal, statusErrors: outcome.errors }, 422);
        }
      } catch (error) {
        if (!(error instanceof SpaceConflictError)) throw error;
        const zone = await organizationZone(db, v.organization.organizationId);
        return show(reply, v, booking, { refusal: clashSentence(v, error.clash, zone) }, 409);
      }
      return reply.redirect(orgPath(v, `/bookings/${booking.id}?notice=moved`), 303);
    },
  );

  app.post(
    '/orgs/:org/bookings/:id/notes',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const booking = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const body = formText(request.body, 'body');
      const noteErrors = await addNote(request, 'bookings', booking.id, body);
      if (noteErrors) return show(reply, v, booking, { noteErrors, draft: body }, 422);
      return reply.redirect(orgPath(v, `/bookings/${booking.id}?notice=noted#notes-title`), 303);
    },
  );
};
