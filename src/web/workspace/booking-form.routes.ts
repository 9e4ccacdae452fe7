/** New and edit forms of a booking, their posts, and deleting a booking. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { ConflictError } from '../../errors.js';
import { listMembersOfOrganization } from '../../identity/membership.repository.js';
import { bookingDefinition } from '../../crm/bookings/booking.resource.js';
import { createBooking, deleteBooking, updateBooking } from '../../crm/bookings/booking.service.js';
import type { Booking } from '../../crm/bookings/booking.table.js';
import { FormBody, formText, sendPage } from '../forms.js';
import { clashWith } from './booking-reads.js';
import { type BookingFormValues, bookingFormPage, type BookingFormView } from './booking-form.page.js';
import { bookingInput, formValues, valuesOf } from './booking-input.js';
import { clashSentence } from './conflict.view.js';
import { fieldErrorsOf, serviceProblems } from './form-errors.js';
import {
  accountChoices,
  contactChoices,
  organizationZone,
  recordOf,
  spacesOf,
  versionOf,
} from './workspace-reads.js';
import { orgPath, type WorkspaceVisitor, workspaceVisitor } from './workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });
const Params = Type.Object({ org: Type.String({ maxLength: 64 }), id: Type.String({ maxLength: 64 }) });

type Partial = Pick<BookingFormView, 'booking' | 'values' | 'errors' | 'conflict'>;

export const bookingFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function render(reply: FastifyReply, v: WorkspaceVisitor, view: Partial, status = 200) {
    const org = v.organization.organizationId;
    const [accounts, contacts, spaces, members] = await Promise.all([
      accountChoices(db, org),
      contactChoices(db, org),
      spacesOf(db, org),
      listMembersOfOrganization(db, org),
    ]);
    return sendPage(reply, bookingFormPage(v, { ...view, accounts, contacts, spaces, members }), status);
  }

  /** Refused input back on the form: field errors beside their fields, a double booking named. */
  async function refused(
    reply: FastifyReply,
    v: WorkspaceVisitor,
    error: unknown,
    view: Omit<Partial, 'errors'>,
    input: { start?: string | undefined; end?: string | undefined; exceptId?: string },
  ) {
    if (error instanceof ConflictError && error.code === 'space_conflict') {
      const clash = await clashWith(db, v.organization.organizationId, {
        spaceIds: view.values.spaces,
        startAt: input.start ?? '',
        endAt: input.end ?? '',
        exceptId: input.exceptId,
      });
      const conflict = clash ? clashSentence(v, clash) : undefined;
      const errors = {
        spaces: clash ? `${clash.spaceName} is taken then by ${clash.reference}.` : error.detail,
      };
      return render(reply, v, { ...view, errors, conflict }, 409);
    }
    return render(reply, v, { ...view, errors: fieldErrorsOf(error) }, 422);
  }

  app.get(
    '/orgs/:org/bookings/new',
    {
      schema: {
        params: OrgParams,
        querystring: Type.Object({ account: Type.Optional(Type.String({ maxLength: 64 })) }),
      },
    },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const values: BookingFormValues = {
        name: '',
        status: 'lead',
        account: request.query.account ?? '',
        contact: '',
        start: '',
        end: '',
        timezone: await organizationZone(db, request.params.org),
        spaces: [],
        guest_count: '',
        event_type: '',
        currency: 'USD',
        total: '',
        owner: v.user.id,
      };
      return render(reply, v, { values, errors: {} });
    },
  );

  app.post(
    '/orgs/:org/bookings',
    { preHandler: app.csrfProtection, schema: { params: OrgParams, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const values = formValues(request.body);
      const { input, errors } = bookingInput(values, true);
      if (Object.keys(errors).length > 0) {
        // Every field's problem at once: the service's rules for the fields that could be read.
        const ruled = await serviceProblems(db, v, input);
        return render(reply, v, { values, errors: { ...ruled, ...errors } }, 422);
      }
      let created: Booking;
      try {
        created = await db
          .transaction()
          .execute((trx) => createBooking(trx, v.actor, input, request.ctx.now()));
      } catch (error) {
        return refused(reply, v, error, { values }, { start: input.start_at, end: input.end_at });
      }
      return reply.redirect(orgPath(v, `/bookings/${created.id}?notice=created`), 303);
    },
  );

  app.get('/orgs/:org/bookings/:id/edit', { schema: { params: Params } }, async (request, reply) => {
    const v = await workspaceVisitor(request, reply, request.params.org);
    const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
    const booking = {
      id: b.id,
      reference: b.reference,
      name: b.name,
      version: versionOf(bookingDefinition, b),
    };
    return render(reply, v, { booking, values: valuesOf(b), errors: {} });
  });

  app.post(
    '/orgs/:org/bookings/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const version = formText(request.body, 'version');
      const booking = { id: b.id, reference: b.reference, name: b.name, version };
      const values = formValues(request.body);
      const { input, errors } = bookingInput(values, false);
      if (Object.keys(errors).length > 0) return render(reply, v, { booking, values, errors }, 422);
      try {
        await updateBooking(request.ctx, v.actor, b.id, input, version || '"none"');
      } catch (error) {
        return refused(
          reply,
          v,
          error,
          { booking, values },
          { start: input.start_at, end: input.end_at, exceptId: b.id },
        );
      }
      return reply.redirect(orgPath(v, `/bookings/${b.id}?notice=saved`), 303);
    },
  );

  app.post(
    '/orgs/:org/bookings/:id/delete',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = await workspaceVisitor(request, reply, request.params.org);
      const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      await deleteBooking(request.ctx, v.actor, b.id, formText(request.body, 'version') || '"none"');
      return reply.redirect(orgPath(v, '/bookings?notice=deleted'), 303);
    },
  );
};
