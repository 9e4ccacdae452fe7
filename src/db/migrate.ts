/**
 * One set of migrations for both dialects, listed here in order so the compiled build needs no
 * directory scanning. Names are timestamps: never rename or reorder an applied one.
 */
import { type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { DatabaseHandle } from './connect.js';
import type { Db } from './database.js';
import * as initial from './migrations/2026-11-22T00-initial.js';
import * as oauth from './migrations/2026-11-22T01-oauth.js';
import * as notes from './migrations/2026-11-22T02-notes.js';
import * as changeNotify from './migrations/2026-11-22T03-change-notify.js';
import * as venueWrites from './migrations/2026-11-23T00-venue-writes.js';
import * as eventsWebhooks from './migrations/2026-11-23T01-events-webhooks.js';
import * as requirePkce from './migrations/2026-11-23T02-require-pkce.js';
import * as refreshReplay from './migrations/2026-11-23T03-refresh-replay.js';
import * as scopedChanges from './migrations/2026-11-23T04-scoped-changes.js';
import * as clientCredentialsGrants from './migrations/2026-11-23T20-client-credentials-grants.js';
import * as coveringPageIndexes from './migrations/2026-11-23T21-covering-page-indexes.js';
import * as searchByOrganization from './migrations/2026-11-24T00-search-by-organization.js';
import * as bookingClashIndex from './migrations/2026-11-24T01-booking-clash-index.js';
import * as tokenSelectors from './migrations/2026-11-25T00-token-selectors.js';
import * as clashOrderIndex from './migrations/2026-11-27T00-clash-order-index.js';
import * as organizationSettings from './migrations/2026-11-27T01-organization-settings.js';
import * as secretlessClients from './migrations/2026-11-27T02-secretless-clients.js';
import * as passwordLinks from './migrations/2026-11-27T03-password-links.js';
import * as searchPhones from './migrations/2026-11-27T04-search-phones.js';
import * as roomNamesOnRead from './migrations/2026-11-27T05-room-names-on-read.js';
import * as followUps from './migrations/2026-11-27T06-follow-ups.js';
import * as changes from './migrations/2026-11-27T07-changes.js';
import * as events from './migrations/2026-11-27T08-events.js';
import * as calendarFeeds from './migrations/2026-11-27T09-calendar-feeds.js';
import * as apiKeys from './migrations/2026-11-27T11-api-keys.js';
import * as spaceAreaArchive from './migrations/2026-11-27T12-space-area-archive.js';
import * as pipelines from './migrations/2026-11-27T13-pipelines.js';
import * as eventWallClock from './migrations/2026-11-27T20-event-wall-clock.js';
import * as contactEmailIndex from './migrations/2026-11-27T21-contact-email-index.js';
import * as spaceHoldsCovering from './migrations/2026-11-27T22-space-holds-covering.js';
import * as organizationPricing from './migrations/2026-11-27T23-organization-pricing.js';
import * as taxRates from './migrations/2026-11-28T00-tax-rates.js';
import * as items from './migrations/2026-11-28T01-items.js';
import * as lineItems from './migrations/2026-11-28T02-line-items.js';
import * as installmentsPayments from './migrations/2026-11-28T03-installments-payments.js';
import * as outgoingMail from './migrations/2026-11-28T04-outgoing-mail.js';
import * as memberAccessEnds from './migrations/2026-11-29T00-member-access-ends.js';
import * as stageStatus from './migrations/2026-11-29T04-stage-status.js';
import * as stageTotalsIndex from './migrations/2026-11-29T05-stage-totals-index.js';
import * as documents from './migrations/2026-11-29T10-documents.js';
import * as beoNotesHtmlMail from './migrations/2026-11-29T11-beo-notes-html-mail.js';
import * as mailFrom from './migrations/2026-11-29T12-mail-from.js';
import * as bookingSource from './migrations/2026-11-29T14-booking-source.js';
import * as inquiryForm from './migrations/2026-11-29T15-inquiry-form.js';
import * as assistants from './migrations/2026-11-29T18-assistants.js';
import * as reportIndexes from './migrations/2026-11-29T21-report-indexes.js';
import * as unpaidInstallments from './migrations/2026-11-29T22-unpaid-installments.js';
import * as eventsOfABooking from './migrations/2026-11-29T23-events-of-a-booking.js';
import * as reportLines from './migrations/2026-11-30T00-report-lines.js';
import * as inquiryDoors from './migrations/2026-12-01T05-inquiry-doors.js';
import * as replacedProposals from './migrations/2026-12-05T10-replaced-proposals.js';
import * as organizationLocale from './migrations/2026-12-05T40-organization-locale.js';
import * as signedState from './migrations/2026-12-05T60-signed-state.js';
import * as mailAttachments from './migrations/2026-12-06T10-mail-attachments.js';
import * as mailboxMessages from './migrations/2026-12-06T40-mailbox-messages.js';
import * as messageDrafts from './migrations/2026-12-06T41-message-drafts.js';
import * as conversationMail from './migrations/2026-12-06T42-conversation-mail.js';
import * as emailTemplates from './migrations/2026-12-06T60-email-templates.js';
import * as unreadMessages from './migrations/2026-12-07T20-unread-messages.js';
import * as mailCc from './migrations/2026-12-07T40-mail-cc.js';
import * as jobs from './migrations/2026-12-08T00-jobs.js';
import * as tasks from './migrations/2026-12-08T10-tasks.js';
import * as inboxIndexes from './migrations/2026-12-08T20-inbox-indexes.js';
import * as customFields from './migrations/2026-12-08T30-custom-fields.js';
import * as automations from './migrations/2026-12-08T50-automations.js';
import * as sendingWindow from './migrations/2026-12-09T50-sending-window.js';
import * as approvalsIndex from './migrations/2026-12-10T20-approvals-index.js';
import * as taskEmails from './migrations/2026-12-10T20-task-emails.js';
import * as mailAndDeliveriesAsJobs from './migrations/2026-12-11T10-mail-and-deliveries-as-jobs.js';
import * as jobsClaimOrder from './migrations/2026-12-11T40-jobs-claim-order.js';

/** Every migration by name, in order (exported for tests that move between versions). */
export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22T00-initial': initial,
  '2026-11-22T01-oauth': oauth,
  '2026-11-22T02-notes': notes,
  '2026-11-22T03-change-notify': changeNotify,
  '2026-11-23T00-venue-writes': venueWrites,
  '2026-11-23T01-events-webhooks': eventsWebhooks,
  '2026-11-23T02-require-pkce': requirePkce,
  '2026-11-23T03-refresh-replay': refreshReplay,
  '2026-11-23T04-scoped-changes': scopedChanges,
  '2026-11-23T20-client-credentials-grants': clientCredentialsGrants,
  '2026-11-23T21-covering-page-indexes': coveringPageIndexes,
  '2026-11-24T00-search-by-organization': searchByOrganization,
  '2026-11-24T01-booking-clash-index': bookingClashIndex,
  '2026-11-25T00-token-selectors': tokenSelectors,
  '2026-11-27T00-clash-order-index': clashOrderIndex,
  '2026-11-27T01-organization-settings': organizationSettings,
  '2026-11-27T02-secretless-clients': secretlessClients,
  '2026-11-27T03-password-links': passwordLinks,
  '2026-11-27T04-search-phones': searchPhones,
  '2026-11-27T05-room-names-on-read': roomNamesOnRead,
  '2026-11-27T06-follow-ups': followUps,
  '2026-11-27T07-changes': changes,
  '2026-11-27T08-events': events,
  '2026-11-27T09-calendar-feeds': calendarFeeds,
  '2026-11-27T11-api-keys': apiKeys,
  '2026-11-27T12-space-area-archive': spaceAreaArchive,
  '2026-11-27T13-pipelines': pipelines,
  '2026-11-27T20-event-wall-clock': eventWallClock,
  '2026-11-27T21-contact-email-index': contactEmailIndex,
  '2026-11-27T22-space-holds-covering': spaceHoldsCovering,
  '2026-11-27T23-organization-pricing': organizationPricing,
  '2026-11-28T00-tax-rates': taxRates,
  '2026-11-28T01-items': items,
  '2026-11-28T02-line-items': lineItems,
  '2026-11-28T03-installments-payments': installmentsPayments,
  '2026-11-28T04-outgoing-mail': outgoingMail,
  '2026-11-29T00-member-access-ends': memberAccessEnds,
  '2026-11-29T04-stage-status': stageStatus,
  '2026-11-29T05-stage-totals-index': stageTotalsIndex,
  '2026-11-29T10-documents': documents,
  '2026-11-29T11-beo-notes-html-mail': beoNotesHtmlMail,
  '2026-11-29T12-mail-from': mailFrom,
  '2026-11-29T14-booking-source': bookingSource,
  '2026-11-29T15-inquiry-form': inquiryForm,
  '2026-11-29T18-assistants': assistants,
  '2026-11-29T21-report-indexes': reportIndexes,
  '2026-11-29T22-unpaid-installments': unpaidInstallments,
  '2026-11-29T23-events-of-a-booking': eventsOfABooking,
  '2026-11-30T00-report-lines': reportLines,
  '2026-12-01T05-inquiry-doors': inquiryDoors,
  '2026-12-05T10-replaced-proposals': replacedProposals,
  '2026-12-05T40-organization-locale': organizationLocale,
  '2026-12-05T60-signed-state': signedState,
  '2026-12-06T10-mail-attachments': mailAttachments,
  '2026-12-06T40-mailbox-messages': mailboxMessages,
  '2026-12-06T41-message-drafts': messageDrafts,
  '2026-12-06T42-conversation-mail': conversationMail,
  '2026-12-06T60-email-templates': emailTemplates,
  '2026-12-07T20-unread-messages': unreadMessages,
  '2026-12-07T40-mail-cc': mailCc,
  '2026-12-08T00-jobs': jobs,
  '2026-12-08T10-tasks': tasks,
  '2026-12-08T20-inbox-indexes': inboxIndexes,
  '2026-12-08T30-custom-fields': customFields,
  '2026-12-08T50-automations': automations,
  '2026-12-09T50-sending-window': sendingWindow,
  '2026-12-10T20-approvals-index': approvalsIndex,
  '2026-12-10T20-task-emails': taskEmails,
  '2026-12-11T10-mail-and-deliveries-as-jobs': mailAndDeliveriesAsJobs,
  '2026-12-11T40-jobs-claim-order': jobsClaimOrder,
};

export interface MigrationOutcome {
  applied: string[];
}

/** `schema` keeps the migration bookkeeping in a named PostgreSQL schema (one per test file). */
function migrator(db: Db, schema?: string): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
}

function unwrap(result: MigrationResultSet): MigrationOutcome {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed ?? '(unknown)'} failed: ${cause}`);
  }
  return {
    applied: (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<MigrationOutcome> {
  return unwrap(await migrator(handle.db, handle.schema).migrateToLatest());
}

export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const all = await migrator(handle.db, handle.schema).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}
