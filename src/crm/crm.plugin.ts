/** The venue's data (bookings, events, event types, accounts, contacts, notes, spaces, pipelines, tax rates, the catalogue, line items, payments, documents, reports): each feature registers its own routes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { accountRoutes } from './accounts/account.routes.js';
import { bookingRoutes } from './bookings/booking.routes.js';
import { contactRoutes } from './contacts/contact.routes.js';
import { eventTypeRoutes } from './event-types/event-type.routes.js';
import { availabilityRoutes } from './events/availability.routes.js';
import { eventRoutes } from './events/event.routes.js';
import { noteRoutes } from './notes/note.routes.js';
import { organizationRoutes } from './organization/organization.routes.js';
import { pipelineRoutes } from './pipelines/pipeline.routes.js';
import { itemRoutes } from './pricing/item.routes.js';
import { lineItemRoutes } from './pricing/line-item.routes.js';
import { paymentRoutes } from './payments/payment.routes.js';
import { documentRoutes } from './documents/document.routes.js';
import { taxRateRoutes } from './pricing/tax-rate.routes.js';
import { spaceRoutes } from './spaces/space.routes.js';
import { messageRoutes } from './messages/index.js';
import { reportRoutes } from './reports/report.routes.js';

export const crmPlugin: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(bookingRoutes);
  await app.register(eventRoutes);
  await app.register(eventTypeRoutes);
  await app.register(availabilityRoutes);
  await app.register(accountRoutes);
  await app.register(contactRoutes);
  await app.register(noteRoutes);
  await app.register(spaceRoutes);
  await app.register(messageRoutes);
  await app.register(pipelineRoutes);
  await app.register(organizationRoutes);
  await app.register(taxRateRoutes);
  await app.register(itemRoutes);
  await app.register(lineItemRoutes);
  await app.register(paymentRoutes);
  await app.register(documentRoutes);
  await app.register(reportRoutes);
};
