/**
 * The staff workspace (SPEC §9): every page under /orgs/<organization id>/…, so the organization
 * is in the address, and the visitor (who, in which organization, with which role) is known
 * before any handler runs. Refusals are shown inside the workspace's frame.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { accountRoutes } from './accounts/account.routes.js';
import { bookingDetailRoutes } from './bookings/booking-detail.routes.js';
import { bookingFormRoutes } from './bookings/booking-form.routes.js';
import { bookingsListRoutes } from './bookings/bookings-list.routes.js';
import { contactRoutes } from './contacts/contact.routes.js';
import { inboxRoutes } from './inbox/inbox.routes.js';
import { noteRoutes } from './notes/note.routes.js';
import { conversationRoutes } from './messages/conversation.routes.js';
import { spaceRoutes } from './spaces/space.routes.js';
import { taskRoutes } from './tasks/task.routes.js';
import { taskEmailsRoutes } from './tasks/task-emails.routes.js';
import { approvalRoutes } from './approvals/approvals.routes.js';
import { teamRoutes } from './team/team.routes.js';
import { venueRoutes } from './settings/venue.routes.js';
import { inquirySettingsRoutes } from './settings/inquiry-settings.routes.js';
import { customFieldSettingsRoutes } from './settings/custom-fields.routes.js';
import { eventFormRoutes } from './events/event-form.routes.js';
import { lineItemFormRoutes } from './pricing/line-item-form.routes.js';
import { installmentFormRoutes } from './payments/installment-form.routes.js';
import { paymentFormRoutes } from './payments/payment-form.routes.js';
import { findSpaceRoutes } from './spaces/find-space.routes.js';
import { calendarFeedRoutes } from './calendar/calendar-feeds.routes.js';
import { apiKeyRoutes } from './developers/api-keys.routes.js';
import { assistantsRoutes } from './developers/assistants.routes.js';
import { importExportRoutes } from './import-export/import-export.routes.js';
import { outgoingMailRoutes } from './settings/outgoing-mail.routes.js';
import { automationSettingsRoutes } from './automations/automations.routes.js';
import { emailSettingsRoutes } from './settings/email-settings.routes.js';
import { documentsRoutes } from './documents/documents.routes.js';
import { documentSettingsRoutes } from './documents/document-settings.routes.js';
import { weekRoutes } from './calendar/week.routes.js';
import { pipelineBoardRoutes } from './pipelines/pipeline-board.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { pipelineSettingsRoutes } from './pipelines/pipeline-settings.routes.js';
import { eventTypeSettingsRoutes } from './events/event-type-settings.routes.js';
import { taxRateSettingsRoutes } from './pricing/tax-rate-settings.routes.js';
import { catalogueSettingsRoutes } from './pricing/catalogue-settings.routes.js';
import { workspaceErrorHandler } from './refusals.js';
import { notFoundRoutes } from './not-found.routes.js';
import { registerVisitor } from './workspace-visitor.js';
import { customListScriptRoute } from './forms/custom-list.script.js';

export const workspacePlugin: FastifyPluginAsyncTypebox = async (app) => {
  app.setErrorHandler(workspaceErrorHandler);
  // The workspace's forms judge their text by the rules of venue data (a NUL among it too),
  // but Settings → Team's, which name people by e-mail (src/http/reject-nul.ts).
  app.addHook('onRoute', (route) => {
    if (
      route.method === 'POST' &&
      route.config?.textRules === undefined &&
      !route.url.includes('/settings/team')
    ) {
      route.config = { ...route.config, textRules: true };
    }
  });
  registerVisitor(app);
  await app.register(bookingsListRoutes);
  await app.register(bookingFormRoutes);
  await app.register(bookingDetailRoutes);
  await app.register(inboxRoutes);
  await app.register(conversationRoutes);
  await app.register(pipelineBoardRoutes);
  await app.register(reportsRoutes);
  await app.register(eventFormRoutes);
  await app.register(lineItemFormRoutes);
  await app.register(installmentFormRoutes);
  await app.register(paymentFormRoutes);
  await app.register(weekRoutes);
  await app.register(findSpaceRoutes);
  await app.register(accountRoutes);
  await app.register(contactRoutes);
  await app.register(noteRoutes);
  await app.register(spaceRoutes);
  await app.register(taskRoutes);
  await app.register(approvalRoutes);
  await app.register(pipelineSettingsRoutes);
  await app.register(eventTypeSettingsRoutes);
  await app.register(catalogueSettingsRoutes);
  await app.register(taxRateSettingsRoutes);
  await app.register(venueRoutes);
  await app.register(inquirySettingsRoutes);
  await app.register(customFieldSettingsRoutes);
  await app.register(customListScriptRoute);
  await app.register(teamRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(taskEmailsRoutes);
  await app.register(apiKeyRoutes);
  await app.register(assistantsRoutes);
  await app.register(emailSettingsRoutes);
  await app.register(automationSettingsRoutes);
  await app.register(outgoingMailRoutes);
  await app.register(importExportRoutes);
  await app.register(documentsRoutes);
  await app.register(documentSettingsRoutes);
  await app.register(notFoundRoutes);
};
