/**
 * A booking's payment schedule from its page (SPEC §12): add an installment, change one, delete
 * one (after asking), through the same commands and rules as /v2/installments; every member of
 * the workspace may. Errors beside their fields, a save over a newer change kept. An
 * installment's own address leads to its booking's page.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { bookingDefinition, type BookingRow, firstEventDay } from '../../../crm/bookings/index.js';
import { organizationZone } from '../../../crm/organization/index.js';
import {
  createInstallment,
  deleteInstallment,
  findInstallment,
  installmentChangeProblems,
  installmentDefinition,
  installmentProblems,
  type InstallmentValue as Installment,
  updateInstallment,
} from '../../../crm/payments/index.js';
import { FormBody, formText, sendPage } from '../../forms.js';
import { submit } from '../forms/form-errors.js';
import { installmentFormPage, type InstallmentFormView } from './installment-form.page.js';
import {
  BLANK_INSTALLMENT,
  installmentInput,
  installmentValuesOf,
  installmentValuesPosted,
  onInstallmentForm,
  termsOf,
} from './installment-input.js';
import { changeOf, deleteRoute, RecordParams as Params } from '../forms/record-posts.js';
import { recordOf } from '../workspace-reads.js';
import { notFound, orgPath, type WorkspaceVisitor, visitorOf } from '../workspace-visitor.js';

type Shown = Omit<InstallmentFormView, 'booking' | 'firstEventDay'>;

export const installmentFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  async function render(reply: FastifyReply, v: WorkspaceVisitor, b: BookingRow, view: Shown, status = 200) {
    const zone = await organizationZone(db, v.organization.organizationId);
    const booking = { ...b, grand_total: Number(b.grand_total) };
    const day = firstEventDay(b, zone);
    return sendPage(reply, installmentFormPage(v, { ...view, booking, firstEventDay: day }), status);
  }

  /** The organization's installment the address names, with its version, or the 404 page. */
  async function installmentOf(organizationId: string, id: string) {
    const found = await findInstallment(app.ctx, organizationId, id);
    if (!found) throw notFound();
    return found;
  }

  const shownAs = (i: Installment, version: string, terms?: string) => ({
    id: i.id,
    label: i.label,
    version,
    terms: terms ?? termsOf(i),
  });

  const done = (v: WorkspaceVisitor, bookingId: string, notice: string) =>
    orgPath(v, `/bookings/${bookingId}?notice=${notice}#payments-title`);

  app.get(
    '/orgs/:org/bookings/:id/installments/new',
    { schema: { params: Params } },
    async (request, reply) => {
      const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      return render(reply, visitorOf(request), b, { values: BLANK_INSTALLMENT, errors: {} });
    },
  );

  app.post(
    '/orgs/:org/bookings/:id/installments',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const b = await recordOf(db, bookingDefinition, request.params.org, request.params.id);
      const values = installmentValuesPosted(request.body);
      const { input, unread } = installmentInput(values, b.currency);
      const withBooking = { ...input, bookingId: b.id };
      const outcome = await submit(request, createInstallment, withBooking, unread, () =>
        onInstallmentForm(installmentProblems(db, v.actor, withBooking), values),
      );
      if (outcome.errors) return render(reply, v, b, { values, errors: outcome.errors }, 422);
      return reply.redirect(done(v, b.id, 'installment-added'), 303);
    },
  );

  app.get('/orgs/:org/installments/:id', { schema: { params: Params } }, async (request, reply) => {
    const { value: i } = await installmentOf(request.params.org, request.params.id);
    return reply.redirect(orgPath(visitorOf(request), `/bookings/${i.bookingId}#installment-${i.id}`), 303);
  });

  app.get('/orgs/:org/installments/:id/edit', { schema: { params: Params } }, async (request, reply) => {
    const { value: i, version } = await installmentOf(request.params.org, request.params.id);
    const b = await recordOf(db, bookingDefinition, request.params.org, i.bookingId);
    const view = { installment: shownAs(i, version), values: installmentValuesOf(i, b.currency), errors: {} };
    return render(reply, visitorOf(request), b, view);
  });

  app.post(
    '/orgs/:org/installments/:id',
    { preHandler: app.csrfProtection, schema: { params: Params, body: FormBody } },
    async (request, reply) => {
      const v = visitorOf(request);
      const { value: i, version } = await installmentOf(request.params.org, request.params.id);
      const b = await recordOf(db, bookingDefinition, request.params.org, i.bookingId);
      const values = installmentValuesPosted(request.body);
      const { input, unread } = installmentInput(values, b.currency);
      // Drawn over the same terms (a payment since re-resolved it): saved over its version now.
      const sameTerms = formText(request.body, 'terms') === termsOf(i);
      const change = sameTerms ? { id: i.id, ifMatch: version, input } : changeOf(request.body, i.id, input);
      const outcome = await submit(request, updateInstallment, change, unread, () =>
        onInstallmentForm(installmentChangeProblems(db, v.actor, input, i), values),
      );
      if (outcome.stale) {
        // Saved by someone else since the form was drawn: what was typed, beside what is saved now.
        const now = await installmentOf(request.params.org, i.id);
        const saved = installmentValuesOf(now.value, b.currency);
        const installment = shownAs(now.value, now.version);
        return render(reply, v, b, { installment, values, errors: {}, saved }, 412);
      }
      if (outcome.errors) {
        const shown = shownAs(i, formText(request.body, 'version'), formText(request.body, 'terms'));
        return render(reply, v, b, { installment: shown, values, errors: outcome.errors }, 422);
      }
      return reply.redirect(done(v, b.id, 'installment-saved'), 303);
    },
  );

  await app.register(
    deleteRoute({
      path: '/installments',
      definition: installmentDefinition,
      command: deleteInstallment,
      done: (i) => `/bookings/${i.booking_id}?notice=installment-deleted#payments-title`,
      nameOf: (i) => `the installment ${i.label}`,
      consequence:
        'The rest of the schedule stays; payments that named it go to the unpaid installments in the order they fall due.',
      section: 'bookings',
    }),
  );
};
