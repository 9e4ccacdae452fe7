/**
 * Write to client from a booking's page (SPEC §17), through the same command as `POST
 * /v2/messages`: one form, whose button says what to do — preview the message as it will go,
 * or send it (post, redirect, get: a reload never sends again) — and the forms that fill it from
 * an e-mail template written for the booking or from a draft. Nothing but Send sends. Every bad
 * field is shown at once, beside its field and in the form's summary. Mark read marks the client's
 * messages read. An attachment of a message is a download, served as the API serves it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { bookingDefinition, type BookingRow } from '../../../crm/bookings/index.js';
import {
  attachmentDownload,
  composeMessage,
  draftOf,
  markMessagesRead,
  sendMessage,
  templatedMessage,
} from '../../../crm/messages/index.js';
import { attempt, write } from '../../../writes/unit-of-work.js';
import { type Form, FormBody, formList, formText, sendPage } from '../../forms.js';
import { HtmlError } from '../../html-error.js';
import { bookingPage } from '../bookings/booking.page.js';
import { bookingView } from '../bookings/booking-view.js';
import { fieldErrors } from '../forms/form-errors.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { RecordParams as Params } from '../forms/record-posts.js';
import { sendRefusal } from '../refusals.js';
import { recordOf } from '../workspace-reads.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';
import type { Compose, ComposeExtras } from './conversation-reads.js';

/** "Ada <ada@example.com>, bo@example.com" → the addresses, each with its name if it has one. */
export function addressList(typed: string): Array<{ name?: string; email: string }> {
  return typed
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const named = /^(.*?)\s*<([^<>]*)>$/.exec(part);
      if (!named) return { email: part };
      const name = named[1]!.replace(/^"(.*)"$/, '$1').trim();
      return name ? { name, email: named[2]!.trim() } : { email: named[2]!.trim() };
    });
}

function typedIn(body: Form): Compose {
  return {
    to: formText(body, 'to'),
    cc: formText(body, 'cc'),
    subject: formText(body, 'subject'),
    text: formText(body, 'text'),
    templateId: formText(body, 'template_id'),
    documentIds: formList(body, 'document_ids'),
    draftId: formText(body, 'draft_id'),
  };
}

const Attachment = Type.Object({
  org: Type.String({ maxLength: 64 }),
  id: Type.String({ maxLength: 64 }),
  position: Type.String({ pattern: '^[1-9][0-9]{0,2}$' }),
});

export const conversationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;

  async function show(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    booking: BookingRow,
    compose: ComposeExtras,
    status = 200,
  ) {
    const view = await bookingView(db, v, booking, { now: reply.request.ctx.now(), compose });
    return sendPage(reply, bookingPage(v, view), status);
  }

  app.post(
    '/orgs/:org/bookings/:id/messages',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const org = v.organization.organizationId;
      const booking = await recordOf(db, bookingDefinition, org, request.params.id);
      const intent = formText(request.body, 'intent');
      const typed = typedIn(request.body);

      if (intent === 'draft') {
        const draft = typed.draftId ? await draftOf(db, org, booking.id, typed.draftId) : undefined;
        if (!draft) throw new HtmlError(404, 'Not found', 'This draft has been sent or is gone.');
        return show(reply, v, booking, { typed: { text: draft.text, draftId: draft.id } });
      }

      if (intent === 'template') {
        if (!typed.templateId)
          return show(
            reply,
            v,
            booking,
            { typed, errors: { template_id: 'Choose a template to use.' } },
            422,
          );
        const templated = await templatedMessage(app.ctx, org, {
          bookingId: booking.id,
          templateId: typed.templateId,
          subject: undefined,
          text: undefined,
        });
        const errors = fieldErrors(templated.problems);
        if (Object.keys(errors).length > 0) return show(reply, v, booking, { typed, errors }, 422);
        return show(reply, v, booking, {
          typed: { ...typed, subject: templated.subject ?? '', text: templated.text ?? '' },
        });
      }

      const input = {
        bookingId: booking.id,
        to: addressList(typed.to ?? ''),
        cc: addressList(typed.cc ?? ''),
        subject: typed.subject,
        text: typed.text,
        documentIds: typed.documentIds,
      };
      // Only Send sends: a post without it (a form sent by Enter or by a script) is a preview.
      if (intent !== 'send') {
        const composed = await composeMessage(db, org, input);
        if (!composed.message)
          return show(reply, v, booking, { typed, errors: fieldErrors(composed.problems) }, 422);
        return show(reply, v, booking, { typed, preview: composed.message });
      }

      const outcome = await attempt(request.ctx.app.writer, v.actor, sendMessage, {
        ...input,
        draftId: typed.draftId || undefined,
        sending: config.smtpUrl !== undefined,
        mailPerHour: config.mailPerHour,
      });
      if (!outcome.ok) {
        // Over the hour's bound: the form as typed, with the API's sentence above it.
        if (outcome.refusal.code === 'too_many_messages')
          return show(reply, v, booking, { typed, refused: outcome.refusal.detail }, 429);
        const errors: FieldErrors = fieldErrors(outcome.refusal.problems);
        if (Object.keys(errors).length === 0) return sendRefusal(request, reply, outcome.refusal);
        return show(reply, v, booking, { typed, errors }, 422);
      }
      return reply.redirect(
        orgPath(v, `/bookings/${booking.id}?notice=message-queued#message-${outcome.value.id}`),
        303,
      );
    },
  );

  // Mark read: a post with the CSRF token, so no GET (another site's <img>) changes read state.
  app.post(
    '/orgs/:org/bookings/:id/messages/read',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const booking = await recordOf(db, bookingDefinition, v.organization.organizationId, request.params.id);
      await write(request.ctx.app.writer, v.actor, markMessagesRead, { bookingId: booking.id });
      return reply.redirect(
        orgPath(v, `/bookings/${booking.id}?notice=messages-read#conversation-title`),
        303,
      );
    },
  );

  app.get(
    '/orgs/:org/messages/:id/attachments/:position',
    { schema: { params: Attachment } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { id, position } = request.params;
      const download = await attachmentDownload(db, v.organization.organizationId, id, Number(position));
      if (!download) throw new HtmlError(404, 'Not found', 'This message has no such attachment.');
      return reply.type(download.contentType).headers(download.headers).send(download.bytes);
    },
  );
};
