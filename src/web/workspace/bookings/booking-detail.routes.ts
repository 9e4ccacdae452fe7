/**
 * A booking's page, its status moves (only those the status machine allows; a move onto a space
 * a definite booking holds is refused naming that booking), adding notes to it and setting its
 * F&B minimum. Its lines are
 * line-item-form.routes.ts's, its schedule installment-form.routes.ts's, its payments
 * payment-form.routes.ts's, its messages conversation.routes.ts's; what the page shows is read in
 * booking-view.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { spaceClashOf } from '../../../crm/events/index.js';
import {
  bookingDefinition,
  bookingProblems,
  type BookingRow,
  updateBooking,
} from '../../../crm/bookings/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { bookingPage } from './booking.page.js';
import { bookingView, type Extras } from './booking-view.js';
import { clashSentence } from '../forms/conflict.view.js';
import { fnbMinimumInput, STALE_MINIMUM } from '../pricing/line-item-input.js';
import { addNote } from '../notes/note-writes.js';
import { attemptSubmit, messagesOf, submit } from '../forms/form-errors.js';
import { changeOf, RecordParams as Params } from '../forms/record-posts.js';
import { recordOf } from '../workspace-reads.js';
import { sendRefusal } from '../refusals.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

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
  'line-added': 'Line added.',
  'line-saved': 'Line saved.',
  'line-deleted': 'Line deleted.',
  'fnb-saved': 'F&B minimum saved.',
  'installment-added': 'Installment added.',
  'installment-saved': 'Installment saved.',
  'installment-deleted': 'Installment deleted.',
  'payment-recorded': 'Payment recorded.',
  'refund-recorded': 'Refund recorded.',
  'payment-deleted': 'Payment deleted.',
  'document-deleted': 'Draft deleted.',
  'link-revoked': 'Link revoked: it no longer opens the document.',
  'task-added': 'Task added.',
  'task-done': 'Task marked done.',
  'message-queued': 'Message queued: it goes to the client with the next round of outgoing mail.',
  'messages-read': 'The client’s messages are marked read.',
};

export const bookingDetailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    booking: BookingRow,
    extras: Extras,
    status = 200,
  ) {
    const view = await bookingView(db, v, booking, { now: reply.request.ctx.now(), ...extras });
    return sendPage(reply, bookingPage(v, view), status);
  }

  app.get(
    '/orgs/:org/bookings/:id',
    {
      schema: {
        params: Params,
        querystring: Type.Object({
          notice: Type.Optional(Type.String({ maxLength: 40 })),
          // The Conversation's cursor: the oldest message of the page after the one asked for.
          before: Type.Optional(Type.String({ maxLength: 64, pattern: '^[0-9A-Za-z_-]+$' })),
        }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const booking = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const notice = NOTICES[request.query.notice ?? ''];
      // A GET changes nothing (another site's <img> may make one): Mark read is a post.
      const { before } = request.query;
      const view = await bookingView(db, v, booking, { now: request.ctx.now(), notice, before });
      return sendPage(reply, bookingPage(v, view));
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
      const outcome = await attemptSubmit(request, updateBooking, change, {}, () =>
        bookingProblems(db, v.actor, input, booking),
      );
      if (outcome.refusal) {
        const refused = spaceClashOf(outcome.refusal);
        if (!refused) return sendRefusal(request, reply, outcome.refusal);
        const zone = await organizationZone(db, v.organization.organizationId);
        return show(reply, v, booking, { refusal: clashSentence(v, refused.clash, zone) }, 409);
      }
      if (outcome.errors !== undefined) {
        const { lost_reason: _reason, ...others } = outcome.errors;
        const refusal = Object.keys(others).length > 0 ? messagesOf(others) : undefined;
        return show(reply, v, booking, { refusal, statusErrors: outcome.errors }, 422);
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
      const forBeo = formText(request.body, 'for_beo') === 'yes';
      const noteErrors = await addNote(request, 'bookings', booking.id, body, forBeo);
      if (noteErrors) return show(reply, v, booking, { noteErrors, draft: body, draftForBeo: forBeo }, 422);
      return reply.redirect(orgPath(v, `/bookings/${booking.id}?notice=noted#notes-title`), 303);
    },
  );

  app.post(
    '/orgs/:org/bookings/:id/fnb-minimum',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const booking = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const typed = formText(request.body, 'fnb_minimum');
      const { input, unread } = fnbMinimumInput(typed, booking.currency);
      const outcome = await submit(
        request,
        updateBooking,
        changeOf(request.body, booking.id, input),
        unread,
        () => bookingProblems(db, v.actor, input, booking),
      );
      // Saved by someone else since the page was drawn: the page as it is now, with what was typed.
      const fnbErrors = outcome.stale ? { fnb_minimum: STALE_MINIMUM } : outcome.errors;
      if (fnbErrors)
        return show(reply, v, booking, { fnbErrors, fnbDraft: typed }, outcome.stale ? 412 : 422);
      return reply.redirect(orgPath(v, `/bookings/${booking.id}?notice=fnb-saved#pricing-title`), 303);
    },
  );
};
