/**
 * A booking's lines from its page (SPEC §12): add one from the catalogue or by hand, change one,
 * delete one (after asking), through the same commands and rules as /v2/line_items; every member
 * of the workspace prices bookings. Errors beside their fields, a save over a newer change kept.
 * A line's own address leads to its booking's page.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { bookingDefinition, type BookingRow } from '../../../crm/bookings/index.js';
import { bookingEvents } from '../../../crm/events/index.js';
import { organizationOf } from '../../../crm/organization/index.js';
import {
  createLineItem,
  deleteLineItem,
  findLineItem,
  itemsOf,
  lineItemChangeProblems,
  lineItemDefinition,
  lineItemProblems,
  type LineItemValue as LineItem,
  taxRatesOf,
  updateLineItem,
} from '../../../crm/pricing/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { submit } from '../forms/form-errors.js';
import { lineFormPage, type LineFormView } from './line-item-form.page.js';
import {
  blankLine,
  blankPick,
  lineInput,
  lineValuesOf,
  lineValuesPosted,
  onForm,
  pickInput,
  pickValuesPosted,
} from './line-item-input.js';
import { changeOf, deleteRoute, RecordParams as Params } from '../forms/record-posts.js';
import { recordOf } from '../workspace-reads.js';
import { notFound, orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

type Shown = Omit<LineFormView, 'booking' | 'events' | 'rates' | 'serviceCharge' | 'items' | 'pick'> &
  Partial<Pick<LineFormView, 'pick'>>;

export const lineItemFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function render(reply: FastifyReply, v: WorkspaceVisitor, b: BookingRow, view: Shown, status = 200) {
    const org = v.organization.organizationId;
    const [events, rates, items, organization] = await Promise.all([
      bookingEvents({ db }, org, b.id),
      taxRatesOf(db, org),
      view.line ? [] : itemsOf(db, org),
      organizationOf(db, org),
    ]);
    const page = lineFormPage(v, {
      ...view,
      booking: { id: b.id, reference: b.reference, name: b.name, currency: b.currency },
      events,
      rates,
      serviceCharge: organization?.service_charge_percentage ?? '0',
      items: items.filter((item) => item.active),
      pick: view.pick ?? blankPick(view.values.event),
    });
    return sendPage(reply, page, status);
  }

  /** The organization's line the address names, with its version, or the 404 page. */
  async function lineOf(organizationId: string, id: string) {
    const found = await findLineItem(app.ctx, organizationId, id);
    if (!found) throw notFound();
    return found;
  }

  const lineView = (line: LineItem, version: string) => ({
    id: line.id,
    name: line.name,
    version,
    taxes: line.taxes,
    serviceCharge: line.serviceChargePercentage,
  });

  const done = (v: WorkspaceVisitor, bookingId: string, notice: string) =>
    orgPath(v, `/bookings/${bookingId}?notice=${notice}#pricing-title`);

  app.get(
    '/orgs/:org/bookings/:id/line-items/new',
    { schema: { params: Params } },
    async (request, reply) => {
      const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      // For its first event unless another (or the booking as a whole) is chosen.
      const [first] = await bookingEvents({ db }, b.organization_id, b.id);
      return render(reply, visitorOf(request), b, { values: blankLine(first?.id ?? ''), errors: {} });
    },
  );

  app.post(
    '/orgs/:org/bookings/:id/line-items',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const picked = formText(request.body, 'from') === 'catalogue';
      const pick = picked ? pickValuesPosted(request.body) : undefined;
      const values = picked ? blankLine(pick!.item_event) : lineValuesPosted(request.body);
      const { input, unread } = pick ? pickInput(pick) : lineInput(values, b.currency);
      const withBooking = { ...input, bookingId: b.id };
      const outcome = await submit(request, createLineItem, withBooking, unread, () =>
        onForm(lineItemProblems(db, v.actor, withBooking), picked ? 'pick' : 'line'),
      );
      if (outcome.errors) return render(reply, v, b, { values, pick, errors: outcome.errors }, 422);
      return reply.redirect(done(v, b.id, 'line-added'), 303);
    },
  );

  app.get('/orgs/:org/line-items/:id', { schema: { params: Params } }, async (request, reply) => {
    const { value: line } = await lineOf(request.params.org, request.params.id);
    return reply.redirect(orgPath(visitorOf(request), `/bookings/${line.bookingId}#line-${line.id}`), 303);
  });

  app.get('/orgs/:org/line-items/:id/edit', { schema: { params: Params } }, async (request, reply) => {
    const { value: line, version } = await lineOf(request.params.org, request.params.id);
    const b = await recordOf(db, bookingDefinition, request.params.org, line.bookingId);
    const view = { line: lineView(line, version), values: lineValuesOf(line, b.currency), errors: {} };
    return render(reply, visitorOf(request), b, view);
  });

  app.post(
    '/orgs/:org/line-items/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: line } = await lineOf(request.params.org, request.params.id);
      const b = await recordOf(db, bookingDefinition, request.params.org, line.bookingId);
      const values = lineValuesPosted(request.body);
      const { input, unread } = lineInput(values, b.currency, line);
      const outcome = await submit(
        request,
        updateLineItem,
        changeOf(request.body, line.id, input),
        unread,
        () => onForm(lineItemChangeProblems(db, v.actor, input, line), 'line'),
      );
      if (outcome.stale) {
        // Saved by someone else since the form was drawn: what was typed, beside what is saved now.
        const now = await lineOf(request.params.org, line.id);
        const saved = lineValuesOf(now.value, b.currency);
        const view = { line: lineView(now.value, now.version), values, errors: {}, saved };
        return render(reply, v, b, view, 412);
      }
      if (outcome.errors) {
        const view = { line: lineView(line, formText(request.body, 'version')), values };
        return render(reply, v, b, { ...view, errors: outcome.errors }, 422);
      }
      return reply.redirect(done(v, b.id, 'line-saved'), 303);
    },
  );

  await app.register(
    deleteRoute({
      path: '/line-items',
      definition: lineItemDefinition,
      command: deleteLineItem,
      done: (line) => `/bookings/${line.booking_id}?notice=line-deleted#pricing-title`,
      nameOf: (line) => `the line ${line.name}`,
      consequence: 'Its booking’s totals follow; its other lines stay.',
      section: 'bookings',
    }),
  );
};
