/**
 * Roles are data (docs/decisions/0016): what each role of a staff member grants, as patterns of
 * actions. A new action is granted to no role until it is named here, so a command nobody thought
 * about runs for nobody. A custom role would be one more entry.
 */
import { type Grants, grantsOf } from './grants.js';

/** What any credential that may read may do: manage its integration's own webhook endpoints. */
const READER_ACTIONS = ['webhook_endpoints.*'] as const;

/** What every member of an organization may do: the venue's sale, day to day. */
const MEMBER_ACTIONS = [
  ...READER_ACTIONS,
  'accounts.*',
  'contacts.*',
  'bookings.*',
  'events.*',
  'notes.create',
  'notes.update',
  'notes.delete',
  'tasks.*',
  'leads.create',
  'line_items.*',
  'installments.*',
  'payments.create',
  'documents.create',
  'documents.delete',
  'documents.send',
  'documents.issue',
  'documents.void',
  'documents.revoke_link',
  'calendar_feeds.*',
  'messages.update',
  'messages.make_lead',
  'messages.draft',
  'messages.send',
  'messages.read',
  'automation_runs.approve',
  'automation_runs.skip',
] as const;

/** What an organization's admins may do besides: the venue's setup, its team and its settings. */
const ADMIN_ACTIONS = [
  ...MEMBER_ACTIONS,
  'payments.delete',
  'notes.change_others',
  'documents.void_binding',
  'spaces.*',
  'items.*',
  'tax_rates.*',
  'event_types.*',
  'custom_fields.*',
  'pipelines.*',
  'stages.*',
  'referral_sources.*',
  'document_settings.*',
  'email_templates.*',
  'automations.*',
  'organization.*',
  'team.*',
  'imports.run',
  'exports.run',
  'api_keys.*',
  'integrations.*',
] as const;

export const ROLES = Object.freeze({
  admin: { label: 'Admin', grants: grantsOf(ADMIN_ACTIONS) },
  member: { label: 'Member', grants: grantsOf(MEMBER_ACTIONS) },
} satisfies Record<string, { label: string; grants: Grants }>);

export type RoleName = keyof typeof ROLES;

/** What a staff member's credential that may only read (`crm_read`) grants, whatever their role. */
export const READER_GRANTS = grantsOf(READER_ACTIONS);
