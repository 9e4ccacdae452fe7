/**
 * A booking's payments from its page (SPEC §12): record a payment or a refund through the same
 * command and rules as /v2/payments (every member may); delete one after asking (administrators
 * only, as the API: a member's post is a 403). A reference recorded already is refused on the
 * form, naming the payment that has it. A payment's own address leads to its booking's page.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { bookingDefinition, type BookingRow } from '../../../crm/bookings/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import {
  createPayment,
  deletePayment,
  firstWithReference,
  paymentCodec,
  paymentDefinition,
  paymentProblems,
  type PaymentValue as Payment,
  scheduleOf,
} from '../../../crm/payments/index.js';
import { FormBody, sendPage } from '../../forms.js';
import { attemptSubmit } from '../forms/form-errors.js';
import { sendRefusal } from '../refusals.js';
import { paymentFormPage, type PaymentFormView } from './payment-form.page.js';
import { blankPayment, paymentInput, paymentValuesPosted } from './payment-input.js';
import { paymentName } from './payment-words.js';
import { deleteRoute, RecordParams as Params } from '../forms/record-posts.js';
import { localDate } from '../time-zones.js';
import { recordOf } from '../workspace-reads.js';
import { orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

type Shown = Pick<PaymentFormView, 'values' | 'errors'>;

export const paymentFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function render(reply: FastifyReply, v: WorkspaceVisitor, b: BookingRow, view: Shown, status = 200) {
    const [zone, installments] = await Promise.all([
      organizationZone(db, v.organization.organizationId),
      scheduleOf(db, b.id),
    ]);
    const booking = { ...b, grand_total: Number(b.grand_total), paid_total: Number(b.paid_total) };
    return sendPage(reply, paymentFormPage(v, { ...view, booking, installments, zone }), status);
  }

  /** The reference's first payment in words, and where it is when another booking has it. */
  async function duplicateSentence(earlier: Payment, org: string, b: BookingRow) {
    const other =
      earlier.bookingId === b.id ? b : await recordOf(db, bookingDefinition, org, earlier.bookingId);
    const where = other.id === b.id ? 'this booking' : `${other.reference} ${other.name}`;
    const first = paymentName(earlier, other.currency, await organizationZone(db, org));
    return `This reference is recorded already, on ${first} (${where}). Nothing was recorded: leave the reference out, or check that this is not the same payment.`;
  }

  app.get(
    '/orgs/:org/bookings/:id/payments/new',
    {
      schema: {
        params: Params,
        querystring: Type.Object({ kind: Type.Optional(Type.String({ maxLength: 10 })) }),
      },
    },
    async (request, reply) => {
      const v = visitorOf(request);
      const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const today = localDate(request.ctx.now(), await organizationZone(db, b.organization_id));
      return render(reply, v, b, { values: blankPayment(request.query.kind ?? '', today), errors: {} });
    },
  );

  app.post(
    '/orgs/:org/bookings/:id/payments',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const zone = await organizationZone(db, b.organization_id);
      const values = paymentValuesPosted(request.body);
      const day = { today: localDate(request.ctx.now(), zone), zone };
      const { input, unread } = paymentInput(values, b, day);
      const outcome = await attemptSubmit(request, createPayment, input, unread, () =>
        paymentProblems(db, v.actor, input),
      );
      if (outcome.refusal) {
        const earlier = firstWithReference(outcome.refusal);
        if (!earlier) return sendRefusal(request, reply, outcome.refusal);
        const first = paymentCodec.decode(earlier);
        const errors = { reference: await duplicateSentence(first, request.params.org, b) };
        return render(reply, v, b, { values, errors }, 409);
      }
      if (outcome.errors) return render(reply, v, b, { values, errors: outcome.errors }, 422);
      const notice = values.kind === 'refund' ? 'refund-recorded' : 'payment-recorded';
      return reply.redirect(orgPath(v, `/bookings/${b.id}?notice=${notice}#payments-title`), 303);
    },
  );

  app.get('/orgs/:org/payments/:id', { schema: { params: Params } }, async (request, reply) => {
    const p = await recordOf(db, paymentDefinition, request.params.org, request.params.id);
    return reply.redirect(orgPath(visitorOf(request), `/bookings/${p.booking_id}#payment-${p.id}`), 303);
  });

  await app.register(
    deleteRoute({
      path: '/payments',
      definition: paymentDefinition,
      command: deletePayment,
      done: (p) => `/bookings/${p.booking_id}?notice=payment-deleted#payments-title`,
      nameOf: async (p) => {
        const b = await recordOf(db, bookingDefinition, p.organization_id, p.booking_id);
        return paymentName(paymentCodec.decode(p), b.currency, await organizationZone(db, p.organization_id));
      },
      consequence:
        'Its booking’s paid total and schedule follow. To correct a payment, delete it and record it again.',
      section: 'bookings',
    }),
  );
};
