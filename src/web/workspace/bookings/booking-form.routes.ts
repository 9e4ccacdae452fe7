/** New and edit forms of a booking, their posts, and deleting a booking. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { accountChoices } from '../../../crm/accounts/index.js';
import { bookingEvents, SETUP_STYLES, spaceClashOf } from '../../../crm/events/index.js';
import {
  bookingDefinition,
  bookingProblems,
  type BookingRow,
  bookingWithPartiesProblems,
  createBookingWithParties,
  deleteBooking,
  updateBooking,
} from '../../../crm/bookings/index.js';
import { organizationOf } from '../../../crm/organization/index.js';
import { contactChoices } from '../../../crm/contacts/index.js';
import { listSpaces, offeredSpaces } from '../../../crm/spaces/index.js';
import { listMembersOfOrganization } from '../../../identity/membership.repository.js';
import { listReferralSources, pipelinesWithStages, stageChoices } from '../../../crm/pipelines/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { type BookingFormValues, bookingFormPage, type BookingFormView } from './booking-form.page.js';
import { bookingInput, changedOnly, formValues, postedCurrency, valuesOf } from './booking-input.js';
import { fromEventsOf } from './booking-from-events.js';
import { clashSentence, takenSpaceError } from '../forms/conflict.view.js';
import { attemptSubmit, type Refused, type Submitted } from '../forms/form-errors.js';
import { changeOf, deleteRoute, RecordParams as Params } from '../forms/record-posts.js';
import { recordOf, versionOf } from '../workspace-reads.js';
import { customFormOf, customPosted, typedOf } from '../forms/custom-fields.form.js';
import { partiesCustom, partiesPosted } from './booking-form-parties.js';
import { sendRefusal } from '../refusals.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

const OrgParams = Type.Object({ org: Type.String({ maxLength: 64 }) });

type Partial = Pick<BookingFormView, 'booking' | 'values' | 'errors' | 'conflict' | 'saved'> & {
  /** The booking as saved, when editing: with several events, what they give it is read-only. */
  current?: BookingRow;
};

export const bookingFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function render(reply: FastifyReply, v: WorkspaceVisitor, view: Partial, status = 200) {
    const org = v.organization.organizationId;
    const [accounts, contacts, spaces, members, pipelines, sources, fields] = await Promise.all([
      accountChoices(db, org),
      contactChoices(db, org),
      listSpaces(app.ctx, org),
      listMembersOfOrganization(db, org),
      pipelinesWithStages(db, org),
      listReferralSources(db, org),
      // Money fields are typed in the booking's currency, as its form names it (SPEC §19).
      customFormOf(db, org, 'bookings', view.values.currency),
    ]);
    const custom = { ...fields, typed: view.values.custom ?? typedOf(fields, undefined) };
    const parties = view.current ? undefined : await partiesCustom(db, org, view.values);
    const offered = offeredSpaces(spaces, view.values.spaces);
    const stages = stageChoices(pipelines);
    const referralSources = sources.map((s) => ({ value: s.id, label: s.name }));
    const fromEvents = view.current ? await fromEventsOf(db, v, view.current, spaces) : undefined;
    // Start and end are one fact there, said once.
    const errors = { ...view.errors };
    if (fromEvents && errors.end_at === errors.start_at) delete errors.end_at;
    const page = {
      ...view,
      errors,
      accounts,
      contacts,
      spaces: offered,
      members,
      stages,
      referralSources,
      custom,
      parties,
    };
    return sendPage(reply, bookingFormPage(v, { ...page, fromEvents }), status);
  }

  /**
   * Writes the form's booking, or shows it again: field errors beside their fields (422), or a
   * double booking named by the clash the command refused it for (409).
   */
  async function save(
    request: FastifyRequest,
    reply: FastifyReply,
    view: Omit<Partial, 'errors'>,
    attempt: () => Promise<Submitted<BookingRow> | Refused>,
  ): Promise<{ booking: BookingRow } | { page: FastifyReply }> {
    const v = visitorOf(request);
    const outcome = await attempt();
    if (outcome.refusal) {
      const refused = spaceClashOf(outcome.refusal);
      if (!refused) return { page: await sendRefusal(request, reply, outcome.refusal) };
      const { clash } = refused;
      // The sentence above the form names and links the other booking; the field says what to change.
      const errors = { spaces: takenSpaceError(clash, view.values.spaces) };
      const zone = (await organizationOf(db, v.organization.organizationId))?.timezone ?? 'UTC';
      const conflict = clashSentence(v, clash, zone);
      return { page: await render(reply, v, { ...view, errors, conflict }, 409) };
    }
    if (outcome.errors === undefined) return { booking: outcome.written };
    if (outcome.stale && view.booking) {
      // Saved over since the form was drawn: the form again, on the version now saved.
      const now = await recordOf(db, bookingDefinition, v.organization.organizationId, view.booking.id);
      const booking = { ...view.booking, version: await versionOf(db, bookingDefinition, now) };
      return { page: await render(reply, v, { ...view, booking, errors: {}, saved: valuesOf(now) }, 412) };
    }
    return { page: await render(reply, v, { ...view, errors: outcome.errors }, 422) };
  }

  app.get(
    '/orgs/:org/bookings/new',
    {
      schema: {
        params: OrgParams,
        // Find a space starts a booking with its times, space, guests and setup style filled in.
        querystring: Type.Object({
          account: Type.Optional(Type.String({ maxLength: 64 })),
          start_at: Type.Optional(Type.String({ maxLength: 40 })),
          end_at: Type.Optional(Type.String({ maxLength: 40 })),
          spaces: Type.Optional(Type.String({ maxLength: 64 })),
          guest_count: Type.Optional(Type.String({ maxLength: 10 })),
          setup_style: Type.Optional(Type.String({ maxLength: 40 })),
        }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const venue = await organizationOf(db, request.params.org);
      const { query } = request;
      const local = (value: string | undefined) =>
        value !== undefined && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? value : '';
      const values: BookingFormValues = {
        name: '',
        status: 'lead',
        account: query.account ?? '',
        contact: '',
        start: local(query.start_at),
        end: local(query.end_at),
        timezone: venue?.timezone ?? 'UTC',
        spaces: query.spaces ? [query.spaces] : [],
        guest_count: /^\d{1,7}$/.test(query.guest_count ?? '') ? (query.guest_count ?? '') : '',
        setup_style: (SETUP_STYLES as readonly string[]).includes(query.setup_style ?? '')
          ? query.setup_style!
          : '',
        event_type: '',
        currency: venue?.currency ?? 'USD',
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
      const v = visitorOf(request);
      const currency = postedCurrency(request.body);
      const read = await customPosted(
        db,
        v.organization.organizationId,
        'bookings',
        request.body,
        undefined,
        currency,
      );
      const values = { ...formValues(request.body), custom: read.custom.typed };
      const { input, errors } = bookingInput(values, true);
      const { parties, unread } = await partiesPosted(db, v.organization.organizationId, request.body, {
        values,
        booking: { ...input, custom_fields: read.given },
        unread: { ...errors, ...read.errors },
      });
      const saved = await save(request, reply, { values }, () =>
        attemptSubmit(request, createBookingWithParties, parties, unread, () =>
          bookingWithPartiesProblems(db, v.actor, parties),
        ),
      );
      if ('page' in saved) return saved.page;
      return reply.redirect(orgPath(v, `/bookings/${saved.booking.id}?notice=created`), 303);
    },
  );

  app.get('/orgs/:org/bookings/:id/edit', { schema: { params: Params } }, async (request, reply) => {
    const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
    const fields = await customFormOf(db, request.params.org, 'bookings', b.currency);
    const booking = {
      id: b.id,
      reference: b.reference,
      name: b.name,
      version: await versionOf(db, bookingDefinition, b),
    };
    const values = { ...valuesOf(b), custom: typedOf(fields, b.custom_fields) };
    return render(reply, visitorOf(request), { booking, current: b, values, errors: {} });
  });

  app.post(
    '/orgs/:org/bookings/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const version = formText(request.body, 'version');
      const booking = { id: b.id, reference: b.reference, name: b.name, version };
      const several = (await bookingEvents({ db }, v.organization.organizationId, b.id)).length > 1;
      const currency = postedCurrency(request.body) || b.currency;
      const custom = await customPosted(
        db,
        b.organization_id,
        'bookings',
        request.body,
        b.custom_fields,
        currency,
      );
      const values = {
        ...formValues(request.body, several ? valuesOf(b) : undefined),
        custom: custom.custom.typed,
      };
      const read = bookingInput(values, false);
      const errors = { ...read.errors, ...custom.errors };
      const input = { ...changedOnly(read.input, b), custom_fields: custom.given };
      const change = changeOf(request.body, b.id, input);
      const saved = await save(request, reply, { booking, current: b, values }, () =>
        attemptSubmit(request, updateBooking, change, errors, () => bookingProblems(db, v.actor, input, b)),
      );
      if ('page' in saved) return saved.page;
      return reply.redirect(orgPath(v, `/bookings/${b.id}?notice=saved`), 303);
    },
  );
  await app.register(
    deleteRoute({
      path: '/bookings',
      definition: bookingDefinition,
      command: deleteBooking,
      done: '/bookings?notice=deleted',
      nameOf: (b) => `${b.reference} ${b.name}`,
      consequence: 'Its notes are deleted with it.',
      section: 'bookings',
    }),
  );
};
