/**
 * The tables whose changes tell no cache (src/db/migrations/2026-11-23T04-scoped-changes.ts): no
 * cache reads from them, so they carry no change trigger. Every other table must tell its changes
 * (test/db/change-clock.test.ts holds the schema to this list).
 */
import { SILENT_TABLES as SILENT_AT_SCOPED_CHANGES } from './migrations/2026-11-23T04-scoped-changes.js';

export const SILENT_TABLES = [
  ...SILENT_AT_SCOPED_CHANGES,
  // One-time links to set a password (2026-11-27T03): read when a link is followed, never cached.
  'password_links',
  // Work left after a commit (2026-11-27T06): read by the follow-up runner alone.
  'follow_ups',
  // Written with their event's or space's row, which tells the organization (2026-11-27T08).
  'event_spaces',
  'space_parts',
  // Calendar feeds (2026-11-27T09): read by their secret alone, written on each use.
  'calendar_feeds',
  // API keys (2026-11-27T11): read by their id on each request, never cached, noted on use.
  'api_keys',
  // Outgoing e-mail (2026-11-28T04): read by the mail sender and Settings → Outgoing mail alone.
  'outgoing_mail',
  // The files a message carries (2026-12-06T10): read by the mail sender alone.
  'outgoing_mail_attachments',
  // Where each folder of a venue's mailbox was read up to, and the bytes of messages' attachments
  // (2026-12-06T40): read by the mailbox reader and the attachment's download alone.
  'mailbox_folders',
  'message_attachments',
  // Documents' snapshots, files, signatures, links, invoice numbers and templates (2026-11-29T10):
  // written with their document's row (which tells the organization) or read by their own pages
  // and the portal alone.
  'document_snapshots',
  'document_files',
  'document_signatures',
  'document_links',
  'invoice_numbers',
  'document_settings',
  'document_templates',
  'document_logos',
  // The lines as revenue_by_space counts them (2026-11-30T00): written by the database's triggers
  // with their line's, event's or booking's row, which tells the organization.
  'report_lines',
  // Used inquiry form tokens (2026-12-01T05): read and written by the inquiry form alone.
  'inquiry_tokens_used',
  // Timed work (2026-12-08T00): read by the job runner and the metrics alone.
  'jobs',
] as const;
