/**
 * The schema as the query layer sees it. Row types are identical on SQLite and PostgreSQL:
 * timestamps are ISO-8601 UTC strings, lists are JSON text, flags are nullable timestamps.
 * Each feature's table interfaces live beside its repository; this file joins them.
 */
import type { ItemTable } from '../crm/pricing/item.table.js';
import type { LineItemTable } from '../crm/pricing/line-item.table.js';
import type { ReportLineTable } from '../crm/reports/report-line.table.js';
import type { InstallmentTable, PaymentTable } from '../crm/payments/payment.table.js';
import type { TaxRateTable } from '../crm/pricing/tax-rate.table.js';
import type { JobTable } from '../jobs/job.table.js';
import type { OutgoingMailAttachmentTable, OutgoingMailTable } from '../mail/mail.table.js';
import type { MailboxFolderTable, MailboxTable } from '../mail/inbound/mailbox.table.js';
import type {
  MessageAttachmentTable,
  MessageDraftTable,
  MessageTable,
} from '../crm/messages/message.table.js';
import type { EmailTemplateTable } from '../crm/email-templates/email-template.table.js';
import type { AutomationRunTable, AutomationTable } from '../crm/automations/automation.table.js';
import type { TaskTable } from '../crm/tasks/task.table.js';
import type { InquiryTokenUsedTable } from '../crm/inquiries/inquiry-token.table.js';
import type {
  DocumentFileTable,
  DocumentLinkTable,
  DocumentLogoTable,
  DocumentSettingsTable,
  DocumentSignatureTable,
  DocumentSnapshotTable,
  DocumentTable,
  DocumentTemplateTable,
  InvoiceNumberTable,
} from '../crm/documents/document.table.js';
import type { Kysely, Transaction } from 'kysely';
import type { AccountTable } from '../crm/accounts/account.table.js';
import type { BookingReferenceTable, BookingTable } from '../crm/bookings/booking.table.js';
import type { BookingSpaceTable, SpacePartTable, SpaceTable } from '../crm/spaces/space.table.js';
import type { CustomFieldTable } from '../crm/custom-fields/custom-field.table.js';
import type { EventTypeTable } from '../crm/event-types/event-type.table.js';
import type { EventSpaceTable, EventTable } from '../crm/events/event.table.js';
import type { ApiKeyTable } from '../api-keys/api-key.table.js';
import type { CalendarFeedTable } from '../calendar/calendar-feed.table.js';
import type { ContactTable } from '../crm/contacts/contact.table.js';
import type { NoteTable } from '../crm/notes/note.table.js';
import type { PipelineTable, ReferralSourceTable, StageTable } from '../crm/pipelines/pipeline.table.js';
import type { FollowUpTable } from '../writes/follow-up.table.js';
import type { IdempotencyKeyTable } from '../writes/idempotency.table.js';
import type {
  MembershipTable,
  OrganizationTable,
  PasswordLinkTable,
  UserTable,
} from '../identity/identity.table.js';
import type { IntegrationTable } from '../integrations/integration.table.js';
import type {
  AppSecretTable,
  OAuthCodeTable,
  OAuthGrantTable,
  OAuthTokenTable,
} from '../oauth/oauth.table.js';
import type { SessionTable } from '../web/session/session.table.js';
import type { ChangeTable } from '../changes/change.table.js';
import type { WebhookDeliveryTable, WebhookEndpointTable } from '../webhooks/webhook.table.js';

export interface Database {
  organizations: OrganizationTable;
  mailboxes: MailboxTable;
  mailbox_folders: MailboxFolderTable;
  messages: MessageTable;
  message_attachments: MessageAttachmentTable;
  message_drafts: MessageDraftTable;
  email_templates: EmailTemplateTable;
  automations: AutomationTable;
  automation_runs: AutomationRunTable;
  tasks: TaskTable;
  users: UserTable;
  memberships: MembershipTable;
  password_links: PasswordLinkTable;
  integrations: IntegrationTable;
  accounts: AccountTable;
  contacts: ContactTable;
  bookings: BookingTable;
  spaces: SpaceTable;
  booking_spaces: BookingSpaceTable;
  events: EventTable;
  event_spaces: EventSpaceTable;
  event_types: EventTypeTable;
  custom_fields: CustomFieldTable;
  space_parts: SpacePartTable;
  pipelines: PipelineTable;
  stages: StageTable;
  referral_sources: ReferralSourceTable;
  tax_rates: TaxRateTable;
  items: ItemTable;
  line_items: LineItemTable;
  report_lines: ReportLineTable;
  installments: InstallmentTable;
  payments: PaymentTable;
  outgoing_mail: OutgoingMailTable;
  outgoing_mail_attachments: OutgoingMailAttachmentTable;
  documents: DocumentTable;
  document_snapshots: DocumentSnapshotTable;
  document_files: DocumentFileTable;
  document_signatures: DocumentSignatureTable;
  document_links: DocumentLinkTable;
  invoice_numbers: InvoiceNumberTable;
  document_settings: DocumentSettingsTable;
  document_templates: DocumentTemplateTable;
  document_logos: DocumentLogoTable;
  calendar_feeds: CalendarFeedTable;
  api_keys: ApiKeyTable;
  booking_references: BookingReferenceTable;
  app_secrets: AppSecretTable;
  oauth_grants: OAuthGrantTable;
  oauth_codes: OAuthCodeTable;
  oauth_tokens: OAuthTokenTable;
  sessions: SessionTable;
  notes: NoteTable;
  idempotency_keys: IdempotencyKeyTable;
  follow_ups: FollowUpTable;
  changes: ChangeTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  inquiry_tokens_used: InquiryTokenUsedTable;
  jobs: JobTable;
}

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type DialectName = 'sqlite' | 'postgres';
