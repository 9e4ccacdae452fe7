/**
 * A booking's events from its page (SPEC §11): add one, change one, delete one (after asking);
 * errors beside their fields, a double booking named and linked, a save over a newer change kept.
 * An event's own address leads to its booking's page.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bookingDefinition, type BookingRow } from '../../../crm/bookings/index.js';
import { eventTypesOf, typeNamed } from '../../../crm/event-types/index.js';
import {
  createEvent,
  deleteEvent,
  eventChangeProblems,
  eventDefinition,
  type EventInput,
  eventProblems,
  findEvent,
  spaceClashOf,
  updateEvent,
} from '../../../crm/events/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import { listSpaces, offeredSpaces } from '../../../crm/spaces/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { clashSentence, takenSpaceError } from '../forms/conflict.view.js';
import { type EventFormValues, eventFormPage, type EventFormView } from './event-form.page.js';
import { eventInput, formValues, onForm, valuesOf } from './event-form.values.js';
import type { FieldErrors } from '../forms/form-fields.js';
import { attemptSubmit } from '../forms/form-errors.js';
import { changeOf, deleteRoute, RecordParams as Params } from '../forms/record-posts.js';
import { localDateTime } from '../time-zones.js';
import { recordOf } from '../workspace-reads.js';
import { sendRefusal } from '../refusals.js';
import { notFound, orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';
import { customFormOf, customPosted, typedOf } from '../forms/custom-fields.form.js';

export const eventFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function render(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    view: Omit<EventFormView, 'spaces' | 'eventTypes' | 'custom'>,
    status = 200,
  ) {
    const org = v.organization.organizationId;
    const [all, types, fields] = await Promise.all([
      listSpaces(app.ctx, org),
      eventTypesOf(db, org),
      // An event's money fields are in its booking's currency (SPEC §19).
      customFormOf(db, org, 'events', view.booking.currency),
    ]);
    const spaces = offeredSpaces(all, view.values.spaces);
    const eventTypes = types.map((t) => ({ value: t.id, label: t.value }));
    const custom = { ...fields, typed: view.values.custom ?? typedOf(fields, undefined) };
    return sendPage(reply, eventFormPage(v, { ...view, spaces, eventTypes, custom }), status);
  }

  /** The organization's event the address names, with its version, or the 404 page. */
  async function eventOf(organizationId: string, id: string) {
    const found = await findEvent(app.ctx, organizationId, id);
    if (!found) throw notFound();
    return found;
  }

  const bookingView = (b: BookingRow) => ({
    id: b.id,
    reference: b.reference,
    name: b.name,
    timezone: b.timezone,
    currency: b.currency,
  });

  /** Writes the form's event, or shows it again with what was wrong. */
  async function save(
    request: FastifyRequest,
    reply: FastifyReply,
    booking: BookingRow,
    view: Omit<EventFormView, 'spaces' | 'eventTypes' | 'errors' | 'custom'>,
    attempt: (
      input: EventInput,
      unread: FieldErrors,
    ) => ReturnType<typeof attemptSubmit<EventInput, unknown>>,
  ) {
    const v = visitorOf(request);
    const { input, errors } = eventInput(view.values, booking.timezone);
    const outcome = await attempt(input, errors);
    if (outcome.refusal) {
      const refused = spaceClashOf(outcome.refusal);
      if (!refused) return sendRefusal(request, reply, outcome.refusal);
      const zone = await organizationZone(db, v.organization.organizationId);
      const taken = { spaces: takenSpaceError(refused.clash, view.values.spaces) };
      return render(
        reply,
        v,
        { ...view, errors: taken, conflict: clashSentence(v, refused.clash, zone) },
        409,
      );
    }
    if (outcome.errors === undefined) {
      return reply.redirect(
        orgPath(v, `/bookings/${booking.id}?notice=${view.event ? 'event-saved' : 'event-added'}`),
        303,
      );
    }
    if (outcome.stale && view.event) {
      const now = await eventOf(v.organization.organizationId, view.event.id);
      const event = { ...view.event, version: now.version };
      return render(
        reply,
        v,
        { ...view, event, errors: {}, saved: valuesOf(now.value, booking.timezone) },
        412,
      );
    }
    return render(reply, v, { ...view, errors: outcome.errors }, 422);
  }

  app.get('/orgs/:org/bookings/:id/events/new', { schema: { params: Params } }, async (request, reply) => {
    const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
    const types = await eventTypesOf(db, b.organization_id);
    const values: EventFormValues = {
      name: '',
      start: localDateTime(Date.parse(b.start_at), b.timezone),
      end: localDateTime(Date.parse(b.end_at), b.timezone),
      all_day: false,
      setup_minutes: '0',
      teardown_minutes: '0',
      guest_count: b.guest_count === null ? '' : String(b.guest_count),
      guaranteed_count: '',
      setup_style: '',
      spaces: [],
      // Of its booking's type unless another is chosen.
      event_type: typeNamed(types, b.event_type)?.id ?? '',
    };
    return render(reply, visitorOf(request), { booking: bookingView(b), values, errors: {} });
  });

  app.post(
    '/orgs/:org/bookings/:id/events',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const read = await customPosted(db, b.organization_id, 'events', request.body, undefined, b.currency);
      const values = { ...formValues(request.body), custom: read.custom.typed };
      return save(request, reply, b, { booking: bookingView(b), values }, (input, unread) => {
        const withBooking = { ...input, bookingId: b.id, custom_fields: read.given };
        return attemptSubmit(request, createEvent, withBooking, { ...unread, ...read.errors }, () =>
          onForm(eventProblems(db, v.actor, withBooking)),
        );
      });
    },
  );

  app.get('/orgs/:org/events/:id', { schema: { params: Params } }, async (request, reply) => {
    const { value: event } = await eventOf(request.params.org, request.params.id);
    return reply.redirect(orgPath(visitorOf(request), `/bookings/${event.bookingId}#event-${event.id}`), 303);
  });

  app.get('/orgs/:org/events/:id/edit', { schema: { params: Params } }, async (request, reply) => {
    const v = visitorOf(request);
    const { value: event, version } = await eventOf(request.params.org, request.params.id);
    const b = await recordOf(db, bookingDefinition, request.params.org, event.bookingId);
    const fields = await customFormOf(db, b.organization_id, 'events', b.currency);
    return render(reply, v, {
      booking: bookingView(b),
      event: { id: event.id, name: event.name, version },
      values: { ...valuesOf(event, b.timezone), custom: typedOf(fields, event.customFields) },
      errors: {},
    });
  });

  app.post(
    '/orgs/:org/events/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: event } = await eventOf(request.params.org, request.params.id);
      const b = await recordOf(db, bookingDefinition, request.params.org, event.bookingId);
      const read = await customPosted(
        db,
        b.organization_id,
        'events',
        request.body,
        event.customFields,
        b.currency,
      );
      const values = { ...formValues(request.body), custom: read.custom.typed };
      const view = {
        booking: bookingView(b),
        event: { id: event.id, name: event.name, version: formText(request.body, 'version') },
        values,
      };
      return save(request, reply, b, view, (given, unread) => {
        const input = { ...given, custom_fields: read.given };
        const change = changeOf(request.body, event.id, input);
        return attemptSubmit(request, updateEvent, change, { ...unread, ...read.errors }, () =>
          onForm(eventChangeProblems(db, v.actor, input, event)),
        );
      });
    },
  );

  await app.register(
    deleteRoute({
      path: '/events',
      definition: eventDefinition,
      command: deleteEvent,
      done: (event) => `/bookings/${event.booking_id}?notice=event-deleted`,
      nameOf: (event) => event.name,
      consequence:
        'Its notes go with it; its booking keeps its other events. A booking’s last event cannot be deleted.',
      section: 'bookings',
    }),
  );
};
